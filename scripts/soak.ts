// `npm run soak -- [--minutes N]`: a steady mix of tool calls against a real
// `yaoxiang mcp` over HTTP (a modern client, a long-lived 2025-era session,
// and sessions opened, used and ended with DELETE over and over) and over
// stdio, for N minutes (default 10). Samples each server's RSS from
// /proc/PID/status and fails when a call fails, a result is not its own
// request's, or RSS after warm-up grows by more than --max-growth-percent.
// Too long for CI; run it by hand after changing the server.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { bin, demoProject, startHttp } from '../test/mcp/support.ts';
import { formatMs, median, percentile } from './bench/stats.ts';
import { residentBytes } from './proc.ts';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    minutes: { type: 'string', default: '10' },
    seconds: { type: 'string' },
    'warmup-seconds': { type: 'string' },
    rate: { type: 'string', default: '100' },
    'max-growth-percent': { type: 'string', default: '20' },
    'sample-ms': { type: 'string', default: '5000' },
  },
});
const durationMs = values.seconds !== undefined ? Number(values.seconds) * 1000 : Number(values.minutes) * 60_000;
// The HTTP server's RSS climbs for about three minutes at 100 calls/s (V8 and malloc settling; its
// heap after GC stays flat) and then holds; shorter runs warm up for 30% of their length.
const warmupMs = values['warmup-seconds'] !== undefined ? Number(values['warmup-seconds']) * 1000 : Math.min(180_000, durationMs * 0.3);
const rate = Number(values.rate);
const maxGrowth = Number(values['max-growth-percent']) / 100;
const sampleMs = Number(values['sample-ms']);
if (!(durationMs > 0) || !(warmupMs >= 0) || warmupMs >= durationMs || !(rate >= 0) || !(maxGrowth >= 0) || !(sampleMs > 0)) {
  process.stderr.write('usage: npm run soak -- [--minutes N | --seconds N] [--warmup-seconds N] [--rate CALLS_PER_S (0: as fast as it goes)] [--max-growth-percent P] [--sample-ms N]\n');
  process.exit(2);
}

const log = (line: string) => void process.stdout.write(line + '\n');

// The workspace tools read the project, so it is a copy nobody else changes.
const project = mkdtempSync(path.join(tmpdir(), 'yaoxiang-soak-'));
cpSync(demoProject, project, { recursive: true });

const QUERIES = ['total', 'squares', 'describe', 'distance', 'Point', 'origin', 'shift'];
const FILES = ['main.yx', 'utils.yx', 'geometry.yx'];

interface Planned {
  name: string;
  args: Record<string, unknown>;
  /** Unique to the request; its result must contain it and no other. */
  tag?: string;
}

let sequence = 0;
function nextCall(): Planned {
  const i = sequence++;
  const tag = `zq${i.toString(36).padStart(7, '0')}`;
  switch (i % 6) {
    case 0:
      return { name: 'parse_source', args: { source: `${tag}: String = "${tag}"\n`, max_depth: 6 }, tag };
    case 1:
      return { name: 'lookup_symbol', args: { query: QUERIES[i % QUERIES.length]! } };
    case 2:
      return { name: 'find_references', args: { query: QUERIES[i % QUERIES.length]! } };
    case 3:
      return { name: 'typecheck', args: { file_paths: [FILES[i % FILES.length]!], project_root: '.' } };
    case 4:
      return { name: 'format_source', args: { source: `${tag}:String="${tag}"\n` }, tag };
    default:
      return { name: 'explain_diagnostic', args: { code: 'E1002' } };
  }
}

interface Lane {
  name: string;
  latencies: number[];
  calls: number;
  errors: string[];
}

function lane(name: string): Lane {
  return { name, latencies: [], calls: 0, errors: [] };
}

async function oneCall(client: Client, into: Lane): Promise<void> {
  const planned = nextCall();
  const started = performance.now();
  try {
    const result = await client.callTool({ name: planned.name, arguments: planned.args }, { timeout: 30_000 });
    const text = JSON.stringify(result.structuredContent);
    if (result.isError) throw new Error(`isError: ${text.slice(0, 300)}`);
    if (planned.tag !== undefined && (!text.includes(planned.tag) || (text.match(/zq[0-9a-z]{7}/g) ?? []).some((t) => t !== planned.tag))) {
      throw new Error(`the result of ${planned.tag} is not its own: ${text.slice(0, 300)}`);
    }
    into.latencies.push(performance.now() - started);
  } catch (error) {
    into.errors.push(`${planned.name}: ${(error as Error).message}`);
  }
  into.calls++;
}

const workers = 7;
/** Each worker's time per call, so that all of them together make `rate` calls a second. */
const pace = rate > 0 ? (workers * 1000) / rate : 0;
const deadline = Date.now() + durationMs;

/** One call, then the rest of this worker's share of a second. */
async function pacedCall(client: Client, into: Lane): Promise<void> {
  const started = Date.now();
  await oneCall(client, into);
  const rest = pace - (Date.now() - started);
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
}

async function steady(client: Client, into: Lane): Promise<void> {
  while (Date.now() < deadline) await pacedCall(client, into);
}

async function httpClient(url: string, mode: 'legacy' | 'auto'): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'soak', version: '1.0.0' }, { versionNegotiation: { mode } });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  return { client, transport };
}

