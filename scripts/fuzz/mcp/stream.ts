// What the stdio and HTTP+SSE targets share: a running `yaoxiang mcp` whose
// answers arrive on one stream, apart from the requests that carried them.
// A case's lines go out through the transport; then the session waits for
// every response they are owed and for a canary ping, and judges everything
// that came back in between. Each transport says how lines go out and feeds
// what comes back to receive().
import fc from 'fast-check';
import { fuzzLoop, type Problem } from '../loop.ts';
import { seedPrograms } from '../source/target.ts';
import { keepFinding, type TargetOptions, type TargetReport } from '../target.ts';
import type { ListedTool } from './args.ts';
import { badToolReply, idKey, isObject, malformedReply, owed } from './expect.ts';
import { line, MODERN_META, request } from './messages.ts';
import type { ServerProcess } from './process.ts';

export type Message = Record<string, unknown>;

export interface Delivery {
  /** The lines the transport took and owes answers to on the stream; the others were refused, and answered, on their own (judged by the transport). */
  taken: readonly string[];
  /** Something wrong in how the transport itself answered. */
  problem?: Problem;
}

export abstract class StreamSession {
  abstract readonly server: ServerProcess;
  readonly #received: Message[] = [];
  readonly #notJson: string[] = [];
  #wake: (() => void) | undefined;
  #canary = 0;
  /**
   * Answers that may still come to requests an earlier case cancelled (or
   * otherwise allowed but did not require an answer to). Tool
   * calls run on worker threads while ping is answered at once, so such an
   * answer (the spec lets a receiver answer a request it could not stop) may
   * arrive after that case's canary: it is owed to no later case, and not a
   * second answer to a later request that reuses the id.
   */
  readonly #late = new Map<string, number>();

  /** Sends the lines, in order, each as one message. */
  protected abstract deliver(lines: readonly string[], timeoutMs: number): Promise<Delivery>;

  /** One message that came back, as text. */
  protected receive(text: string): void {
    try {
      this.#received.push(JSON.parse(text) as Message);
    } catch {
      this.#notJson.push(text);
    }
    this.#wake?.();
  }

  /** Ends the session and its server. */
  async close(): Promise<void> {
    await this.server.stop();
  }

  /** Wakes waiters when the server is gone. */
  protected ended(): void {
    this.#wake?.();
  }

  async tools(timeoutMs: number): Promise<ListedTool[]> {
    const reply = await this.call(request('tools', 'tools/list', {}, false), timeoutMs);
    return ((reply?.result as { tools?: ListedTool[] } | undefined)?.tools) ?? [];
  }

  /** One request and its response (undefined on timeout or exit). */
  async call(message: Message, timeoutMs: number): Promise<Message | undefined> {
    const from = this.#received.length;
    await this.deliver([JSON.stringify(message)], timeoutMs);
    const key = idKey(message.id);
    await this.#until(() => this.#received.slice(from).some((m) => idKey(m.id) === key), timeoutMs);
    return this.#received.slice(from).find((m) => idKey(m.id) === key);
  }

