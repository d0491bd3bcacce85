// Formatter benchmark: files of about 1,000 and 10,000 lines, formatted
// (including the verifying re-parse) from their text, and the diff of each
// (format_source returns it; every line changes); and one line of a long sum
// (`x = 1 + 1 + …`, issue 9) at three sizes, to show the time grows with the
// size and not faster.
import { performance } from 'node:perf_hooks';
import type { Parser } from 'web-tree-sitter';
import { format, formatDiff, type FormatResult } from '../../src/analysis/format/index.ts';
import { createParser } from '../../src/syntax/language.ts';
import { generateYaoXiang } from './generate.ts';
import { formatMs, median } from './stats.ts';

export async function benchFormat(log: (line: string) => void): Promise<void> {
  const parser = await createParser();
  try {
    for (const [bytes, runs] of [[26_000, 30], [260_000, 5]] as const) {
      // Unformatted on purpose: spaces squeezed out around `=`.
      const source = generateYaoXiang(bytes).replace(/ = /g, '=');
      const lines = source.split('\n').length - 1;
      const { ms, result } = timeFormat(parser, source, runs);
      const changed = result.formatted !== source && result.diagnostics.length === 0;
      log(`format ${lines} lines (${(source.length / 1e3).toFixed(0)} kB), median of ${runs}: ${formatMs(ms)}${changed ? '' : ' (NOT reformatted: check the generator)'}`);
      const diffTimes: number[] = [];
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        formatDiff(source, result.formatted);
        diffTimes.push(performance.now() - start);
      }
      log(`  its diff, median of ${runs}: ${formatMs(median(diffTimes))}`);
    }
    for (const [megabytes, runs] of [[0.5, 3], [1, 3], [2, 1]] as const) {
      const chars = megabytes * 1024 * 1024;
      const source = `x = 1${' + 1'.repeat(Math.ceil((chars - 5) / 4))}\n`;
      const { ms, result } = timeFormat(parser, source, runs);
      const broken = result.diagnostics.length === 0 && result.formatted.split('\n').length > 2;
      log(`format a ${megabytes} MB line \`x = 1 + 1 + …\`, median of ${runs}: ${formatMs(ms)} (${formatMs(ms / megabytes)} per MB)${broken ? '' : ' (NOT broken into lines: check the formatter)'}`);
    }
  } finally {
    parser.delete();
  }
}

/** The median time of `runs` formats of `source`, and the last result. */
function timeFormat(parser: Parser, source: string, runs: number): { ms: number; result: FormatResult } {
  const times: number[] = [];
  let result: FormatResult | undefined;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    result = format(parser, source);
    times.push(performance.now() - start);
  }
  return { ms: median(times), result: result! };
}
