// Which folder is the project when the client names none, or names `/` or a
// home directory (issue 22 item 2): the nearest yaoxiang.toml above the file,
// else the file's own folder, whose own files alone are read. `initialize`
// answers at once, and loading reports progress afterwards.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import type { ClientCapabilities, Hover, SymbolInformation } from 'vscode-languageserver-protocol';
import { clientRoots, isTooBroad, rootForFile } from '../../src/lsp/roots.ts';
import { writeTree } from '../support/files.ts';
import { startClient, type ClientBehaviour, type LspClient } from '../support/lsp-client.ts';

const LONE = 'use std.io\n\nhelper: (n: Int) -> Int = {\n    return n + 1\n}\n\nmain = {\n    io.println(helper(1))\n    io.println(missing)\n}\n';

const tree = (files: Record<string, string>): string => writeTree('yaoxiang-roots-', files);

async function withServer(dir: string, behaviour: ClientBehaviour, body: (client: LspClient) => Promise<void>, capabilities: ClientCapabilities = {}): Promise<void> {
  const client = await startClient(dir, capabilities, behaviour);
  try {
    await body(client);
    assert.equal(await client.stop(), 0);
    assert.deepEqual(client.protocolErrors, []);
  } finally {
    client.child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function open(client: LspClient, file: string, text: string): Promise<string> {
  const uri = pathToFileURL(file).href;
  await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaoxiang', version: 1, text } });
  return uri;
}

/** The files whose declarations workspace/symbol lists: what the server indexed. */
async function indexedFiles(client: LspClient): Promise<string[]> {
  const symbols = await client.connection.sendRequest<SymbolInformation[]>('workspace/symbol', { query: '' });
  return [...new Set(symbols.map((s) => new URL(s.location.uri).pathname))].sort();
}

/** A lone file beside a sibling, with a folder below that a whole-tree scan would read. */
const LONE_FOLDER = { 'lone.yx': LONE, 'sibling.yx': 'pub sibling_value = 1\n', 'deep/below.yx': 'pub below_value = 2\n' };

const NO_ROOT = [
  { name: 'no workspace folder and rootUri null (root_dir=nil)', rootUri: null, workspaceFolders: null },
  { name: 'rootUri file:/// and the folder /', rootUri: 'file:///', workspaceFolders: [{ uri: 'file:///', name: '/' }] },
];

describe('yaoxiang lsp: roots without a usable workspace folder', () => {
  for (const { name, rootUri, workspaceFolders } of NO_ROOT) {
    it(`${name}, cwd /: initialize within 1 s, only the file's folder indexed, diagnostics and hover on the lone file`, async () => {
      const dir = tree(LONE_FOLDER);
      await withServer(dir, { rootUri, workspaceFolders, cwd: '/' }, async (client) => {
        assert.ok(client.initializeMs < 1000, `initialize took ${client.initializeMs.toFixed(0)} ms`);
        const file = join(dir, 'lone.yx');
        const uri = pathToFileURL(file).href;
        const published = client.nextDiagnostics(uri);
        await open(client, file, LONE);
        const { diagnostics } = await published;
        assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line]), [['E1001', 8]]);
        const hover = await client.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 7, character: 17 } });
        assert.match(JSON.stringify(hover?.contents), /helper/);
        assert.deepEqual(await indexedFiles(client), [join(dir, 'lone.yx'), join(dir, 'sibling.yx')]);
      });
    });
  }

  it('a yaoxiang.toml above the file makes its folder the project, subfolders included', async () => {
    const dir = tree({ 'yaoxiang.toml': '[package]\nname = "p"\nversion = "0.1.0"\n', 'src/app.yx': LONE, 'lib/util.yx': 'pub util_value = 3\n' });
    await withServer(dir, { rootUri: null, workspaceFolders: null, cwd: '/' }, async (client) => {
      const file = join(dir, 'src', 'app.yx');
      const published = client.nextDiagnostics(pathToFileURL(file).href);
      await open(client, file, LONE);
      await published;
      assert.deepEqual(await indexedFiles(client), [join(dir, 'lib', 'util.yx'), join(dir, 'src', 'app.yx')]);
    });
  });

  it('a home directory is never a project tree: not as rootUri, and not through a yaoxiang.toml in it', async () => {
    const home = tree({ 'yaoxiang.toml': '[package]\nname = "home"\nversion = "0.1.0"\n', 'lone.yx': LONE, 'projects/big/deep.yx': 'pub deep_value = 4\n' });
    const folder = pathToFileURL(home).href;
    await withServer(home, { rootUri: folder, workspaceFolders: [{ uri: folder, name: 'home' }], cwd: home, env: { HOME: home } }, async (client) => {
      const file = join(home, 'lone.yx');
      const published = client.nextDiagnostics(pathToFileURL(file).href);
      await open(client, file, LONE);
      await published;
      assert.deepEqual(await indexedFiles(client), [file]);
    });
  });

  it('loading reports $/progress (begin, then end) to a client that shows work-done progress', async () => {
    const dir = tree({ 'yaoxiang.toml': '', 'a.yx': 'pub a = 1\n', 'b/c.yx': 'pub c = 2\n' });
    await withServer(dir, {}, async (client) => {
      // Any answer comes after the load, whose end is sent before the answer.
      assert.equal((await indexedFiles(client)).length, 2);
      assert.ok(client.serverRequests.includes('window/workDoneProgress/create'), client.serverRequests.join());
      const kinds = client.progress.map((p) => p.value.kind);
      assert.equal(kinds[0], 'begin');
      assert.equal(kinds.at(-1), 'end');
      assert.equal(new Set(client.progress.map((p) => p.token)).size, 1);
    }, { window: { workDoneProgress: true } });
  });

  it('a client folder of 2,000 files: initialize answers before the tree is read, which reports progress', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 2000; i++) files[`m${Math.floor(i / 100)}/f${i}.yx`] = `pub value_${i} = ${i}\n`;
    const dir = tree(files);
    await withServer(dir, {}, async (client) => {
      assert.ok(client.initializeMs < 1000, `initialize took ${client.initializeMs.toFixed(0)} ms`);
      const symbols = await client.connection.sendRequest<SymbolInformation[]>('workspace/symbol', { query: 'value_1999' });
      assert.deepEqual(symbols.map((s) => s.name), ['value_1999']);
      assert.deepEqual([client.progress[0]?.value.kind, client.progress.at(-1)?.value.kind], ['begin', 'end']);
    }, { window: { workDoneProgress: true } });
  });

  it('a client that does not show progress is sent none', async () => {
    const dir = tree({ 'a.yx': 'pub a = 1\n' });
    await withServer(dir, {}, async (client) => {
      assert.equal((await indexedFiles(client)).length, 1);
      assert.ok(!client.serverRequests.includes('window/workDoneProgress/create'));
      assert.deepEqual(client.progress, []);
    });
  });
});

