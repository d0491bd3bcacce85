// The `mcp-stdio` target: lines of mutated JSON-RPC written to one running
// `yaoxiang mcp`. After each case a ping must come back (the server still
// reads), every 500 cases a real tool call must succeed, and stdout must only
// ever carry JSON-RPC.
import fc from 'fast-check';
import { fuzzLoop, type Problem } from '../loop.ts';
import { seedPrograms } from '../source/target.ts';
import { keepFinding, type TargetOptions, type TargetReport } from '../target.ts';
import type { ListedTool } from './args.ts';
import { badToolReply, isObject, malformedReply, owed } from './expect.ts';
import { INITIALIZE_PARAMS, line, MODERN_META, request } from './messages.ts';
import { ServerProcess } from './process.ts';

type Message = Record<string, unknown>;

export class StdioSession {
  readonly server = new ServerProcess([]);
  readonly #received: Message[] = [];
  readonly #notJson: string[] = [];
  #buffer = '';
  #wake: (() => void) | undefined;
  #canary = 0;

  constructor() {
    this.server.child.stdout.setEncoding('utf8');
    this.server.child.stdout.on('data', (chunk: string) => {
      this.#buffer += chunk;
      for (let end = this.#buffer.indexOf('\n'); end >= 0; end = this.#buffer.indexOf('\n')) {
        const text = this.#buffer.slice(0, end);
        this.#buffer = this.#buffer.slice(end + 1);
        try {
          this.#received.push(JSON.parse(text) as Message);
        } catch {
          this.#notJson.push(text);
        }
      }
      this.#wake?.();
    });
    this.server.child.once('exit', () => this.#wake?.());
  }

  /** A session past its opening: `initialize` (2025 era) or `server/discover` (2026-07-28). */
  static async open(modern: boolean, timeoutMs: number): Promise<StdioSession> {
    const session = new StdioSession();
    const opening = modern ? request('open', 'server/discover', {}, true) : request('open', 'initialize', INITIALIZE_PARAMS, false);
    const problem = await session.exchange([JSON.stringify(opening)], timeoutMs);
    if (problem) throw new Error(`the server did not open: ${problem.check}: ${problem.message}`);
    if (!modern) session.write([JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })]);
    return session;
  }

  write(lines: readonly string[]): void {
    this.server.child.stdin.write(lines.map((l) => l + '\n').join(''));
  }

  async tools(timeoutMs: number): Promise<ListedTool[]> {
    const reply = await this.call(request('tools', 'tools/list', {}, false), timeoutMs);
    return ((reply?.result as { tools?: ListedTool[] } | undefined)?.tools) ?? [];
  }

  /** One request and its response (undefined on timeout or exit). */
  async call(message: Message, timeoutMs: number): Promise<Message | undefined> {
    const from = this.#received.length;
    this.write([JSON.stringify(message)]);
    const key = JSON.stringify(message.id);
    await this.#until(() => this.#received.slice(from).some((m) => JSON.stringify(m.id) === key), timeoutMs);
    return this.#received.slice(from).find((m) => JSON.stringify(m.id) === key);
  }

  /**
   * Writes the lines, waits for every response they are owed, then for a
   * canary ping, and judges everything that came back in between.
   */
  async exchange(lines: readonly string[], timeoutMs: number): Promise<Problem | undefined> {
    if (this.server.exited) return this.#exited();
    const expected = owed(lines, { batches: false });
    const from = this.#received.length;
    const notJsonFrom = this.#notJson.length;
    this.write(lines);
    const count = (key: string) => this.#received.slice(from).filter((m) => 'id' in m && JSON.stringify(m.id) === key).length;
    const complete = () => [...expected.ids].every(([key, n]) => count(key) >= n);
    await this.#until(complete, timeoutMs);
    const canary = `fuzz-canary-${this.#canary++}`;
    this.write([JSON.stringify({ jsonrpc: '2.0', id: canary, method: 'ping' })]);
    await this.#until(() => count(JSON.stringify(canary)) > 0, timeoutMs);
    if (this.#notJson.length > notJsonFrom) return { check: 'stdout-not-json', message: `stdout carried ${JSON.stringify(this.#notJson[notJsonFrom]!.slice(0, 200))}` };
    const replies = this.#received.slice(from).filter((m) => m.id !== canary);
    for (const reply of replies) {
      const bad = malformedReply(reply);
      if (bad) return { check: 'malformed-reply', message: `${bad}: ${JSON.stringify(reply).slice(0, 300)}` };
    }
    for (const [key, n] of expected.ids) {
      const got = count(key);
      if (got < n) return { check: 'missing-response', message: `no response with id ${key.slice(0, 60)} within ${timeoutMs} ms${this.server.exited ? ' (the server exited)' : ''}` };
      if (got > n) return { check: 'duplicate-response', message: `${got} responses with id ${key.slice(0, 60)}, owed ${n}` };
    }
    for (const reply of replies) {
      if (!('id' in reply)) continue;
      const key = JSON.stringify(reply.id);
      if (reply.id === null && 'error' in reply) continue;
      if (!expected.allowed.has(key)) return { check: 'unexpected-response', message: `a response with id ${key.slice(0, 60)} that nothing asked for: ${JSON.stringify(reply).slice(0, 300)}` };
      if (expected.toolCalls.has(key)) {
        const bad = badToolReply(reply);
        if (bad) return { check: 'bad-tool-reply', message: bad };
      }
    }
    if (count(JSON.stringify(canary)) === 0) return this.server.exited ? this.#exited() : { check: 'stopped-reading', message: `no answer to a ping within ${timeoutMs} ms` };
    return undefined;
  }

  /** A real tool call on real code must still work. */
  async healthy(timeoutMs: number): Promise<Problem | undefined> {
    const reply = await this.call(request(`health-${this.#canary++}`, 'tools/call', { name: 'parse_source', arguments: { source: 'x = 1\n' } }, false), timeoutMs);
    const result = reply?.result;
    if (isObject(result) && result.isError === false) return undefined;
    return this.server.exited ? this.#exited() : { check: 'stopped-serving', message: `a valid tools/call got ${JSON.stringify(reply).slice(0, 300)}` };
  }

  #exited(): Problem {
    const exit = this.server.exited!;
    return { check: 'server-exited', message: `the server exited (code ${exit.code}, signal ${exit.signal}): ${this.server.stderrTail(500)}` };
  }

  async #until(done: () => boolean, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done() && !this.server.exited && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    this.#wake = undefined;
  }
}

