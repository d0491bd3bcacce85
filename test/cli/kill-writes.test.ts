// Issue 23 acceptance: `rename --write` on a 400-file project and `fmt --write`
// on 100 files are killed (SIGKILL) at random moments, at least 50 times each;
// after the next command every project is all-old or all-new (rename) and
// every file old or new (fmt), with no temp file or journal left. A line
// appended by "an editor" during a run is kept or the write is refused.
// Lanes of independent projects run in parallel to keep the whole under a minute.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, realpathSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cliPath } from '../support/paths.ts';
import { mulberry32 } from '../support/random.ts';

const KILLS_PER_COMMAND = 52;
const LANES = 4;
const RENAME_FILES = 400;
const FMT_FILES = 100;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** stdout and stderr together. */
  stderr: string;
  ms: number;
}

/**
 * Runs the CLI in `cwd`. `killAt` decides when to SIGKILL it: after `ms`
 * milliseconds, or at the `events`-th change the file system reports in the
 * project's folder (temp files created, written, renamed: the write phase).
 */
function runCli(args: string[], cwd: string, killAt?: { ms: number } | { events: number }): Promise<Run> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [cliPath, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const kill = () => child.kill('SIGKILL');
    let timer: NodeJS.Timeout | undefined;
    let watcher: ReturnType<typeof watch> | undefined;
    if (killAt && 'ms' in killAt) timer = setTimeout(kill, killAt.ms);
    if (killAt && 'events' in killAt) {
      let seen = 0;
      watcher = watch(cwd, () => {
        if (++seen === killAt.events) kill();
      });
    }
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      watcher?.close();
      resolve({ code, signal, stderr, ms: performance.now() - started });
    });
  });
}

function scratch(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  writeFileSync(join(dir, 'yaoxiang.toml'), '[package]\nname = "kill"\n');
  return dir;
}

/** Temp files and journals anywhere in the project. */
function leftovers(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => /(^|\/)\.yx-|\.tmp$|\.yaoxiang/.test(name));
}

// --- rename: util.yx defines NAME, every other module uses it.

const utilText = (name: string) => `pub ${name}: (xs: List(Int)) -> Int = (xs) => {\n    mut s = 0\n    for x in xs {\n        s = s + x\n    }\n    return s\n}\n`;
const userText = (i: number, name: string) => `use util.{${name}}\n\npub f${i}: () -> Int = () => ${name}([${i}, 2])\n`;
const NAMES = ['total', 'sum_all'] as const;

function renameProject(): string {
  const dir = scratch('yaoxiang-kill-rename-');
  writeFileSync(join(dir, 'util.yx'), utilText(NAMES[0]));
  for (let i = 1; i < RENAME_FILES; i++) writeFileSync(join(dir, `m${i}.yx`), userText(i, NAMES[0]));
  return dir;
}

/** Which of the two names every file of the project uses; fails on a half-renamed project. */
function renameState(dir: string): { name: (typeof NAMES)[number] } | { mixed: string } {
  const versionOf = (file: string, text: string) => NAMES.find((n) => text === (file === 'util.yx' ? utilText(n) : userText(Number(file.slice(1, -3)), n)));
  const counts = new Map<string, number>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yx'))) {
    const version = versionOf(file, readFileSync(join(dir, file), 'utf8')) ?? `neither (${file})`;
    counts.set(version, (counts.get(version) ?? 0) + 1);
  }
  if (counts.size === 1) {
    const only = [...counts.keys()][0]!;
    if (only === NAMES[0] || only === NAMES[1]) return { name: only };
  }
  return { mixed: JSON.stringify(Object.fromEntries(counts)) };
}

// --- fmt: independent messy files.

const messyText = (i: number) => `f${i} = (a,b)=>a+b\ng${i} = (x)=>x*2\n`;
const tidyText = (i: number) => `f${i} = (a, b) => a + b\ng${i} = (x) => x * 2\n`;

function fmtProject(): string {
  const dir = scratch('yaoxiang-kill-fmt-');
  for (let i = 0; i < FMT_FILES; i++) writeFileSync(join(dir, `f${i}.yx`), messyText(i));
  return dir;
}

/** How many files are old and new; a file that is neither is a torn write. */
function fmtState(dir: string): { old: number; new: number; torn: string[] } {
  const state = { old: 0, new: 0, torn: [] as string[] };
  for (let i = 0; i < FMT_FILES; i++) {
    const text = readFileSync(join(dir, `f${i}.yx`), 'utf8');
    if (text === messyText(i)) state.old++;
    else if (text === tidyText(i)) state.new++;
    else state.torn.push(`f${i}.yx`);
  }
  return state;
}

