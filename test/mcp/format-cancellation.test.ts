// format_source runs on a worker thread: on a real stdio server, other calls
// are answered while a long format runs, and a cancelled one stops at once,
// sends no response and leaves the server formatting correctly.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { generateYaoXiang } from '../../scripts/bench/generate.ts';
import { startRaw, TROUBLE, type RawServer } from '../support/raw-mcp.ts';
import { demoProject } from './support.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** About 1.2 MB, unformatted on purpose: some seconds of formatting. */
const LONG = generateYaoXiang(1_200_000).replace(/ = /g, '=');

let server: RawServer;
let fullMs: number;
before(async () => {
  // The formatted text and its diff are some MB: the default result limit would refuse them.
  server = await startRaw(demoProject, { args: ['--max-result-chars', '50000000'] });
  const started = performance.now();
  const full = await server.call(1, 'format_source', { source: LONG });
  fullMs = performance.now() - started;
  assert.equal(full.result.structuredContent.changed, true, JSON.stringify(full).slice(0, 300));
});
after(async () => {
  server.child.stdin!.end();
  await server.exited;
});

test('other calls are answered while a long format runs, and a cancelled format stops at once with no response', async () => {
  server.send({ id: 10, method: 'tools/call', params: { name: 'format_source', arguments: { source: LONG } } });
  await sleep(Math.min(300, fullMs / 5));
  const during = performance.now();
  const lookup = await server.call(11, 'lookup_symbol', { query: 'total' });
  const duringMs = performance.now() - during;
  assert.equal(lookup.result.isError, false);
  assert.ok(duringMs < fullMs / 3, `lookup_symbol took ${duringMs.toFixed(0)} ms beside a format of ${fullMs.toFixed(0)} ms`);

  const cancelled = performance.now();
  server.cancel(10);
  const next = await server.call(12, 'format_source', { source: 'x=1\n' });
  const nextMs = performance.now() - cancelled;
  assert.equal(next.result.structuredContent.formatted, 'x = 1\n');
  assert.ok(nextMs < fullMs / 3, `the next format waited ${nextMs.toFixed(0)} ms after the cancel; a whole one takes ${fullMs.toFixed(0)} ms`);
  await sleep(200);
  assert.equal(server.messages.filter((m) => m.id === 10).length, 0, 'no response for the cancelled call');
  assert.doesNotMatch(server.stderr(), TROUBLE);
});
