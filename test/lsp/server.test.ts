// The real `yaoxiang lsp` process, driven over stdio by a JSON-RPC client
// through every feature, on the multi-file project in test/lsp/fixture.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CancellationTokenSource } from 'vscode-jsonrpc/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Hover, Location, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { copyFixture, startClient, type LspClient } from '../support/lsp-client.ts';
import { repoRoot } from '../support/paths.ts';

export const FIXTURE = join(repoRoot, 'test', 'lsp', 'fixture');

const range = (line: number, character: number, endLine: number, endCharacter: number) => ({ start: { line, character }, end: { line: endLine, character: endCharacter } });

async function open(client: LspClient, file: string): Promise<string> {
  const uri = client.uri(file);
  await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaoxiang', version: 1, text: readFileSync(join(client.root, file), 'utf8') } });
  return uri;
}

function applied(text: string, edits: TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('file:///x.yx', 'yaoxiang', 0, text), edits);
}

describe('yaoxiang lsp over stdio', () => {
  let client: LspClient;
  let main: string;
  let geometry: string;
  const request = <T>(method: string, params: unknown) => client.connection.sendRequest<T>(method, params);
  const at = (uri: string, line: number, character: number) => ({ textDocument: { uri }, position: { line, character } });

  before(async () => {
    client = await startClient(copyFixture(FIXTURE));
    main = client.uri('main.yx');
    geometry = client.uri('geometry.yx');
    const published = client.nextDiagnostics(main);
    await open(client, 'main.yx');
    const first = await published;
    assert.deepEqual(first.diagnostics, [{
      range: range(10, 8, 10, 13), severity: 1, code: 'E2010', source: 'yaoxiang',
      message: "Cannot assign to immutable variable 'count'\nhelp: Use 'mut' to declare a mutable variable",
    }]);
  });

  after(async () => {
    assert.equal(await client.stop(), 0);
    assert.deepEqual(client.protocolErrors, [], 'stdout carried only protocol');
  });

  it('advertises incremental sync, UTF-16 positions and every feature it serves', () => {
    const caps = client.initialize.capabilities;
    assert.equal(caps.positionEncoding, 'utf-16');
    assert.deepEqual(caps.textDocumentSync, { openClose: true, change: 2, save: { includeText: false } });
    assert.deepEqual(caps.renameProvider, { prepareProvider: true });
    for (const key of ['hoverProvider', 'definitionProvider', 'referencesProvider', 'documentHighlightProvider', 'documentFormattingProvider', 'documentRangeFormattingProvider', 'documentSymbolProvider', 'workspaceSymbolProvider'] as const) {
      assert.equal(caps[key], true, key);
    }
    assert.deepEqual(caps.diagnosticProvider, { interFileDependencies: true, workspaceDiagnostics: false });
  });

  it('serves the same diagnostics on request (pull)', async () => {
    const report = await request<{ kind: string; items: Array<{ code: string; range: unknown }> }>('textDocument/diagnostic', { textDocument: { uri: main } });
    assert.equal(report.kind, 'full');
    assert.deepEqual(report.items.map((d) => [d.code, d.range]), [['E2010', range(10, 8, 10, 13)]]);
  });

  it('hovers with the inferred type, the declaration and its doc comment, across files', async () => {
    const hover = await request<Hover>('textDocument/hover', at(main, 7, 9));
    assert.deepEqual(hover, {
      contents: { kind: 'markdown', value: '```yaoxiang\ndistance: fn(&Point, &Point) -> float64\n```\n\n```yaoxiang\npub distance: (a: &Point, b: &Point) -> Float\n```\n\nEuclidean distance.\n\n*function in geometry.yx*' },
      range: range(7, 8, 7, 16),
    });
    const point = await request<Hover>('textDocument/hover', at(main, 6, 9));
    assert.deepEqual(point.contents, { kind: 'markdown', value: '```yaoxiang\nPoint: Point\n```\n\n```yaoxiang\npub Point: Type = { x: Float, y: Float }\n```\n\nA point in the plane.\n\n*record in geometry.yx*' });
  });

  it('counts UTF-16 code units after Chinese text and an emoji', async () => {
    // `    greeting = "你好 😀"; p = …`: 你 and 好 are one unit each, 😀 is two.
    const hover = await request<Hover>('textDocument/hover', at(main, 5, 24));
    assert.deepEqual(hover.range, range(5, 24, 5, 25));
    assert.match((hover.contents as { value: string }).value, /^```yaoxiang\np: Point\n```/);
  });

  it('goes to the definition in another file', async () => {
    assert.deepEqual(await request<Location[]>('textDocument/definition', at(main, 7, 9)), [{ uri: geometry, range: range(13, 4, 13, 12) }]);
    assert.equal(await request('textDocument/definition', at(main, 3, 3)), null, 'a comment names nothing');
  });

  it('finds references with and without the declaration', async () => {
    const all = [
      { uri: geometry, range: range(13, 4, 13, 12) },
      { uri: main, range: range(1, 21, 1, 29) },
      { uri: main, range: range(7, 8, 7, 16) },
    ];
    assert.deepEqual(await request('textDocument/references', { ...at(main, 7, 9), context: { includeDeclaration: true } }), all);
    assert.deepEqual(await request('textDocument/references', { ...at(main, 7, 9), context: { includeDeclaration: false } }), all.slice(1));
  });

  it('highlights a binding in its file', async () => {
    assert.deepEqual(await request('textDocument/documentHighlight', at(main, 5, 5)), [
      { range: range(5, 4, 5, 12), kind: 3 },
      { range: range(12, 15, 12, 23), kind: 2 },
    ]);
  });

  it('prepares and performs a rename across files, and refuses what the core refuses', async () => {
    assert.deepEqual(await request('textDocument/prepareRename', at(main, 7, 9)), { range: range(7, 8, 7, 16), placeholder: 'distance' });
    const edit = await request<WorkspaceEdit>('textDocument/rename', { ...at(main, 7, 9), newName: 'dist' });
    assert.deepEqual(edit, { changes: {
      [geometry]: [{ range: range(13, 4, 13, 12), newText: 'dist' }],
      [main]: [{ range: range(1, 21, 1, 29), newText: 'dist' }, { range: range(7, 8, 7, 16), newText: 'dist' }],
    } });
    await assert.rejects(request('textDocument/rename', { ...at(main, 7, 9), newName: 'if' }), { code: -32600, message: '"if" is a keyword' });
    await assert.rejects(request('textDocument/prepareRename', at(main, 3, 3)), { code: -32600, message: 'There is no binding here to rename' });
  });

  it('formats a document with the client tab size and the line width of [fmt], and a range of it', async () => {
    const messy = await open(client, 'messy.yx');
    const text = readFileSync(join(client.root, 'messy.yx'), 'utf8');
    const edits = await request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: messy }, options: { tabSize: 2, insertSpaces: true } });
    assert.equal(applied(text, edits), [
      'use std.io',
      'total = (a: Int, b: Int) => { return a + b }',
      '// Large numbers.',
      'numbers = [',
      ...['100000', '200000', '300000', '400000', '500000', '600000', '700000'].map((n) => `  ${n},`),
      ']',
      '',
    ].join('\n'));
    const only = await request<TextEdit[]>('textDocument/rangeFormatting', { textDocument: { uri: messy }, range: range(1, 0, 1, 5), options: { tabSize: 2, insertSpaces: true } });
    assert.deepEqual(only, [{ range: range(1, 0, 4, 0), newText: 'total = (a: Int, b: Int) => { return a + b }\n' }]);
  });

  it('lists document symbols as a tree: types with fields and methods, then functions', async () => {
    const symbols = await request<Array<{ name: string; kind: number; children: Array<{ name: string; kind: number }> }>>('textDocument/documentSymbol', { textDocument: { uri: geometry } });
    assert.deepEqual(symbols.map((s) => [s.name, s.kind, s.children.map((c) => [c.name, c.kind])]), [
      ['Point', 23, [['x', 8], ['y', 8], ['shift', 6]]],
      ['distance', 12, []],
    ]);
  });

  it('finds workspace symbols through the lookup index', async () => {
    assert.deepEqual(await request('workspace/symbol', { query: 'dist' }), [{ name: 'distance', kind: 12, location: { uri: geometry, range: range(13, 4, 13, 12) } }]);
  });

  it('re-parses incremental changes and publishes fresh diagnostics after a short delay', async () => {
    let published = client.nextDiagnostics(main, (p) => p.version === 2);
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: main, version: 2 },
      contentChanges: [{ range: range(8, 4, 8, 4), text: 'mut ' }],
    });
    assert.deepEqual((await published).diagnostics, [], 'count is mutable now');
    published = client.nextDiagnostics(main, (p) => p.version === 3);
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: main, version: 3 },
      contentChanges: [{ range: range(12, 4, 12, 6), text: 'io' }, { range: range(13, 16, 13, 17), text: '' }],
    });
    const broken = await published;
    assert.deepEqual(broken.diagnostics.map((d) => [d.code, d.range]), [['E0010', range(14, 0, 14, 1)]]);
    const hover = await request<Hover>('textDocument/hover', at(main, 8, 9));
    assert.deepEqual(hover.range, range(8, 8, 8, 13), 'positions follow the edit');
  });

  it('clears the diagnostics of a closed file', async () => {
    const cleared = client.nextDiagnostics(main, (p) => p.diagnostics.length === 0 && p.version === undefined);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: main } });
    assert.deepEqual((await cleared).diagnostics, []);
  });

  it('sees files changed on disk after workspace/didChangeWatchedFiles', async () => {
    writeFileSync(join(client.root, 'extra.yx'), 'pub helper = (n: Int) => n + 1\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('extra.yx'), type: 1 }] });
    assert.deepEqual(await request('workspace/symbol', { query: 'helper' }), [{ name: 'helper', kind: 12, location: { uri: client.uri('extra.yx'), range: range(0, 4, 0, 10) } }]);
  });

  it('answers a failing request with an error and keeps serving', async () => {
    await assert.rejects(request('textDocument/hover', { textDocument: { uri: geometry }, position: null }), { code: -32603 });
    const hover = await request<Hover>('textDocument/hover', at(geometry, 13, 6));
    assert.deepEqual(hover.range, range(13, 4, 13, 12));
  });

  it('honours cancellation', async () => {
    const source = new CancellationTokenSource();
    const pending = client.connection.sendRequest('textDocument/references', { ...at(geometry, 13, 6), context: { includeDeclaration: true } }, source.token);
    source.cancel();
    await assert.rejects(pending, { code: -32800 });
  });
});

describe('yaoxiang lsp with a client that offers UTF-8', () => {
  it('negotiates UTF-8 and counts bytes after Chinese text and an emoji', async () => {
    const client = await startClient(copyFixture(FIXTURE), { general: { positionEncodings: ['utf-8', 'utf-16'] } });
    try {
      assert.equal(client.initialize.capabilities.positionEncoding, 'utf-8');
      const uri = await open(client, 'main.yx');
      // 4 + 12 bytes, then 你 好 (3 each), space, 😀 (4), `"; ` → `p` at byte 30.
      const hover = await client.connection.sendRequest<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 5, character: 30 } });
      assert.deepEqual(hover.range, range(5, 30, 5, 31));
    } finally {
      await client.stop();
    }
  });
});
