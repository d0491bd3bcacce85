import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { spawn } from 'node:child_process';
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', '--cpu-prof-interval=200', 'bin/yaoxiang.js', 'mcp', '--http', '--addr', '127.0.0.1:0', '--project-root', 'examples/demo'], { stdio: ['ignore', 'pipe', 'pipe'] });
let log = '';
const url = await new Promise((res) => child.stderr.on('data', (c) => { log += c; const m = /on (http:\/\/\S+\/mcp)/.exec(log); if (m) res(m[1]); }));
const client = new Client({ name: 'x', version: '1' }, { versionNegotiation: { mode: 'legacy' } });
await client.connect(new StreamableHTTPClientTransport(new URL(url)));
const source = 'x = 1\n'.repeat(50_000) + 'x = \n';
for (let i = 0; i < 10; i++) {
  const t = performance.now();
  const r = await client.callTool({ name: 'parse_source', arguments: { source: source + `// ${i}\n`, max_nodes: 50000 } });
}
await client.close(); child.kill('SIGTERM');
await new Promise((r) => child.on('exit', r));
