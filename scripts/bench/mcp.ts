// parse_source over stdio as agents call it, with default arguments, on 1,000
// real lines (the shared corpus), next to its floor in the same run: a trivial
// tool call (explain_diagnostic) on the same server. A raw JSON-RPC client
// measures the server and the pipe; the TypeScript SDK's client, interleaved
// with it, adds what that client pays; the Python SDK's is in python-client.ts.
// The server keeps the last few texts it parsed (mcp/parsed-sources.ts), so a
// source sent again is not parsed again; a source new on every call (a comment
// line that differs) shows the whole path, and the server's CPU per call is
// given for both. Goal (issues 21 and 24): P99 ≤ 10 ms over stdio.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startHttp } from '../../test/mcp/support.ts';
import { startRaw } from '../../test/support/raw-mcp.ts';
import { generateYaoXiangLines } from './generate.ts';
import { cpuTimeMs } from './lsp-edit.ts';
import { benchPythonClient } from './python-client.ts';
import { openRawHttpSession } from './raw-http.ts';
import { SLOW_ARGS } from './slow-session.ts';
import { formatMs, formatSummary, goalLine, interleave, median, summarize } from './stats.ts';

const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../../..');
const demo = path.join(repoRoot, 'examples/demo');
const CALLS = 500;
/** Calls over which the server's CPU time is read: its clock counts in 10 ms ticks. */
const CPU_CALLS = 200;

