// Documents with no file on disk (issue 22 item 7): an editor's untitled
// buffer is analysed on its own, as a project of that one file and the
// standard library, through the real server. Two such documents do not see
// each other, a file's project does not see them, nothing is read from disk
// for them, and closing one frees its project.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Hover, Location, SymbolInformation, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { createParser, format } from '../../src/ide/index.ts';
import { startClient, type LspClient } from '../support/lsp-client.ts';
import { repoRoot } from '../support/paths.ts';

const FIRST = 'untitled:Untitled-1';
const SECOND = 'untitled:Untitled-2';

// Line 8 calls `helper` (column 15); line 9 names `missing`; `utils` is a local module, which an untitled buffer has none of.
const HELPER_TEXT = [
  'use std.io',
  'use utils.{total}',
  '',
  'helper: (n: Int) -> Int = {',
  '    return n + 1',
  '}',
  '',
  'main = {',
  '    io.println(helper(1))',
  '    io.println(missing)',
  '    io.println(total(1, 2))',
  '}',
  '',
].join('\n');

/** Uses the first document's `helper`, which it cannot see. */
const USES_HELPER = 'use std.io\n\nmain = {\n    io.println(helper(2))\n}\n';

const range = (sl: number, sc: number, el: number, ec: number) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } });

describe('yaoxiang lsp: untitled documents', () => {
  let client: LspClient;
  let folder: string;

  before(async () => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'yaoxiang-untitled-')));
    // Traps: were the untitled projects' roots ever read as paths (relative to the server's cwd), these would be found.
    for (const uri of [FIRST, SECOND]) {
      mkdirSync(join(folder, uri), { recursive: true });
      writeFileSync(join(folder, uri, 'utils.yx'), 'pub total = (a: Int, b: Int) => { return a + b }\n');
    }
    writeFileSync(join(folder, 'lone.yx'), USES_HELPER);
    client = await startClient(folder, {}, { cwd: folder });
  });

  after(async () => {
    try {
      assert.equal(await client.stop(), 0);
      assert.deepEqual(client.protocolErrors, []);
    } finally {
      client.child.kill();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  const request = <T>(method: string, params: object) => client.connection.sendRequest<T>(method, params);

  async function open(uri: string, text: string, version = 1): Promise<Diagnostic[]> {
    const published = client.nextDiagnostics(uri, (p) => p.version === version);
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaoxiang', version, text } });
    return (await published).diagnostics;
  }

  async function close(uri: string): Promise<void> {
    const cleared = client.nextDiagnostics(uri, (p) => p.diagnostics.length === 0);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    await cleared;
  }

  const symbolUris = async (query: string) => (await request<SymbolInformation[]>('workspace/symbol', { query })).map((s) => s.location.uri);

  it('diagnoses, hovers, goes to definition, finds references and renames within the document', async () => {
    const diagnostics = await open(FIRST, HELPER_TEXT);
    // `total`, imported from a module the document has no folder to find it in, is unknown, as in a lone file.
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line, d.message.split('\n')[0]]), [
      ['E1001', 9, "Unknown variable: 'missing'"],
      ['E1001', 10, "Unknown variable: 'total'"],
    ]);

    const hover = await request<Hover | null>('textDocument/hover', { textDocument: { uri: FIRST }, position: { line: 8, character: 17 } });
    const markdown = JSON.stringify(hover?.contents);
    assert.match(markdown, /helper: \(n: Int\) -> Int/);
    assert.match(markdown, /Untitled-1\.yx/);

    const definition = await request<Location[] | null>('textDocument/definition', { textDocument: { uri: FIRST }, position: { line: 8, character: 17 } });
    assert.deepEqual(definition, [{ uri: FIRST, range: range(3, 0, 3, 6) }]);
    const references = await request<Location[]>('textDocument/references', { textDocument: { uri: FIRST }, position: { line: 3, character: 2 }, context: { includeDeclaration: true } });
    assert.deepEqual(references.map((l) => [l.uri, l.range.start.line]), [[FIRST, 3], [FIRST, 8]]);

    const edit = await request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: FIRST }, position: { line: 8, character: 17 }, newName: 'assist' });
    assert.deepEqual(Object.keys(edit.changes ?? {}), [FIRST]);
    const renamed = TextDocument.applyEdits(TextDocument.create(FIRST, 'yaoxiang', 1, HELPER_TEXT), edit.changes![FIRST]!);
    assert.equal(renamed, HELPER_TEXT.replaceAll('helper', 'assist'));
  });

  it('resolves no local module, not even one that a path named after the document would find on disk', async () => {
    // `total` comes from `utils`, which exists only as a trap under the server's cwd: no definition, no hover from that file.
    const definition = await request<Location[] | null>('textDocument/definition', { textDocument: { uri: FIRST }, position: { line: 10, character: 17 } });
    assert.ok(!JSON.stringify(definition).includes('utils.yx'), JSON.stringify(definition));
    const hover = await request<Hover | null>('textDocument/hover', { textDocument: { uri: FIRST }, position: { line: 10, character: 17 } });
    assert.ok(!JSON.stringify(hover).includes('a: Int, b: Int'), JSON.stringify(hover));
  });

  it('formats the document with the client tab size (no yaoxiang.toml: the defaults otherwise)', async () => {
    const messy = readFileSync(join(repoRoot, 'test/lsp/fixture/messy.yx'), 'utf8');
    const uri = 'untitled:Untitled-3';
    await open(uri, messy);
    const edits = await request<TextEdit[] | null>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    const parser = await createParser();
    const expected = format(parser, messy, { indent_width: 2, use_tabs: false }).formatted;
    parser.delete();
    assert.notEqual(expected, messy);
    assert.equal(TextDocument.applyEdits(TextDocument.create(uri, 'yaoxiang', 1, messy), edits ?? []), expected);
    const folds = await request<unknown[]>('textDocument/foldingRange', { textDocument: { uri } });
    assert.ok(folds.length > 0);
    const tokens = await request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri } });
    assert.ok(tokens.data.length > 0);
    await close(uri);
  });

  it('two untitled documents do not see each other\'s names', async () => {
    const diagnostics = await open(SECOND, USES_HELPER);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line, d.message.split('\n')[0]]), [['E1001', 3, "Unknown variable: 'helper'"]]);
    const definition = await request<Location[] | null>('textDocument/definition', { textDocument: { uri: SECOND }, position: { line: 3, character: 17 } });
    assert.equal(definition, null);
    const completion = await request<{ items: Array<{ label: string }> } | Array<{ label: string }>>('textDocument/completion', { textDocument: { uri: SECOND }, position: { line: 3, character: 17 } });
    const labels = (Array.isArray(completion) ? completion : completion.items).map((item) => item.label);
    assert.ok(labels.includes('main') && !labels.includes('helper'), labels.join(' '));
  });

  it('a file\'s project does not see an untitled document', async () => {
    const lone = pathToFileURL(join(folder, 'lone.yx')).href;
    const diagnostics = await open(lone, USES_HELPER);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line]), [['E1001', 3]]);
    assert.equal(await request('textDocument/definition', { textDocument: { uri: lone }, position: { line: 3, character: 17 } }), null);
    await close(lone);
  });

  it('a file: URI of another machine (with a host) is a document on its own too, its locations under its own URI', async () => {
    const remote = 'file://elsewhere/src/app.yx';
    const diagnostics = await open(remote, 'use std.io\n\nlocal_value = 1\n\nmain = {\n    io.println(local_value)\n    io.println(helper)\n}\n');
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line]), [['E1001', 6]]);
    const definition = await request<Location[] | null>('textDocument/definition', { textDocument: { uri: remote }, position: { line: 5, character: 17 } });
    assert.deepEqual(definition, [{ uri: remote, range: range(2, 0, 2, 11) }]);
    await close(remote);
  });

  it('closing an untitled document frees its project; opened again, it starts afresh', async () => {
    assert.ok((await symbolUris('helper')).includes(FIRST));
    await close(FIRST);
    assert.deepEqual(await symbolUris('helper'), []);
    assert.equal(await request('textDocument/hover', { textDocument: { uri: FIRST }, position: { line: 8, character: 17 } }), null);
    const diagnostics = await open(FIRST, 'use std.io\n\nmain = {\n    io.println(helper)\n}\n', 2);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line]), [['E1001', 3]]);
    await close(FIRST);
    await close(SECOND);
  });
});
