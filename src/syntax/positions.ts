// Offsets in web-tree-sitter are UTF-16 code units (as in JS strings and LSP).
// People read 1-based lines and columns counted in Unicode scalar values, as the
// reference compiler prints them; LSP wants 0-based UTF-16 positions.
import { countAtMost } from './sorted.ts';

/** 1-based line and column, the column counted in Unicode code points. */
export interface HumanPosition {
  line: number;
  column: number;
}

/** 0-based line and UTF-16 character offset, as LSP's default encoding. */
export interface LspPosition {
  line: number;
  character: number;
}

/** A start-inclusive, end-exclusive range in people's coordinates. */
export interface HumanRange {
  start: HumanPosition;
  end: HumanPosition;
}

const HIGH_SURROGATE = /[\ud800-\udbff]/g;

/** Maps UTF-16 offsets of one text to line/column pairs in both coordinate systems. */
export class LineIndex {
  readonly #text: string;
  #built: { lineStarts: number[]; pairs: number[] } | undefined;

  /**
   * Nothing is computed until a position is asked for: a version of an edited
   * file without diagnostics never is, and on a large file the index was a
   * megabyte and several milliseconds of every keystroke.
   */
  constructor(text: string) {
    this.#text = text;
  }

  /** UTF-16 offset of the first character of each line. */
  get #lineStarts(): number[] {
    return (this.#built ??= indexLines(this.#text)).lineStarts;
  }

  /**
   * UTF-16 offset of each surrogate pair, ascending: a column is the units
   * since the line start less the pairs among them, found by binary search, so
   * that positions on one long line do not cost its length each.
   */
  get #pairs(): number[] {
    return (this.#built ??= indexLines(this.#text)).pairs;
  }

  /**
   * The index of `text`, which is this index's text with `[start, end)`
   * replaced by `inserted`: derived from this one when it is built (a keystroke
   * in a large file then moves the numbers after the edit instead of scanning
   * the whole text again), else left to be built when first asked.
   */
  edited(text: string, start: number, end: number, inserted: string): LineIndex {
    const next = new LineIndex(text);
    const built = this.#built;
    if (!built) return next;
    const delta = inserted.length - (end - start);
    // Line starts after a newline before the edit stay; those after one it removed go; the rest move.
    const lineStarts = built.lineStarts.slice(0, countAtMost(built.lineStarts, start));
    for (let i = inserted.indexOf('\n'); i !== -1; i = inserted.indexOf('\n', i + 1)) lineStarts.push(start + i + 1);
    for (let k = countAtMost(built.lineStarts, end); k < built.lineStarts.length; k++) lineStarts.push(built.lineStarts[k]! + delta);
    // A pair may begin from one unit before the edit to its new end: looked for again there.
    const from = Math.max(0, start - 1);
    const to = start + inserted.length;
    const pairs = built.pairs.slice(0, countAtMost(built.pairs, from - 1));
    for (let i = from; i <= to && i < text.length - 1; i++) {
      if (isHighSurrogateAt(text, i)) pairs.push(i++);
    }
    for (let k = countAtMost(built.pairs, end); k < built.pairs.length; k++) pairs.push(built.pairs[k]! + delta);
    next.#built = { lineStarts, pairs };
    return next;
  }

  get lineCount(): number {
    return this.#lineStarts.length;
  }