/**
 * Half the kills at a random time in the later half of a run (the first is
 * analysis, which writes nothing), half at a random file-system event of its
 * write phase: each file's temp is created, written, synced and renamed, about
 * six events, so the renames themselves are hit too.
 */
function killPoint(random: () => number, k: number, fullMs: number, files: number): { ms: number } | { events: number } {
  return k % 2 === 0 ? { ms: Math.floor((0.5 + random() * 0.6) * fullMs) } : { events: 1 + Math.floor(random() * files * 6) };
}

/** The same command in every project at once, none killed: how long one lasts (the mean) under the lanes' load. */
async function uncutRuns(projects: readonly string[], args: string[]): Promise<{ ms: number }> {
  const runs = await Promise.all(projects.map((dir) => runCli(args, dir)));
  for (const run of runs) assert.equal(run.code, 0, run.stderr);
  return { ms: runs.reduce((sum, run) => sum + run.ms, 0) / runs.length };
}

interface Tally {
  kills: number;
  killedMidway: number;
  completed: number;
  rolledBack: number;
  /** Kills that left a journal: the next command finished the renames (killed while committing) or removed the temps (before). */
  recoveredForward: number;
  recoveredBack: number;
}

/** What the next command's recovery did, counted. */
function countRecovery(tally: { recoveredForward: number; recoveredBack: number }, output: string): void {
  if (/completed an interrupted write/.test(output)) tally.recoveredForward++;
  if (/undid an interrupted write/.test(output)) tally.recoveredBack++;
}

/**
 * The next command recovers: a plain `parse` (every command recovers first)
 * or `rename --recover`, alternately; it must succeed with nothing left behind.
 */
async function nextCommand(dir: string, file: string, k: number): Promise<string> {
  const next = await runCli((k >> 1) % 2 === 0 ? ['parse', file] : ['rename', '--recover'], dir);
  assert.equal(next.code, 0, `the command after a kill failed: ${next.stderr}`);
  assert.doesNotMatch(next.stderr, /internal error|at .*\.js:\d+/);
  assert.deepEqual(leftovers(dir), [], 'temp files or a journal left after the next command');
  return next.stderr;
}

describe('SIGKILL at random moments never leaves a half-written project', { skip: process.platform === 'win32' ? 'no SIGKILL' : false }, () => {
  it(`rename --write on ${RENAME_FILES} files: ${KILLS_PER_COMMAND} kills, every project all-old or all-new after the next command`, { timeout: 600_000 }, async () => {
    const projects = Array.from({ length: LANES }, renameProject);
    // Uncut runs in every lane at once measure how long a run lasts under the same load.
    const full = await uncutRuns(projects, ['rename', 'util.yx', NAMES[0], NAMES[1], '--write']);
    for (const dir of projects) assert.deepEqual(renameState(dir), { name: NAMES[1] });
    const tally: Tally = { kills: 0, killedMidway: 0, completed: 0, rolledBack: 0, recoveredForward: 0, recoveredBack: 0 };
    await Promise.all(projects.map(async (dir, lane) => {
      const random = mulberry32(23_000 + lane);
      for (let k = lane; k < KILLS_PER_COMMAND; k += LANES) {
        const before = renameState(dir);
        assert.ok('name' in before, `lane ${lane} started mixed: ${JSON.stringify(before)}`);
        const to = before.name === NAMES[0] ? NAMES[1] : NAMES[0];
        const run = await runCli(['rename', 'util.yx', before.name, to, '--write'], dir, killPoint(random, k, full.ms, RENAME_FILES));
        countRecovery(tally, await nextCommand(dir, 'util.yx', k));
        const after = renameState(dir);
        assert.ok('name' in after, `kill ${k} (${run.signal ?? run.code}) left a half-renamed project: ${JSON.stringify(after)}`);
        tally.kills++;
        if (run.signal === 'SIGKILL') tally.killedMidway++;
        if (after.name === to) tally.completed++;
        else tally.rolledBack++;
      }
    }));
    process.stderr.write(`# rename kill test: ${JSON.stringify(tally)}, uncut run ${Math.round(full.ms)} ms\n`);
    assert.equal(tally.kills, KILLS_PER_COMMAND);
    assert.ok(tally.killedMidway >= KILLS_PER_COMMAND * 0.4, `too few runs were actually killed: ${JSON.stringify(tally)}`);
  });

  it(`fmt --write on ${FMT_FILES} files: ${KILLS_PER_COMMAND} kills, every file old or new, no temp left`, { timeout: 600_000 }, async () => {
    const projects = Array.from({ length: LANES }, fmtProject);
    const full = await uncutRuns(projects, ['fmt', '--write']);
    for (const dir of projects) assert.deepEqual(fmtState(dir), { old: 0, new: FMT_FILES, torn: [] });
    let kills = 0;
    let killedMidway = 0;
    let partly = 0;
    const recovered = { recoveredForward: 0, recoveredBack: 0 };
    await Promise.all(projects.map(async (dir, lane) => {
      const random = mulberry32(2_300 + lane);
      for (let k = lane; k < KILLS_PER_COMMAND; k += LANES) {
        for (let i = 0; i < FMT_FILES; i++) writeFileSync(join(dir, `f${i}.yx`), messyText(i));
        const run = await runCli(['fmt', '--write'], dir, killPoint(random, k, full.ms, FMT_FILES));
        countRecovery(recovered, await nextCommand(dir, 'f0.yx', k));
        const state = fmtState(dir);
        assert.deepEqual(state.torn, [], `kill ${k} tore files`);
        kills++;
        if (run.signal === 'SIGKILL') killedMidway++;
        if (state.old > 0 && state.new > 0) partly++;
      }
    }));
    process.stderr.write(`# fmt kill test: ${kills} kills, ${killedMidway} killed midway, ${JSON.stringify(recovered)}, ${partly} runs left some files formatted, uncut run ${Math.round(full.ms)} ms\n`);
    assert.equal(kills, KILLS_PER_COMMAND);
    assert.ok(killedMidway >= KILLS_PER_COMMAND * 0.4, `too few runs were actually killed: ${killedMidway}`);
  });
});

