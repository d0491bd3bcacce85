// The soak script, for a few seconds: both servers start, every lane makes
// calls without errors, and the report has its numbers. The real run (10
// minutes, `npm run soak`) is too long for the test suite; this keeps it working.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from './support.ts';

test('npm run soak, six seconds', { timeout: 60_000 }, () => {
  // RSS still climbs during so short a run, so growth is not judged here.
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'dist/scripts/soak.js'), '--seconds', '6', '--warmup-seconds', '2', '--rate', '50', '--sample-ms', '500', '--max-growth-percent', '1000'], { encoding: 'utf8', timeout: 55_000 });
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  for (const server of ['http', 'stdio']) assert.match(run.stdout, new RegExp(`^\\| ${server} \\| \\d+\\.\\d MB \\| \\d+\\.\\d MB \\| \\d+\\.\\d MB \\|`, 'm'));
  for (const lane of ['http modern', 'http session', 'http new sessions', 'stdio']) assert.match(run.stdout, new RegExp(`^\\| ${lane} \\| [1-9]\\d* \\| 0 \\|`, 'm'));
  assert.match(run.stdout, /^total: \d+ calls .*, 0 errors, P50 .*; [1-9]\d* sessions opened and ended$/m);
  assert.match(run.stdout, /^PASS$/m);
});
