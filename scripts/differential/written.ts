// Hand-written programs for the fixtures (`test/differential/written/*.yx`):
// what people write when they recombine the documentation's idioms (variants,
// `match`, records with methods, closures, std modules, loops over lists and
// strings, ownership), correct or with one realistic mistake. The generator
// confirms our own reading of the rules; these were written without it, and
// the ones that exposed a disagreement are the rule's regression tests. The
// verdicts come from the reference, not from this list.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { GeneratedProgram } from './generate/index.ts';

/** The programs of `dir`, one per `<slug>.yx` in name order, numbered on from `firstIndex` as `wNNNN-<slug>`. */
export function writtenPrograms(dir: string, firstIndex: number): GeneratedProgram[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.yx')).sort();
  return files.map((file, i) => ({
    name: `w${String(firstIndex + i).padStart(4, '0')}-${file.slice(0, -'.yx'.length)}`,
    files: new Map([['main.yx', readFileSync(path.join(dir, file), 'utf8')]]),
    rules: [],
    pieces: [],
  }));
}
