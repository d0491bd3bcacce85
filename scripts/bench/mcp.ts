// parse_source over stdio, as an agent calls it: a real `yaoxiang mcp` process,
// the SDK's client, 500 sequential calls on a 1,000-line file. Target: P99 < 10 ms.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { generateYaoXiangLines } from './generate.ts';
import { formatMs, median, percentile } from './stats.ts';

const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../../..');

export async function benchMcp(log: (line: string) => void): Promise<void> {
  // Whole generated units only, so the file is free of syntax errors (a cut unit would add an E0010).
  const unitLines = generateYaoXiangLines(200).split('\n').indexOf('// unit 1: a record, a method, a function and a main-like block');
  const source = generateYaoXiangLines(Math.ceil(1_000 / unitLines) * unitLines);
  for (const mode of ['legacy', 'auto'] as const) {
    const client = new Client({ name: 'bench', version: '1.0.0' }, { versionNegotiation: { mode } });
    const started = performance.now();
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [path.join(repoRoot, 'bin/yaoxiang.js'), 'mcp', '--project-root', path.join(repoRoot, 'examples/demo')], stderr: 'ignore' }));
    const connectMs = performance.now() - started;
    // max_depth 3 keeps the tree small, as an agent asking for an outline would; the parse is the whole file's.
    const args = { source, max_depth: 3 };
    for (let i = 0; i < 20; i++) await client.callTool({ name: 'parse_source', arguments: args });
    const times: number[] = [];
    for (let i = 0; i < 500; i++) {
      const t = performance.now();
      const result = await client.callTool({ name: 'parse_source', arguments: args });
      times.push(performance.now() - t);
      if (result.isError) throw new Error(JSON.stringify(result.content));
    }
    log(`parse_source, ${source.split('\n').length - 1} lines (${source.length} chars), stdio, ${client.getProtocolEra()} era: connect ${formatMs(connectMs)}; 500 calls P50 ${formatMs(median(times))}, P99 ${formatMs(percentile(times, 99))}, max ${formatMs(Math.max(...times))}`);
    await client.close();
  }
}
