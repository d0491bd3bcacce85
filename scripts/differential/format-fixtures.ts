// The committed format fixtures: the reference formatter's output on a sample
// of the fixture programs (test/differential/format-reference.json), and the
// programs where ours is known to differ in a way no documented rule
// explains (format-known.tsv, a ratchet like known-disagreements.tsv).
// Rewritten by `npm run differential -- --format --regenerate-fixtures`; read
// by test/differential/format.test.ts without the compiler.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FormatPair } from './format.ts';
import type { ProgramFile } from './programs.ts';

export interface FormatFixturePaths {
  programs: string;
  reference: string;
  /** Programs not in the repository (documentation blocks, corpus files) and other options: each with its source. */
  extra: string;
  known: string;
}

export function formatFixturePaths(root: string): FormatFixturePaths {
  const dir = path.join(root, 'test', 'differential');
  return { programs: path.join(dir, 'programs'), reference: path.join(dir, 'format-reference.json'), extra: path.join(dir, 'format-reference-extra.json'), known: path.join(dir, 'format-known.tsv') };
}

/** The option sets the extra fixtures are run with besides the defaults (`--fmt` syntax: yaoxiang.toml `[fmt]` keys). */
export const FIXTURE_OPTION_SETS = ['indent_width=2', 'use_tabs=true', 'line_width=60', 'line_width=80'] as const;

/** One extra fixture: a program, the `[fmt]` both formatters ran with (`--fmt` syntax, `default` for none), and the reference's output. */
export interface ExtraFormatFixture {
  name: string;
  fmt: string;
  source: string;
  reference: string;
}

/** How format-known.tsv names an extra fixture. */
export const extraKey = (fixture: { name: string; fmt: string }): string => `${fixture.name} [${fixture.fmt}]`;

/** `--fmt` syntax as the yaoxiang.toml both formatters read; '' for `default`. */
export function fmtToml(set: string): string {
  if (set === 'default' || set === '') return '';
  return ['[fmt]', ...set.split(',').map((item) => item.split('=').map((x) => x.trim()).join(' = '))].join('\n') + '\n';
}

/**
 * The sample: every hand-written program (`w…`, the realistic ones) and every
 * third generated one (`g…`); the syntax-error programs (`s…`) the reference
 * refuses to format. Names are relative to the programs folder, `/`-separated.
 */
export function formatFixtureSample(root: string): ProgramFile[] {
  const { programs } = formatFixturePaths(root);
  const files: ProgramFile[] = [];
  const generated = readdirSync(programs).filter((p) => p.startsWith('g')).sort();
  const chosen = [...generated.filter((_, i) => i % 3 === 0), ...readdirSync(programs).filter((p) => p.startsWith('w')).sort()];
  for (const program of chosen) {
    for (const file of readdirSync(path.join(programs, program)).filter((f) => f.endsWith('.yx')).sort()) {
      const absolute = path.join(programs, program, file);
      files.push({ name: `${program}/${file}`, absolute, text: readFileSync(absolute, 'utf8') });
    }
  }
  return files;
}

/**
 * Writes the reference's outputs (the files it formatted) and the unexplained
 * differences we have today: `pairs` on the fixture programs with the
 * defaults, `extra` on the other programs and option sets (with their sources).
 */
export function writeFormatFixtures(paths: FormatFixturePaths, pairs: readonly FormatPair[], extra: readonly { fmt: string; source: string; pair: FormatPair }[]): void {
  const outputs: Record<string, string> = {};
  for (const pair of pairs) if (pair.reference.kind === 'formatted') outputs[pair.name] = pair.reference.text;
  writeFileSync(paths.reference, JSON.stringify(outputs, null, 1) + '\n');
  const fixtures: ExtraFormatFixture[] = [];
  for (const { fmt, source, pair } of extra) if (pair.reference.kind === 'formatted' && pair.ours !== undefined) fixtures.push({ name: pair.name, fmt, source, reference: pair.reference.text });
  writeFileSync(paths.extra, JSON.stringify(fixtures, null, 1) + '\n');
  const unexplained = [
    ...pairs.filter((p) => p.comparison?.class === 'unexplained').map((p) => p.name),
    ...extra.filter((e) => e.pair.comparison?.class === 'unexplained').map((e) => extraKey({ name: e.pair.name, fmt: e.fmt })),
  ];
  writeFileSync(paths.known, formatKnownFormats(unexplained));
}

export function readFormatFixtures(paths: FormatFixturePaths): { outputs: Map<string, string>; extra: ExtraFormatFixture[]; known: string[] } {
  const outputs = new Map(Object.entries(JSON.parse(readFileSync(paths.reference, 'utf8')) as Record<string, string>));
  const extra = JSON.parse(readFileSync(paths.extra, 'utf8')) as ExtraFormatFixture[];
  const known = readFileSync(paths.known, 'utf8').split('\n').slice(1).filter((l) => l !== '');
  return { outputs, extra, known };
}

export function formatKnownFormats(names: readonly string[]): string {
  return ['file', ...[...names].sort()].join('\n') + '\n';
}
