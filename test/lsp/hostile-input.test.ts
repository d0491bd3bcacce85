// What a hostile-input probe of `yaoxiang lsp` found, each pinned: JSON nested
// 5,000 deep ended the process; caller mistakes in params were answered
// -32603 "Cannot read properties of undefined" (or read as position 0:0);
// requests after shutdown, before initialize, and a second initialize were
// served; broken framing left a live server that never answered again; a
// selection range 100,000 levels deep overflowed the worker's stack; a body
// that was not JSON was dropped without the Parse error JSON-RPC wants.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import { MAX_JSON_DEPTH } from '../../src/ide/index.ts';
import { MAX_SELECTION_DEPTH } from '../../src/lsp/handlers/structure.ts';
import { REQUEST_PARAMS } from '../../src/lsp/params.ts';
import { INITIALIZE, startRawLsp, type RawLsp } from '../support/raw-lsp.ts';

const dir = mkdtempSync(join(tmpdir(), 'yaoxiang-lsp-hostile-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const uri = pathToFileURL(join(dir, 'main.yx')).href;
writeFileSync(join(dir, 'main.yx'), 'x = 1\n');

let nextId = 100;
async function request(lsp: RawLsp, method: string, params?: unknown): Promise<any> {
  const id = nextId++;
  lsp.send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
  return lsp.answer(id);
}

async function initialized(): Promise<RawLsp> {
  const lsp = startRawLsp(dir);
  assert.ok((await request(lsp, 'initialize', INITIALIZE)).result.capabilities);
  lsp.send({ jsonrpc: '2.0', method: 'initialized', params: {} });
  return lsp;
}

async function stop(lsp: RawLsp): Promise<void> {
  assert.equal((await request(lsp, 'shutdown')).result, null);
  lsp.send({ jsonrpc: '2.0', method: 'exit' });
  assert.equal(await lsp.exited, 0);
}

describe('messages nested deeper than MAX_JSON_DEPTH', () => {
  test('are refused and the server goes on', async () => {
    const lsp = await initialized();
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    lsp.send(deep);
    lsp.send(`{"jsonrpc":"2.0","id":"deep","method":"textDocument/hover","params":${deep}}`);
    const answer = await lsp.answer('deep');
    assert.equal(answer.error.code, -32600);
    assert.match(answer.error.message, new RegExp(`deeper than ${MAX_JSON_DEPTH} levels`));
    const log = await lsp.stderrMatching(/not a request with an id: the message nests deeper/);
    assert.equal(log.match(/not a request with an id: the message nests deeper/g)?.length, 1, log);
    await stop(lsp);
  });
});

describe('bodies that are not JSON', () => {
  test('are answered Parse error (-32700, id null), and the server reads on', async () => {
    const lsp = await initialized();
    const before = lsp.messages.length;
    lsp.send('{"jsonrpc":"2.0","id":7,"method":"textDocument/hover",');
    lsp.send('not json at all');
    lsp.send('[[['.repeat(2000));
    const answer = await request(lsp, 'textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
    assert.equal(answer.error, undefined, JSON.stringify(answer.error));
    const parseErrors = lsp.messages.slice(before).filter((m) => m.error?.code === -32700);
    assert.equal(parseErrors.length, 3, JSON.stringify(lsp.messages.slice(before)));
    for (const error of parseErrors) {
      assert.equal(error.id, null);
      assert.match(error.error.message, /^Parse error: the message is not JSON/);
    }
    // The framing answers a body too deep to pass on as it reads it, maybe ahead of the reader's answers to earlier bodies.
    assert.equal(parseErrors.filter((m) => m.error.message.includes(`deeper than ${MAX_JSON_DEPTH} levels`)).length, 1);
    await stop(lsp);
  });
});

describe('JSON that is no JSON-RPC message', () => {
  test('is answered Invalid Request (-32600, id null), and the server reads on', async () => {
    const lsp = await initialized();
    const before = lsp.messages.length;
    for (const body of ['42', '[]', '"text"', 'null', '{"jsonrpc":"2.0"}', '{"jsonrpc":"2.0","id":3}']) lsp.send(body);
    const answer = await request(lsp, 'textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
    assert.equal(answer.error, undefined, JSON.stringify(answer.error));
    const invalid = lsp.messages.slice(before).filter((m) => m.error?.code === -32600);
    assert.equal(invalid.length, 6, JSON.stringify(lsp.messages.slice(before)));
    for (const error of invalid) assert.equal(error.id, null);
    await stop(lsp);
  });
});

describe('params a handler cannot read are InvalidParams', () => {
  test('naming the field, for the requests the probe found and positions out of range', async () => {
    const lsp = await initialized();
    const at = { textDocument: { uri }, position: { line: 0, character: 0 } };
    const cases: Array<[string, unknown, RegExp]> = [
      ['textDocument/rename', at, /params\.newName/],
      ['textDocument/formatting', { textDocument: { uri } }, /params\.options/],
      ['textDocument/hover', { textDocument: null, position: at.position }, /params\.textDocument/],
      ['textDocument/hover', { textDocument: { uri }, position: { line: null, character: 0 } }, /params\.position\.line/],
      ['textDocument/definition', { textDocument: { uri }, position: { line: 0, character: -1 } }, /params\.position\.character/],
      ['textDocument/selectionRange', { textDocument: { uri }, positions: [{ line: 1.5, character: 0 }] }, /params\.positions\.0\.line/],
    ];
    for (const [method, params, field] of cases) {
      const answer = await request(lsp, method, params);
      assert.equal(answer.error?.code, -32602, `${method}: ${JSON.stringify(answer)}`);
      assert.match(answer.error.message, field);
      assert.doesNotMatch(answer.error.message, /Cannot read/);
    }
    await stop(lsp);
  });

  test('for every request the server serves, params missing altogether', async () => {
    const lsp = await initialized();
    for (const method of Object.keys(REQUEST_PARAMS).filter((m) => m !== 'initialize')) {
      const answer = await request(lsp, method);
      assert.equal(answer.error?.code, -32602, `${method}: ${JSON.stringify(answer)}`);
    }
    await stop(lsp);
  });

  test('initialize with null capabilities is refused, and a retry initializes', async () => {
    const lsp = startRawLsp(dir);
    const refused = await request(lsp, 'initialize', { ...INITIALIZE, capabilities: null });
    assert.equal(refused.error.code, -32602);
    assert.match(refused.error.message, /params\.capabilities/);
    assert.ok((await request(lsp, 'initialize', INITIALIZE)).result.capabilities);
    await stop(lsp);
  });
});

describe('the lifecycle', () => {
  test('requests after shutdown are InvalidRequest', async () => {
    const lsp = await initialized();
    assert.equal((await request(lsp, 'shutdown')).result, null);
    const answer = await request(lsp, 'textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
    assert.deepEqual(answer.error, { code: -32600, message: 'the server is shutting down' });
    lsp.send({ jsonrpc: '2.0', method: 'exit' });
    assert.equal(await lsp.exited, 0);
  });

  test('shutdown before initialize is ServerNotInitialized, and initialize is taken once', async () => {
    const lsp = startRawLsp(dir);
    assert.equal((await request(lsp, 'shutdown')).error?.code, -32002);
    assert.ok((await request(lsp, 'initialize', INITIALIZE)).result.capabilities);
    const again = await request(lsp, 'initialize', INITIALIZE);
    assert.equal(again.error?.code, -32600);
    assert.match(again.error.message, /already initialized/);
    await stop(lsp);
  });
});

describe('broken framing ends the server with a reason', () => {
  const framings: Array<[string, string, RegExp]> = [
    ['no Content-Length', 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}', /without a Content-Length/],
    ['a negative length', 'Content-Length: -5\r\n\r\n{}', /not a number of bytes/],
    ['an absurd length', 'Content-Length: 99999999999999\r\n\r\n{}', /over the limit/],
    ['a header without a colon', 'Content-Length 2\r\n\r\n{}', /without a colon/],
  ];
  for (const [name, bytes, reason] of framings) {
    test(name, async () => {
      const lsp = await initialized();
      lsp.raw(bytes);
      assert.equal(await lsp.exited, 1);
      assert.match(lsp.stderr(), reason);
    });
  }
});

describe('requests read before the framing broke', () => {
  test('are answered before the server exits 1', async () => {
    const lsp = await initialized();
    const hover = (id: string) => {
      const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'textDocument/hover', params: { textDocument: { uri }, position: { line: 0, character: 0 } } });
      return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    };
    const symbols = JSON.stringify({ jsonrpc: '2.0', id: 'symbols', method: 'textDocument/documentSymbol', params: { textDocument: { uri } } });
    // In one write: the framing breaks while the requests before it are still being read.
    lsp.raw(`${hover('first')}${hover('second')}Content-Length: ${Buffer.byteLength(symbols)}\r\n\r\n${symbols}Content-Length: -5\r\n\r\n{}`);
    assert.equal(await lsp.exited, 1);
    for (const id of ['first', 'second', 'symbols']) {
      const answer = lsp.messages.find((m) => m.id === id);
      assert.ok(answer, `no answer to ${id}: ${lsp.stderr()}`);
      assert.equal(answer.error, undefined, JSON.stringify(answer.error));
    }
    assert.match(lsp.stderr(), /not a number of bytes/);
  });
});

describe('selection ranges', () => {
  test('100,000 nested parentheses: the innermost ranges and the whole, no deeper than MAX_SELECTION_DEPTH', async () => {
    const lsp = await initialized();
    const depth = 100_000;
    const text = `x = ${'('.repeat(depth)}1${')'.repeat(depth)}`;
    lsp.send({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'yaoxiang', version: 1, text } } });
    const one = 4 + depth;
    const answer = await request(lsp, 'textDocument/selectionRange', { textDocument: { uri }, positions: [{ line: 0, character: one }] });
    assert.equal(answer.error, undefined, JSON.stringify(answer.error));
    const ranges = [];
    for (let range = answer.result[0]; range; range = range.parent) ranges.push(range.range);
    assert.equal(ranges.length, MAX_SELECTION_DEPTH);
    assert.deepEqual(ranges[0], { start: { line: 0, character: one }, end: { line: 0, character: one + 1 } });
    assert.deepEqual(ranges[1], { start: { line: 0, character: one - 1 }, end: { line: 0, character: one + 2 } });
    assert.deepEqual(ranges.at(-1), { start: { line: 0, character: 0 }, end: { line: 0, character: text.length } });
    await stop(lsp);
  });
});
