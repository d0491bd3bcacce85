// Re-lays the tokens of a file: line breaks stay where the user put them
// (statements end at newlines, so they carry meaning), except the ones a
// caller asks to join; indentation follows bracket nesting plus one level for
// a continued statement; blank lines are kept but at most one in a row;
// spaces inside a line follow spacing.ts, plus any padding asked for.
import { spaceBetween } from './spacing.ts';
import { isComment, nextCodeToken, type Token } from './tokens.ts';

const OPEN = new Set(['(', '[', '{']);
const CLOSE = new Set([')', ']', '}']);

interface OpenBracket {
  /** Indent level of the line the bracket was opened on. */
  lineLevel: number;
}

export interface LayoutRequest {
  /** Token indexes whose line break before them is replaced by a space. */
  joined?: ReadonlySet<number>;
  /** Extra spaces before some tokens (alignment). */
  padding?: ReadonlyMap<number, number>;
  /** Token indexes that must start a line (breaking a list that is too long). */
  breaks?: ReadonlySet<number>;
  /** Token indexes before which a `,` is added (the trailing comma of a broken list). */
  commas?: ReadonlySet<number>;
}

export interface Layout {
  text: string;
  /** Per token: 0-based output line and column (in characters). */
  line: number[];
  column: number[];
  /** Width of each output line, in characters. */
  widths: number[];
}

export function layoutTokens(tokens: readonly Token[], text: string, unit: string, request: LayoutRequest = {}): Layout {
  const out: string[] = [];
  const open: OpenBracket[] = [];
  /** Bracket depth at the first token of each statement, keyed by its start offset. */
  const depthAtStatement = new Map<number, number>();
  const line: number[] = [];
  const column: number[] = [];
  const widths: number[] = [];
  let currentLine = 0;
  let currentColumn = 0;
  let lineLevel = 0;
  /** Whether the current line continues a statement begun on an earlier line. */
  let continued = false;
  let previous: Token | undefined;
  const emit = (piece: string) => {
    out.push(piece);
    const lastBreak = piece.lastIndexOf('\n');
    if (lastBreak < 0) {
      currentColumn += [...piece].length;
      return;
    }
    widths[currentLine] = currentColumn + [...piece.slice(0, piece.indexOf('\n'))].length;
    for (let at = piece.indexOf('\n'); at >= 0; at = piece.indexOf('\n', at + 1)) {
      currentLine++;
      const next = piece.indexOf('\n', at + 1);
      if (next >= 0) widths[currentLine] = [...piece.slice(at + 1, next)].length;
    }
    currentColumn = [...piece.slice(lastBreak + 1)].length;
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!depthAtStatement.has(token.statementStart)) depthAtStatement.set(token.statementStart, open.length);
    const gap = previous ? text.slice(previous.end, token.start) : '';
    const forced = request.breaks?.has(i) === true;
    const newlines = !previous ? 1 : forced ? Math.max(1, countNewlines(gap)) : request.joined?.has(i) ? 0 : countNewlines(gap);
    if (request.commas?.has(i)) emit(',');
    if (newlines > 0) {
      if (previous) emit(keepBlankLine(newlines, previous, token) ? '\n\n' : '\n');
      ({ level: lineLevel, continued } = levelOfLine(token, open, depthAtStatement, isComment(token) ? nextCodeToken(tokens, i) : undefined));
      emit(unit.repeat(lineLevel));
    } else if (previous) {
      emit(spaceBetween(previous, token, gap.includes('\n') ? ' ' : gap) + ' '.repeat(request.padding?.get(i) ?? 0));
    }
    line[i] = currentLine;
    column[i] = currentColumn;
    emit(token.text);
    // A block opened on a continued line (`if a and⏎ b {`) sits at its statement's level.
    if (OPEN.has(token.text) && !isComment(token)) open.push({ lineLevel: token.text === '{' && continued ? lineLevel - 1 : lineLevel });
    else if (CLOSE.has(token.text) && !isComment(token)) open.pop();
    previous = token;
  }
  widths[currentLine] = currentColumn;
  if (out.length === 0) return { text: '', line, column, widths: [] };
  // Nothing above ends a line with spaces: indentation is always followed by a
  // token, and spaces only go between tokens. A block comment left open runs
  // to the end of the file, so nothing may follow it.
  const last = tokens[tokens.length - 1]!;
  const openComment = last.type === 'block_comment' && !last.text.endsWith('*/');
  return { text: out.join('') + (openComment ? '' : '\n'), line, column, widths };
}

function levelOfLine(token: Token, open: readonly OpenBracket[], depthAtStatement: ReadonlyMap<number, number>, nextAfterComment: Token | undefined): { level: number; continued: boolean } {
  if (CLOSE.has(token.text)) return { level: open[open.length - 1]?.lineLevel ?? 0, continued: false };
  const base = open.length > 0 ? open[open.length - 1]!.lineLevel + 1 : 0;
  // A comment line is indented like the code line it precedes.
  const subject = isComment(token) ? nextAfterComment : token;
  const continued = subject !== undefined && !CLOSE.has(subject.text) && subject.text !== 'else' &&
    subject.statementStart < subject.start && depthAtStatement.get(subject.statementStart) === open.length;
  return { level: base + (continued ? 1 : 0), continued };
}

/** At most one blank line, and none just inside a bracket. */
function keepBlankLine(newlines: number, previous: Token, next: Token): boolean {
  return newlines >= 2 && !OPEN.has(previous.text) && !CLOSE.has(next.text);
}

export function countNewlines(gap: string): number {
  let count = 0;
  for (let i = 0; i < gap.length; i++) if (gap.charCodeAt(i) === 10) count++;
  return count;
}
