// How each analysis pass scales with its input: every pathological shape of
// issue 21 (and ordinary code) at size n and 4n, timed per pass, with the
// fitted exponent (1 is linear, 2 quadratic). test/scaling/ asserts on the
// same measurements; `npm run bench -- scaling` prints them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Parser, Tree } from 'web-tree-sitter';
import { syntaxDiagnostics } from '../../src/analysis/diagnostics/syntax.ts';
import { formatTree } from '../../src/analysis/format/index.ts';
import { typecheckTree } from '../../src/analysis/infer/check-file.ts';
import { collectDeclarations } from '../../src/analysis/infer/declarations.ts';
import { buildFileModel } from '../../src/analysis/model/build.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { LineIndex } from '../../src/syntax/positions.ts';
import { sharedCorpusDir } from '../../test/support/paths.ts';
import { generateYaoXiang } from './generate.ts';
import { formatMs } from './stats.ts';

/** An input shape: the text of size `n` (its unit: operators, nesting levels, characters…). */
export interface Shape {
  name: string;
  /** A size at which every pass takes a few milliseconds or more, but well under a second at 4n. */
  n: number;
  text: (n: number) => string;
}

const repeat = (unit: string, n: number) => unit.repeat(n);

/** Ordinary code: the shared corpus's files, or generated code where there is no corpus, repeated to `n` KB. */
function ordinaryCode(n: number): string {
  const unit = corpusText() ?? generateYaoXiang(64 * 1024);
  const bytes = n * 1024;
  return unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes).replace(/[^\n]*$/, '');
}

let corpus: string | undefined | null = null;
function corpusText(): string | undefined {
  if (corpus !== null) return corpus;
  if (!sharedCorpusDir) return (corpus = undefined);
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name.endsWith('.yx')) texts.push(readFileSync(join(dir, entry.name), 'utf8'));
    }
  };
  walk(sharedCorpusDir);
  return (corpus = texts.join('\n'));
}

export const SHAPES: readonly Shape[] = [
  { name: 'ordinary code (KB)', n: 64, text: ordinaryCode },
  { name: '`+ ` × n', n: 4_000, text: (n) => repeat('+ ', n) },
  // A prefix operator and one no operand starts with, repeated: tree-sitter's
  // recovery was quadratic here until the scanner took such a run as one error
  // token (tree-sitter-yaoxiang/src/scanner.c, scan_operator_run). 4n is issue 21's 10,000.
  { name: '`*/ ` × n', n: 2_500, text: (n) => repeat('*/ ', n) },
  { name: '`- / ` × n', n: 2_500, text: (n) => repeat('- / ', n) },
  { name: '`! % ` × n', n: 2_500, text: (n) => repeat('! % ', n) },
  { name: '`*/⏎` × n', n: 2_500, text: (n) => repeat('*/\n', n) },
  { name: '`爻` × n', n: 50_000, text: (n) => repeat('爻', n) },
  // One lexer error per character: at 40,000 the errors fit in V8's young generation and take
  // 6 ms, at 4n they do not; from 160,000 (about 50 ms) the ratio is the pass's own (3.3 to 640,000, 4.0 beyond).
  { name: '`爻 ` × n', n: 160_000, text: (n) => repeat('爻 ', n) },
  // From 2,000: at 1,000 the model takes 4–8 ms, and one CI run under load measured a ratio of 6.2 there (2.5–3.9 on a quiet machine, before and after this stop alike).
  { name: 'nested `if a {` × n', n: 2_000, text: (n) => `main = () => {\n${repeat('if a {\n', n)}${repeat('}\n', n)}}\n` },
  { name: 'unclosed `if a {` × n', n: 2_000, text: (n) => repeat('if a {\n', n) },
  // Each a `for` statement whose head the syntax diagnostics read off the tokens.
  { name: '`for x of⏎` × n', n: 2_000, text: (n) => repeat('for x of\n', n) },
  // One ERROR beside another at the top level, each binding a parameter: `Node.parent` searched all the ERRORs
  // before for each (the model took 0.12 s at 2,000, 1.3 s at 8,000).
  { name: '`if x:⏎` × n', n: 2_000, text: (n) => repeat('if x:\n', n) },
  // Measured from 16,000: from 2,000 to 8,000 its type check leaves the caches (3 ms to 19 ms, also before stop 46).
  { name: '`a < ` × n', n: 16_000, text: (n) => `x = ${repeat('a < ', n)}a\n` },
  { name: '`a < ` × n, a statement', n: 2_000, text: (n) => `${repeat('a < ', n)}a\n` },
  // With a syntax error elsewhere the statement-head rules read every `<` of the line: each walked back to the
  // line's first token (0.2 s at 10,000, 3.2 s at 40,000).
  { name: '`a < ` × n on a line, a mistake below', n: 10_000, text: (n) => `x = a${repeat(' < b', n)}\ny = (1 +\n` },
  { name: 'identifiers × n', n: 2_000, text: (n) => `x = ${repeat('a ', n)}\n` },
  { name: 'identifiers × n, statements', n: 2_000, text: (n) => repeat('a ', n) },
  { name: '`List(` × n', n: 1_000, text: (n) => `x: ${repeat('List(', n)}Int${repeat(')', n)} = []\n` },
  { name: '`(Int) -> ` × n', n: 1_000, text: (n) => `f: ${repeat('(Int) -> ', n)}Int = 1\n` },
  // Unclosed brackets: error recovery nests the tokens an ERROR node skips one hidden level each, and
  // tree-sitter's query cursor walks up those levels for every node it enters (the model took 0.9 s at 20,000 `(`, 83 s at 160,000).
  // Measured from 40,000: from 20,000 the first step is out of the caches (syntax diagnostics 8 ms to 50 ms, then 4× per 4×).
  { name: 'unclosed `(` × n', n: 40_000, text: (n) => `x = ${repeat('(', n)}\n` },
  { name: 'unclosed `[` × n', n: 40_000, text: (n) => `x = ${repeat('[', n)}\n` },
  { name: 'unclosed `{` × n', n: 40_000, text: (n) => `x = ${repeat('{', n)}\n` },
  { name: 'unclosed `f"{` × n', n: 2_500, text: (n) => `x = ${repeat('f"{', n)}\n` },
  // A run of `(&` in a file with a syntax error: the statement heads walked back over the run from each of its tokens.
  { name: '`(&` × n in a value, an error below', n: 4_000, text: (n) => `main = () => {\n    x = ${repeat('(&', n)}1${repeat(')', n)}\n}\nbad = 1 +\n` },
  // Functions that return Type, nested: each value's first tokens are read, not the whole value.
  { name: 'nested `F: () -> Type = {` × n', n: 1_000, text: (n) => `${repeat('F: () -> Type = {\n', n)}x\n${repeat('}\n', n)}` },
  // Nested definitions: `Node.parent` goes down from the root (the model took 2 s at 4,000, 31 s at 16,000).
  { name: 'nested `f = () => {` × n', n: 500, text: (n) => `main = () => {\n${repeat('f = () => {\n', n)}${repeat('}\n', n)}}\n` },
];

