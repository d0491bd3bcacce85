// stdio: newline-delimited JSON-RPC on stdin/stdout; both protocol eras from one factory.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Host } from './host.ts';
import { buildServer } from './server.ts';

export function serveOverStdio(host: Host): { close(): Promise<void> } {
  const handle = serveStdio(() => buildServer(host), {
    onerror: (error) => host.log(`stdio: ${error.message}`),
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
