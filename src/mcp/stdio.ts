// stdio: newline-delimited JSON-RPC on stdin/stdout; both protocol eras from one factory.
import { serializeMessage } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { Host } from './host.ts';
import { buildServer } from './server.ts';
import { answerDroppedLines } from './stdio-guard.ts';

export function serveOverStdio(host: Host): { close(): Promise<void> } {
  const input = process.stdin.pipe(answerDroppedLines((message) => void process.stdout.write(serializeMessage(message))));
  const handle = serveStdio(() => buildServer(host), {
    transport: new StdioServerTransport(input, process.stdout),
    onerror: (error) => host.log(`stdio: ${error.message}`),
  });
  process.stdin.once('end', () => void handle.close().finally(() => process.exit(0)));
  return handle;
}
