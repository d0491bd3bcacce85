// Keystroke → diagnostics in process, as the language server does it after its
// debounce: the document's incremental reparse, the host's setOverlay, a
// snapshot and the file's diagnostics. CPU time of this process per keystroke
// (a loaded machine inflates it far less than wall time). Usage:
//   node dist/scripts/bench/keystroke.js [lines=10000] [keystrokes=40] [profile.cpuprofile|''] [warmup=0] [digit|variable]
// With a third argument, a CPU profile of the keystrokes alone (not the open
// before them) is written there: issue 24's question, where a keystroke's time goes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { AnalysisHost, createParser, SyntaxDocument, type Analysis } from '../../src/ide/index.ts';
import { linesOfCode } from './lsp-edit.ts';
import { formatMs, goalLine, median, percentile } from './stats.ts';

export interface KeystrokeCost {
  lines: number;
  /** CPU milliseconds of each keystroke. */
  cpu: number[];
  diagnostics: number;
  /** CPU milliseconds of each editor request after each keystroke, by request (with `withRequests`). */
  requests: Record<EditorRequest, number[]>;
}

/**
 * What an editor asks after a keystroke besides diagnostics, each timed on
 * its own in the order given: a hover at the edit (the first reader of the
 * binding model), the semantic tokens of the file, the inlay hints of the
 * hundred lines around the edit, the folding ranges.
 */
const EDITOR_REQUESTS = {
  hover: (analysis: Analysis, at: number) => analysis.hover('main.yx', at),
  'semantic tokens': (analysis: Analysis) => analysis.semanticTokens('main.yx'),
  'inlay hints': (analysis: Analysis, at: number) => analysis.inlayHints('main.yx', { start: Math.max(0, at - 2500), end: at + 2500 }),
  'folding ranges': (analysis: Analysis) => analysis.folds('main.yx'),
};
export type EditorRequest = keyof typeof EDITOR_REQUESTS;

/**
 * What a keystroke does to the middle function's body: `digit` types a digit
 * into `x = n + 1` and erases it; `variable` adds the line `y = []` and
 * removes it, an edit that makes the checker create one more type variable,
 * so every item after it begins with the variable supply elsewhere.
 */
export type KeystrokeEdit = 'digit' | 'variable';

/**
 * Makes `edit` and undoes it, `keystrokes` times, after `warmup` keystrokes
 * that are not counted (the JIT's first compilations of the keystroke path,
 * as in any warm server).
 */
