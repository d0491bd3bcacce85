// The reference's text layout for one diagnostic (util/diagnostic/emitter/text.rs):
//   error [E1001] message
//    --> file:line:col
//      3 │ source line
//        │     ^^^
//   help: …
// A line longer than SHOWN_COLUMNS is shown as a window around the range,
// `…` where it is cut: n diagnostics on one long line would otherwise print
// the line n times (20,000 errors on an 80 KB line were 2.4 GB of output).
import type { Diagnostic, LineIndex } from '../ide/index.ts';

const COLORS: Record<string, string> = { error: '31', warning: '33', info: '34', hint: '36' };

/** The most code points of a source line shown, and how many of them before the range. */
const SHOWN_COLUMNS = 160;
const COLUMNS_BEFORE = 60;

export function renderDiagnostic(d: Diagnostic, file: string, lines: LineIndex, options: { color: boolean }): string {
  const severity = options.color ? `\x1b[${COLORS[d.severity]}m${d.severity}\x1b[0m` : d.severity;
  const code = options.color ? `\x1b[1m[${d.code}]\x1b[0m` : `[${d.code}]`;
  const out = [`${severity} ${code} ${d.message}`, ` --> ${file}:${d.range.start.line}:${d.range.start.column}`];
  const { start, end } = d.range;
  const lastLine = Math.min(end.line, start.line + 5);
  for (let line = start.line; line <= lastLine && line <= lines.lineCount; line++) {
    const shown = excerpt(lines, line, line === start.line ? start.column : 1);
    out.push(`${String(line).padStart(4)} │ ${shown.text}`);
    if (line === start.line) {
      const lineEnd = end.line === start.line ? end.column : lineLength(lines, line) + 1;
      const width = Math.max(1, Math.min(lineEnd, shown.lastColumn + 1) - start.column);
      out.push(`     │ ${' '.repeat(shown.column - 1)}${'^'.repeat(width)}`);
    }
  }
  if (d.help) out.push(`help: ${d.help}`);
  return out.join('\n') + '\n';
}

/** Line `line` (1-based), or a window of it from a little before `column`; where `column` is in the text shown, and the last column shown. */
function excerpt(lines: LineIndex, line: number, column: number): { text: string; column: number; lastColumn: number } {
  const full = lines.lineText(line - 1);
  const length = full.length <= SHOWN_COLUMNS ? full.length : lineLength(lines, line);
  if (length <= SHOWN_COLUMNS) return { text: full, column, lastColumn: length };
  const first = Math.max(1, Math.min(column - COLUMNS_BEFORE, length - SHOWN_COLUMNS + 1));
  const last = Math.min(length, first + SHOWN_COLUMNS - 1);
  const lineStart = lines.lineStart(line - 1);
  const from = lines.fromHuman({ line, column: first }) - lineStart;
  const to = lines.fromHuman({ line, column: last + 1 }) - lineStart;
  const before = first > 1 ? '…' : '';
  return { text: `${before}${full.slice(from, to)}${last < length ? '…' : ''}`, column: column - first + 1 + before.length, lastColumn: last };
}

/** Code points in line `line` (1-based). */
function lineLength(lines: LineIndex, line: number): number {
  return lines.toHuman(lines.lineStart(line - 1) + lines.lineText(line - 1).length).column - 1;
}
