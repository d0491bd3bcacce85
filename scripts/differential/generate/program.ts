// A program under construction: its top-level declarations, the statements of
// main, and what the pieces placed so far offer to later pieces and mutations
// (an Int variable, a record value, a function of Ints).
import { globalName } from '../../../src/analysis/std/index.ts';
import type { Rng } from './random.ts';

/** The rules of semantics.md §5.5 (R0–R24), plus the ones it does not number that the reference enforces. */
export type Rule =
  | 'R0' | 'R1' | 'R2' | 'R3' | 'R4' | 'R5' | 'R6' | 'R7' | 'R8' | 'R9' | 'R10' | 'R11' | 'R12' | 'R13' | 'R14'
  | 'R15' | 'R16' | 'R17' | 'R18' | 'R19' | 'R20' | 'R21' | 'R22' | 'R23' | 'R24'
  /** Module-level statements: E3005 from IR generation. */
  | 'top-level'
  /** `break` and `continue`, which v0.7.12's IR generation does not handle (E3005). */
  | 'break-continue'
  /** A file that imports another file of the program. */
  | 'modules'
  /** A number literal the lexer rejects (E0002): its message is the lexer's own text. */
  | 'lexer';

export interface IntFunction {
  name: string;
  /** Parameter names, all Int. */
  params: string[];
}

export interface RecordValue {
  type: string;
  fields: string[];
  /** A variable of main holding one, not yet moved. */
  variable: string;
  /** Whether the variable was bound with `mut`. */
  mutable: boolean;
}

export class ProgramBuilder {
  readonly header: string[] = [];
  readonly imports = new Set<string>();
  readonly declarations: string[] = [];
  readonly main: string[] = [];
  /** Other files of the program (path → text), beside main.yx. */
  readonly modules = new Map<string, string>();
  readonly intVariables: string[] = [];
  readonly stringVariables: string[] = [];
  readonly intFunctions: IntFunction[] = [];
  readonly records: RecordValue[] = [];
  /** Record types declared so far. */
  readonly recordTypes: { type: string; fields: readonly string[] }[] = [];
  readonly rules = new Set<Rule>();
  readonly #used = new Set<string>();
  readonly rng: Rng;

  constructor(rng: Rng) {
    this.rng = rng;
    for (const name of ['main', 'print', 'io', 'list', 'math', 'string']) this.#used.add(name);
  }

  /**
   * A name from `pool` not used yet in this program, else one with a number.
   * Never a std short name (`len`, `round`, …): every program sees those as
   * globals, so a `for round in …` would be E2013 by accident.
   */
  fresh(pool: readonly string[]): string {
    for (const name of this.rng.sample(pool, pool.length)) {
      if (!this.#used.has(name) && globalName(name) === undefined) {
        this.#used.add(name);
        return name;
      }
    }
    for (let n = 2; ; n++) {
      const name = `${this.rng.pick(pool)}${n}`;
      if (!this.#used.has(name) && globalName(name) === undefined) {
        this.#used.add(name);
        return name;
      }
    }
  }

  isUsed(name: string): boolean {
    return this.#used.has(name);
  }

  reserve(name: string): void {
    this.#used.add(name);
  }

  /** An Int expression: a variable of main when there is one, else a literal. */
  intExpression(): string {
    return this.intVariables.length > 0 && this.rng.chance(0.6) ? this.rng.pick(this.intVariables) : String(this.rng.int(0, 50));
  }

  /** The text of main.yx: comment, imports, declarations, main. */
  render(style: 'lambda' | 'block'): string {
    const lines = [...this.header.map((h) => `// ${h}`)];
    if (this.imports.size > 0) {
      if (lines.length > 0) lines.push('');
      for (const i of [...this.imports].sort()) lines.push(`use ${i}`);
    }
    for (const d of this.declarations) {
      if (lines.length > 0) lines.push('');
      lines.push(d);
    }
    if (lines.length > 0) lines.push('');
    lines.push(style === 'lambda' ? 'main = () => {' : 'main = {');
    for (const statement of this.main) lines.push(...statement.split('\n').map((l) => (l === '' ? '' : `    ${l}`)));
    lines.push('}');
    return lines.join('\n') + '\n';
  }
}