/** A pass over one text; `parse` is timed on its own, the others on a tree parsed beforehand. */
export interface Pass {
  name: string;
  run: (parser: Parser, tree: Tree, text: string) => unknown;
}

export const PASSES: readonly Pass[] = [
  { name: 'parse', run: (parser, _tree, text) => parseOrThrow(parser, text).delete() },
  { name: 'syntax diagnostics', run: (_parser, tree, text) => syntaxDiagnostics(tree, text) },
  { name: 'model', run: (_parser, tree) => buildFileModel(tree) },
  { name: 'type check', run: (_parser, tree, text) => typecheckTree(tree, new LineIndex(text), collectDeclarations(tree), () => undefined) },
  { name: 'format', run: (parser, tree, text) => formatTree(parser, tree, text) },
];

export interface Scaling {
  shape: string;
  pass: string;
  n: number;
  /** The least of a few runs, in ms, at n and at 4n. */
  small: number;
  large: number;
  ratio: number;
  /** log4 of the ratio: 1 for a linear pass. */
  exponent: number;
}

/** This process's CPU time in ms: unlike the wall clock, it does not count other processes' turns on a shared machine. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The least CPU time of `runs` runs of `pass` on `text`, with its tree. */
function fastest(parser: Parser, pass: Pass, tree: Tree, text: string, runs: number): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = cpuMs();
    pass.run(parser, tree, text);
    best = Math.min(best, cpuMs() - start);
  }
  return best;
}

/** Times every pass on `shape` at n and 4n. Times under `floorMs` are raised to it, so that noise on tiny times is no ratio. */
export function measureShape(parser: Parser, shape: Shape, passes: readonly Pass[] = PASSES, runs = 3, floorMs = 2): Scaling[] {
  const small = shape.text(shape.n);
  const large = shape.text(4 * shape.n);
  // Each size parsed once for all the passes: the parse of some shapes is the slow part.
  const smallTree = parseOrThrow(parser, small);
  const largeTree = parseOrThrow(parser, large);
  try {
    return passes.map((pass) => {
      // One run first, not timed, so that the code is compiled before the small size is timed.
      pass.run(parser, smallTree, small);
      // The sizes in turn, so that both meet the collector in the same states (all the small runs, then all the
      // large ones, left the large ones a heap the small ones had filled: ratios of 6 to 9 on linear passes).
      let a = Infinity;
      let b = Infinity;
      for (let i = 0; i < runs; i++) {
        a = Math.min(a, fastest(parser, pass, smallTree, small, 1));
        b = Math.min(b, fastest(parser, pass, largeTree, large, 1));
      }
      a = Math.max(floorMs, a);
      b = Math.max(floorMs, b);
      const ratio = b / a;
      return { shape: shape.name, pass: pass.name, n: shape.n, small: a, large: b, ratio, exponent: Math.log(ratio) / Math.log(4) };
    });
  } finally {
    smallTree.delete();
    largeTree.delete();
  }
}

export async function benchScaling(log: (line: string) => void): Promise<void> {
  const parser = await createParser();
  try {
    log('each pass on each shape at n and 4n (least CPU time of 3 runs): time at n → 4n, fitted exponent (1 = linear)');
    for (const shape of SHAPES) {
      log(`${shape.name}, n = ${shape.n}:`);
      for (const s of measureShape(parser, shape)) {
        log(`  ${s.pass.padEnd(20)} ${formatMs(s.small).padStart(10)} → ${formatMs(s.large).padStart(10)}  exponent ${s.exponent.toFixed(2)}`);
      }
    }
  } finally {
    parser.delete();
  }
}