function rssMb(pid: number): number {
  const bytes = residentBytes(pid);
  if (bytes === undefined) throw new Error(`no VmRSS for ${pid}`);
  return bytes / 1048576;
}

const http = await startHttp(project);
const modern = await httpClient(http.url, 'auto');
const session = await httpClient(http.url, 'legacy');
const stdioTransport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--project-root', project], stderr: 'ignore' });
const stdio = new Client({ name: 'soak', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
await stdio.connect(stdioTransport);

const servers = [
  { name: 'http', pid: http.child.pid! },
  { name: 'stdio', pid: stdioTransport.pid! },
];
const samples = new Map(servers.map((s) => [s.name, [] as Array<{ at: number; rss: number }>]));
const startedAt = Date.now();
const sample = () => {
  for (const s of servers) samples.get(s.name)!.push({ at: Date.now() - startedAt, rss: rssMb(s.pid) });
};
sample();
const sampler = setInterval(sample, sampleMs);

const lanes = { modern: lane('http modern'), session: lane('http session'), churn: lane('http new sessions'), stdio: lane('stdio') };
let sessionsOpened = 0;
log(`# soak: ${Math.round(durationMs / 1000)} s (warm-up ${Math.round(warmupMs / 1000)} s), ${rate > 0 ? `${rate} calls/s` : 'unpaced'}, ${workers} workers; HTTP server pid ${servers[0]!.pid}, stdio server pid ${servers[1]!.pid}`);

const progress = setInterval(() => {
  const done = Object.values(lanes).reduce((n, l) => n + l.calls, 0);
  const errors = Object.values(lanes).reduce((n, l) => n + l.errors.length, 0);
  const rss = servers.map((s) => `${s.name} ${samples.get(s.name)!.at(-1)!.rss.toFixed(1)} MB`).join(', ');
  process.stderr.write(`soak: ${Math.round((Date.now() - startedAt) / 1000)} s, ${done} calls, ${errors} errors, RSS ${rss}\n`);
}, 30_000);

await Promise.all([
  steady(modern.client, lanes.modern),
  steady(modern.client, lanes.modern),
  steady(session.client, lanes.session),
  steady(session.client, lanes.session),
  steady(stdio, lanes.stdio),
  steady(stdio, lanes.stdio),
  // Five calls per session, then DELETE: the server's session table must not grow.
  (async () => {
    while (Date.now() < deadline) {
      try {
        const fresh = await httpClient(http.url, 'legacy');
        sessionsOpened++;
        for (let k = 0; k < 5 && Date.now() < deadline; k++) await pacedCall(fresh.client, lanes.churn);
        await fresh.transport.terminateSession();
        await fresh.client.close();
      } catch (error) {
        lanes.churn.errors.push(`session: ${(error as Error).message}`);
      }
    }
  })(),
]);
clearInterval(progress);
clearInterval(sampler);
sample();

await modern.client.close();
await session.client.close();
await stdio.close();
await http.stop();
rmSync(project, { recursive: true, force: true });

// Medians of a few samples, so one sample taken just before a GC does not decide.
const around = (list: Array<{ at: number; rss: number }>, at: number) => {
  const nearest = [...list].sort((a, b) => Math.abs(a.at - at) - Math.abs(b.at - at)).slice(0, 3);
  return median(nearest.map((s) => s.rss));
};

let failed = false;
log('');
log('| server | RSS start | after warm-up | end | max | growth after warm-up |');
log('|---|---|---|---|---|---|');
for (const s of servers) {
  const list = samples.get(s.name)!;
  const start = list[0]!.rss;
  const warm = around(list, warmupMs);
  const end = around(list, list.at(-1)!.at);
  const max = Math.max(...list.map((x) => x.rss));
  const growth = (end - warm) / warm;
  const over = growth > maxGrowth;
  failed ||= over;
  log(`| ${s.name} | ${start.toFixed(1)} MB | ${warm.toFixed(1)} MB | ${end.toFixed(1)} MB | ${max.toFixed(1)} MB | ${(growth * 100).toFixed(1)}%${over ? ` (over ${values['max-growth-percent']}%)` : ''} |`);
}
log('');
log('| lane | calls | errors | P50 | P99 | max |');
log('|---|---|---|---|---|---|');
for (const l of Object.values(lanes)) {
  log(`| ${l.name} | ${l.calls} | ${l.errors.length} | ${formatMs(median(l.latencies))} | ${formatMs(percentile(l.latencies, 99))} | ${formatMs(Math.max(...l.latencies))} |`);
  if (l.errors.length > 0) {
    failed = true;
    for (const e of l.errors.slice(0, 5)) log(`  ${l.name} error: ${e}`);
  }
}
const all = Object.values(lanes).flatMap((l) => l.latencies);
const calls = Object.values(lanes).reduce((n, l) => n + l.calls, 0);
const errors = Object.values(lanes).reduce((n, l) => n + l.errors.length, 0);
log('');
log(`total: ${calls} calls (${(calls / (durationMs / 1000)).toFixed(1)}/s), ${errors} errors, P50 ${formatMs(median(all))}, P99 ${formatMs(percentile(all, 99))}; ${sessionsOpened} sessions opened and ended`);
log(failed ? 'FAIL' : 'PASS');
process.exitCode = failed ? 1 : 0;
