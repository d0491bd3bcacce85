// Results written on a worker and spliced into the response (src/mcp/written-result.ts)
// must reach the client exactly as results sent as objects would: the same
// bytes in the line, whatever the text holds. Over every connection: tools.test.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { serializeMessage, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { failure, success, ToolError, type CallToolResult } from '../../src/mcp/contract.ts';
import { spliceWrittenResults } from '../../src/mcp/http.ts';
import { standInFor, transferOf, writeResult, writtenLine } from '../../src/mcp/written-result.ts';

const AWKWARD = ['plain', 'quotes " and \\ backslashes', 'lines\nand\ttabs\r', '中文 注释 and emoji 🎉', 'separators \u2028 \u2029', 'control \u0001 \u001f', '$& $1 $$ (replacement patterns)'];

/** The pieces of a written line as one text. */
function joined(pieces: Uint8Array[] | undefined): string | undefined {
  return pieces && Buffer.concat(pieces).toString('utf8');
}

function response(id: string | number, result: CallToolResult): JSONRPCMessage {
  return { jsonrpc: '2.0', id, result };
}

describe('writtenLine', () => {
  for (const text of AWKWARD) {
    test(`splices to the bytes of the result as objects: ${JSON.stringify(text)}`, () => {
      const result = success({ nodes: text, list: [text, { deeper: text }], count: 3 });
      const expected = serializeMessage(response(7, result));
      assert.equal(joined(writtenLine(response(7, standInFor(writeResult(result))))), expected);
      const answer = JSON.parse(expected) as { result: CallToolResult };
      assert.equal(answer.result.content[0]!.text, JSON.stringify(answer.result.structuredContent));
    });
  }

  test('an error result, under string and number ids', () => {
    const result = failure(new ToolError('MCP-INVALID-INPUT', 'no "such" file\n中文'));
    for (const id of ['a "quoted" id', 'yaoxiang-result-text-', 12]) {
      assert.equal(joined(writtenLine(response(id, standInFor(writeResult(result))))), serializeMessage(response(id, result)));
    }
  });

  test('fields in another order, and a _meta beside them, come out in that order', () => {
    const result = success({ a: 1 });
    const standIn = standInFor(writeResult(result));
    const reordered = { _meta: { note: 'x' }, structuredContent: standIn.structuredContent, isError: false, content: standIn.content };
    const expected = serializeMessage(response(1, { _meta: { note: 'x' }, structuredContent: result.structuredContent, isError: false, content: result.content }));
    assert.equal(joined(writtenLine(response(1, reordered as CallToolResult))), expected);
  });

  test('a stand-in whose text item was changed on the way is answered with the objects again', () => {
    const result = success({ a: '中文' });
    const standIn = standInFor(writeResult(result));
    const moved = { ...standIn, content: [{ type: 'text', text: 'other' }, ...standIn.content] } as CallToolResult;
    assert.deepEqual(JSON.parse(joined(writtenLine(response(3, moved)))!), JSON.parse(serializeMessage(response(3, result))));
  });

  test('a result moves between threads without a copy, and small ones take no shared buffer with them', () => {
    const tiny = writeResult(success({ a: 1 }));
    const pooled = Buffer.from('pooled');
    const moved = structuredClone(tiny, { transfer: transferOf(tiny) });
    assert.equal(tiny.json.byteLength, 0, 'the buffers moved');
    assert.equal(pooled.toString(), 'pooled', 'a pooled buffer beside them is untouched');
    assert.equal(joined(writtenLine(response(2, standInFor(moved)))), serializeMessage(response(2, success({ a: 1 }))));
  });

  test("the SDK's HTTP session transport still has the event writer the splice takes over", () => {
    // Were it gone, sessions would quietly get objects again: right, and only slower.
    assert.equal(spliceWrittenResults(new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => 'session' })), true);
  });

  test('any other message is left to the SDK', () => {
    assert.equal(writtenLine(response(1, success({ a: 1 }))), undefined);
    assert.equal(writtenLine({ jsonrpc: '2.0', method: 'notifications/initialized' }), undefined);
  });
});
