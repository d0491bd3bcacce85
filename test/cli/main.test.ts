// The command dispatcher: help, unknown commands, and lazy command modules.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cliPath, repoRoot } from '../support/paths.ts';

function run(args: string[]) {
  const result = spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('yaoxiang', () => {
  it('prints the command list for --help and exits 0', () => {
    const result = run(['--help']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Usage: yaoxiang <command> \[options\]\n/);
    assert.match(result.stdout, /\n {2}lsp {14}the language server on stdio\n/);
  });

  it('says in one line, exit 2, that its output could not be written (a full disk), instead of a stack trace', { skip: !existsSync('/dev/full') && 'no /dev/full' }, () => {
    const full = openSync('/dev/full', 'w');
    try {
      for (const args of [['--help'], ['explain', 'E0001'], ['parse', '-']]) {
        const result = spawnSync(process.execPath, [cliPath, ...args], { input: 'x = 1\n', stdio: ['pipe', full, 'pipe'], encoding: 'utf8' });
        assert.equal(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
        assert.equal(result.stderr, 'yaoxiang: cannot write the output: ENOSPC\n');
      }
    } finally {
      closeSync(full);
    }
  });

  it('refuses a name that is an object property, not a command, with exit 2', () => {
    for (const name of ['constructor', 'toString', '__proto__']) {
      const result = run([name]);
      assert.equal(result.code, 2, `${name}: ${result.stderr}`);
      assert.match(result.stderr, new RegExp(`^yaoxiang: unknown command "${name}"`));
    }
  });

  it('loads a command module when the command runs', () => {
    const result = run(['explain', 'E0001']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Error E0001\n/);
  });

  it('loads only the dispatcher for --help and an unknown command: no analysis, no grammar (from dist/src; the bundle: bundle.test.ts)', () => {
    const trace = new URL('../support/module-trace.js', import.meta.url).href;
    for (const args of [['--help'], ['nonsense']]) {
      const result = spawnSync(process.execPath, ['--import', trace, cliPath, ...args], { encoding: 'utf8', env: { ...process.env, YAOXIANG_NO_BUNDLE: '1' } });
      // A CommonJS entry is listed twice: as the loader resolves it and from require's cache.
      const loaded = [...new Set([...result.stderr.matchAll(/^module (file:\S+)$/gm)].map((m) => fileURLToPath(m[1]!).slice(repoRoot.length + 1)))];
      assert.deepEqual(loaded.sort(), ['bin/yaoxiang.js', 'dist/src/cli/exit.js', 'dist/src/cli/main.js'], args.join(' '));
    }
  });
});
