// The reference's text layout for one diagnostic (util/diagnostic/emitter/text.rs):
//   error [E1001] message
//    --> file:line:col
//      3 │ source line
//        │     ^^^
//   help: …
// A source line is shown as a window around the caret: a minified or
// generated file's single 40 KB line, reprinted for each of its thousand
// errors, made hundreds of megabytes of output.
import type { Diagnostic, LineIndex } from '../ide/index.ts';
import { shownPath } from './shown-path.ts';

const COLORS: Record<string, string> = { error: '31', warning: '33', info: '34', hint: '36' };

/** Widest excerpt of a source line, in characters; longer lines are cut around the caret and marked with …. */
export const EXCERPT_WIDTH = 120;
/** How much of a long line is kept before the caret. */
const CONTEXT_BEFORE = 40;
/** Lines of a multi-line range shown. */
const MAX_RANGE_LINES = 6;

export function renderDiagnostic(d: Diagnostic, file: string, lines: LineIndex, options: { color: boolean }): string {
  const severity = options.color ? `\x1b[${COLORS[d.severity]}m${d.severity}\x1b[0m` : d.severity;
  const code = options.color ? `\x1b[1m[${d.code}]\x1b[0m` : `[${d.code}]`;
  const out = [`${severity} ${code} ${d.message}`, ` --> ${shownPath(file)}:${d.range.start.line}:${d.range.start.column}`];
  const { start, end } = d.range;
  const lastLine = Math.min(end.line, start.line + MAX_RANGE_LINES - 1);
  for (let line = start.line; line <= lastLine && line <= lines.lineCount; line++) {
    // Every line of the range through the same window, so that they stay aligned.
    const shown = excerpt([...lines.lineText(line - 1)], start.column);
    out.push(`${String(line).padStart(4)} │ ${shown.text}`);
    if (line === start.line) {
      const wanted = end.line === start.line ? Math.max(1, end.column - start.column) : Math.max(1, shown.length - start.column + 1);
      const caret = start.column - 1 - shown.from;
      const width = Math.max(1, Math.min(wanted, shown.to - shown.from - caret));
      out.push(`     │ ${' '.repeat(caret + shown.marker)}${'^'.repeat(width)}`);
    }
  }
  if (d.help) out.push(`help: ${d.help}`);
  return out.join('\n') + '\n';
}

interface Excerpt {
  text: string;
  /** The characters [from, to) of the line are shown. */
  from: number;
  to: number;
  /** The line's length in characters. */
  length: number;
  /** Width of the leading … (0 or 1). */
  marker: number;
}

/** At most EXCERPT_WIDTH characters of `chars`, starting CONTEXT_BEFORE before the (1-based) column. */
export function excerpt(chars: readonly string[], column: number): Excerpt {
  if (chars.length <= EXCERPT_WIDTH) return { text: chars.join(''), from: 0, to: chars.length, length: chars.length, marker: 0 };
  const from = Math.max(0, Math.min(column - 1 - CONTEXT_BEFORE, chars.length - EXCERPT_WIDTH));
  const to = from + EXCERPT_WIDTH;
  const marker = from > 0 ? 1 : 0;
  return { text: (marker ? '…' : '') + chars.slice(from, to).join('') + (to < chars.length ? '…' : ''), from, to, length: chars.length, marker };
}
