// Seeded, deterministic programs: a few well-typed pieces (pieces.ts) put
// together as people write them, and for about half of them one targeted
// mutation (mutations.ts) that breaks exactly one rule. Program i of seed s is
// always the same text.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ProgramFile } from '../programs.ts';
import { MUTATIONS, type Mutation } from './mutations.ts';
import { PIECES, type Piece } from './pieces.ts';
import { ProgramBuilder, type Rule } from './program.ts';
import { Rng } from './random.ts';

export { MUTATIONS, PIECES };
export type { Rule };

export interface GeneratedProgram {
  /** Folder name, e.g. `g0042-use-after-move`. */
  name: string;
  /** File name → text; `main.yx` always. */
  files: Map<string, string>;
  /** The rules whose accepting side the pieces exercise. */
  rules: Rule[];
  pieces: string[];
  mutation?: Mutation;
}

export interface Recipe {
  /** Pieces that must be in the program, before the random ones. */
  pieces?: readonly Piece[];
  mutation?: Mutation;
  /** Without a mutation given: whether to pick one at random (about half the time otherwise). */
  mutate?: boolean;
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Pieces a mutation may need (a record value, an Int variable, a function of Ints), tried in turn. */
const SUPPORT = ['record, construction and fields', 'signature-bound body', 'mutable borrow of a mut binding'].map((n) => PIECES.find((p) => p.name === n)!);

export function generateProgram(index: number, seed: number, recipe: Recipe = {}): GeneratedProgram {
  // One stream per program, so program i does not depend on how many came before.
  const rng = new Rng((Math.imul(seed, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0);
  const b = new ProgramBuilder(rng);
  const chosen: Piece[] = [...(recipe.pieces ?? [])];
  const extra = rng.int(recipe.pieces ? 0 : 1, 3);
  for (let i = 0; i < extra; i++) chosen.push(rng.pick(PIECES));
  for (const piece of chosen) piece.add(b);
  const mutation = recipe.mutation ?? (recipe.mutate ?? rng.chance(0.5) ? rng.pick(MUTATIONS) : undefined);
  if (mutation) {
    let applied = mutation.apply(b);
    for (const support of SUPPORT) {
      if (applied) break;
      support.add(b);
      chosen.push(support);
      applied = mutation.apply(b);
    }
    if (!applied) throw new Error(`mutation '${mutation.name}' found nothing to apply to`);
  }
  const pieces = [...new Set(chosen.map((p) => p.name))];
  b.header.push(mutation ? `${pieces.join('; ')}; then: ${mutation.name}` : pieces.join('; '));
  const files = new Map<string, string>([['main.yx', b.render(rng.chance(0.5) ? 'lambda' : 'block')], ...b.modules]);
  const name = `g${String(index).padStart(4, '0')}-${slug(mutation ? mutation.name : pieces[0]!)}`;
  const rules = [...new Set(chosen.flatMap((p) => p.rules))];
  return { name, files, rules, pieces, ...(mutation ? { mutation } : {}) };
}

/** A generated file, with the program it belongs to. */
export interface GeneratedFile extends ProgramFile {
  program: GeneratedProgram;
}

/** Writes each program as a folder under `dir`; files are named `LABEL/PROGRAM/FILE` (`PROGRAM/FILE` with an empty label). */
export function writePrograms(programs: readonly GeneratedProgram[], dir: string, label = 'generated'): GeneratedFile[] {
  const out: GeneratedFile[] = [];
  for (const program of programs) {
    const folder = path.join(dir, program.name);
    mkdirSync(folder, { recursive: true });
    for (const [file, text] of program.files) {
      const absolute = path.join(folder, file);
      writeFileSync(absolute, text);
      out.push({ name: `${label ? `${label}/` : ''}${program.name}/${file}`, absolute, text, program });
    }
  }
  return out;
}

/** `count` programs of `seed`, written under `dir`. */
export function generatePrograms(count: number, seed: number, dir: string): GeneratedFile[] {
  return writePrograms(Array.from({ length: count }, (_, i) => generateProgram(i, seed)), dir);
}