/** One fixture's lines against a fresh server, then the health check. */
export async function replayStdio(lines: readonly string[], timeoutMs = 10_000): Promise<Problem | undefined> {
  for (const modern of [false, true]) {
    const session = await StdioSession.open(modern, timeoutMs);
    try {
      const problem = (await session.exchange(lines, timeoutMs)) ?? (await session.healthy(timeoutMs));
      if (problem) return problem;
    } finally {
      await session.server.stop();
    }
  }
  return undefined;
}

export async function fuzzMcpStdio(options: TargetOptions): Promise<TargetReport> {
  const seeds = seedPrograms().filter((s) => s.length < 4000);
  const report: TargetReport = { target: 'mcp-stdio', inputs: 0, seconds: 0, findings: [], peakRssMb: 0 };
  // Half the budget on a connection opened in each protocol era.
  for (const modern of [false, true]) {
    let session = await StdioSession.open(modern, options.timeoutMs);
    const tools = await session.tools(options.timeoutMs);
    if (tools.length === 0) throw new Error('tools/list gave no tools');
    let cases = 0;
    const stats = await fuzzLoop<string[]>({
      arbitrary: fc.array(line(tools, seeds), { minLength: 1, maxLength: 4 }),
      run: async (lines) => {
        if (session.server.exited) {
          report.peakRssMb = Math.max(report.peakRssMb, Math.round(session.server.peakRss / 1048576));
          session = await StdioSession.open(modern, options.timeoutMs);
        }
        const problem = await session.exchange(lines, options.timeoutMs);
        if (problem || ++cases % 500 !== 0) return problem;
        return session.healthy(options.timeoutMs);
      },
      seconds: options.seconds / 2,
      seed: options.seed + (modern ? 1 : 0),
      shrinkSeconds: 30,
      onFinding: (finding) => keepFinding(options, 'mcp-stdio', finding),
    });
    const final = await session.healthy(options.timeoutMs);
    if (final) {
      options.log(`mcp-stdio: FAILED after the run: ${final.check}: ${final.message}`);
      stats.findings.push({ ...final, input: [], hits: 1 });
    }
    options.log(`mcp-stdio (${modern ? MODERN_META['io.modelcontextprotocol/protocolVersion'] : 'initialize'} opening): ${stats.inputs} cases, health checks passed: ${final ? 'no' : 'yes'}`);
    await session.server.stop();
    report.inputs += stats.inputs;
    report.seconds += stats.seconds;
    report.findings.push(...stats.findings);
    report.peakRssMb = Math.max(report.peakRssMb, Math.round(session.server.peakRss / 1048576));
  }
  return report;
}
