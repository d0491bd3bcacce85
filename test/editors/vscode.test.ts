// The VS Code extension, without VS Code: its manifest declares the language,
// the TextMate grammar, the activation and the server setting; src/extension.js,
// loaded in Node against stub `vscode` and `vscode-languageclient/node` modules,
// starts a LanguageClient on `yaoxiang lsp` over stdio for saved and untitled
// documents and stops it on deactivate; the esbuild bundle needs nothing but
// `vscode` and Node's own modules; and the packaged dist/yaoxiang.vsix
// (scripts/package-vscode.sh) carries the bundle and the grammar, no node_modules.
//
// The bundle and .vsix checks are skipped when there is no package, unless
// YAOXIANG_REQUIRE_VSIX=1 (set by .ci/run, which packages it first).
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { repoRoot } from '../support/paths.ts';

const extensionDir = join(repoRoot, 'editors', 'vscode');
const vsixPath = join(repoRoot, 'dist', 'yaoxiang.vsix');

interface Manifest {
  name: string;
  main: string;
  engines: { vscode: string };
  activationEvents: string[];
  contributes: {
    languages: Array<{ id: string; extensions: string[]; configuration: string }>;
    grammars: Array<{ language: string; scopeName: string; path: string }>;
    configuration: { properties: Record<string, { type: string; items?: { type: string }; default: unknown }> };
  };
  dependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

// What the stubs record, shared with them through a global.
interface Recorded {
  setting: unknown;
  clients: Array<{ id: string; name: string; serverOptions: any; clientOptions: any; started: number; stopped: number }>;
  watchers: string[];
  errors: string[];
}

const STUB_VSCODE = `
const rec = () => globalThis.__yaoxiangStub;
const disposable = () => ({ dispose() {} });
module.exports = {
  workspace: {
    getConfiguration(section) {
      return { get(key) { return section === 'yaoxiang' && key === 'server.command' ? rec().setting : undefined; } };
    },
    createFileSystemWatcher(glob) { rec().watchers.push(glob); return { glob, dispose() {} }; },
    onDidChangeConfiguration() { return disposable(); },
  },
  window: {
    showErrorMessage(message) { rec().errors.push(message); },
    showInformationMessage() {},
  },
};
`;

const STUB_CLIENT = `
const rec = () => globalThis.__yaoxiangStub;
class LanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    this.record = { id, name, serverOptions, clientOptions, started: 0, stopped: 0 };
    rec().clients.push(this.record);
  }
  start() { this.record.started++; return Promise.resolve(); }
  stop() { this.record.stopped++; return Promise.resolve(); }
}
module.exports = { LanguageClient, TransportKind: { stdio: 0, ipc: 1, pipe: 2, socket: 3 } };
`;

// For loading the bundle, whose vscode-languageclient subclasses vscode's
// classes as it loads: every property is a class, and so is every property of those.
const ANY_VSCODE = `
const anything = { get(target, key) { if (!(key in target)) target[key] = new Proxy(class {}, anything); return target[key]; } };
module.exports = new Proxy({}, anything);
`;

/** A folder holding a copy of `source` (default src/extension.js) beside stub modules; loads a fresh copy each call. */
function stubbedExtension(dir: string, source = join(extensionDir, 'src', 'extension.js')): () => { activate(context: unknown): unknown; deactivate(): unknown } {
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'commonjs' }));
  mkdirSync(join(dir, 'node_modules', 'vscode'), { recursive: true });
  writeFileSync(join(dir, 'node_modules', 'vscode', 'index.js'), STUB_VSCODE);
  mkdirSync(join(dir, 'node_modules', 'vscode-languageclient'), { recursive: true });
  writeFileSync(join(dir, 'node_modules', 'vscode-languageclient', 'node.js'), STUB_CLIENT);
  copyFileSync(source, join(dir, 'extension.js'));
  const require = createRequire(join(dir, 'extension.js'));
  return () => {
    const path = require.resolve('./extension.js');
    delete require.cache[path];
    return require(path);
  };
}

function record(setting: unknown): Recorded {
  const recorded: Recorded = { setting, clients: [], watchers: [], errors: [] };
  (globalThis as { __yaoxiangStub?: Recorded }).__yaoxiangStub = recorded;
  return recorded;
}

/** Entry names from a zip's central directory. */
function zipEntries(path: string): string[] {
  const zip = readFileSync(path);
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) { end = i; break; }
  }
  assert.ok(end >= 0, `${path} is not a zip (no end of central directory)`);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50, `central directory entry ${n}`);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

