// stdio: newline-delimited JSON-RPC on stdin/stdout; both protocol eras from one factory.
import { serializeMessage } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { Host } from './host.ts';
import { buildServer } from './server.ts';
import type { ToolRunner } from './tool-pool.ts';
import { holdWhileBusy } from './back-pressure.ts';
import { answerDroppedLines } from './stdio-guard.ts';

/** `pendingCalls` counts the calls accepted and not yet answered, for back-pressure. */
export function serveOverStdio(host: Host, run?: ToolRunner, pendingCalls: () => number = () => 0): { close(): Promise<void> } {
  const input = process.stdin
    .pipe(holdWhileBusy(process.stdout, pendingCalls))
    .pipe(answerDroppedLines((message) => void process.stdout.write(serializeMessage(message))));
  const handle = serveStdio(() => buildServer(host, run), {
    transport: new StdioServerTransport(input, process.stdout),
    // The SDK reports each line it drops with the whole zod issue list (about 60 lines); the
    // client has had its answer from the guard, so the reason fits on one line here.
    onerror: (error) => host.log(`stdio: ${oneLine(error.message)}`),
  });
  // The client is gone once stdin ends or breaks, or stdout does (EPIPE): nothing
  // more can arrive or be answered. Work still running is dropped, not answered.
  let exiting = false;
  const exit = () => {
    if (exiting) return;
    exiting = true;
    void handle.close().finally(() => process.exit(0));
  };
  process.stdin.once('end', exit);
  process.stdin.once('close', exit);
  process.stdout.once('error', exit);
  return handle;
}

function oneLine(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
