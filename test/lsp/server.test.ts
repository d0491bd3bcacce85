// The real `yaoxiang lsp` process, driven over stdio by a JSON-RPC client
// through every feature, on the multi-file project in test/lsp/fixture.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CancellationTokenSource } from 'vscode-jsonrpc/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Hover, Location, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { generateYaoXiang } from '../../scripts/bench/generate.ts';
import { copyFixture, startClient, type LspClient } from '../support/lsp-client.ts';
import { FORMATTED_MESSY } from '../support/lsp-fixture.ts';
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
    assert.equal(caps.diagnosticProvider, undefined, 'pull is offered only to clients that can be refreshed (client-capabilities.test.ts)');
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
    // Refusals that no new name could fix come before the user types one.
    await assert.rejects(request('textDocument/prepareRename', at(main, 12, 5)), { code: -32600, message: '"io" is imported from std.io; rename it where it is defined' });
  });

  it('formats a document with the client tab size and the line width of [fmt], and a range of it', async () => {
    const messy = await open(client, 'messy.yx');
    const text = readFileSync(join(client.root, 'messy.yx'), 'utf8');
    const edits = await request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: messy }, options: { tabSize: 2, insertSpaces: true } });
    assert.equal(applied(text, edits), [...FORMATTED_MESSY, ''].join('\n'));
    const only = await request<TextEdit[]>('textDocument/rangeFormatting', { textDocument: { uri: messy }, range: range(1, 0, 1, 5), options: { tabSize: 2, insertSpaces: true } });
    assert.deepEqual(only, [{ range: range(1, 0, 4, 0), newText: 'total = (a: Int, b: Int) => { return a + b }\n' }]);
  });

  it('says why a file nested too deeply is neither formatted nor fully checked', async () => {
    const uri = client.uri('deep.yx');
    const text = `x = ${'['.repeat(300)}1${']'.repeat(300)}\n`;
    const warned = new Promise<{ type: number; message: string }>((resolve) => client.connection.onNotification('window/showMessage', resolve));
    const published = client.nextDiagnostics(uri);
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaoxiang', version: 1, text } });
    const diagnostics = (await published).diagnostics;
    assert.deepEqual(diagnostics.map((d) => [d.code, d.severity, d.range.start]), [['TYPECHECK_TOO_DEEP', 2, { line: 0, character: 259 }]]);
    assert.equal(await request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 4, insertSpaces: true } }), null);
    const message = await warned;
    assert.equal(message.type, 2);
    assert.equal(message.message, 'Left unformatted: nested too deeply here (the file nests 302 levels deep; the formatter lays out at most 256). (FORMAT_TOO_DEEP at line 1, column 260)');
    // Not on disk: closing it takes it out of the workspace the later tests list.
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
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
    // An empty query lists every declaration, file by file, members under their type.
    const all = await request<Array<{ name: string; containerName?: string; location: { uri: string } }>>('workspace/symbol', { query: '' });
    assert.deepEqual(all.map((s) => [s.location.uri.split('/').pop(), s.containerName ? `${s.containerName}.${s.name}` : s.name]), [
      ['geometry.yx', 'Point'], ['geometry.yx', 'Point.x'], ['geometry.yx', 'Point.y'], ['geometry.yx', 'Point.shift'], ['geometry.yx', 'distance'],
      ['main.yx', 'main'],
      ['messy.yx', 'total'], ['messy.yx', 'numbers'],
    ]);
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

  it('answers a request it cannot serve with an error and keeps serving', async () => {
    // A caller's mistake, refused before any handler runs (lsp/params.ts); it was -32603 once, from the handler's TypeError.
    await assert.rejects(request('textDocument/hover', { textDocument: { uri: geometry }, position: null }), { code: -32602 });
    const hover = await request<Hover>('textDocument/hover', at(geometry, 13, 6));
    assert.deepEqual(hover.range, range(13, 4, 13, 12));
  });

  it('honours cancellation', async () => {
    // Opening a large document keeps the server parsing, so the request and its
    // cancellation are both waiting when it next reads: the outcome does not
    // depend on how fast one references request is.
    const big = Array.from({ length: 20_000 }, (_, i) => `v${i}: Int = ${i} + ${i}`).join('\n') + '\n';
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: client.uri('big.yx'), languageId: 'yaoxiang', version: 1, text: big } });
    const source = new CancellationTokenSource();
    const pending = client.connection.sendRequest('textDocument/references', { ...at(geometry, 13, 6), context: { includeDeclaration: true } }, source.token);
    source.cancel();
    await assert.rejects(pending, { code: -32800 });
  });

  it('answers other requests while a long formatting runs, and cancels it at once', async () => {
    // About 1 MB, unformatted on purpose: seconds of formatting, on the session's worker thread.
    const uri = client.uri('long.yx');
    const text = generateYaoXiang(1_000_000).replace(/ = /g, '=');
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaoxiang', version: 1, text } });
    const options = { tabSize: 4, insertSpaces: true };
    const started = performance.now();
    const edits = await request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options });
    const fullMs = performance.now() - started;
    assert.ok(edits.length > 0);

    const source = new CancellationTokenSource();
    const pending = client.connection.sendRequest('textDocument/formatting', { textDocument: { uri }, options }, source.token);
    await new Promise((resolve) => setTimeout(resolve, Math.min(300, fullMs / 5)));
    const during = performance.now();
    const hover = await request<Hover | null>('textDocument/hover', at(geometry, 13, 6));
    assert.ok(hover);
    const duringMs = performance.now() - during;
    assert.ok(duringMs < fullMs / 3, `hover took ${duringMs.toFixed(0)} ms beside a formatting of ${fullMs.toFixed(0)} ms`);
    source.cancel();
    await assert.rejects(pending, { code: -32800 });
    const small = await request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: geometry }, options });
    assert.ok(Array.isArray(small));

    // Typing while it formats: edits for the old text would corrupt the new one.
    const stale = client.connection.sendRequest('textDocument/formatting', { textDocument: { uri }, options });
    await new Promise((resolve) => setTimeout(resolve, Math.min(300, fullMs / 5)));
    await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: 'typed=1\n' + text }] });
    await assert.rejects(stale, { code: -32801 });
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
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