describe('VS Code extension', () => {
  const manifest = readJson<Manifest>(join(extensionDir, 'package.json'));
  const scratch = mkdtempSync(join(tmpdir(), 'yaoxiang-vscode-'));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('declares the yaoxiang language for .yx, activates on it and has the server setting', () => {
    assert.equal(manifest.name, 'yaoxiang');
    assert.equal(manifest.main, './dist/extension.js');
    assert.equal(manifest.engines.vscode, '^1.85.0');
    assert.deepEqual(manifest.activationEvents, ['onLanguage:yaoxiang']);
    const language = manifest.contributes.languages.find((l) => l.id === 'yaoxiang');
    assert.ok(language, 'contributes.languages has yaoxiang');
    assert.deepEqual(language.extensions, ['.yx']);
    const setting = manifest.contributes.configuration.properties['yaoxiang.server.command'];
    assert.ok(setting, 'yaoxiang.server.command');
    assert.equal(setting.type, 'array');
    assert.equal(setting.items?.type, 'string');
    assert.deepEqual(setting.default, ['yaoxiang', 'lsp']);
    // Bundled into dist/extension.js, so nothing is installed at run time.
    assert.deepEqual(manifest.dependencies ?? {}, {});
    assert.match(manifest.devDependencies['vscode-languageclient'] ?? '', /^\^9\./);
    for (const tool of ['@vscode/vsce', 'esbuild']) assert.ok(manifest.devDependencies[tool], tool);
    assert.match(manifest.scripts['bundle'] ?? '', /esbuild src\/extension\.js --bundle .*--external:vscode .*--outfile=dist\/extension\.js/);
    assert.equal(manifest.scripts['vscode:prepublish'], 'npm run bundle');
    assert.deepEqual(manifest.contributes.grammars, [
      { language: 'yaoxiang', scopeName: 'source.yaoxiang', path: './syntaxes/yaoxiang.tmLanguage.json' },
    ]);
    const grammar = readJson<{ scopeName: string }>(join(extensionDir, 'syntaxes', 'yaoxiang.tmLanguage.json'));
    assert.equal(grammar.scopeName, 'source.yaoxiang');
    const lock = readJson<{ packages: Record<string, { version: string }> }>(join(extensionDir, 'package-lock.json'));
    assert.match(lock.packages['node_modules/vscode-languageclient']?.version ?? '', /^9\./);

    const config = readJson<{ comments: { lineComment: string; blockComment: string[] }; brackets: string[][] }>(
      join(extensionDir, language.configuration),
    );
    assert.equal(config.comments.lineComment, '//');
    assert.deepEqual(config.comments.blockComment, ['/*', '*/']);
    assert.deepEqual(config.brackets, [['{', '}'], ['[', ']'], ['(', ')']]);
  });

  it('activate() starts `yaoxiang lsp` on stdio for yaoxiang files; deactivate() stops it', async () => {
    const load = stubbedExtension(scratch);
    const recorded = record(undefined);
    const extension = load();
    const context = { subscriptions: [] as unknown[] };
    await extension.activate(context);
    assert.equal(recorded.clients.length, 1);
    const client = recorded.clients[0]!;
    assert.equal(client.id, 'yaoxiang');
    assert.deepEqual(client.serverOptions, { command: 'yaoxiang', args: ['lsp'], transport: 0 });
    assert.deepEqual(client.clientOptions.documentSelector, [
      { scheme: 'file', language: 'yaoxiang' },
      { scheme: 'untitled', language: 'yaoxiang' },
    ]);
    assert.deepEqual(recorded.watchers, ['**/*.yx', '**/yaoxiang.toml']);
    assert.deepEqual(client.clientOptions.synchronize.fileEvents.map((w: { glob: string }) => w.glob), recorded.watchers);
    assert.ok(context.subscriptions.length >= 2, 'watchers are disposed with the extension');
    assert.equal(client.started, 1);
    assert.equal(client.stopped, 0);
    await extension.deactivate();
    assert.equal(client.stopped, 1);
    assert.deepEqual(recorded.errors, []);
  });

  it('takes the command line from yaoxiang.server.command, and the default for a bad value', async () => {
    const load = stubbedExtension(scratch);
    const custom = ['node', '/path/to/yaoxiang-analyzer/bin/yaoxiang.js', 'lsp'];
    const recorded = record(custom);
    const extension = load();
    await extension.activate({ subscriptions: [] });
    assert.equal(recorded.clients[0]!.serverOptions.command, 'node');
    assert.deepEqual(recorded.clients[0]!.serverOptions.args, custom.slice(1));
    await extension.deactivate();

    for (const bad of [[], 'yaoxiang lsp', [1, 2]]) {
      const again = record(bad);
      const fresh = load();
      await fresh.activate({ subscriptions: [] });
      assert.equal(again.clients[0]!.serverOptions.command, 'yaoxiang', JSON.stringify(bad));
      assert.deepEqual(again.clients[0]!.serverOptions.args, ['lsp']);
      await fresh.deactivate();
    }
  });

  const required = process.env.YAOXIANG_REQUIRE_VSIX === '1';
  const skip = !existsSync(vsixPath) && !required ? 'no dist/yaoxiang.vsix (bash scripts/package-vscode.sh)' : false;
  it('dist/yaoxiang.vsix carries the manifest, the bundle and the grammar, and no node_modules or sources', { skip }, () => {
    assert.ok(existsSync(vsixPath), `${vsixPath} (bash scripts/package-vscode.sh)`);
    const entries = zipEntries(vsixPath);
    for (const name of [
      'extension.vsixmanifest',
      'extension/package.json',
      'extension/dist/extension.js',
      'extension/language-configuration.json',
      'extension/syntaxes/yaoxiang.tmLanguage.json',
    ]) {
      assert.ok(entries.includes(name), name);
    }
    assert.deepEqual(entries.filter((e) => e.startsWith('extension/node_modules/') || e.startsWith('extension/src/')), []);
  });

  it('the bundle needs only `vscode` and Node\'s modules, and exports activate and deactivate', { skip }, () => {
    const bundle = join(extensionDir, 'dist', 'extension.js');
    assert.ok(existsSync(bundle), `${bundle} (bash scripts/package-vscode.sh)`);
    const required = new Set([...readFileSync(bundle, 'utf8').matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]!));
    const foreign = [...required].filter((name) => name !== 'vscode' && !builtinModules.includes(name.replace(/^node:/, '')));
    assert.deepEqual(foreign, []);
    assert.ok(required.has('vscode'));
    const dir = mkdtempSync(join(scratch, 'bundle-'));
    const load = stubbedExtension(dir, bundle);
    writeFileSync(join(dir, 'node_modules', 'vscode', 'index.js'), ANY_VSCODE);
    const extension = load();
    assert.equal(typeof extension.activate, 'function');
    assert.equal(typeof extension.deactivate, 'function');
  });
});
