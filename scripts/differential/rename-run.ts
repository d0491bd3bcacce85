// The rename differential's runs: the sources of the command line, and the
// fixtures it writes (test/differential/rename-cases.tsv), which
// test/differential/rename.test.ts replays without the compiler.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { filesFromPaths, type ProgramFile } from './programs.ts';
import type { ReferenceOracle } from './reference.ts';
import { accepted, behaviour, difference, formatRenameReport, judgeProgram, renamePrograms, type Behaviour, type CaseOutcome, type ProgramReport, type RenameCase, type RenameProgram } from './rename.ts';

/** Whether four more runs of the program print what the first did (a dict's keys come in another order from run to run). */
async function deterministic(oracle: ReferenceOracle, program: RenameProgram, original: Behaviour): Promise<boolean> {
  for (const attempt of [1, 2, 3, 4]) {
    const again = await oracle.run(program.files, program.entry, undefined, attempt);
    if (difference(original, { checks: original.checks, run: again }) !== undefined) return false;
  }
  return true;
}

/** Every program of `files` the reference accepts and runs alike each time, judged; the others are counted. */
async function judgeAll(oracle: ReferenceOracle, files: readonly ProgramFile[], progress: (done: number, of: number) => void): Promise<{ programs: number; reports: ProgramReport[] }> {
  const programs = renamePrograms(files);
  const reports: ProgramReport[] = [];
  let done = 0;
  for (const program of programs) {
    const original = await behaviour(oracle, program, program.files);
    if (accepted(program, original) && (await deterministic(oracle, program, original))) reports.push(await judgeProgram(oracle, program, original));
    progress(++done, programs.length);
  }
  return { programs: programs.length, reports };
}

export async function renameSources(oracle: ReferenceOracle, sources: readonly { label: string; files: ProgramFile[] }[], out: (text: string) => void): Promise<void> {
  for (const source of sources) {
    const started = Date.now();
    const { programs, reports } = await judgeAll(oracle, source.files, (done, of) => {
      if (done % 20 === 0) process.stderr.write(`  ${source.label}: ${done}/${of}\n`);
    });
    out(formatRenameReport(source.label, programs, reports));
    process.stderr.write(`${source.label}: ${programs} programs in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
}

/** How many cases the fixtures keep: every case whose behaviour changed, an even sample of the refused ones, then of the confirmed ones. */
const FIXTURE_CASES = 300;
const FIXTURE_REFUSED = 100;

function evenSample<T>(items: readonly T[], room: number): T[] {
  if (items.length <= room) return [...items];
  return Array.from({ length: room }, (_, i) => items[Math.floor((i * items.length) / room)]!);
}

function fixtureSample(all: ProgramReport['cases']): ProgramReport['cases'] {
  const changed = all.filter((c) => c.outcome.kind === 'changed');
  const refused = evenSample(all.filter((c) => c.outcome.kind === 'refused'), FIXTURE_REFUSED);
  const confirmed = evenSample(all.filter((c) => c.outcome.kind === 'preserved'), Math.max(0, FIXTURE_CASES - changed.length - refused.length));
  return [...changed, ...refused, ...confirmed];
}

export const RENAME_FIXTURE_HEADER = 'program\tfile\tposition\told\tnew\tkind\toutcome\tdetail';

export interface RenameFixture {
  program: string;
  file: string;
  line: number;
  column: number;
  oldName: string;
  newName: string;
  kind: string;
  /** `preserved` (the reference confirmed our output), `changed` (it did not: a known bug), `refused`. */
  outcome: CaseOutcome['kind'];
  /** The sha256 of our output (renamedHash) or the refusal's code. */
  detail: string;
}

export function renameFixturePaths(root: string): { programs: string; cases: string } {
  const dir = path.join(root, 'test', 'differential');
  return { programs: path.join(dir, 'programs'), cases: path.join(dir, 'rename-cases.tsv') };
}

export function readRenameFixtures(file: string): RenameFixture[] {
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l !== '');
  if (lines[0] !== RENAME_FIXTURE_HEADER) throw new Error(`${file}: unexpected header`);
  return lines.slice(1).map((l) => {
    const [program, file, position, oldName, newName, kind, outcome, detail] = l.split('\t') as [string, string, string, string, string, string, CaseOutcome['kind'], string];
    const [line, column] = position.split(':').map(Number) as [number, number];
    return { program, file, line, column, oldName, newName, kind, outcome, detail };
  });
}

/** A case of a fixture program, named by the program's folder (`c.program` is its entry file). */
function fixtureLine(c: RenameCase, o: CaseOutcome): string {
  const program = path.basename(path.dirname(path.resolve(c.program)));
  const detail = o.kind === 'refused' ? o.code : o.hash;
  return [program, c.file, `${c.line}:${c.column}`, c.oldName, c.newName, c.kind, o.kind, detail].join('\t');
}

export async function regenerateRenameFixtures(oracle: ReferenceOracle, root: string, out: (text: string) => void): Promise<void> {
  const paths = renameFixturePaths(root);
  const files = await filesFromPaths([paths.programs]);
  const { programs, reports } = await judgeAll(oracle, files, () => {});
  out(formatRenameReport('fixture programs', programs, reports, false));
  const all = reports.flatMap((r) => r.cases);
  const keep = new Set(fixtureSample(all));
  const lines = all.filter((c) => keep.has(c)).map((c) => fixtureLine(c.case, c.outcome));
  writeFileSync(paths.cases, [RENAME_FIXTURE_HEADER, ...lines].join('\n') + '\n');
  out(`${lines.length} cases written to ${path.relative(process.cwd(), paths.cases)}\n`);
}