/** The first 1,000 lines of the shared corpus's files in order, or generated lines on a machine without it. */
export function thousandRealLines(): { source: string; origin: string } {
  const corpus = path.resolve(repoRoot, '..', 'shared', 'corpus');
  let files: string[];
  try {
    files = readdirSync(corpus, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yx')).sort();
  } catch {
    return { source: generateYaoXiangLines(1_000), origin: 'generated (no ../shared/corpus)' };
  }
  const lines: string[] = [];
  for (const file of files) {
    if (lines.length >= 1_000) break;
    lines.push(...readFileSync(path.join(corpus, file), 'utf8').replace(/\n$/, '').split('\n'));
  }
  return { source: lines.slice(0, 1_000).join('\n') + '\n', origin: `../shared/corpus, ${files.length} files in path order` };
}

export async function benchMcp(log: (line: string) => void): Promise<void> {
  const { source, origin } = thousandRealLines();
  const args = { source };
  const raw = await startRaw(demo);
  const sdk = new Client({ name: 'bench', version: '1.0.0' });
  await sdk.connect(new StdioClientTransport({ command: process.execPath, args: [path.join(repoRoot, 'bin/yaoxiang.js'), 'mcp', '--project-root', demo], stderr: 'ignore' }));
  let id = 1;
  let calls = 0;
  const newSource = () => `${source}// call ${calls++}\n`;
  let nodes = 0;
  let chars = 0;
  const rawCall = async (name: string, callArgs: Record<string, unknown>) => {
    const answer = await raw.call(id++, name, callArgs);
    raw.messages.length = 0; // the raw client keeps every message; the bench needs none
    const result = answer.result as { isError?: boolean; structuredContent: { node_count?: number }; content: Array<{ text: string }> } | undefined;
    if (result?.isError !== false) throw new Error(JSON.stringify(answer).slice(0, 500));
    return result;
  };
  try {
    const samples = await interleave(
      {
        'parse_source, raw client': async () => {
          const result = await rawCall('parse_source', args);
          nodes = result.structuredContent.node_count!;
          chars = result.content[0]!.text.length;
        },
        'floor: explain_diagnostic, raw client': async () => void (await rawCall('explain_diagnostic', { code: 'E0001' })),
        'parse_source, new source each call': async () => void (await rawCall('parse_source', { source: newSource() })),
        'parse_source, TypeScript SDK client': async () => {
          const result = await sdk.callTool({ name: 'parse_source', arguments: args });
          if (result.isError) throw new Error(JSON.stringify(result.content));
        },
      },
      { warmup: 20, rounds: CALLS },
    );
    log(`parse_source with default arguments on ${source.split('\n').length - 1} lines (${source.length} chars; ${origin}): ${nodes} nodes, a ${chars}-character result; ${CALLS} calls each, interleaved:`);
    for (const [name, times] of Object.entries(samples)) log(`  ${name.padEnd(38)} ${formatSummary(summarize(times))}`);
    log(goalLine('parse_source P99 over stdio (raw client)', summarize(samples['parse_source, raw client']).p99, 10));
    log(goalLine('parse_source P99 over stdio, new source each call', summarize(samples['parse_source, new source each call']).p99, 10));
    const cpu = async (name: string, call: () => Promise<unknown>) => {
      const before = cpuTimeMs(raw.child.pid);
      for (let i = 0; i < CPU_CALLS; i++) await call();
      const after = cpuTimeMs(raw.child.pid);
      if (before !== undefined && after !== undefined) log(`  server CPU per call (user + system, ${CPU_CALLS} calls), ${name.padEnd(22)} ${formatMs((after - before) / CPU_CALLS)}`);
    };
    await cpu('same source', () => rawCall('parse_source', args));
    await cpu('new source each call', () => rawCall('parse_source', { source: newSource() }));
  } finally {
    raw.child.stdin!.end();
    await raw.exited;
    await sdk.close();
  }
  await benchHttpBesideSlowCall(log, source);
  await benchPythonClient(log, source);
}

/** Calls of each client beside the slow session. */
const HTTP_CALLS = 200;

/**
 * Issue 21: parse_source over HTTP while another session on the same server
 * runs slow calls back to back. That session is another process (another
 * client); here a raw client (the goal's figure, as over stdio) and the
 * TypeScript SDK's take turns. Then the floor of that figure on this machine:
 * the same raw calls while the slow session runs on a second server process,
 * so that the two share the processors and nothing else.
 */
async function benchHttpBesideSlowCall(log: (line: string) => void, source: string): Promise<void> {
  const server = await startHttp(demo);
  let raw: Awaited<ReturnType<typeof openRawHttpSession>> | undefined;
  const sdk = new Client({ name: 'bench', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
  const check = (result: { isError?: boolean }) => {
    if (result.isError !== false) throw new Error(`parse_source failed: ${JSON.stringify(result).slice(0, 300)}`);
  };
  try {
    const session = (raw = await openRawHttpSession(server.url));
    await sdk.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const rawCall = async () => check(await session.callTool('parse_source', { source }));
    const { samples, slowTimes } = await besideSlowSession(server.url, () =>
      interleave(
        {
          'raw client': rawCall,
          'TypeScript SDK client (legacy era)': async () => check(await sdk.callTool({ name: 'parse_source', arguments: { source } }) as { isError?: boolean }),
        },
        { warmup: 10, rounds: HTTP_CALLS },
      ),
    );
    log(`parse_source over HTTP while another session (its own process) runs slow calls (${SLOW_ARGS.source.length} characters, ${SLOW_ARGS.max_nodes} nodes: median ${formatMs(median(slowTimes))}, ${slowTimes.length} of them); ${HTTP_CALLS} calls each, interleaved:`);
    for (const [name, times] of Object.entries(samples)) log(`  ${name.padEnd(38)} ${formatSummary(summarize(times))}`);
    log(goalLine('parse_source P99 over HTTP beside a slow call (raw client)', summarize(samples['raw client']).p99, 10));
    const other = await startHttp(demo);
    try {
      const floor = await besideSlowSession(other.url, () => interleave({ 'raw client': rawCall }, { warmup: 10, rounds: HTTP_CALLS }));
      log(`  floor: the same raw calls with the slow session on another server process (median slow call ${formatMs(median(floor.slowTimes))}):`);
      log(`  ${'raw client'.padEnd(38)} ${formatSummary(summarize(floor.samples['raw client']))}`);
    } finally {
      await other.stop();
    }
  } finally {
    raw?.close();
    await sdk.close();
    await server.stop();
  }
}

/** What `measure` gives, measured while a slow session (its own process) calls the server at `url` back to back; and the slow calls' times. */
async function besideSlowSession<T>(url: string, measure: () => Promise<T>): Promise<{ samples: T; slowTimes: number[] }> {
  const slowSession = spawn(process.execPath, [fileURLToPath(new URL('./slow-session.js', import.meta.url)), url], { stdio: ['pipe', 'pipe', 'inherit'] });
  const slowTimes: number[] = [];
  // Listened for from the start: a session that dies while the calls are measured has ended too.
  const ended = new Promise((resolve) => slowSession.once('exit', resolve));
  try {
    const lines = createInterface({ input: slowSession.stdout });
    await new Promise<void>((resolve, reject) => {
      slowSession.once('exit', (code) => reject(new Error(`the slow session exited with ${code} before it began`)));
      lines.on('line', (line) => (line === 'ready' ? resolve() : slowTimes.push(Number(line))));
    });
    const samples = await measure();
    slowSession.stdin.end();
    await ended;
    return { samples, slowTimes };
  } finally {
    slowSession.kill();
  }
}
