// The formatter's view of a tree: its tokens in order, each with what the
// layout needs to know about where it sits. Strings, f-strings, characters and
// comments are single tokens, so their text is never touched.
import type { Tree } from 'web-tree-sitter';
import { walk } from '../../syntax/inspect.ts';

export interface Token {
  /** Node type; for punctuation and keywords, the token's own text. */
  type: string;
  /** Type of the node the token belongs to (`binary_expression`, `arguments`, ...). */
  parent: string;
  /** The field name under which the token sits in its parent, if any. */
  field: string | null;
  start: number;
  end: number;
  text: string;
  /** Start offset of the statement (child of the file or of a block) that holds the token. */
  statementStart: number;
}

const ATOMIC = new Set(['string', 'fstring', 'multiline_string', 'char', 'line_comment', 'block_comment']);
const OPERATOR_LIKE = /^(?:[^A-Za-z_]|and$|or$|not$)/;
/** Each child starts a line of its own: statements, and match arms. */
const STATEMENT_CONTAINERS = new Set(['source_file', 'block', 'match_block']);

export const isComment = (token: Token): boolean => token.type === 'line_comment' || token.type === 'block_comment';

/** The first token after `i` that is not a comment. */
export function nextCodeToken(tokens: readonly Token[], i: number): Token | undefined {
  for (let j = i + 1; j < tokens.length; j++) if (!isComment(tokens[j]!)) return tokens[j];
  return undefined;
}

/**
 * The tokens of `tree` in document order, or undefined when some source text
 * lies outside every token (the layout could not account for it).
 */
export function collectTokens(tree: Tree, text: string): Token[] | undefined {
  const tokens: Token[] = [];
  const parents: string[] = [];
  const statementStarts: number[] = [];
  // A node is a leaf when the walk does not go deeper right after it; that is
  // known one step later, which saves asking every node for its children.
  let pending: (Token & { depth: number }) | undefined;
  const settle = (depth: number) => {
    if (pending && depth <= pending.depth && pending.end > pending.start) tokens.push(pending);
    pending = undefined;
  };
  walk(tree, (cursor, depth) => {
    settle(depth);
    parents.length = depth;
    statementStarts.length = depth;
    const parent = parents[depth - 1] ?? '';
    const type = cursor.nodeType;
    const start = cursor.startIndex;
    const statementStart = STATEMENT_CONTAINERS.has(parent) ? start : (statementStarts[depth - 1] ?? start);
    parents[depth] = type;
    statementStarts[depth] = statementStart;
    if (depth === 0) return true;
    let end = cursor.endIndex;
    // A line comment ends at the line end: a CR or trailing spaces are not part of what it says.
    if (type === 'line_comment') while (end > start && (text[end - 1] === '\r' || text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
    // Only operators need their field (spacing.ts); asking costs a call into WASM.
    const field = OPERATOR_LIKE.test(type) ? cursor.currentFieldName : null;
    pending = { type, parent, field, start, end, text: text.slice(start, end), statementStart, depth };
    if (ATOMIC.has(type)) {
      settle(depth);
      return false;
    }
    return true;
  });
  settle(0);
  let at = 0;
  for (const token of tokens) {
    if (/\S/.test(text.slice(at, token.start))) return undefined;
    at = token.end;
  }
  return /\S/.test(text.slice(at)) ? undefined : tokens;
}
