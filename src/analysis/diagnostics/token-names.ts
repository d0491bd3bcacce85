// The reference lexer's token names (lexer/tokens.rs, `TokenKind` with Rust's
// Debug form), which its messages quote: `Expected RParen, found Identifier("y")`.
import type { Node } from 'web-tree-sitter';
import { isReservedWord } from '../../syntax/node-type.ts';

const PUNCTUATION: Record<string, string> = {
  '+': 'Plus', '-': 'Minus', '*': 'Star', '/': 'Slash', '%': 'Percent',
  '=': 'Eq', '==': 'EqEq', '!=': 'Neq', '<': 'Lt', '<=': 'Le', '>': 'Gt', '>=': 'Ge',
  '!': 'Not', '&': 'Ampersand', '&mut': 'MutRef', '::': 'ColonColon', '...': 'DotDotDot', '..': 'DotDot',
  '(': 'LParen', ')': 'RParen', '[': 'LBracket', ']': 'RBracket', '{': 'LBrace', '}': 'RBrace',
  '@': 'At', ',': 'Comma', ':': 'Colon', ';': 'Semicolon', '|': 'Pipe', '.': 'Dot', '->': 'Arrow',
  '=>': 'FatArrow', '?': 'Question', and: 'And', or: 'Or', void: 'VoidLiteral',
};

/** Whether the reference lexes `word` as a keyword (the grammar's reserved words). */
export function isKeyword(word: string): boolean {
  return isReservedWord(word);
}

/** Statement-start keywords the reference rejects with E0018. */
export const NAME_KEYWORDS = new Set(['ref', 'unsafe', 'else', 'in', 'as']);

/** A float as Rust's Debug form prints it: a whole number keeps its `.0` (`2.0`, not `2`). */
function rustFloat(value: number): string {
  return Number.isInteger(value) && Math.abs(value) < 1e16 ? value.toFixed(1) : String(value);
}

/** The reference's name for the token spelled `text`. */
export function tokenKindName(text: string): string {
  if (text === '') return 'Eof';
  // `and`, `or` and `void` have names of their own, the booleans are literals,
  // the other reserved words are `Kw` and the word.
  if (Object.hasOwn(PUNCTUATION, text)) return PUNCTUATION[text]!;
  if (text === 'true' || text === 'false') return `BoolLiteral(${text})`;
  if (isReservedWord(text)) return 'Kw' + text[0]!.toUpperCase() + text.slice(1);
  if (text === '_') return 'Underscore';
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(text)) return `Identifier(${JSON.stringify(text)})`;
  if (/^(0[xXoObB])?[0-9a-fA-F_]+$/.test(text) && /^[0-9]/.test(text)) return `IntLiteral(${intValue(text)})`;
  if (/^[0-9.][0-9_.eE+-]*$/.test(text)) return `FloatLiteral(${rustFloat(Number(text.replace(/_/g, '')))})`;
  if (text.startsWith('f"')) return `FStringLiteral(${JSON.stringify(text.slice(2, -1))})`;
  if (text.startsWith('"')) return `StringLiteral(${JSON.stringify(text.replace(/^"{1,3}|"{1,3}$/g, ''))})`;
  if (text.startsWith("'")) return `CharLiteral('${text.slice(1, -1)}')`;
  return text;
}

/** The name of the token a node stands for (its text for leaves). */
export function nodeTokenName(node: Node | null): string {
  return tokenKindName(node ? node.text : '');
}

function intValue(text: string): string {
  const clean = text.replace(/_/g, '');
  try {
    if (/^0[xX]/.test(clean)) return BigInt(clean).toString();
    if (/^0[oO]/.test(clean)) return BigInt('0o' + clean.slice(2)).toString();
    if (/^0[bB]/.test(clean)) return BigInt('0b' + clean.slice(2)).toString();
    return BigInt(clean).toString();
  } catch {
    return clean;
  }
}
