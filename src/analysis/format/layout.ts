// Re-lays the tokens of a file: line breaks stay where the user put them
// (statements end at newlines, so they carry meaning), indentation follows
// bracket nesting plus one level for a continued statement, blank lines are
// kept but at most one in a row, spaces inside a line follow spacing.ts.
import { spaceBetween } from './spacing.ts';
import { isComment, type Token } from './tokens.ts';

const OPEN = new Set(['(', '[', '{']);
const CLOSE = new Set([')', ']', '}']);

interface OpenBracket {
  /** Indent level of the line the bracket was opened on. */
  lineLevel: number;
}

export function layoutTokens(tokens: readonly Token[], text: string, unit: string): string {
  const out: string[] = [];
  const open: OpenBracket[] = [];
  /** Bracket depth at the first token of each statement, keyed by its start offset. */
  const depthAtStatement = new Map<number, number>();
  let lineLevel = 0;
  /** Whether the current line continues a statement begun on an earlier line. */
  let continued = false;
  let previous: Token | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!depthAtStatement.has(token.statementStart)) depthAtStatement.set(token.statementStart, open.length);
    const gap = previous ? text.slice(previous.end, token.start) : '';
    const newlines = previous ? countNewlines(gap) : 1;
    if (newlines > 0) {
      if (previous) out.push(keepBlankLine(newlines, previous, token) ? '\n\n' : '\n');
      ({ level: lineLevel, continued } = levelOfLine(token, open, depthAtStatement));
      out.push(unit.repeat(lineLevel));
    } else if (previous) {
      out.push(spaceBetween(previous, token, gap));
    }
    out.push(token.text);
    // A block opened on a continued line (`if a and⏎ b {`) sits at its statement's level.
    if (OPEN.has(token.text) && !isComment(token)) open.push({ lineLevel: token.text === '{' && continued ? lineLevel - 1 : lineLevel });
    else if (CLOSE.has(token.text) && !isComment(token)) open.pop();
    previous = token;
  }
  if (out.length === 0) return '';
  // Nothing above ends a line with spaces: indentation is always followed by a
  // token, and spaces only go between tokens.
  return out.join('') + '\n';
}

function levelOfLine(token: Token, open: readonly OpenBracket[], depthAtStatement: ReadonlyMap<number, number>): { level: number; continued: boolean } {
  if (CLOSE.has(token.text)) return { level: open[open.length - 1]?.lineLevel ?? 0, continued: false };
  const base = open.length > 0 ? open[open.length - 1]!.lineLevel + 1 : 0;
  const continued = token.statementStart < token.start && depthAtStatement.get(token.statementStart) === open.length && !isComment(token);
  return { level: base + (continued ? 1 : 0), continued };
}

/** At most one blank line, and none just inside a bracket. */
function keepBlankLine(newlines: number, previous: Token, next: Token): boolean {
  return newlines >= 2 && !OPEN.has(previous.text) && !CLOSE.has(next.text);
}

function countNewlines(gap: string): number {
  let count = 0;
  for (let i = 0; i < gap.length; i++) if (gap.charCodeAt(i) === 10) count++;
  return count;
}
