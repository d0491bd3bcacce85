// The committed differential fixtures (test/differential/): generated
// programs, the reference's verdict on each file (verdicts.tsv) and the
// disagreements our checker is known to have (known-disagreements.tsv).
// Rewritten by `npm run differential -- --regenerate-fixtures`; read by
// test/differential/fixtures.test.ts without the compiler.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { measure, type Disagreement, type Measures, type Pair } from './compare.ts';
import type { OurChecker } from './ours.ts';
import { usesLocalModule } from './programs.ts';
import { generateProgram, MUTATIONS, PIECES, type GeneratedProgram } from './generate/index.ts';
import { syntaxPrograms } from './syntax.ts';
import { writtenPrograms } from './written.ts';
import type { Verdict } from './verdict.ts';

export const FIXTURE_SEED = 19;
/** Random mixes beyond the one-per-piece and three-per-mutation programs. */
const MIXED = 120;

/** The fixture set: every piece alone (twice), every mutation three times, random mixes, the syntax errors, then the hand-written programs of `written`. */
export function fixturePrograms(written: string): GeneratedProgram[] {
  const programs: GeneratedProgram[] = [];
  let index = 0;
  for (const piece of PIECES) for (let k = 0; k < 2; k++) programs.push(generateProgram(index++, FIXTURE_SEED, { pieces: [piece], mutate: false }));
  for (const mutation of MUTATIONS) for (let k = 0; k < 3; k++) programs.push(generateProgram(index++, FIXTURE_SEED, { mutation }));
  for (let k = 0; k < MIXED; k++) programs.push(generateProgram(index++, FIXTURE_SEED));
  const syntax = syntaxPrograms(index);
  programs.push(...syntax, ...writtenPrograms(written, index + syntax.length));
  return programs;
}

const escape = (text: string) => text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
const unescape = (text: string) => text.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r' } as Record<string, string>)[c] ?? c);

const VERDICT_HEADER = 'file\tverdict\tcode\tline\tcolumn\tmessage';
const KNOWN_HEADER = 'file\treference\tours';

/** verdicts.tsv: one line per file, its path relative to the programs folder. */
export function formatVerdicts(rows: readonly { file: string; verdict: Verdict }[]): string {
  const lines = [VERDICT_HEADER];
  for (const { file, verdict } of rows) {
    if (verdict.kind === 'failed') lines.push([file, 'failed', '', '', '', escape(verdict.reason)].join('\t'));
    else {
      const finding = verdict.kind === 'rejected' ? verdict.finding : verdict.errors[0];
      const kind = verdict.kind === 'rejected' ? 'parse-error' : finding ? 'error' : 'clean';
      lines.push(finding ? [file, kind, finding.code, finding.line, finding.column, escape(finding.message)].join('\t') : [file, kind, '', '', '', ''].join('\t'));
    }
  }
  return lines.join('\n') + '\n';
}

export class FixtureFormatError extends Error {
  override name = 'FixtureFormatError';
}

export function parseVerdicts(text: string): Map<string, Verdict> {
  const rows = new Map<string, Verdict>();
  const lines = text.split('\n').filter((l) => l !== '');
  if (lines[0] !== VERDICT_HEADER) throw new FixtureFormatError(`verdicts.tsv must start with '${VERDICT_HEADER}'`);
  for (const [n, line] of lines.slice(1).entries()) {
    const [file, kind, code, l, c, message] = line.split('\t');
    if (!file || message === undefined) throw new FixtureFormatError(`verdicts.tsv line ${n + 2}: six tab-separated fields expected`);
    const finding = { code: code!, line: Number(l), column: Number(c), message: unescape(message) };
    if (kind === 'clean') rows.set(file, { kind: 'checked', errors: [] });
    else if (kind === 'error') rows.set(file, { kind: 'checked', errors: [finding] });
    else if (kind === 'parse-error') rows.set(file, { kind: 'rejected', finding });
    else if (kind === 'failed') rows.set(file, { kind: 'failed', reason: unescape(message) });
    else throw new FixtureFormatError(`verdicts.tsv line ${n + 2}: unknown verdict '${kind}'`);
  }
  return rows;
}

export function formatKnown(disagreements: readonly Disagreement[]): string {
  return [KNOWN_HEADER, ...[...disagreements].sort((a, b) => a.name.localeCompare(b.name)).map(knownLine)].join('\n') + '\n';
}

export function parseKnown(text: string): Disagreement[] {
  const lines = text.split('\n').filter((l) => l !== '');
  if (lines[0] !== KNOWN_HEADER) throw new FixtureFormatError(`known-disagreements.tsv must start with '${KNOWN_HEADER}'`);
  return lines.slice(1).map((line, n) => {
    const [name, reference, ours] = line.split('\t');
    if (!name || !reference || !ours) throw new FixtureFormatError(`known-disagreements.tsv line ${n + 2}: three tab-separated fields expected`);
    return { name, reference, ours };
  });
}

export interface FixturePaths {
  dir: string;
  programs: string;
  /** The hand-written programs' sources (`written.ts`). */
  written: string;
  verdicts: string;
  known: string;
}

export function fixturePaths(repoRoot: string): FixturePaths {
  const dir = path.join(repoRoot, 'test', 'differential');
  return { dir, programs: path.join(dir, 'programs'), written: path.join(dir, 'written'), verdicts: path.join(dir, 'verdicts.tsv'), known: path.join(dir, 'known-disagreements.tsv') };
}

export function readFixtures(paths: FixturePaths): { verdicts: Map<string, Verdict>; known: Disagreement[] } {
  return { verdicts: parseVerdicts(readFileSync(paths.verdicts, 'utf8')), known: parseKnown(readFileSync(paths.known, 'utf8')) };
}

export function clearPrograms(paths: FixturePaths): void {
  rmSync(paths.programs, { recursive: true, force: true });
}

export function writeFixtureTables(paths: FixturePaths, verdicts: string, known: string): void {
  writeFileSync(paths.verdicts, verdicts);
  writeFileSync(paths.known, known);
}

/** The disagreements a fixture run has, as known-disagreements.tsv lists them. */
export function fixtureDisagreements(m: Measures): Disagreement[] {
  return [...m.disagreements, ...m.parserDisagreements, ...m.failures.map((f) => ({ name: f.name, reference: 'failed', ours: f.reason }))];
}

/** The line of known-disagreements.tsv for one disagreement, the form the ratchet compares. */
export const knownLine = (d: Disagreement) => `${d.name}\t${d.reference}\t${d.ours}`;

/** Our checker on every fixture file, measured against the committed verdicts. */
export async function measureFixtures(paths: FixturePaths, verdicts: ReadonlyMap<string, Verdict>, ours: OurChecker): Promise<Measures> {
  const pairs: Pair[] = [];
  for (const [name, reference] of verdicts) {
    const absolute = path.join(paths.programs, name);
    const file = { name, absolute, text: readFileSync(absolute, 'utf8') };
    pairs.push({ name, reference, ours: await ours.check(absolute), localUse: usesLocalModule(file) });
  }
  return measure(pairs);
}