describe('yaoxiang lsp: completion, signatures, hints, tokens, structure, fixes', () => {
  let client: LspClient;
  let main: string;
  const request = <T>(method: string, params: unknown) => client.connection.sendRequest<T>(method, params);
  before(async () => {
    client = await startClient(copyFixture(FIXTURE));
    main = await open(client, 'main.yx');
  });
  after(async () => {
    assert.equal(await client.stop(), 0);
    assert.deepEqual(client.protocolErrors, []);
  });

  it('completes std module functions after `io.`', async () => {
    const items = await request<Array<{ label: string; kind: number; detail?: string }>>('textDocument/completion', { textDocument: { uri: main }, position: { line: 12, character: 7 } });
    assert.deepEqual(items.slice(0, 2).map((i) => [i.label, i.kind, i.detail]), [['print', 3, '(...args) -> ()'], ['println', 3, '(...args) -> ()']]);
  });

  it('completes names in scope at the cursor (not those written later), then keywords', async () => {
    const items = await request<Array<{ label: string; kind: number; detail?: string }>>('textDocument/completion', { textDocument: { uri: main }, position: { line: 7, character: 10 } });
    const labels = items.map((i) => i.label);
    assert.deepEqual(items.slice(0, 8).map((i) => [i.label, i.kind, i.detail]), [
      ['io', 9, 'std.io'], ['Point', 22, 'geometry'], ['distance', 3, 'geometry'], ['main', 6, undefined],
      ['greeting', 6, undefined], ['p', 6, 'Point'], ['o', 6, 'Point'], ['d', 6, undefined],
    ]);
    assert.ok(!labels.includes('count'), 'count is bound after the cursor');
    assert.deepEqual(items.filter((i) => i.kind === 14).slice(0, 3).map((i) => i.label), ['pub', 'use', 'mut']);
  });

  it('completes record fields and methods after `p.`', async () => {
    await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: main, version: 2 }, contentChanges: [{ range: range(13, 17, 13, 17), text: '\n    p.' }] });
    const items = await request<Array<{ label: string; kind: number }>>('textDocument/completion', { textDocument: { uri: main }, position: { line: 14, character: 6 } });
    assert.deepEqual(items.map((i) => [i.label, i.kind]), [['x', 5], ['y', 5], ['shift', 2]]);
    await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: main, version: 3 }, contentChanges: [{ range: range(13, 17, 14, 6), text: '' }] });
  });

  it('helps with the signature of a call in another file', async () => {
    assert.deepEqual(await request('textDocument/signatureHelp', { textDocument: { uri: main }, position: { line: 7, character: 21 } }), {
      signatures: [{ label: 'distance(a: &Point, b: &Point) -> Float', parameters: [{ label: 'a: &Point' }, { label: 'b: &Point' }] }],
      activeSignature: 0,
      activeParameter: 1,
    });
  });

  it('hints inferred types and parameter names', async () => {
    const hints = await request<Array<{ position: { line: number; character: number }; label: string; kind: number }>>('textDocument/inlayHint', { textDocument: { uri: main }, range: range(0, 0, 15, 0) });
    assert.deepEqual(hints.map((h) => [h.position.line, h.position.character, h.label, h.kind]), [
      [5, 12, ': string', 1], [5, 25, ': Point', 1], [6, 5, ': Point', 1], [6, 14, 'x:', 2], [6, 19, 'y:', 2],
      [7, 5, ': float64', 1], [7, 17, 'a:', 2], [7, 21, 'b:', 2], [8, 9, ': int64', 1],
    ]);
  });

  it('classifies semantic tokens with the advertised legend, in full, as a delta and for a range', async () => {
    const legend = client.initialize.capabilities.semanticTokensProvider!.legend;
    const uri = client.uri('geometry.yx');
    const decode = (data: number[]) => {
      const tokens: string[] = [];
      for (let i = 0, line = 0, character = 0; i < data.length; i += 5) {
        line += data[i]!;
        character = data[i]! === 0 ? character + data[i + 1]! : data[i + 1]!;
        tokens.push(`${line}:${character}+${data[i + 2]} ${legend.tokenTypes[data[i + 3]!]}/${data[i + 4]}`);
      }
      return tokens;
    };
    const full = await request<{ resultId: string; data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri } });
    assert.deepEqual(decode(full.data).slice(0, 12), [
      '0:0+24 comment/0', '1:0+3 keyword/0', '1:4+3 namespace/0', '1:8+4 namespace/0', '1:14+4 function/3',
      '3:0+24 comment/0', '4:0+3 keyword/0', '4:4+5 struct/3', '4:11+4 keyword/0', '4:20+1 property/3', '4:23+5 type/0', '4:30+1 property/3',
    ]);
    const delta = await request<{ resultId: string; edits: Array<{ start: number; deleteCount: number; data: number[] }> }>('textDocument/semanticTokens/full/delta', { textDocument: { uri }, previousResultId: full.resultId });
    assert.deepEqual(delta.edits, [{ start: full.data.length, deleteCount: 0, data: [] }], 'nothing changed');
    // A range (what an editor shows of a large file) gives the full answer's tokens on those lines, encoded from the document's start.
    assert.equal(client.initialize.capabilities.semanticTokensProvider!.range, true);
    const ranged = await request<{ data: number[] }>('textDocument/semanticTokens/range', { textDocument: { uri }, range: range(3, 0, 5, 0) });
    assert.deepEqual(decode(ranged.data), decode(full.data).filter((t) => ['3', '4'].includes(t.split(':')[0]!)));
    assert.ok(ranged.data.length > 0);
  });

  it('folds blocks and selects outward from a name', async () => {
    assert.deepEqual(await request('textDocument/foldingRange', { textDocument: { uri: client.uri('geometry.yx') } }), [{ startLine: 7, endLine: 10 }, { startLine: 13, endLine: 17 }]);
    const [selection] = await request<Array<{ range: unknown; parent?: { range: unknown; parent?: unknown } }>>('textDocument/selectionRange', { textDocument: { uri: main }, positions: [{ line: 7, character: 9 }] });
    assert.deepEqual(selection!.range, range(7, 8, 7, 16));
    assert.deepEqual(selection!.parent!.range, range(7, 8, 7, 24));
  });

  it('offers `mut` for E2010', async () => {
    const actions = await request<Array<{ title: string; edit: unknown }>>('textDocument/codeAction', { textDocument: { uri: main }, range: range(10, 8, 10, 8), context: { diagnostics: [] } });
    assert.deepEqual(actions.map((a) => [a.title, a.edit]), [["Declare 'count' as mut", { changes: { [main]: [{ range: range(8, 4, 8, 4), newText: 'mut ' }] } }]]);
  });
});
