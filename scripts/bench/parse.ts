// Parser benchmarks: full-parse throughput next to tree-sitter-python in the
// same process, and incremental reparse after a one-character edit.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { Edit, Language, Parser } from 'web-tree-sitter';
import { createParser } from '../../src/syntax/language.ts';
import { LineIndex } from '../../src/syntax/positions.ts';
import { generatePython, generateYaoXiang, generateYaoXiangLines } from './generate.ts';
import { formatMs, median, percentile } from './stats.ts';

const FULL_PARSE_BYTES = 1_000_000;
const FULL_PARSE_RUNS = 15;
const EDIT_LINES = 10_000;
const EDIT_RUNS = 300;

export interface ParseBenchResult {
  yaoxiangMBps: number;
  pythonMBps: number;
  ratio: number;
  incrementalMedianMs: number;
  incrementalP99Ms: number;
}

export async function benchParse(log: (line: string) => void): Promise<ParseBenchResult> {
  const yaoxiang = await createParser();
  const python = new Parser();
  const require = createRequire(import.meta.url);
  const pythonWasm = require.resolve('tree-sitter-python/tree-sitter-python.wasm');
  python.setLanguage(await Language.load(new Uint8Array(await readFile(pythonWasm))));

  const yxSource = generateYaoXiang(FULL_PARSE_BYTES);
  // The same number of bytes of Python, cut at a line end.
  const pySource = generatePython(yxSource.length).slice(0, yxSource.length);
  // Interleaved, so that load on the machine hits both grammars alike.
  const [yxTime, pyTime] = timeFullParses([[yaoxiang, yxSource], [python, pySource]]) as [number, number];
  const mb = yxSource.length / 1e6;
  const yaoxiangMBps = mb / (yxTime / 1000);
  const pythonMBps = mb / (pyTime / 1000);
  log(`full parse, ${(yxSource.length / 1e6).toFixed(2)} MB, median of ${FULL_PARSE_RUNS}:`);
  log(`  tree-sitter-yaoxiang  ${formatMs(yxTime).padStart(10)}  ${yaoxiangMBps.toFixed(2)} MB/s`);
  log(`  tree-sitter-python    ${formatMs(pyTime).padStart(10)}  ${pythonMBps.toFixed(2)} MB/s`);
  log(`  ratio yaoxiang/python ${(yaoxiangMBps / pythonMBps).toFixed(2)}x`);

  const { medianMs, p99Ms } = timeIncremental(yaoxiang, generateYaoXiangLines(EDIT_LINES));
  const pyLines = generatePython(yxSource.length).split('\n').slice(0, EDIT_LINES).join('\n') + '\n';
  const pyEdit = timeIncremental(python, pyLines);
  log(`incremental reparse after a one-character edit, ${EDIT_LINES} lines, ${EDIT_RUNS * 2} edits:`);
  log(`  tree-sitter-yaoxiang  median ${formatMs(medianMs)}, p99 ${formatMs(p99Ms)}`);
  log(`  tree-sitter-python    median ${formatMs(pyEdit.medianMs)}, p99 ${formatMs(pyEdit.p99Ms)}`);

  yaoxiang.delete();
  python.delete();
  return { yaoxiangMBps, pythonMBps, ratio: yaoxiangMBps / pythonMBps, incrementalMedianMs: medianMs, incrementalP99Ms: p99Ms };
}

/** Median full-parse time of each (parser, source) pair, in milliseconds. */
function timeFullParses(pairs: Array<[Parser, string]>): number[] {
  const times: number[][] = pairs.map(() => []);
  for (let i = 0; i < FULL_PARSE_RUNS + 2; i++) {
    pairs.forEach(([parser, source], k) => {
      const start = performance.now();
      const tree = parser.parse(source);
      const elapsed = performance.now() - start;
      if (!tree) throw new Error('parse failed');
      if (tree.rootNode.hasError) throw new Error('benchmark input has syntax errors');
      tree.delete();
      if (i >= 2) times[k]!.push(elapsed); // the first runs warm up the JIT and WASM
    });
  }
  return times.map(median);
}

/** Types one character into an identifier at random places, then deletes it again. */
function timeIncremental(parser: Parser, source: string): { medianMs: number; p99Ms: number } {
  let text = source;
  let tree = parser.parse(text)!;
  const lines = new LineIndex(text);
  const times: number[] = [];
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = 0; i < EDIT_RUNS; i++) {
    // A line with an identifier to type into (both languages alike), in range: never -1, never past the end.
    let line: number;
    let column: number;
    do {
      line = Math.floor(random() * lines.lineCount);
      column = lines.lineText(line).search(/[a-z]/);
    } while (column < 0);
    const offset = lines.lineStart(line) + column;
    const point = { row: line, column };
    for (const insert of [true, false]) {
      const edit = insert
        ? new Edit({ startIndex: offset, oldEndIndex: offset, newEndIndex: offset + 1, startPosition: point, oldEndPosition: point, newEndPosition: { row: line, column: column + 1 } })
        : new Edit({ startIndex: offset, oldEndIndex: offset + 1, newEndIndex: offset, startPosition: point, oldEndPosition: { row: line, column: column + 1 }, newEndPosition: point });
      const next = insert ? text.slice(0, offset) + 'q' + text.slice(offset) : text.slice(0, offset) + text.slice(offset + 1);
      const start = performance.now();
      tree.edit(edit);
      const newTree = parser.parse(next, tree)!;
      times.push(performance.now() - start);
      tree.delete();
      tree = newTree;
      text = next;
    }
  }
  tree.delete();
  return { medianMs: median(times), p99Ms: percentile(times, 99) };
}
