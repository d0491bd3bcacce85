// The space between two tokens on one line. Where no rule speaks, the
// user's choice stands (a gap of any width becomes one space, none stays none).
import type { Token } from './tokens.ts';

/** Parents whose `=`, `=>`, `->`, comparison or arithmetic token is an infix operator. */
const INFIX_PARENTS = new Set([
  'binary_expression', 'assignment', 'assignment_expression', 'declaration', 'destructuring_assignment',
  'type_definition', 'lambda', 'function_type', 'match_arm', 'field_declaration', 'parameter',
]);
const OPENERS = new Set(['(', '[']);
const CLOSERS = new Set([')', ']', ',']);
const PREFIX_OPERATORS = new Set(['-', '+', '!', '*', '&', '&mut']);
/** Where the user's spacing is the meaning-neutral choice we keep (ranges, labels, paths). */
const KEEP_AS_WRITTEN = new Set(['..', '..=', '::']);

const isWord = (token: Token): boolean => /^[A-Za-z_]/.test(token.text);
const isInfix = (token: Token): boolean =>
  token.field === 'operator' ? token.parent === 'binary_expression' || token.parent === 'assignment_expression'
    : INFIX_PARENTS.has(token.parent) && /^[=<>!+\-*/%|&^]+$|^->$|^=>$/.test(token.text);
const isPrefix = (token: Token): boolean =>
  (token.parent === 'unary_expression' || token.parent === 'reference_type' || token.parent === 'pointer_type') &&
  PREFIX_OPERATORS.has(token.text);

export function spaceBetween(a: Token, b: Token, originalGap: string): string {
  const asWritten = originalGap.length > 0 ? ' ' : '';
  if (b.type === 'line_comment') return originalGap.length > 0 ? originalGap : ' ';
  if (KEEP_AS_WRITTEN.has(a.text) || KEEP_AS_WRITTEN.has(b.text)) return asWritten;
  if ((isInfix(a) || isInfix(b)) && a.type !== 'line_comment') return ' ';
  if (a.type === 'block_comment' || b.type === 'block_comment') return asWritten;
  if (a.parent === 'named_argument' && a.text === '=') return '';
  if (b.parent === 'named_argument' && b.text === '=') return '';
  if (isInfix(a) || isInfix(b)) return ' ';
  if (CLOSERS.has(b.text)) return '';
  if (b.text === '?' && b.parent === 'try_expression') return '';
  if (a.text === '.' || b.text === '.') return '';
  if (OPENERS.has(a.text)) return '';
  if (isPrefix(a)) return a.text === '&mut' ? ' ' : '';
  if (a.text === ',') return ' ';
  if (b.text === ':') return '';
  if (a.text === ':') return ' ';
  if (OPENERS.has(b.text)) return isWord(a) && !isKeywordToken(a) ? '' : asWritten;
  if (a.text === '{') return b.text === '}' ? '' : a.parent === 'dictionary' ? asWritten : ' ';
  if (b.text === '}') return b.parent === 'dictionary' ? asWritten : ' ';
  if (b.text === '{') return ' ';
  if (isKeywordToken(a) || isKeywordToken(b)) return ' ';
  return asWritten;
}

/** Keywords are the anonymous word tokens (identifiers are named nodes). */
function isKeywordToken(token: Token): boolean {
  return isWord(token) && token.type === token.text && token.type !== 'identifier';
}
