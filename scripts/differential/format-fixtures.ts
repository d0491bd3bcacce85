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
  known: string;
}

export function formatFixturePaths(root: string): FormatFixturePaths {
  const dir = path.join(root, 'test', 'differential');
  return { programs: path.join(dir, 'programs'), reference: path.join(dir, 'format-reference.json'), known: path.join(dir, 'format-known.tsv') };
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

/** Writes the reference's outputs (the files it formatted) and the unexplained differences we have today. */
export function writeFormatFixtures(paths: FormatFixturePaths, pairs: readonly FormatPair[]): void {
  const outputs: Record<string, string> = {};
  for (const pair of pairs) if (pair.reference.kind === 'formatted') outputs[pair.name] = pair.reference.text;
  writeFileSync(paths.reference, JSON.stringify(outputs, null, 1) + '\n');
  writeFileSync(paths.known, formatKnownFormats(pairs.filter((p) => p.comparison?.class === 'unexplained').map((p) => p.name)));
}

export function readFormatFixtures(paths: FormatFixturePaths): { outputs: Map<string, string>; known: string[] } {
  const outputs = new Map(Object.entries(JSON.parse(readFileSync(paths.reference, 'utf8')) as Record<string, string>));
  const known = readFileSync(paths.known, 'utf8').split('\n').slice(1).filter((l) => l !== '');
  return { outputs, known };
}

export function formatKnownFormats(names: readonly string[]): string {
  return ['file', ...[...names].sort()].join('\n') + '\n';
}
