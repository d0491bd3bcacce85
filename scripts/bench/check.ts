// Cold `yaoxiang check` side by side with its anchors in the same run: the
// reference compiler's `check` (when YAOXIANG_REFERENCE_BIN is set) on the same
// inputs, which both accept, and `node -e 0`, the floor of any Node program.
// Interleaved runs after a warm-up; wall P50 and P99, CPU time, peak RSS.
// Goals: issue 21 (ratios to the reference, or to `node -e 0` without it) and
// issue 24 (1,000 files in ≤ 100 MiB; the 1.6 MB file in ≤ 0.5× the CPU time of
// issue 24's baseline commit, built and run interleaved with ours: baseline.ts).
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASELINE_COMMIT, buildBaseline } from './baseline.ts';
import { canMeasurePeaks, runChild, type ChildRun } from './child.ts';
import { generateCheckable } from './generate.ts';
import { summarizeProfile } from './profile.ts';
import { formatMs, formatSummary, goalLine, interleave, median, ratio, summarize, type Run } from './stats.ts';

const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../../..');
const cli = path.join(repoRoot, 'bin/yaoxiang.js');

/**
 * CPU time of `check` of the 1.6 MB file on main at 360087c, the "today" of
 * issue 24, on the machine of 2026-12-04 (median of 3; 4.1–4.3 s user + 0.2 s
 * system): only the fallback when the baseline cannot be built and run here.
 */
const BASELINE_1_6_MB_CPU_MS = 4_320;

interface Input {
  name: string;
  /** Ours over the anchor's P50 must be at most this (issue 21). */
  maxRatio: number;
  rounds: number;
  write(dir: string): string;
}

const FILE_LINES = 65;

const INPUTS: Input[] = [
  { name: '1,000 lines', maxRatio: 2, rounds: 20, write: (dir) => file(dir, 'lines1k.yx', generateCheckable(1_000)) },
  { name: '10,000 lines', maxRatio: 0.5, rounds: 10, write: (dir) => file(dir, 'lines10k.yx', generateCheckable(10_000)) },
  { name: '10 files', maxRatio: 2, rounds: 20, write: (dir) => project(dir, 10) },
  { name: '100 files', maxRatio: 0.5, rounds: 10, write: (dir) => project(dir, 100) },
  { name: '1,000 files', maxRatio: 0.2, rounds: 5, write: (dir) => project(dir, 1_000) },
];

function file(dir: string, name: string, text: string): string {
  writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
}

function project(dir: string, files: number): string {
  const root = path.join(dir, `project${files}`);
  mkdirSync(root);
  writeFileSync(path.join(root, 'yaoxiang.toml'), '[package]\nname = "bench"\nversion = "0.1.0"\n');
  for (let i = 0; i < files; i++) writeFileSync(path.join(root, `mod${i}.yx`), generateCheckable(FILE_LINES, `m${i}_`));
  return root;
}

/** What bin/yaoxiang.js runs (its rule: the bundle when no older than dist/src), for the record of the run. */
function whatOursRuns(): string {
  const mtime = (file: string) => statSync(path.join(repoRoot, file), { throwIfNoEntry: false })?.mtimeMs;
  const bundle = mtime('dist/bundle/main.cjs');
  const sources = mtime('dist/src/cli/main.js');
  if (bundle !== undefined && (sources === undefined || bundle >= sources)) return 'dist/bundle (the CLI bundle)';
  return 'dist/src, NOT the bundle: it is missing or older than dist/src (npm run bench builds it)';
}

