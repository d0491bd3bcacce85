// The `mcp-stdio` target: lines of mutated JSON-RPC written to one running
// `yaoxiang mcp`. After each case a ping must come back (the server still
// reads), every 500 cases a real tool call must succeed, and stdout must only
// ever carry JSON-RPC.
import type { Problem } from '../loop.ts';
import type { TargetOptions, TargetReport } from '../target.ts';
import { INITIALIZE_PARAMS, request } from './messages.ts';
import { ServerProcess } from './process.ts';
import { fuzzStream, replayStream, StreamSession, type Delivery, type StreamTransport } from './stream.ts';

export class StdioSession extends StreamSession {
  readonly server = new ServerProcess([]);
  #buffer = '';

  constructor() {
    super();
    this.server.child.stdout.setEncoding('utf8');
    this.server.child.stdout.on('data', (chunk: string) => {
      this.#buffer += chunk;
      for (let end = this.#buffer.indexOf('\n'); end >= 0; end = this.#buffer.indexOf('\n')) {
        const text = this.#buffer.slice(0, end);
        this.#buffer = this.#buffer.slice(end + 1);
        this.receive(text);
      }
    });
    this.server.child.once('exit', () => this.ended());
  }

  /** A session past its opening: `initialize` (2025 era) or `server/discover` (2026-07-28). */
  static async open(modern: boolean, timeoutMs: number): Promise<StdioSession> {
    const session = new StdioSession();
    const opening = modern ? request('open', 'server/discover', {}, true) : request('open', 'initialize', INITIALIZE_PARAMS, false);
    const problem = await session.exchange([JSON.stringify(opening)], timeoutMs);
    if (problem) throw new Error(`the server did not open: ${problem.check}: ${problem.message}`);
    if (!modern) await session.deliver([JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })]);
    return session;
  }

  protected async deliver(lines: readonly string[]): Promise<Delivery> {
    this.server.child.stdin.write(lines.map((l) => l + '\n').join(''));
    return { taken: lines };
  }
}

export const stdioTransport: StreamTransport = { name: 'mcp-stdio', eras: [false, true], open: (modern, timeoutMs) => StdioSession.open(modern, timeoutMs) };

/** One fixture's lines against a fresh server, then the health check. */
export function replayStdio(lines: readonly string[], timeoutMs = 10_000): Promise<Problem | undefined> {
  return replayStream(stdioTransport, lines, timeoutMs);
}

export function fuzzMcpStdio(options: TargetOptions): Promise<TargetReport> {
  return fuzzStream(stdioTransport, options);
}
