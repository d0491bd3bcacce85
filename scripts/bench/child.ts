// One run of a child process, measured from outside: wall time, CPU time and
// peak RSS (the kernel's high-water mark, through GNU time, not a sample).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const GNU_TIME = '/usr/bin/time';

export interface ChildRun {
  wallMs: number;
  /** User + system CPU time; NaN without GNU time. */
  cpuMs: number;
  /** Peak resident set size in MiB; NaN without GNU time. */
  peakMiB: number;
  status: number | null;
  stderr: string;
}

/** Whether CPU time and peak RSS can be measured (GNU time is installed). */
export const canMeasurePeaks = existsSync(GNU_TIME);

const scratch = mkdtempSync(join(tmpdir(), 'yaoxiang-bench-time-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
let runs = 0;

export function runChild(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<ChildRun> {
  const report = join(scratch, `run-${runs++}`);
  const [file, argv] = canMeasurePeaks ? [GNU_TIME, ['-o', report, '-f', '%U %S %M', command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(file, argv, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 4_000) stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (status) => {
      const wallMs = performance.now() - start;
      let cpuMs = Number.NaN;
      let peakMiB = Number.NaN;
      if (canMeasurePeaks && existsSync(report)) {
        const [user, system, kib] = readFileSync(report, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number) as [number, number, number];
        cpuMs = (user + system) * 1000;
        peakMiB = kib / 1024;
        rmSync(report, { force: true });
      }
      resolve({ wallMs, cpuMs, peakMiB, status, stderr });
    });
  });
}
