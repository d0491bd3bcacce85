// `npm run test:fast`: the unit, fixture and golden tests, for the edit loop
// (scripts/test-suites.ts says which files are left to `npm test`). Runs the
// compiled files under dist/test with node's test runner, one file per core.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../test/support/paths.ts';
import { fastSuites } from './test-suites.ts';

const compiledTests = path.join(repoRoot, 'dist', 'test');
const all = readdirSync(compiledTests, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.js'))
  .map((file) => path.join(compiledTests, file))
  .sort();
const fast = fastSuites(all);

// As in `npm test`: a test file that hangs fails after ten minutes (node 20
// times each file as a whole; the longest takes about 70 s), and the servers a
// failed test leaves running are killed by test/support/processes.ts. Not
// --test-force-exit: on Node 20 it ended a file with an async describe part
// way through its tests, and reported no failure.
const HANG_GUARDS = ['--test-timeout=600000'];

const started = performance.now();
// Node's default is one file at a time on two cores; the fast files are
// independent, so they can use every core.
const run = spawnSync(process.execPath, ['--test', `--test-concurrency=${availableParallelism()}`, ...HANG_GUARDS, ...process.argv.slice(2), ...fast], { stdio: 'inherit' });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
process.stderr.write(`test:fast: ${fast.length} of ${all.length} test files in ${seconds} s (npm test runs them all)\n`);
process.exitCode = run.status ?? 1;