export async function keystrokeCost(lines: number, keystrokes: number, profileTo?: string, warmup = 0, edit: KeystrokeEdit = 'digit', withRequests = false): Promise<KeystrokeCost> {
  const root = mkdtempSync(join(tmpdir(), 'yaoxiang-bench-keystroke-'));
  writeFileSync(join(root, 'yaoxiang.toml'), '[package]\nname = "bench"\n');
  const text = linesOfCode(lines);
  writeFileSync(join(root, 'main.yx'), text);
  const host = new AnalysisHost({ root, source: 'explicit' });
  const parser = await createParser();
  try {
    // As the language server loads a workspace: watched, so a snapshot does not list the disk again.
    await host.load({ watch: true });
    const document = new SyntaxDocument(parser, text, 1);
    const requests = Object.fromEntries(Object.keys(EDITOR_REQUESTS).map((name) => [name, [] as number[]])) as Record<EditorRequest, number[]>;
    // `    x = n + 1` of the middle function: its `1` becomes `12` and back, or a line `    y = []` comes and goes before it.
    const line = 5 * Math.floor(lines / 10) + 1;
    const at = document.lines.lineStart(line) + (edit === 'digit' ? 13 : 0);
    let analysis: Analysis | undefined;
    const diagnose = async () => {
      host.setOverlay('main.yx', document.text, document.version, document.tree.copy());
      const snapshot = await host.snapshot();
      if (!snapshot.ok) throw new Error(snapshot.error.message);
      analysis = snapshot.value;
      return analysis.diagnostics('main.yx').length;
    };
    /** The editor's requests on the last snapshot, each timed (and kept when `counted`). */
    const request = (counted: boolean) => {
      if (!withRequests || !analysis) return;
      for (const [name, ask] of Object.entries(EDITOR_REQUESTS)) {
        const before = process.cpuUsage();
        ask(analysis, at);
        const used = process.cpuUsage(before);
        if (counted) requests[name as EditorRequest].push((used.user + used.system) / 1000);
      }
    };
    let diagnostics = await diagnose();
    request(false);
    const typed = edit === 'digit' ? '2' : '    y = []\n';
    const type = (i: number) => document.update([i % 2 === 0 ? { start: at, end: at, text: typed } : { start: at, end: at + typed.length, text: '' }]);
    // An even number, so the counted keystrokes start from the same text.
    for (let i = 0; i < 2 * Math.ceil(warmup / 2); i++) {
      type(i);
      await diagnose();
      request(false);
    }
    const cpu: number[] = [];
    const profiler = profileTo ? new Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    for (let i = 0; i < keystrokes; i++) {
      const before = process.cpuUsage();
      type(i);
      diagnostics = await diagnose();
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
      request(true);
    }
    if (profiler && profileTo) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(profileTo, JSON.stringify(profile));
      profiler.disconnect();
    }
    document.dispose();
    return { lines, cpu, diagnostics, requests };
  } finally {
    host.dispose();
    parser.delete();
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * Issue 24's goals: CPU of the work after the debounce, per keystroke; lines →
 * [p50, p99] limits, after a warm-up. `runs` > 1: as many runs, each on a
 * document and host of its own, and the goal held against the median of
 * their P50s (issue 24 asks for medians of runs: one run of 20 keystrokes on
 * a shared two-core machine moved by 30 ms from one minute to the next).
 */
const GOALS: Array<[lines: number, keystrokes: number, p50: number, p99: number | undefined, warmup: number, edit: KeystrokeEdit, runs?: number]> = [
  [2500, 100, 150, undefined, 10, 'digit'],
  [10_000, 100, 30, 60, 10, 'digit'],
  [10_000, 40, 30, 60, 10, 'variable'],
  // 20 after 6 (6 after 2 until stop 36: 90–110 ms P50 where 20 after 6 gave 63–78 in the same hour): the first keystrokes
  // on a file this large run code the JIT has not optimized yet, and of six, the full collection every third keystroke takes a middle one.
  [100_000, 20, 60, undefined, 6, 'digit', 3],
];

/**
 * The editor's requests after a keystroke on 10,000 lines: no issue sets
 * their goal; this bench holds each to the keystroke's own (issue 24's 30 ms
 * at P50), as an editor asks for them after every keystroke too.
 */
const REQUEST_GOAL = { lines: 10_000, keystrokes: 40, warmup: 10, p50: 30 };

/** `npm run bench -- keystroke`: the in-process keystroke at 2,500, 10,000 and 100,000 lines, with issue 24's goals. */
export async function benchKeystroke(log: (line: string) => void): Promise<void> {
  log('keystroke → diagnostics in process (reparse, setOverlay, snapshot, diagnostics), CPU time per keystroke');
  for (const [lines, keystrokes, p50Goal, p99Goal, warmup, edit, runs = 1] of GOALS) {
    const p50s: number[] = [];
    const p99s: number[] = [];
    for (let run = 0; run < runs; run++) {
      const { cpu } = await keystrokeCost(lines, keystrokes, undefined, warmup, edit);
      p50s.push(median(cpu));
      p99s.push(percentile(cpu, 99));
    }
    const what = edit === 'digit' ? 'keystroke' : 'keystroke adding a type variable';
    const each = runs === 1 ? '' : ` (${runs} runs, each a document of its own: p50 ${p50s.map(formatMs).join(', ')}; the median of runs below)`;
    log(`${lines} lines, ${keystrokes} ${edit === 'digit' ? 'keystrokes' : 'edits (a line `y = []` added or removed)'} after ${warmup} not counted${each}: p50 ${formatMs(median(p50s))}, p99 ${formatMs(median(p99s))}`);
    log(goalLine(`${lines}-line ${what} p50${runs === 1 ? '' : ', median of runs'}`, median(p50s), p50Goal));
    if (p99Goal !== undefined) log(goalLine(`${lines}-line ${what} p99`, median(p99s), p99Goal));
  }
  const { lines, keystrokes, warmup, p50 } = REQUEST_GOAL;
  const { requests } = await keystrokeCost(lines, keystrokes, undefined, warmup, 'digit', true);
  log(`editor requests after each keystroke, ${lines} lines, ${keystrokes} keystrokes after ${warmup} not counted (anchor: the keystroke's own goal, issue 24's ${formatMs(p50)}):`);
  for (const [name, cpu] of Object.entries(requests)) {
    log(`  ${name}: p50 ${formatMs(median(cpu))}, p99 ${formatMs(percentile(cpu, 99))}`);
    log(goalLine(`${name} after a keystroke p50`, median(cpu), p50));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lines = Number(process.argv[2] ?? 10000);
  const keystrokes = Number(process.argv[3] ?? 40);
  const warmup = Number(process.argv[5] ?? 0);
  const edit = process.argv[6] === 'variable' ? 'variable' : 'digit';
  const { cpu, diagnostics } = await keystrokeCost(lines, keystrokes, process.argv[4] || undefined, warmup, edit);
  console.log(`${lines} lines, ${keystrokes} keystrokes after ${warmup} not counted, ${diagnostics} diagnostics: CPU per keystroke p50 ${formatMs(median(cpu))}, p99 ${formatMs(percentile(cpu, 99))}`);
}