export async function benchCheck(log: (line: string) => void): Promise<void> {
  const reference = process.env.YAOXIANG_REFERENCE_BIN;
  log(`ours: ${cli} check, which runs ${whatOursRuns()}`);
  log(`anchor: ${reference ? `the reference compiler's check (${reference})` : "node -e 0 (YAOXIANG_REFERENCE_BIN is not set, so the reference's goals are held against Node's own start-up)"}; node -e 0 is printed either way`);
  if (!canMeasurePeaks) log('(no /usr/bin/time: CPU time and peak RSS are not measured)');
  const dir = mkdtempSync(path.join(tmpdir(), 'yaoxiang-bench-check-'));
  try {
    for (const input of INPUTS) {
      const target = input.write(dir);
      const cases: Record<string, () => Promise<ChildRun>> = {
        ours: () => runChild(process.execPath, [cli, 'check', '--color', 'never', target]),
        'node -e 0': () => runChild(process.execPath, ['-e', '0']),
        ...(reference ? { reference: () => runChild(reference, ['check', target]) } : {}),
      };
      const runs: Record<string, ChildRun[]> = {};
      const timed = Object.fromEntries(Object.entries(cases).map(([key, run]): [string, Run] => [key, async () => {
        const result = await run();
        (runs[key] ??= []).push(result);
        if (result.status !== 0 && key !== 'node -e 0') throw new Error(`${key} check of ${input.name} exited ${result.status}: not an input both accept\n${result.stderr}`);
        return result.wallMs;
      }]));
      const samples = await interleave(timed, { warmup: 1, rounds: input.rounds });
      log(`cold check, ${input.name}:`);
      for (const [key, times] of Object.entries(samples)) {
        const kept = runs[key]!.slice(-times.length);
        log(`  ${key.padEnd(10)} wall ${formatSummary(summarize(times))}; CPU P50 ${formatMs(median(kept.map((r) => r.cpuMs)))}; peak RSS max ${Math.max(...kept.map((r) => r.peakMiB)).toFixed(1)} MiB`);
      }
      const anchor = reference ? 'reference' : 'node -e 0';
      log(goalLine(`ours / ${anchor} (wall P50)`, median(samples.ours!) / median(samples[anchor]!), input.maxRatio, ratio));
      const cpu = (key: string) => median(runs[key]!.slice(-input.rounds).map((r) => r.cpuMs));
      if (canMeasurePeaks) log(`  (CPU P50 ratio ours / ${anchor}: ${ratio(cpu('ours') / cpu(anchor))})`);
      if (input.name === '1,000 files') log(goalLine('peak RSS of ours (issue 24)', Math.max(...runs.ours!.map((r) => r.peakMiB)), 100, (mib) => `${mib.toFixed(1)} MiB`));
    }
    const big = file(dir, 'big.yx', generateCheckable(75_000));
    const baseline = buildBaseline(repoRoot);
    const bigRuns: Record<string, ChildRun[]> = { ours: [], baseline: [] };
    const bigCase = (key: string, cliPath: string) => async () => void bigRuns[key]!.push(await runChild(process.execPath, [cliPath, 'check', '--color', 'never', big]));
    try {
      const cases: Record<string, Run> = { ours: bigCase('ours', cli) };
      if (baseline.ok) cases.baseline = bigCase('baseline', baseline.cli);
      await interleave(cases, { warmup: 1, rounds: 3 });
    } finally {
      if (baseline.ok) baseline.dispose();
    }
    const counted = (key: string) => bigRuns[key]!.slice(1);
    const bigCpu = median(counted('ours').map((r) => r.cpuMs));
    const size = `${(Buffer.byteLength(generateCheckable(75_000)) / 1e6).toFixed(2)} MB file`;
    log(`cold check, ${size}: CPU P50 ${formatMs(bigCpu)}, wall P50 ${formatMs(median(counted('ours').map((r) => r.wallMs)))}, peak RSS ${Math.max(...bigRuns.ours!.map((r) => r.peakMiB)).toFixed(1)} MiB (n=3)`);
    if (baseline.ok) {
      const baselineCpu = median(counted('baseline').map((r) => r.cpuMs));
      log(`  baseline ${BASELINE_COMMIT} (issue 24's today, built from this checkout's history), interleaved: CPU P50 ${formatMs(baselineCpu)}, wall P50 ${formatMs(median(counted('baseline').map((r) => r.wallMs)))}, peak RSS ${Math.max(...bigRuns.baseline!.map((r) => r.peakMiB)).toFixed(1)} MiB (n=3)`);
      // The ratio of each interleaved pair, then their median: a drift of the machine's speed during the runs cancels out.
      const pairs = counted('ours').map((r, i) => r.cpuMs / counted('baseline')[i]!.cpuMs);
      log(goalLine(`CPU time ours / baseline ${BASELINE_COMMIT}, median of interleaved pairs (issue 24)`, median(pairs), 0.5, ratio));
    } else {
      log(`  baseline ${BASELINE_COMMIT} not run (${baseline.why}): compared with its CPU time on the machine of 2026-12-04, which says little about this one`);
      log(goalLine(`CPU time / the baseline's ${formatMs(BASELINE_1_6_MB_CPU_MS)} (issue 24)`, bigCpu / BASELINE_1_6_MB_CPU_MS, 0.5, ratio));
    }
    const profileDir = path.join(dir, 'profile');
    // From dist/src: the bundle holds web-tree-sitter in each command's script, where its frames are not told apart by file.
    await runChild(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, cli, 'check', '--color', 'never', big], { env: { ...process.env, YAOXIANG_NO_BUNDLE: '1' } });
    const profile = summarizeProfile(profileDir);
    const share = (ms: number) => `${((100 * ms) / profile.totalMs).toFixed(0)}%`;
    log(`  profile of one run from dist/src (main thread, ${formatMs(profile.totalMs)} busy): web-tree-sitter node API ${share(profile.nodeApiMs)}, parse ${share(profile.parseMs)}, GC ${share(profile.gcMs)}`);
    log(`  most self time: ${profile.top.map(([name, ms]) => `${name} ${share(ms)}`).join(', ')}`);
    // No parse among the samples means web-tree-sitter's frames were not recognised: a share of 0% would say nothing.
    if (profile.parseMs === 0) log('  goal: node-API share of samples (issue 24) ≤ 25%: not measured (no web-tree-sitter frame in the profile) MISSED');
    else log(goalLine('node-API share of samples (issue 24)', (100 * profile.nodeApiMs) / profile.totalMs, 25, (p) => `${p.toFixed(0)}%`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
