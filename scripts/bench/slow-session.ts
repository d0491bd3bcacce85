// Another session on an HTTP server (the measured one, or a second one for the
// floor), in its own process: it calls a slow parse_source back to back until
// it is told to stop (stdin closes), and prints each call's milliseconds, a
// line each. In its own process so that the
// bench's measuring process does only its own calls: a session of another
// client is not the measured client's work. Usage:
//   node dist/scripts/bench/slow-session.js URL
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/** A slow call: 300 kB of source asking for 50,000 nodes (about 0.6 s of parsing, diagnosing and walking on an idle machine). */
export const SLOW_ARGS = { source: 'x = 1\n'.repeat(50_000) + 'x = \n', max_nodes: 50_000 };

if (import.meta.url === `file://${process.argv[1]}`) {
  const client = new Client({ name: 'bench-slow-session', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(process.argv[2]!)));
  let stopping = false;
  process.stdin.on('end', () => (stopping = true)).resume();
  process.stdout.write('ready\n');
  for (let calls = 0; !stopping; calls++) {
    const start = performance.now();
    // A new text each time: the same one again would be answered from the server's parsed texts.
    await client.callTool({ name: 'parse_source', arguments: { ...SLOW_ARGS, source: `${SLOW_ARGS.source}// slow call ${calls}\n` } });
    process.stdout.write(`${performance.now() - start}\n`);
  }
  await client.close();
}
