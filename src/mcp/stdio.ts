// stdio: newline-delimited JSON-RPC on stdin/stdout; both protocol eras from one factory.
import { serializeMessage } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { Host } from './host.ts';
import { buildServer } from './server.ts';
import type { ToolRunner } from './tool-pool.ts';
import { holdWhileBusy } from './back-pressure.ts';
import { shutdownWhenGone, watchClient } from './shutdown.ts';
import { answerDroppedLines } from './stdio-guard.ts';

/** Where tools/call runs (the worker pool) and how many calls it holds, for back-pressure and shutdown; in process when absent. */
export interface CallRunner {
  run: ToolRunner;
  readonly pending: number;
  dispose(): Promise<void>;
}

export function serveOverStdio(host: Host, runner?: CallRunner): { close(): Promise<void> } {
  const input = process.stdin
    .pipe(holdWhileBusy(process.stdout, () => runner?.pending ?? 0))
    .pipe(answerDroppedLines((message) => void process.stdout.write(serializeMessage(message))));
  const handle = serveStdio(() => buildServer(host, runner?.run), {
    transport: new StdioServerTransport(input, process.stdout),
    // The SDK reports each line it drops with the whole zod issue list (about 60 lines); the
    // client has had its answer from the guard, so the reason fits on one line here.
    onerror: (error) => host.log(`stdio: ${oneLine(error.message)}`),
  });
  const shutdown = shutdownWhenGone({ cancelWork: () => runner?.dispose() ?? Promise.resolve(), close: () => handle.close(), log: host.log });
  watchClient(process.stdin, process.stdout, shutdown);
  return handle;
}

function oneLine(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