  /** 0-based line containing `offset` (clamped to the text). */
  lineOf(offset: number): number {
    const clamped = Math.max(0, Math.min(offset, this.#text.length));
    const starts = this.#lineStarts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= clamped) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  lineStart(line: number): number {
    return this.#lineStarts[Math.max(0, Math.min(line, this.#lineStarts.length - 1))]!;
  }

  /** The text of a 0-based line without its line terminator. */
  lineText(line: number): string {
    return this.#text.slice(this.lineStart(line), this.lineEnd(line));
  }

  /** Where a 0-based line's text ends: before its line terminator. */
  lineEnd(line: number): number {
    const start = this.lineStart(line);
    const next = line + 1 < this.#lineStarts.length ? this.#lineStarts[line + 1]! - 1 : this.#text.length;
    const end = next > start && this.#text.charCodeAt(next - 1) === 13 ? next - 1 : next;
    return Math.max(start, end);
  }

  /**
   * Why a 1-based position is not in the text, or undefined when it is. The
   * end of a line (one column past its last character) is in it; a line or
   * column before the first, a line past the last or a column past a line's
   * end is not (fromHuman would clamp it to some other place).
   */
  humanPositionProblem(position: HumanPosition): string | undefined {
    const { line, column } = position;
    if (line < 1 || column < 1) return 'lines and columns count from 1';
    if (line > this.lineCount) return `line ${line} is past the end (the last line is ${this.lineCount})`;
    const columns = this.#codePoints(this.lineStart(line - 1), this.lineEnd(line - 1)) + 1;
    if (column > columns) return `column ${column} is past the end of line ${line} (its last column is ${columns})`;
    return undefined;
  }

  toHuman(offset: number): HumanPosition {
    const line = this.lineOf(offset);
    const start = this.#lineStarts[line]!;
    const end = Math.max(start, Math.min(offset, this.#text.length));
    return { line: line + 1, column: this.#codePoints(start, end) + 1 };
  }

  /** The tree-sitter point (0-based row, UTF-16 column) of an offset. */
  toPoint(offset: number): { row: number; column: number } {
    const { line, character } = this.toLsp(offset);
    return { row: line, column: character };
  }

  toLsp(offset: number): LspPosition {
    const line = this.lineOf(offset);
    return { line, character: Math.max(0, Math.min(offset, this.#text.length)) - this.#lineStarts[line]! };
  }

  /** UTF-16 offset of an LSP position; characters past the line end clamp to it. */
  fromLsp(position: LspPosition): number {
    if (position.line >= this.#lineStarts.length) return this.#text.length;
    const start = this.lineStart(position.line);
    const lineEnd = start + this.lineText(position.line).length;
    return Math.min(start + Math.max(0, position.character), lineEnd);
  }

  /** UTF-16 offset of a 1-based human position; columns past the line end clamp to it. */
  fromHuman(position: HumanPosition): number {
    if (position.line < 1) return 0;
    if (position.line > this.#lineStarts.length) return this.#text.length;
    const start = this.lineStart(position.line - 1);
    const lineEnd = start + this.lineText(position.line - 1).length;
    // The least offset with column - 1 code points before it, by binary search
    // (code points grow with the offset); one inside a pair moves past it.
    const wanted = position.column - 1;
    let low = start;
    let high = lineEnd;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.#codePoints(start, middle) >= wanted) high = middle;
      else low = middle + 1;
    }
    return low > start && low < lineEnd && isHighSurrogateAt(this.#text, low - 1) ? low + 1 : low;
  }

  humanRange(startOffset: number, endOffset: number): HumanRange {
    return { start: this.toHuman(startOffset), end: this.toHuman(endOffset) };
  }

  /** Code points in [start, end); a pair cut by `end` counts as one. */
  #codePoints(start: number, end: number): number {
    if (end <= start) return 0;
    return end - start - (pairsBefore(this.#pairs, end - 1) - pairsBefore(this.#pairs, start));
  }
}

/** Newlines and surrogates found by the engine's own string search, not a loop over every character. */
function indexLines(text: string): { lineStarts: number[]; pairs: number[] } {
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const pairs: number[] = [];
  HIGH_SURROGATE.lastIndex = 0;
  for (let match = HIGH_SURROGATE.exec(text); match; match = HIGH_SURROGATE.exec(text)) {
    if (isHighSurrogateAt(text, match.index)) {
      pairs.push(match.index);
      HIGH_SURROGATE.lastIndex = match.index + 2;
    }
  }
  return { lineStarts, pairs };
}

/** How many of the ascending `offsets` (whole numbers) are below `limit`. */
function pairsBefore(offsets: readonly number[], limit: number): number {
  return countAtMost(offsets, limit - 1);
}

/** Whether a well-formed surrogate pair starts at `offset`. */
function isHighSurrogateAt(text: string, offset: number): boolean {
  return isHighSurrogate(text.charCodeAt(offset)) && isLowSurrogate(text.charCodeAt(offset + 1));
}

export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

export function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * Re-counts the columns of human ranges as an editor shows them when a tab
 * reaches the next multiple of `tabSize` (tools that take a `tab_size`).
 */
export function withTabStops(lines: LineIndex, tabSize: number): (range: HumanRange) => HumanRange {
  const visual = (position: HumanPosition): HumanPosition => {
    const line = lines.lineText(position.line - 1);
    if (!line.includes('\t')) return position;
    let column = 0;
    let counted = 1;
    for (const char of line) {
      if (counted >= position.column) break;
      column = char === '\t' ? (Math.floor(column / tabSize) + 1) * tabSize : column + 1;
      counted++;
    }
    return { line: position.line, column: column + 1 + Math.max(0, position.column - counted) };
  };
  return (range) => ({ start: visual(range.start), end: visual(range.end) });
}
