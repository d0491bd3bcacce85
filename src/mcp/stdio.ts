// stdio: newline-delimited JSON-RPC on stdin/stdout; both protocol eras from one factory.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Host } from './host.ts';
import { buildServer } from './server.ts';

export function serveOverStdio(host: Host): { close(): Promise<void> } {
  const handle = serveStdio(() => buildServer(host), {
    onerror: (error) => host.log(`stdio: ${error.message}`),
  });
  process.stdin.once('end', () => void handle.close().finally(() => process.exit(0)));
  return handle;
}
