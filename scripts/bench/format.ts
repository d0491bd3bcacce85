// Formatter benchmark: files of about 1,000 and 10,000 lines, formatted
// (including the verifying re-parse) from their text.
import { performance } from 'node:perf_hooks';
import { format } from '../../src/analysis/format/index.ts';
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
      const times: number[] = [];
      let changed = false;
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        const result = format(parser, source);
        times.push(performance.now() - start);
        changed = result.formatted !== source && result.diagnostics.length === 0;
      }
      log(`format ${lines} lines (${(source.length / 1e3).toFixed(0)} kB), median of ${runs}: ${formatMs(median(times))}${changed ? '' : ' (NOT reformatted: check the generator)'}`);
    }
  } finally {
    parser.delete();
  }
}
