// Load: 1,000 tool calls in flight at once over HTTP (one modern client and
// five 2025-era sessions against one server) and 200 on one stdio connection
// per era. Every call must succeed and carry its own answer: each request has
// a tag of its own in its source, and every result is compared with the same
// call made alone. A file written while the burst is queued must be seen by
// the call made after it (the queued calls share disk refreshes).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { call, connect, scratchProject, startHttp, type Connected, type HttpServerProcess } from './support.ts';

const QUERIES = ['total', 'squares', 'describe', 'distance', 'Point', 'origin', 'shift'];
const REFERENCES = ['total', 'squares', 'describe', 'Point', 'Point.shift', 'main.yx:8:10', 'utils.yx:total'];
const FILES = ['main.yx', 'utils.yx', 'geometry.yx'];
/** The tag of the calls made alone; the burst uses 0000-0999. */
const BASELINE_TAG = '9999';

interface Planned {
  name: string;
  args: Record<string, unknown>;
  /** What the result is compared with: one solo call per variant. */
  variant: string;
  /** Unique to this request, and in its result; absent for the workspace tools. */
  tag?: string;
}

function plan(i: number, tag = String(i).padStart(4, '0')): Planned {
  const k = Math.floor(i / 5);
  switch (i % 5) {
    case 0:
      return { name: 'parse_source', args: { source: `unique_${tag}: String = "u${tag}"\n`, max_depth: 6 }, variant: 'parse', tag };
    case 1: {
      const query = QUERIES[k % QUERIES.length]!;
      return { name: 'lookup_symbol', args: { query }, variant: `lookup ${query}` };
    }
    case 2: {
      const query = REFERENCES[k % REFERENCES.length]!;
      return { name: 'find_references', args: { query }, variant: `references ${query}` };
    }
    case 3: {
      const file = FILES[k % FILES.length]!;
      return { name: 'typecheck', args: { file_paths: [file], project_root: '.' }, variant: `typecheck ${file}` };
    }
    default:
      return { name: 'format_source', args: { source: `fmt_${tag}:String="f${tag}"\n` }, variant: 'format', tag };
  }
}

/** A result with its own tag replaced, so results of different requests of one variant compare equal. */
function normalized(result: Record<string, unknown>, tag: string | undefined): string {
  const text = JSON.stringify(result);
  if (tag === undefined) return text;
  assert.ok(text.includes(tag), `the result carries its request's tag ${tag}: ${text.slice(0, 200)}`);
  const own = text.replaceAll(tag, 'TAG');
  assert.doesNotMatch(own, /(unique_|fmt_|"[uf])\d{4}/, `no other request's tag in the result of ${tag}`);
  return own;
}

/** Solo results of every variant, one call at a time. */
async function baselines(client: Client, count: number): Promise<Map<string, string>> {
  const solo = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const planned = plan(i, BASELINE_TAG);
    if (solo.has(planned.variant)) continue;
    const result = await call(client, planned.name, planned.args);
    assert.equal(result.isError, false, JSON.stringify(result));
    solo.set(planned.variant, normalized(result, planned.tag && BASELINE_TAG));
  }
  return solo;
}

async function checked(client: Client, i: number, solo: Map<string, string>): Promise<void> {
  const planned = plan(i);
  const result = await call(client, planned.name, planned.args);
  assert.equal(normalized(result, planned.tag), solo.get(planned.variant), `call ${i} (${planned.variant}) answers as it does alone`);
}

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

async function httpClient(url: string, mode: 'legacy' | 'auto'): Promise<Client> {
  const client = new Client({ name: 'load', version: '1.0.0' }, { versionNegotiation: { mode } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

describe('1,000 concurrent tool calls over HTTP', { timeout: 180_000 }, () => {
  let project: Awaited<ReturnType<typeof scratchProject>>;
  let server: HttpServerProcess;
  const clients: Client[] = [];
  before(async () => {
    project = await scratchProject();
    server = await startHttp(project.dir);
    clients.push(await httpClient(server.url, 'auto'));
    for (let i = 0; i < 5; i++) clients.push(await httpClient(server.url, 'legacy'));
  });
  after(async () => {
    for (const client of clients) await client.close();
    await server.stop();
    await project.remove();
  });

  test('every call succeeds with its own answer, and a file written meanwhile is seen', async (t) => {
    const [modern, ...legacy] = clients as [Client, ...Client[]];
    assert.equal(modern.getProtocolEra(), 'modern');
    const solo = await baselines(modern, 5 * Math.max(QUERIES.length, REFERENCES.length, FILES.length));
    const rssBefore = rssMb(server.child.pid!);
    const started = performance.now();
    // Even calls go to the modern client (stateless POSTs), odd ones round-robin over the sessions.
    const burst = Array.from({ length: 1_000 }, (_, i) => checked(i % 2 === 0 ? modern : legacy[Math.floor(i / 2) % legacy.length]!, i, solo));
    // While the burst is queued behind the workspace: a file written now must be in the next call's answer.
    await writeFile(path.join(project.dir, 'fresh.yx'), 'pub zzy: Int = 1\n');
    const fresh = await call(modern, 'lookup_symbol', { query: 'zzy' });
    const results = await Promise.allSettled(burst);
    const elapsed = performance.now() - started;
    const failures = results.flatMap((r, i) => (r.status === 'rejected' ? [`${i}: ${(r.reason as Error).message}`] : []));
    assert.deepEqual(failures.slice(0, 5), [], `${failures.length} of 1,000 calls failed`);
    assert.deepEqual(fresh.symbols.map((s: { name: string; file: string }) => [s.name, s.file]), [['zzy', 'fresh.yx']]);
    const rssAfter = rssMb(server.child.pid!);
    t.diagnostic(`1,000 HTTP calls in ${Math.round(elapsed)} ms; server RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MB`);
    assert.ok(rssAfter < 1_024, `server RSS ${rssAfter} MB after the burst`);
    // And the server still answers alone, as before.
    await checked(modern, 0, solo);
  });
});

for (const kind of ['stdio-legacy', 'stdio-modern'] as const) {
  describe(`200 tool calls in flight on one ${kind} connection`, { timeout: 120_000 }, () => {
    let c: Connected;
    before(async () => {
      c = await connect(kind);
    });
    after(() => c.close());

    test('every call succeeds with its own answer', async (t) => {
      const solo = await baselines(c.client, 5 * Math.max(QUERIES.length, REFERENCES.length, FILES.length));
      const started = performance.now();
      const results = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => checked(c.client, i, solo)));
      const elapsed = performance.now() - started;
      const failures = results.flatMap((r, i) => (r.status === 'rejected' ? [`${i}: ${(r.reason as Error).message}`] : []));
      assert.deepEqual(failures.slice(0, 5), [], `${failures.length} of 200 calls failed`);
      t.diagnostic(`200 ${kind} calls in ${Math.round(elapsed)} ms`);
    });
  });
}