  async exchange(lines: readonly string[], timeoutMs: number): Promise<Problem | undefined> {
    if (this.server.exited) return this.#exited();
    const from = this.#received.length;
    const notJsonFrom = this.#notJson.length;
    const delivery = await this.deliver(lines, timeoutMs);
    if (delivery.problem) return delivery.problem;
    const expected = owed(delivery.taken, { batches: false });
    const count = (key: string) => this.#received.slice(from).filter((m) => 'id' in m && idKey(m.id) === key).length;
    const complete = () => [...expected.ids].every(([key, n]) => count(key) >= n);
    await this.#until(complete, timeoutMs);
    const canary = `fuzz-canary-${this.#canary++}`;
    await this.deliver([JSON.stringify({ jsonrpc: '2.0', id: canary, method: 'ping' })], timeoutMs);
    await this.#until(() => count(idKey(canary)) > 0, timeoutMs);
    if (this.#notJson.length > notJsonFrom) return { check: 'stdout-not-json', message: `the server sent ${JSON.stringify(this.#notJson[notJsonFrom]!.slice(0, 200))}` };
    const replies = this.#received.slice(from).filter((m) => m.id !== canary);
    for (const reply of replies) {
      const bad = malformedReply(reply);
      if (bad) return { check: 'malformed-reply', message: `${bad}: ${JSON.stringify(reply).slice(0, 300)}` };
    }
    /** Takes up to `n` answers of `key` as the late ones an earlier case's cancel allowed; returns how many. */
    const takeLate = (key: string, n: number) => {
      const taken = Math.min(n, this.#late.get(key) ?? 0);
      if (taken > 0) this.#late.set(key, this.#late.get(key)! - taken);
      return taken;
    };
    for (const [key, n] of expected.ids) {
      let got = count(key);
      if (got > n) got -= takeLate(key, got - n);
      if (got < n) return { check: 'missing-response', message: `no response with id ${key.slice(0, 60)} within ${timeoutMs} ms${this.server.exited ? ' (the server exited)' : ''}` };
      if (got > n) return { check: 'duplicate-response', message: `${got} responses with id ${key.slice(0, 60)}, owed ${n}` };
    }
    // What a case may but need not be answered (cancelled requests, ids an error may echo) can be answered after it.
    for (const key of expected.allowed) if (!expected.ids.has(key) && count(key) === 0) this.#late.set(key, (this.#late.get(key) ?? 0) + 1);
    for (const reply of replies) {
      if (!('id' in reply)) continue;
      const key = idKey(reply.id);
      if (reply.id === null && 'error' in reply) continue;
      if (!expected.allowed.has(key) && takeLate(key, 1) === 0) return { check: 'unexpected-response', message: `a response with id ${key.slice(0, 60)} that nothing asked for: ${JSON.stringify(reply).slice(0, 300)}` };
      if (expected.toolCalls.has(key)) {
        const bad = badToolReply(reply);
        if (bad) return { check: 'bad-tool-reply', message: bad };
      }
    }
    if (count(idKey(canary)) === 0) return this.server.exited ? this.#exited() : { check: 'stopped-reading', message: `no answer to a ping within ${timeoutMs} ms` };
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

/** Sessions of one transport, opened in either protocol era. */
export interface StreamTransport {
  name: 'mcp-stdio' | 'mcp-sse';
  /** The eras a session can be opened in: stdio takes both, HTTP+SSE only initialize. */
  eras: readonly boolean[];
  open(modern: boolean, timeoutMs: number): Promise<StreamSession>;
}

/** One fixture's lines against a fresh server in each era, then the health check. */
export async function replayStream(transport: StreamTransport, lines: readonly string[], timeoutMs = 10_000): Promise<Problem | undefined> {
  for (const modern of transport.eras) {
    const session = await transport.open(modern, timeoutMs);
    try {
      const problem = (await session.exchange(lines, timeoutMs)) ?? (await session.healthy(timeoutMs));
      if (problem) return problem;
    } finally {
      await session.close();
    }
  }
  return undefined;
}

export async function fuzzStream(transport: StreamTransport, options: TargetOptions): Promise<TargetReport> {
  const seeds = seedPrograms().filter((s) => s.length < 4000);
  const report: TargetReport = { target: transport.name, inputs: 0, seconds: 0, findings: [], peakRssMb: 0 };
  // The budget shared between connections opened in each era.
  for (const modern of transport.eras) {
    let session = await transport.open(modern, options.timeoutMs);
    const tools = await session.tools(options.timeoutMs);
    if (tools.length === 0) throw new Error('tools/list gave no tools');
    let cases = 0;
    const stats = await fuzzLoop<string[]>({
      arbitrary: fc.array(line(tools, seeds), { minLength: 1, maxLength: 4 }),
      run: async (lines) => {
        if (session.server.exited) {
          report.peakRssMb = Math.max(report.peakRssMb, Math.round(session.server.peakRss / 1048576));
          await session.close();
          session = await transport.open(modern, options.timeoutMs);
        }
        const problem = await session.exchange(lines, options.timeoutMs);
        if (problem || ++cases % 500 !== 0) return problem;
        return session.healthy(options.timeoutMs);
      },
      seconds: options.seconds / transport.eras.length,
      seed: options.seed + (modern ? 1 : 0),
      shrinkSeconds: 30,
      onFinding: (finding) => keepFinding(options, transport.name, finding),
    });
    const final = await session.healthy(options.timeoutMs);
    if (final) {
      options.log(`${transport.name}: FAILED after the run: ${final.check}: ${final.message}`);
      stats.findings.push({ ...final, input: [], hits: 1 });
    }
    options.log(`${transport.name} (${modern ? MODERN_META['io.modelcontextprotocol/protocolVersion'] : 'initialize'} opening): ${stats.inputs} cases, health checks passed: ${final ? 'no' : 'yes'}`);
    await session.close();
    report.inputs += stats.inputs;
    report.seconds += stats.seconds;
    report.findings.push(...stats.findings);
    report.peakRssMb = Math.max(report.peakRssMb, Math.round(session.server.peakRss / 1048576));
  }
  return report;
}
