// Results written on a worker and spliced into the response (src/mcp/written-result.ts)
// must reach the client exactly as results sent as objects would: the same
// bytes in the line, whatever the text holds. Over every connection: tools.test.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { serializeMessage, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { failure, success, ToolError, type CallToolResult } from '../../src/mcp/contract.ts';
import { standInFor, writeResult, writtenLine } from '../../src/mcp/written-result.ts';

const AWKWARD = ['plain', 'quotes " and \\ backslashes', 'lines\nand\ttabs\r', '中文 注释 and emoji 🎉', 'separators \u2028 \u2029', 'control \u0001 \u001f', '$& $1 $$ (replacement patterns)'];

function response(id: string | number, result: CallToolResult): JSONRPCMessage {
  return { jsonrpc: '2.0', id, result };
}

describe('writtenLine', () => {
  for (const text of AWKWARD) {
    test(`splices to the bytes of the result as objects: ${JSON.stringify(text)}`, () => {
      const result = success({ nodes: text, list: [text, { deeper: text }], count: 3 });
      const expected = serializeMessage(response(7, result));
      const line = writtenLine(response(7, standInFor(writeResult(result))));
      assert.equal(line?.toString('utf8'), expected);
      const answer = JSON.parse(expected) as { result: CallToolResult };
      assert.equal(answer.result.content[0]!.text, JSON.stringify(answer.result.structuredContent));
    });
  }

  test('an error result, and an id that looks like the marks', () => {
    const result = failure(new ToolError('MCP-INVALID-INPUT', 'no "such" file\n中文'));
    for (const id of ['yaoxiang-result-text-', 'yaoxiang-result-structured-x', 12]) {
      assert.equal(writtenLine(response(id, standInFor(writeResult(result))))?.toString('utf8'), serializeMessage(response(id, result)));
    }
  });

  test('fields in another order, and a _meta beside them, come out in that order', () => {
    const result = success({ a: 1 });
    const standIn = standInFor(writeResult(result));
    const reordered = { _meta: { note: 'x' }, structuredContent: standIn.structuredContent, isError: false, content: standIn.content };
    const expected = serializeMessage(response(1, { _meta: { note: 'x' }, structuredContent: result.structuredContent, isError: false, content: result.content }));
    assert.equal(writtenLine(response(1, reordered as CallToolResult))?.toString('utf8'), expected);
  });

  test('a stand-in whose text item was changed on the way is answered with the objects again', () => {
    const result = success({ a: '中文' });
    const standIn = standInFor(writeResult(result));
    const moved = { ...standIn, content: [{ type: 'text', text: 'other' }, ...standIn.content] } as CallToolResult;
    assert.deepEqual(JSON.parse(writtenLine(response(3, moved))!.toString('utf8')), JSON.parse(serializeMessage(response(3, result))));
  });

  test('any other message is left to the SDK', () => {
    assert.equal(writtenLine(response(1, success({ a: 1 }))), undefined);
    assert.equal(writtenLine({ jsonrpc: '2.0', method: 'notifications/initialized' }), undefined);
  });
});
