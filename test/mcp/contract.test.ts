// The result contract without a transport: internal errors, indexing, size limits.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ProtocolError } from '@modelcontextprotocol/server';
import { Host } from '../../src/mcp/host.ts';
import { callTool } from '../../src/mcp/server.ts';
import { demoProject } from './support.ts';

const signal = new AbortController().signal;
const quiet = { watch: false, log: () => undefined };

test('an exception inside a tool is a -32603 protocol error carrying MCP-INTERNAL, and is logged', async () => {
  const logged: string[] = [];
  const host = new Host({ root: { root: demoProject, source: 'explicit' }, watch: false, log: (m) => logged.push(m) });
  host.parser = () => Promise.reject(new Error('parser exploded'));
  await assert.rejects(callTool(host, 'parse_source', { source: 'x = 1\n' }, signal), (error: unknown) => {
    assert.ok(error instanceof ProtocolError);
    assert.equal(error.code, -32603);
    assert.deepEqual(error.data, { errorCode: 'MCP-INTERNAL' });
    return true;
  });
  assert.match(logged.join('\n'), /internal error in parse_source: Error: parser exploded\n\s+at /);
  host.dispose();
});

test('workspace tools answer MCP-INDEXING with progress while the first load is still running', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'yaoxiang-index-'));
  try {
    for (let i = 0; i < 300; i++) await writeFile(path.join(dir, `f${i}.yx`), `pub v${i}: Int = ${i}\n`.repeat(50));
    const host = new Host({ root: { root: dir, source: 'explicit' }, limits: { indexWaitMs: 1 }, ...quiet });
    host.startIndexing();
    const early = await callTool(host, 'lookup_symbol', { query: 'v1' }, signal);
    assert.equal(early.isError, true);
    assert.equal(early.structuredContent.errorCode, 'MCP-INDEXING');
    assert.equal(typeof (early.structuredContent.details as { total: number }).total, 'number');
    const patient = new Host({ root: { root: dir, source: 'explicit' }, limits: { indexWaitMs: 60_000 }, ...quiet });
    patient.startIndexing();
    const late = await callTool(patient, 'lookup_symbol', { query: 'v1', limit: 3 }, signal);
    assert.equal(late.isError, false);
    assert.equal((late.structuredContent.symbols as unknown[]).length, 3);
    host.dispose();
    patient.dispose();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('results are cut to the size limit where they can be, MCP-RESULT-TOO-LARGE where not; big sources are refused', async () => {
  const host = new Host({ root: { root: demoProject, source: 'explicit' }, limits: { maxResultChars: 2_000, maxSourceChars: 50_000 }, ...quiet });
  const source = 'x = 1\n'.repeat(500);
  // parse_source sizes its nodes to the limit as it builds them; the source is parsed once.
  const parser = host.parser.bind(host);
  let parses = 0;
  host.parser = () => {
    parses++;
    return parser();
  };
  const cut = await callTool(host, 'parse_source', { source }, signal);
  assert.equal(cut.isError, false);
  assert.equal(cut.structuredContent.truncated, true);
  assert.ok(cut.content[0]!.text.length <= 2_000);
  assert.ok((cut.structuredContent.node_count as number) < 100, `${String(cut.structuredContent.node_count)} nodes`);
  assert.equal(parses, 1);
  const big = await callTool(host, 'format_source', { source }, signal);
  assert.equal(big.structuredContent.errorCode, 'MCP-RESULT-TOO-LARGE');
  const huge = await callTool(host, 'parse_source', { source: 'x'.repeat(50_001) }, signal);
  assert.equal(huge.structuredContent.errorCode, 'MCP-INVALID-INPUT');
  assert.match(String(huge.structuredContent.message), /50001 characters; the limit is 50000/);
  host.dispose();
});

test('concurrent calls on one host all complete with their own answers', async () => {
  const host = new Host({ root: { root: demoProject, source: 'explicit' }, ...quiet });
  host.startIndexing();
  const names = ['total', 'squares', 'describe', 'distance', 'Point', 'origin'];
  const results = await Promise.all(Array.from({ length: 60 }, (_, i) => callTool(host, 'lookup_symbol', { query: names[i % names.length] }, signal)));
  results.forEach((r, i) => assert.equal((r.structuredContent.symbols as Array<{ name: string }>)[0]!.name, names[i % names.length]));
  host.dispose();
});

test('find_references refuses a position that is not in the file (MCP-INVALID-INPUT), instead of answering for another place', async () => {
  const host = new Host({ root: { root: demoProject, source: 'explicit' }, watch: false, log: () => {} });
  try {
    for (const [query, why] of [
      ['main.yx:0:1', /lines and columns count from 1/],
      ['main.yx:1:0', /lines and columns count from 1/],
      ['main.yx:100000:1', /line 100000 is past the end/],
      ['main.yx:1:100000', /column 100000 is past the end of line 1/],
    ] as const) {
      const result = (await callTool(host, 'find_references', { query }, signal)).structuredContent as { isError: boolean; errorCode?: string; message?: string };
      assert.equal(result.isError, true, query);
      assert.equal(result.errorCode, 'MCP-INVALID-INPUT', query);
      assert.match(result.message!, new RegExp(`^${query} is not a position in the file: ${why.source}`));
    }
    const inside = (await callTool(host, 'find_references', { query: 'main.yx:1:1' }, signal)).structuredContent as { isError: boolean };
    assert.equal(inside.isError, false);
  } finally {
    host.dispose();
  }
});
