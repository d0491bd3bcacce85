// Whole-number options, read strictly. `Number()` reads "" as 0 and takes
// "0x4", " 4" and "1e1" as numbers: `--max-per-file ""` showed everything and
// `fmt --indent ""` indented by 0. Only decimal digits are a number here.
import type { LineIndex } from '../ide/index.ts';
import { UsageError } from './exit.ts';

/** `text` as a whole number from `min` to `max`, or a usage error naming `flag` and saying what it takes. */
export function wholeNumberOption(flag: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER, note = ''): number {
  const n = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isSafeInteger(n) && n >= min && n <= max) return n;
  const range = max !== Number.MAX_SAFE_INTEGER ? `a whole number from ${min} to ${max}` : min === 0 ? 'a whole number' : min === 1 ? 'a positive whole number' : `a whole number of at least ${min}`;
  throw new UsageError(`${flag} must be ${range}${note}, not ${JSON.stringify(text)}`);
}

/** A usage error naming `given` (how the position was written) unless the 1-based position is in the file `lines` indexes. */
export function requirePosition(lines: LineIndex, position: { line: number; column: number }, given: string): void {
  const problem = lines.humanPositionProblem(position);
  if (problem !== undefined) throw new UsageError(`${given} is not a position in the file: ${problem}`);
}
