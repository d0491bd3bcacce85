// The VS Code extension, without VS Code: its manifest declares the language,
// the activation and the server setting; extension.js, loaded in Node against
// stub `vscode` and `vscode-languageclient/node` modules, starts a
// LanguageClient on `yaoxiang lsp` over stdio and stops it on deactivate; and
// the packaged dist/yaoxiang.vsix (scripts/package-vscode.sh) carries the
// extension with its runtime dependencies.
//
// The .vsix check is skipped when there is no package, unless
// YAOXIANG_REQUIRE_VSIX=1 (set by .ci/run, which packages it first).
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
    configuration: { properties: Record<string, { type: string; items?: { type: string }; default: unknown }> };
  };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
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

/** A folder holding a copy of extension.js beside stub modules; loads a fresh copy each call. */
function stubbedExtension(dir: string): () => { activate(context: unknown): unknown; deactivate(): unknown } {
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'commonjs' }));
  mkdirSync(join(dir, 'node_modules', 'vscode'), { recursive: true });
  writeFileSync(join(dir, 'node_modules', 'vscode', 'index.js'), STUB_VSCODE);
  mkdirSync(join(dir, 'node_modules', 'vscode-languageclient'), { recursive: true });
  writeFileSync(join(dir, 'node_modules', 'vscode-languageclient', 'node.js'), STUB_CLIENT);
  copyFileSync(join(extensionDir, 'extension.js'), join(dir, 'extension.js'));
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
    assert.equal(manifest.main, './extension.js');
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
    assert.match(manifest.dependencies['vscode-languageclient'] ?? '', /^\^9\./);
    assert.ok(manifest.devDependencies['@vscode/vsce'], '@vscode/vsce');
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
    assert.deepEqual(client.clientOptions.documentSelector, [{ scheme: 'file', language: 'yaoxiang' }]);
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
  it('dist/yaoxiang.vsix carries the manifest, extension.js and vscode-languageclient', { skip }, () => {
    assert.ok(existsSync(vsixPath), `${vsixPath} (bash scripts/package-vscode.sh)`);
    const entries = zipEntries(vsixPath);
    for (const name of ['extension.vsixmanifest', 'extension/package.json', 'extension/extension.js', 'extension/language-configuration.json']) {
      assert.ok(entries.includes(name), name);
    }
    assert.ok(entries.includes('extension/node_modules/vscode-languageclient/node.js'), 'vscode-languageclient/node.js');
    assert.ok(entries.includes('extension/node_modules/vscode-languageclient/package.json'), 'vscode-languageclient/package.json');
    assert.ok(!entries.some((e) => e.startsWith('extension/node_modules/@vscode/vsce/')), 'no dev dependencies');
  });
});
