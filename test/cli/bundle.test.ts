// The CLI bundle (scripts/bundle.ts): the build leaves one at least as new as
// dist/src, bin/yaoxiang.js runs it, it loads nothing of dist/src for the
// commands it holds, every command answers exactly as dist/src does, and a
// command's second run takes the code cache its first left.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cliPath, examplesDir, repoRoot } from '../support/paths.ts';

const bundleMain = join(repoRoot, 'dist', 'bundle', 'main.cjs');
const trace = new URL('../support/module-trace.js', import.meta.url).href;

function run(args: string[], options: { bundle: boolean; cwd?: string; traced?: boolean; env?: NodeJS.ProcessEnv }) {
  const env = { ...process.env, ...options.env };
  if (options.bundle) delete env.YAOXIANG_NO_BUNDLE;
  else env.YAOXIANG_NO_BUNDLE = '1';
  const node = options.traced ? ['--import', trace] : [];
  const result = spawnSync(process.execPath, [...node, cliPath, ...args], { cwd: options.cwd ?? examplesDir, encoding: 'utf8', env });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The bundle's script that holds `module` (the dispatcher alone for 'dispatcher'). */
function scriptOf(module: string): string {
  const scripts = readdirSync(join(repoRoot, 'dist', 'bundle')).filter((file) => file.startsWith(`${module}-`) && file.endsWith('.cjs'));
  assert.equal(scripts.length, 1, `one ${module} script in dist/bundle: ${scripts.join(', ')}`);
  return join(repoRoot, 'dist', 'bundle', scripts[0]!);
}

/** The repository files a traced run loaded, relative to the root. */
function loadedFiles(stderr: string): string[] {
  return [...stderr.matchAll(/^module (file:\S+)$/gm)].map((m) => fileURLToPath(m[1]!).slice(repoRoot.length + 1));
}

describe('the CLI bundle', () => {
  it('is built with dist/src and no older than it, so bin/yaoxiang.js runs it', () => {
    const bundle = statSync(bundleMain, { throwIfNoEntry: false });
    assert.ok(bundle, `${bundleMain} is missing: build with npm run build (tsc alone does not bundle)`);
    const sources = statSync(join(repoRoot, 'dist', 'src', 'cli', 'main.js'));
    assert.ok(bundle.mtimeMs >= sources.mtimeMs, 'dist/bundle is older than dist/src: run node dist/scripts/bundle.js (npm run build does)');
    const loaded = loadedFiles(run(['--help'], { bundle: true, traced: true }).stderr);
    assert.ok(loaded.includes('dist/bundle/main.cjs'), loaded.join('\n'));
  });

  it('bin/yaoxiang.js runs dist/src when the bundle is missing, older than dist/src, or YAOXIANG_NO_BUNDLE=1', () => {
    const root = mkdtempSync(join(tmpdir(), 'yaoxiang-bin-'));
    mkdirSync(join(root, 'bin'));
    copyFileSync(cliPath, join(root, 'bin', 'yaoxiang.js'));
    copyFileSync(join(repoRoot, 'bin', 'package.json'), join(root, 'bin', 'package.json'));
    const main = (name: string) => `async function main() { process.stdout.write(${JSON.stringify(name)}); return 0; }\n`;
    const entry = (part: string, name: string) => {
      mkdirSync(join(root, 'dist', part), { recursive: true });
      // dist/src is ES modules (package.json); the bundle's entry is CommonJS.
      const file = join(root, 'dist', part, part === 'bundle' ? 'main.cjs' : 'main.js');
      writeFileSync(file, part === 'bundle' ? `${main(name)}exports.main = main;\n` : `export ${main(name)}`);
      return file;
    };
    writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
    const ran = (env: NodeJS.ProcessEnv = {}) => spawnSync(process.execPath, [join(root, 'bin', 'yaoxiang.js')], { encoding: 'utf8', env: { ...process.env, YAOXIANG_NO_BUNDLE: '', ...env } }).stdout;
    const sources = entry('src/cli', 'src');
    assert.equal(ran(), 'src');
    const bundle = entry('bundle', 'bundle');
    utimesSync(sources, 1000, 1000);
    utimesSync(bundle, 2000, 2000);
    assert.equal(ran(), 'bundle');
    assert.equal(ran({ YAOXIANG_NO_BUNDLE: '1' }), 'src');
    utimesSync(bundle, 1000, 1000);
    assert.equal(ran(), 'bundle', 'as new as dist/src (npm pack gives every file one time)');
    utimesSync(sources, 3000, 3000);
    assert.equal(ran(), 'src', 'tsc ran after the bundle was made');
  });

  it('--help loads only the dispatcher: a few KB of the bundle, no analysis, no grammar', () => {
    const result = run(['--help'], { bundle: true, traced: true });
    assert.equal(result.code, 0, result.stderr);
    const loaded = loadedFiles(result.stderr).filter((file) => file !== 'bin/yaoxiang.js');
    assert.deepEqual(loaded, ['dist/bundle/main.cjs']);
    // main.cjs runs the dispatcher's script, which holds no command.
    const bytes = statSync(bundleMain).size + statSync(scriptOf('dispatcher')).size;
    assert.ok(bytes < 30_000, `--help loaded ${bytes} bytes of the bundle`);
  });

  it('check runs from the bundle alone: nothing of dist/src or node_modules (web-tree-sitter is in the script)', () => {
    const plain = run(['check', join(examplesDir, 'demo')], { bundle: true });
    assert.deepEqual(plain, { code: 0, stdout: '', stderr: 'Check passed (3 file(s))\nSummary: 0 error(s), 0 warning(s)\n' });
    const result = run(['check', join(examplesDir, 'demo')], { bundle: true, traced: true });
    assert.equal(result.code, 0, result.stderr);
    const loaded = loadedFiles(result.stderr).filter((file) => file !== 'bin/yaoxiang.js');
    assert.deepEqual(loaded.filter((file) => !file.startsWith('dist/bundle/')), []);
    // What check uses and no more: through ide/index.ts it was 880 KB (web-tree-sitter's 190 KB aside), the error catalogue, formatter and rename included.
    const bytes = statSync(scriptOf('check')).size;
    // web-tree-sitter's Node keeps its handle word in a named field, not as element 0 (scripts/bundle.ts, namedNodeHandle).
    const script = readFileSync(scriptOf('check'), 'utf8');
    assert.ok(script.includes('this._other = other;') && script.includes('C.setValue(address, node._other, "i32");') && !script.includes('this[0] = other;'));
    assert.ok(bytes < 950_000, `check's script is ${bytes} bytes (about 915 KB at the time of writing, 183 KB of it web-tree-sitter; the syntax rules' statement heads added 30 KB, the rules of stop 46 50 KB)`);
  });

  it('check loads no builtin it does not use: node:crypto only once a write hashes, node:child_process never', () => {
    const builtins = (stderr: string) => new Set([...stderr.matchAll(/^builtin (\S+)$/gm)].map((m) => m[1]!));
    const checked = run(['check', join(examplesDir, 'demo')], { bundle: true, traced: true });
    assert.equal(checked.code, 0, checked.stderr);
    const loaded = builtins(checked.stderr);
    assert.ok(loaded.has('fs') && !loaded.has('crypto') && !loaded.has('child_process'), [...loaded].join(' '));
    const dir = mkdtempSync(join(tmpdir(), 'yaoxiang-builtins-'));
    writeFileSync(join(dir, 'ugly.yx'), 'main   =   {\n  x=1\n}\n');
    const written = run(['fmt', '--write', join(dir, 'ugly.yx')], { bundle: true, traced: true, cwd: dir });
    assert.equal(written.code, 0, written.stderr);
    assert.ok(builtins(written.stderr).has('crypto'), 'fmt --write hashes what it replaces');
  });

  it("runs check without node_modules: it holds web-tree-sitter's runtime WASM, the copy built with its script", () => {
    const packaged = readFileSync(join(dirname(createRequire(import.meta.url).resolve('web-tree-sitter')), 'web-tree-sitter.wasm'));
    assert.ok(readFileSync(join(repoRoot, 'dist', 'bundle', 'web-tree-sitter.wasm')).equals(packaged));
    // An install of bin/, the bundle and the grammar alone: no dist/src, no node_modules to resolve anything from.
    const root = mkdtempSync(join(tmpdir(), 'yaoxiang-bundle-alone-'));
    cpSync(join(repoRoot, 'bin'), join(root, 'bin'), { recursive: true });
    cpSync(join(repoRoot, 'dist', 'bundle'), join(root, 'dist', 'bundle'), { recursive: true, filter: (from) => !from.includes('code-cache') });
    mkdirSync(join(root, 'tree-sitter-yaoxiang'));
    copyFileSync(join(repoRoot, 'tree-sitter-yaoxiang', 'tree-sitter-yaoxiang.wasm'), join(root, 'tree-sitter-yaoxiang', 'tree-sitter-yaoxiang.wasm'));
    const check = () => spawnSync(process.execPath, [join(root, 'bin', 'yaoxiang.js'), 'check', join(examplesDir, 'demo')], { encoding: 'utf8', env: { ...process.env, YAOXIANG_NO_BUNDLE: '', YAOXIANG_NO_CODE_CACHE: '1' } });
    const alone = check();
    assert.deepEqual([alone.status, alone.stderr], [0, 'Check passed (3 file(s))\nSummary: 0 error(s), 0 warning(s)\n']);
    writeFileSync(join(root, 'dist', 'bundle', 'web-tree-sitter.wasm'), 'not WASM');
    assert.notEqual(check().status, 0, 'check read the bundle\'s copy of the runtime');
  });

  it("a command's second run takes the code cache its first run left, and answers the same", () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'yaoxiang-code-cache-'));
    const args = ['check', '--color', 'never', join(examplesDir, 'demo')];
    const cached = { bundle: true, env: { YAOXIANG_CODE_CACHE_DIR: cacheDir } };
    const first = run(args, cached);
    const caches = readdirSync(cacheDir);
    assert.equal(caches.length, 1, caches.join(', '));
    assert.match(caches[0]!, new RegExp(`^check-\\w+\\.check\\.${process.version.replaceAll('.', '\\.')}-${process.arch}\\.bin$`));
    const written = statSync(join(cacheDir, caches[0]!));
    const second = run(args, cached);
    // A cache V8 refused would have been written again as the process exited.
    assert.equal(statSync(join(cacheDir, caches[0]!)).mtimeMs, written.mtimeMs);
    const uncached = run(args, { bundle: true, env: { YAOXIANG_NO_CODE_CACHE: '1', YAOXIANG_CODE_CACHE_DIR: cacheDir } });
    assert.deepEqual(readdirSync(cacheDir), caches, 'YAOXIANG_NO_CODE_CACHE=1 neither reads nor writes a cache');
    assert.deepEqual(second, first);
    assert.deepEqual(uncached, first);
    // Another command keeps a cache of its own, even from the same script.
    run(['symbols', 'main', '--project-root', join(examplesDir, 'demo')], cached);
    run(['imports', join(examplesDir, 'demo', 'main.yx')], cached);
    assert.deepEqual(readdirSync(cacheDir).map((file) => file.split('.')[1]).sort(), ['check', 'imports', 'symbols']);
  });

  it('the servers run wholly from dist/src: a usage error is exit 2, not an internal error', () => {
    const result = run(['lsp', '--call-timeout-ms', 'x'], { bundle: true, traced: true });
    assert.equal(result.code, 2, result.stderr);
    const loaded = loadedFiles(result.stderr);
    assert.ok(loaded.includes('dist/src/cli/main.js') && !loaded.some((file) => file.startsWith('dist/bundle/')), loaded.join('\n'));
  });

  it('answers every command as dist/src does: output, errors and exit status', () => {
    const dir = mkdtempSync(join(tmpdir(), 'yaoxiang-bundle-'));
    writeFileSync(join(dir, 'bad.yx'), 'main = {\n    ref = 2\n}\nx = 0x\n');
    writeFileSync(join(dir, 'ugly.yx'), 'main   =   {\n  x=1\n}\n');
    const cases: string[][] = [
      ['--help'],
      ['nonsense'],
      ['check', '--help'],
      ['check', join(examplesDir, 'demo')],
      ['check', '--color', 'never', join(dir, 'bad.yx')],
      ['check', '--json', dir],
      ['check', join(dir, 'missing.yx')],
      ['check', '--max-per-file', 'x', dir],
      ['parse', join(dir, 'bad.yx')],
      ['fmt', '--check', join(dir, 'ugly.yx')],
      ['fmt', '--diff', join(dir, 'ugly.yx')],
      ['explain', 'E0002'],
      ['symbols', 'main', '--project-root', dir],
      ['imports', join(examplesDir, 'demo', 'main.yx')],
      ['mcp', '--help'],
      ['lsp', '--help'],
      ['mcp', '--bogus'],
      ['mcp', '--project-root', join(dir, 'missing')],
      ['lsp', '--call-timeout-ms', 'x'],
    ];
    for (const args of cases) {
      const bundled = run(args, { bundle: true, cwd: dir });
      const unbundled = run(args, { bundle: false, cwd: dir });
      assert.deepEqual(bundled, unbundled, args.join(' '));
    }
    // The cases above are not all trivially equal: they differ from one another.
    assert.equal(run(['check', '--color', 'never', join(dir, 'bad.yx')], { bundle: true, cwd: dir }).code, 1);
  });
});