describe('roots.ts: which folder is a file\'s project', () => {
  const home = '/home/someone';

  it('a file system root and the home directory are too broad; folders below them are not', () => {
    assert.equal(isTooBroad('/', home), true);
    assert.equal(isTooBroad(home, home), true);
    assert.equal(isTooBroad(`${home}/`, home), true);
    assert.equal(isTooBroad(`${home}/code`, home), false);
    assert.equal(isTooBroad('/srv', home), false);
  });

  it('the client\'s folders: `/`, the home, missing folders and non-file URIs are dropped', () => {
    const dir = tree({ 'a.yx': '' });
    try {
      const realHome = dir;
      assert.deepEqual(clientRoots({ workspaceFolders: [{ uri: 'file:///', name: '/' }], rootUri: null }, realHome), []);
      assert.deepEqual(clientRoots({ workspaceFolders: null, rootUri: pathToFileURL(dir).href }, realHome), []);
      assert.deepEqual(clientRoots({ workspaceFolders: null, rootUri: pathToFileURL(dir).href }, home), [dir]);
      assert.deepEqual(clientRoots({ workspaceFolders: [{ uri: 'untitled:x', name: 'x' }, { uri: pathToFileURL(join(dir, 'gone')).href, name: 'gone' }], rootUri: null }, home), []);
      assert.deepEqual(clientRoots({ workspaceFolders: null, rootUri: null, rootPath: dir }, home), [dir]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a file under client folders belongs to the innermost; elsewhere to a manifest, else its folder alone', () => {
    const dir = tree({ 'yaoxiang.toml': '', 'inner/x.yx': '', 'lone/y.yx': '' });
    try {
      assert.deepEqual(rootForFile(join(dir, 'inner', 'x.yx'), [dir, join(dir, 'inner')], home), { root: { root: join(dir, 'inner'), source: 'explicit' }, scope: 'tree' });
      assert.deepEqual(rootForFile(join(dir, 'lone', 'y.yx'), [], home), { root: { root: dir, source: 'manifest' }, scope: 'tree' });
      // With the manifest's folder as home, the manifest does not count.
      assert.deepEqual(rootForFile(join(dir, 'lone', 'y.yx'), [], dir), { root: { root: join(dir, 'lone'), source: 'folder' }, scope: 'folder' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