describe('a line appended during a write is kept or the write is refused', () => {
  const appended = '// appended by an editor\n';

  it('rename --write: the appended line survives in every run, and the project is never half-renamed', { timeout: 300_000 }, async () => {
    const dir = renameProject();
    const random = mulberry32(2323);
    const full = await runCli(['rename', 'util.yx', NAMES[0], NAMES[1], '--write'], dir);
    for (let run = 0; run < 4; run++) {
      const from = run % 2 === 0 ? NAMES[1] : NAMES[0];
      const to = from === NAMES[0] ? NAMES[1] : NAMES[0];
      const file = join(dir, `m${100 + run}.yx`);
      const pending = runCli(['rename', 'util.yx', from, to, '--write'], dir);
      await new Promise((resolve) => setTimeout(resolve, random() * full.ms));
      appendFileSync(file, appended);
      const result = await pending;
      const text = readFileSync(file, 'utf8');
      assert.ok(text.endsWith(appended), `run ${run}: the appended line was lost (exit ${result.code}): ${text}`);
      if (result.code !== 0) assert.match(result.stderr, /FILE_CHANGED/);
      // Take the line out again, then the project must be all one version.
      writeFileSync(file, text.slice(0, -appended.length));
      const state = renameState(dir);
      assert.ok('name' in state, `run ${run} left a half-renamed project: ${JSON.stringify(state)}`);
      if (state.name === from) {
        // Refused: put the project where the next run expects it.
        const redo = await runCli(['rename', 'util.yx', from, to, '--write'], dir);
        assert.equal(redo.code, 0, redo.stderr);
      }
    }
  });

  it('fmt --write: the appended line survives in every run', { timeout: 300_000 }, async () => {
    const dir = fmtProject();
    const random = mulberry32(2324);
    const full = await runCli(['fmt', '--write'], dir);
    for (let run = 0; run < 4; run++) {
      for (let i = 0; i < FMT_FILES; i++) writeFileSync(join(dir, `f${i}.yx`), messyText(i));
      const file = join(dir, `f${50 + run}.yx`);
      const pending = runCli(['fmt', '--write'], dir);
      await new Promise((resolve) => setTimeout(resolve, random() * full.ms));
      appendFileSync(file, appended);
      const result = await pending;
      const text = readFileSync(file, 'utf8');
      assert.ok(text.trimEnd().endsWith(appended.trimEnd()), `run ${run}: the appended line was lost (exit ${result.code}): ${text}`);
      if (text === messyText(50 + run) + appended) assert.match(result.stderr, /FILE_CHANGED/, `run ${run}: the file is the old text plus the line, so its write must have been refused`);
    }
  });
});
