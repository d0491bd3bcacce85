// What the Python MCP SDK's client pays for parse_source against a raw JSON-RPC
// client in the same Python process, calls interleaved (python-mcp-client.py).
// The SDK validates every structured result against the tool's output schema
// with jsonschema, so the shape of the result decides its cost.
// Goal (issue 21): SDK P50 ≤ 1.5× the raw client's. Skipped when the python
// named by YAOXIANG_BENCH_PYTHON (default python3) cannot import `mcp`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatSummary, goalLine, median, ratio, summarize } from './stats.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
// Compiled scripts run from dist/scripts/bench; the Python file stays in scripts/bench.
const script = path.join(repoRoot, 'scripts/bench/python-mcp-client.py');
const ROUNDS = 200;

export async function benchPythonClient(log: (line: string) => void, source: string): Promise<void> {
  const python = process.env.YAOXIANG_BENCH_PYTHON ?? 'python3';
  const config = {
    command: [process.execPath, path.join(repoRoot, 'bin/yaoxiang.js'), 'mcp', '--project-root', path.join(repoRoot, 'examples/demo')],
    tool: 'parse_source',
    arguments: { source },
    warmup: 20,
    rounds: ROUNDS,
  };
  const { code, stdout, stderr } = await run(python, script, JSON.stringify(config));
  if (code === 3 || code === 127 || code === null) {
    log(`Python SDK client: skipped (${stderr.trim().split('\n').at(-1) || `cannot run ${python}`}; set YAOXIANG_BENCH_PYTHON to a python with the mcp package)`);
    return;
  }
  if (code !== 0) throw new Error(`${python} ${script} exited ${code}: ${stderr}`);
  const { sdk, raw } = JSON.parse(stdout) as { sdk: number[]; raw: number[] };
  log(`parse_source, default arguments, through Python (${python}), ${ROUNDS} calls each, interleaved:`);
  log(`  mcp SDK ClientSession (validates with jsonschema)  ${formatSummary(summarize(sdk))}`);
  log(`  raw JSON-RPC client (json.loads only)              ${formatSummary(summarize(raw))}`);
  log(goalLine('SDK P50 / raw P50', median(sdk) / median(raw), 1.5, ratio));
}

function run(command: string, file: string, input: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, [file], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error) => resolve({ code: 127, stdout, stderr: error.message }));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}
