// The heads of `if` and `for` statements as the reference's statement parsers
// read them (parser/statements/control_flow.rs): `if` takes a condition, an
// expression parsed as far as it goes, then `expect(LBrace)`; `for` takes one
// name and then `expect(KwIn)`. tree-sitter's recovery seldom puts its ERROR
// where the reference stops, so these read the tokens: a small lexer and the
// extent of an expression under the reference's Pratt rules (binding powers
// aside, which do not move where an expression ends).
import { classOf, DOUBLE_QUOTE, isDigit, isWord, isWordStart, LOWER_F, NEWLINE, SINGLE_QUOTE, SLASH, SPACE, STAR } from './char-codes.ts';
import { isKeyword, tokenKindName } from './token-names.ts';

export interface HeadToken {
  text: string;
  start: number;
  end: number;
  line: number;
}

export interface HeadFinding {
  code: 'E0010' | 'E0011' | 'E0012';
  message: string;
  start: number;
  end: number;
  /** Where the statement's keyword starts. */
  from: number;
  /** An error wherever it stands, which the grammar accepts (`x: Type[T]`): reported without an ERROR of the tree around it. */
  certain?: boolean;
}

const BINARY = new Set(['+', '-', '*', '/', '%', '==', '!=', '<', '<=', '>', '>=', '..', '=', 'and', 'or']);
const PREFIX = new Set(['-', '+', '!', '*', '&', '&mut', 'ref']);
const CLOSE: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
/** Keywords whose expressions this reader does not follow: it gives up on them. */
const UNFOLLOWED = new Set(['if', 'match', 'while', 'for', 'spawn', 'unsafe', 'return', 'break', 'continue', 'as', '=>']);
const NUMBER = /(0[xXoObB][0-9a-fA-F_]*|[0-9][0-9_]*(\.[0-9_]+)?([eE][+-]?[0-9_]*)?)/y;

/**
 * The reference's tokens of `text` (comments skipped; strings, f-strings and
 * chars one token each), or its first `maxTokens`. Read by character code: it runs on every parse, and
 * one-character strings, a pattern test per token and a search of the
 * operator list per punctuation made it most of the syntax diagnostics of a
 * 1,000-line file (0.8 ms a parse).
 */
export function headTokens(text: string, maxTokens = Infinity): HeadToken[] {
  const tokens: HeadToken[] = [];
  let line = 1;
  let i = 0;
  const length = text.length;
  while (i < length && tokens.length < maxTokens) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) { line++; i++; continue; }
    if (classOf(c) & SPACE) { i++; continue; }
    if (c === SLASH && text.charCodeAt(i + 1) === SLASH) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? length : end;
      continue;
    }
    if (c === SLASH && text.charCodeAt(i + 1) === STAR) {
      let depth = 0;
      while (i < length) {
        const d = text.charCodeAt(i);
        if (d === SLASH && text.charCodeAt(i + 1) === STAR) { depth++; i += 2; }
        else if (d === STAR && text.charCodeAt(i + 1) === SLASH) { depth--; i += 2; if (depth === 0) break; }
        else { if (d === NEWLINE) line++; i++; }
      }
      continue;
    }
    const start = i;
    const startLine = line;
    if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE || (c === LOWER_F && text.charCodeAt(i + 1) === DOUBLE_QUOTE)) {
      i = literalEnd(text, c === LOWER_F ? i + 1 : i);
      for (let k = start; k < i; k++) if (text.charCodeAt(k) === NEWLINE) line++;
    } else if (isWordStart(c)) {
      i++;
      while (i < length && isWord(text.charCodeAt(i))) i++;
    } else if (isDigit(c)) {
      NUMBER.lastIndex = i;
      NUMBER.exec(text);
      i = Math.max(NUMBER.lastIndex, i + 1);
    } else {
      i += operatorLength(text, i, c);
    }
    tokens.push({ text: text.slice(start, i), start, end: i, line: startLine });
  }
  return tokens;
}

/** An ASCII name (`[A-Za-z_][A-Za-z0-9_]*`), keywords included; asked of every token, so by character code. */
function isPlainWord(text: string): boolean {
  if (text.length === 0 || !isWordStart(text.charCodeAt(0))) return false;
  for (let k = 1; k < text.length; k++) if (!isWord(text.charCodeAt(k))) return false;
  return true;
}

function isOpener(text: string): boolean {
  return text === '(' || text === '[' || text === '{';
}

/**
 * The length of the operator at `i`, longest first (`&mut`, `...`, `::`, `->`,
 * `=>`, `==`, `!=`, `<=`, `>=`, `..`, `&&`, `||`); any other character is a
 * token of one.
 */
function operatorLength(text: string, i: number, c: number): number {
  const next = text.charCodeAt(i + 1);
  switch (c) {
    case 0x26: // &
      return text.startsWith('&mut', i) ? 4 : next === 0x26 ? 2 : 1;
    case 0x2e: // .
      return next !== 0x2e ? 1 : text.charCodeAt(i + 2) === 0x2e ? 3 : 2;
    case 0x3a: // :
      return next === 0x3a ? 2 : 1;
    case 0x2d: // -
      return next === 0x3e ? 2 : 1;
    case 0x3d: // =
      return next === 0x3e || next === 0x3d ? 2 : 1;
    case 0x21: // !
    case 0x3c: // <
    case 0x3e: // >
      return next === 0x3d ? 2 : 1;
    case 0x7c: // |
      return next === 0x7c ? 2 : 1;
    default:
      return 1;
  }
}

/** Where a string, f-string or char literal that opens at `quote` ends (its line's end when it does not close). */
function literalEnd(text: string, quote: number): number {
  const q = text[quote]!;
  if (q === '"' && text.startsWith('"""', quote)) {
    const end = text.indexOf('"""', quote + 3);
    return end === -1 ? text.length : end + 3;
  }
  const fstring = q === '"' && text[quote - 1] === 'f' && quote > 0;
  let depth = 0;
  for (let i = quote + 1; i < text.length; i++) {
    const c = text[i]!;
    if (depth === 0 && c === '\\') { i++; continue; }
    if (fstring && c === '{') depth++;
    else if (fstring && c === '}' && depth > 0) depth--;
    else if (depth === 0 && c === '\n') return i;
    else if (depth === 0 && c === q) return i + 1;
  }
  return text.length;
}

/** What an expression that begins at token `i` comes to: the token after it, or -1 where this reader gives up or no operand begins. */
function expressionEnd(tokens: readonly HeadToken[], pairs: Int32Array, i: number): number {
  let at = operandEnd(tokens, pairs, i);
  if (at === -1) return -1;
  for (;;) {
    const token = tokens[at];
    if (!token) return at;
    const anchor = anchorLine(tokens, pairs, at);
    if (token.text === '(' || token.text === '[' || token.text === '?') {
      if (token.line !== anchor) return at;
      if (token.text === '?') { at++; continue; }
      const close = pairs[at]!;
      if (close === -1) return -1;
      at = close + 1;
    } else if (token.text === '.') {
      if (tokens[at + 1] === undefined || !/^[A-Za-z_]/.test(tokens[at + 1]!.text)) return -1;
      at += 2;
    } else if (BINARY.has(token.text)) {
      at = operandEnd(tokens, pairs, at + 1);
      if (at === -1) return -1;
    } else if (token.text === 'as' || token.text === '=>') {
      // A cast's type and a lambda's body are not followed here.
      return -1;
    } else {
      return at;
    }
  }
}

/** The line of the token a postfix `(`, `[` or `?` at `at` must share: a call's or a group's is its opening bracket's (the reference's span of the node). */
function anchorLine(tokens: readonly HeadToken[], pairs: Int32Array, at: number): number {
  const previous = tokens[at - 1]!;
  if (previous.text === ')' || previous.text === ']') {
    const open = pairs[at - 1]!;
    return open === -1 ? previous.line : tokens[open]!.line;
  }
  return previous.line;
}

/** The token after an operand that begins at `i` (prefix operators, then a name, a literal or a bracketed group), or -1. */
function operandEnd(tokens: readonly HeadToken[], pairs: Int32Array, i: number): number {
  let at = i;
  while (tokens[at] && PREFIX.has(tokens[at]!.text)) at++;
  const token = tokens[at];
  // (`mut` begins no operand: the reference's expression parser has no `mut` expression.)
  if (!token || UNFOLLOWED.has(token.text) || token.text === 'mut') return -1;
  if (isOpener(token.text)) {
    const close = pairs[at]!;
    return close === -1 ? -1 : close + 1;
  }
  return /^([A-Za-z_0-9"']|f")/.test(token.text) ? at + 1 : -1;
}

/**
 * For each bracket token the index of the bracket that pairs with it (-1:
 * none, or closed by another kind), made in one pass so that each lookup is
 * constant: a file of unclosed brackets would otherwise scan to its end once
 * per `if`.
 */
function pairBrackets(tokens: readonly HeadToken[]): Int32Array {
  const pairs = new Int32Array(tokens.length).fill(-1);
  const stack: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const text = tokens[i]!.text;
    if (isOpener(text)) stack.push(i);
    else if (text === ')' || text === ']' || text === '}') {
      const open = stack.pop();
      if (open !== undefined && CLOSE[tokens[open]!.text] === text) {
        pairs[open] = i;
        pairs[i] = open;
      }
    }
  }
  return pairs;
}

/** Tokens after which a statement may begin: the end of a block or statement, or of an operand (`if` continues nothing). */
function startsStatement(tokens: readonly HeadToken[], i: number): boolean {
  const previous = tokens[i - 1];
  if (!previous) return true;
  if (previous.text === '{' || previous.text === '}' || previous.text === ';') return true;
  return /^([A-Za-z_0-9"')\]]|f")/.test(previous.text) && !UNFOLLOWED.has(previous.text) && !BINARY.has(previous.text) && !PREFIX.has(previous.text)
    && previous.text !== 'else' && previous.text !== 'in' && previous.text !== 'mut' && previous.text !== 'pub' && previous.text !== 'use';
}

/**
 * The first error in the head of each `if` and `for` statement: an `if`
 * condition (and each `else if` one of its chain) not followed by `{`
 * (E0010 `Expected LBrace`), a `for` without one name (E0011 at what stands
 * there) or without `in` after it (E0010 `Expected KwIn`).
 */
export function statementHeadErrors(tokens: readonly HeadToken[]): HeadFinding[] {
  const found: HeadFinding[] = [];
  // Statements stand at the top level and directly in braces, never in `(…)` or `[…]` (`[x for x in xs]`).
  const open: string[] = [];
  // Per open `{`: whether it holds a record type's body (`Name: Type = {`, `-> Type = {`), whose fields are no statements.
  const records: boolean[] = [];
  const pairs = pairBrackets(tokens);
  // The first token of the current token's line, kept as the loop goes (the angle-bracket rule walking back to it from each `<` made a line of n `<` quadratic).
  let lineHead = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (i > 0 && tokens[i - 1]!.line !== tokens[i]!.line) lineHead = i;
    const word = tokens[i]!.text;
    if (isOpener(word)) open.push(word);
    else if (word === ')' || word === ']' || word === '}') open.pop();
    if (word === '{') records.push(tokens[i - 1]?.text === '=' && tokens[i - 2]?.text === 'Type');
    else if (word === '}') records.pop();
    const inRecord = open[open.length - 1] === '{' && records[records.length - 1] === true;
    const annotation = annotationError(tokens, pairs, i, lineHead, inRecord);
    if (annotation) {
      found.push({ from: tokens[i]!.start, ...annotation });
      continue;
    }
    if (word === '{' && tokens[i - 1]?.text === '=' && tokens[i - 2]?.text === 'Type') {
      const finding = recordBodyError(tokens, pairs, i);
      if (finding) found.push({ ...finding, from: tokens[i]!.start, certain: typeFunctionHead(tokens, pairs, i - 2) });
      continue;
    }
    if (word === '(' && isCall(tokens, pairs, i)) {
      const finding = argumentsError(tokens, pairs, i);
      if (finding) found.push({ ...finding, from: tokens[i]!.start });
      continue;
    }
    if (word === 'match') {
      const finding = matchArmsError(tokens, pairs, i);
      if (finding) found.push({ ...finding, from: tokens[i]!.start });
      continue;
    }
    if ((word !== 'if' && word !== 'for') || (open.length > 0 && open[open.length - 1] !== '{') || !startsStatement(tokens, i)) continue;
    const finding = word === 'if' ? ifChainError(tokens, pairs, i) : forHeadError(tokens, i);
    if (finding) found.push({ ...finding, from: tokens[i]!.start });
  }
  return found;
}

function ifChainError(tokens: readonly HeadToken[], pairs: Int32Array, keyword: number): Omit<HeadFinding, 'from'> | undefined {
  for (let at = keyword; ;) {
    const end = expressionEnd(tokens, pairs, at + 1);
    if (end === -1) return undefined;
    const next = tokens[end];
    if (next?.text !== '{') return expectedAt('LBrace', next, tokens);
    const close = pairs[end]!;
    if (close === -1) return undefined;
    if (tokens[close + 1]?.text !== 'else' || tokens[close + 2]?.text !== 'if') return undefined;
    at = close + 2;
  }
}

export const LAMBDA_PARAMETERS = 'Invalid syntax: invalid lambda parameter list: expected identifiers, e.g. `x => ...` or `(a, b) => ...`';
const STRUCT_PATTERN_FIELD = 'Invalid syntax: invalid struct pattern field: expected `name`, `mut name` or `Variant(pattern)`';

/**
 * The first error in the arms of a `match` (any `match`, an expression
 * everywhere): a pattern is one primary, parsed above every postfix and infix
 * operator, then `expect(FatArrow)` (`"+" -> 1`, `1..9 =>`, `ok(v) =>`: E0010
 * at what follows the primary). A prefix operator takes `1 => …` as its
 * operand, a lambda whose parameter list is not one (`-1 =>`: E0012 at `=>`);
 * a struct pattern holds a name (`{ x + 1 }`: E0012 at the operator).
 */
function matchArmsError(tokens: readonly HeadToken[], pairs: Int32Array, keyword: number): Omit<HeadFinding, 'from'> | undefined {
  const open = expressionEnd(tokens, pairs, keyword + 1);
  if (open === -1 || tokens[open]?.text !== '{' || pairs[open] === -1) return undefined;
  const close = pairs[open]!;
  for (let at = open + 1; at < close;) {
    const pattern = tokens[at]!;
    if (PREFIX.has(pattern.text)) {
      const arrow = tokens[at + 2];
      const operand = tokens[at + 1];
      return operand && /^([A-Za-z_0-9"']|f")/.test(operand.text) && arrow?.text === '=>' ? { code: 'E0012', message: LAMBDA_PARAMETERS, start: arrow.start, end: arrow.end } : undefined;
    }
    let next: number;
    if (pattern.text === '(' || pattern.text === '{') {
      if (pairs[at] === -1) return undefined;
      if (pattern.text === '{') {
        const field = structFieldError(tokens, at + 1, pairs[at]!);
        if (field) return field;
      }
      next = pairs[at]! + 1;
    } else if (/^([A-Za-z_0-9"']|f")/.test(pattern.text) && !UNFOLLOWED.has(pattern.text)) {
      next = at + 1;
    } else if (pattern.text === 'return') {
      // A match whose `}` is missing before the function's `return r`: the reference reads `return r` where a
      // pattern stands and wants `=>` after it.
      const value = tokens[at + 1];
      next = !value || value.text === '}' || value.text === ';' ? at + 1 : expressionEnd(tokens, pairs, at + 1);
      if (next === -1) return undefined;
    } else {
      return undefined;
    }
    const arrow = tokens[next];
    if (arrow?.text !== '=>') return expectedAt('FatArrow', arrow, tokens);
    const body = tokens[next + 1];
    if (!body) return undefined;
    let after: number;
    if (body.text === '{') {
      after = pairs[next + 1]! === -1 ? -1 : pairs[next + 1]! + 1;
      // An arm's block holds statements, which no `,` separates (`_ => { a / b,` before the match's `}`).
      const comma = after === -1 ? -1 : topLevelComma(tokens, pairs, next + 1, after - 1);
      if (comma !== -1) return { code: 'E0011', message: "Unexpected token: 'Comma'", start: tokens[comma]!.start, end: tokens[comma]!.end };
    } else {
      after = expressionEnd(tokens, pairs, next + 1);
    }
    if (after === -1) return undefined;
    at = tokens[after]?.text === ',' ? after + 1 : after;
  }
  return undefined;
}

/** The first `,` between the brackets at `open` and `close`, outside the brackets within, or -1. */
function topLevelComma(tokens: readonly HeadToken[], pairs: Int32Array, open: number, close: number): number {
  for (let at = open + 1; at < close; at++) {
    const text = tokens[at]!.text;
    if (isOpener(text)) {
      if (pairs[at] === -1) return -1;
      at = pairs[at]!;
    } else if (text === ',') {
      return at;
    }
  }
  return -1;
}

/** A struct pattern's field between `from` and the `}` at `close`: a name, `mut name` or `Variant(…)`; at an operator after the name, E0012. */
function structFieldError(tokens: readonly HeadToken[], from: number, close: number): Omit<HeadFinding, 'from'> | undefined {
  const name = tokens[from];
  const after = tokens[from + 1];
  if (!name || from + 1 >= close || !/^[A-Za-z_]/.test(name.text) || !after || !BINARY.has(after.text) || after.text === '=') return undefined;
  return { code: 'E0012', message: STRUCT_PATTERN_FIELD, start: after.start, end: after.end };
}

const OLD_NAME_SYNTAX = 'Invalid syntax: 旧语法已弃用。请使用新语法: `name: (Types) -> ReturnType = (params) => body`';
const OLD_TYPE_BRACKETS = "Invalid syntax: Old 'Type[...]' or 'Type<...>' syntax is no longer supported. Use 'Type' alone for the meta-type, or '(T: Type, ...) -> Type' for type constructors.";
const NO_EXPRESSION_AFTER_PUB = 'Invalid syntax: Expected expression after pub/mut';
/**
 * Tokens no expression begins with: where the reference's expression parser fails without a word of its own
 * (`pub use`, `x = else`, `f(1, use)`, `y = 1 + in`: what holds the expression reports).
 */
export const NO_EXPRESSION_START: ReadonlySet<string> = new Set(['use', 'pub', 'else', 'in', 'as', ')', ']', '}', ',', ';', '=', '=>', '->', '.', ':', '|', '?', '==', '!=', '<', '<=', '>', '>=', '/', '%', '..', '...', 'and', 'or', '@']);

/** What a type may begin with before its name: a reference's or a pointer's operator. */
const TYPE_PREFIX = new Set(['&', '&mut', '*']);

function oldCurried(name: string): string {
  return `Invalid syntax: Old curried function syntax '${name} -> ...' is no longer supported. Use RFC-010 syntax with named parameters: '(param: ${name}) -> ReturnType'. Example: 'inc: (x: Int) -> Int = x => x + 1' instead of 'inc: Int -> Int = ...'`;
}

/**
 * Old syntax the reference's declaration and type parsers refuse, each with
 * E0012 and no position: `name(…) -> …` at statement start, a type name
 * directly followed by `->` (`f: Int -> Int`), `Type[…]` and `Type<…>`; and
 * `pub` before what no expression begins with (`pub use`).
 */
function annotationError(tokens: readonly HeadToken[], pairs: Int32Array, i: number, lineHead: number, inRecord: boolean): Omit<HeadFinding, 'from'> & { from?: number } | undefined {
  const token = tokens[i]!;
  const next = tokens[i + 1];
  if (!next) return undefined;
  const previous = tokens[i - 1]?.text;
  const word = isPlainWord(token.text) && !UNFOLLOWED.has(token.text);
  // A reference or pointer type reads the type after its `&`, `&mut` or `*` the same way (`(self: &Point -> Int`), and
  // a parenthesized or function type the one after its `(` (`(f: (Int -> Int`).
  // (Walked back only for a name before `->`: a run of `(&(&…` walked from each of its tokens is quadratic.)
  if (word && token.text !== 'Type' && next.text === '->') {
    let typeStart = i - 1;
    while (typeStart > 0 && (TYPE_PREFIX.has(tokens[typeStart]!.text) || tokens[typeStart]!.text === '(')) typeStart--;
    const typed = typeStart < i - 1 && (tokens[typeStart]?.text === ':' || tokens[typeStart]?.text === '->');
    if (typed) return { code: 'E0012', message: oldCurried(token.text), start: token.start, end: next.end };
  }
  if (word && (previous === ':' || previous === '->')) {
    if (token.text === 'Type' && (next.text === '[' || next.text === '<')) return { code: 'E0012', message: OLD_TYPE_BRACKETS, start: token.start, end: next.end, certain: true };
    if (token.text !== 'Type' && next.text === '->') return { code: 'E0012', message: oldCurried(token.text), start: token.start, end: next.end };
    // A declaration's type whose arguments are left open (`empty: List(Int = []`).
    if (previous === ':' && next.text === '(' && pairs[i + 1] === -1 && declarationHead(tokens, i - 2)) {
      const open = typeArgumentsError(tokens, pairs, i + 1);
      if (open) return open;
    }
  }
  // `identity: ( -> M2 = …`: a signature's `(` with no parameter list and no type in it; the reference stops at the `->`.
  if (token.text === '(' && previous === ':' && next.text === '->' && tokens[i - 2] && isPlainWord(tokens[i - 2]!.text)) {
    return { code: 'E0011', message: "Unexpected token: 'Arrow'", start: next.start, end: next.end, certain: true };
  }
  if (word && next.text === '(' && startsStatement(tokens, i) && pairs[i + 1] !== -1 && tokens[pairs[i + 1]! + 1]?.text === '->') {
    return { code: 'E0012', message: OLD_NAME_SYNTAX, start: token.start, end: tokens[pairs[i + 1]! + 1]!.end };
  }
  if (token.text === '<' && previous !== undefined) {
    const angle = angleBracketError(tokens, i, lineHead);
    if (angle) return angle;
  }
  // `break ::1`: a label is a name.
  if (token.text === '::' && (previous === 'break' || previous === 'continue') && !isName(next.text)) {
    return { code: 'E0010', message: `Expected loop label after '::', found ${tokenKindName(next.text)}`, start: next.start, end: next.end };
  }
  // `mut (a, b) = …`: `mut` takes one name (in a record's body `hits mut: Int` is a field).
  if (token.text === 'mut' && !inRecord && startsStatement(tokens, i) && next.text !== 'pub' && !isName(next.text)) {
    return { code: 'E0011', message: `Unexpected token: '${tokenKindName(next.text)}'`, start: next.start, end: next.end };
  }
  // `P: Type = Point(mut x: Int)`: a named struct type's first field has no `mut`.
  if (token.text === '(' && previous !== undefined && isPlainWord(previous) && tokens[i - 2]?.text === '=' && tokens[i - 3]?.text === 'Type' && next.text === 'mut') {
    return { code: 'E0010', message: 'Expected a type, found KwMut', start: next.start, end: next.end, certain: true };
  }
  if (token.text === 'match' && operandEnd(tokens, pairs, i + 1) === -1 && NO_EXPRESSION_START.has(next.text) && startsStatement(tokens, i)) {
    return { code: 'E0011', message: `Unexpected token: '${tokenKindName(next.text)}'`, start: next.start, end: next.end };
  }
  // `pair := (a, b)`, `x: 2.0`, `r: 2.0` in a block: a declaration's annotation begins with a type (`[`, `?` and `<`
  // have rules of their own). The grammar takes some of these (a float), so the rule stands without an ERROR.
  if (token.text === ':' && !inRecord && previous !== undefined && isName(previous) && declarationHead(tokens, i - 1) && failsAsType(next.text)) {
    return { ...expectedAt('a type', next, tokens), certain: true };
  }
  // A function's signature, or a method's (`Point.draw: (self: &Point) -> Void`).
  const method = tokens[i - 2]?.text === '.' && isPlainWord(tokens[i - 3]?.text ?? '') && startsStatement(tokens, i - 3);
  if (token.text === ':' && next.text === '(' && previous !== undefined && isPlainWord(previous) && (startsStatement(tokens, i - 1) || method)) {
    const signature = signatureError(tokens, pairs, i + 1);
    if (signature) return signature;
  }
  if (token.text === '[' && !(previous !== undefined && /^([A-Za-z_0-9"')\]]|f")/.test(previous) && !UNFOLLOWED.has(previous) && tokens[i - 1]!.line === token.line)) {
    const comprehension = comprehensionError(tokens, pairs, i);
    if (comprehension) return comprehension;
  }
  if (token.text === 'pub' && startsStatement(tokens, i)) {
    const after = next.text === 'mut' ? tokens[i + 2] : next;
    if (!after || NO_EXPRESSION_START.has(after.text)) return { code: 'E0012', message: NO_EXPRESSION_AFTER_PUB, start: token.start, end: token.end };
  }
  return undefined;
}

/** Whether the name at `name` begins a statement, or follows a `pub` or `mut` that does. */
function declarationHead(tokens: readonly HeadToken[], name: number): boolean {
  const before = tokens[name - 1]?.text;
  if (before === 'pub' || before === 'mut') {
    const first = tokens[name - 2]?.text === 'pub' ? name - 2 : name - 1;
    return startsStatement(tokens, first);
  }
  return startsStatement(tokens, name);
}

/** Whether the reference's required type parse fails at once on this token, with no rule of its own for it (`[`, `?`, `<`). */
export function failsAsType(text: string): boolean {
  return !beginsType(text) && !OTHER_TYPE_RULES.has(text);
}

/** Whether the reference's type parser takes a token to begin a type: a name, a bracket, a reference or an integer. */
function beginsType(text: string): boolean {
  return (isName(text) && text !== '_') || text === '(' || text === '{' || text === '&' || text === '&mut' || text === '*' || text === '-' || /^[0-9][0-9a-fA-FxXoObB_]*$/.test(text);
}

/** Tokens after `name:` that other rules report: old generic brackets, `?`, an angle-bracket type. */
const OTHER_TYPE_RULES = new Set(['[', '?', '<']);

/** Tokens a type can begin with: after `Name<T>` one of these leaves the reference's outcome to what follows. */
const TYPE_START = /^([A-Za-z_][A-Za-z0-9_]*|[0-9].*|[({[&*?-]|&mut)$/;

/**
 * `xs: List<Int> = []`, `f: (x: Int) -> Option<Int> = …`, `id: <T>(x: T) -> T`: the reference's types take
 * arguments in parentheses. After `:` or `->` a `<` is where it wanted a type; `Name<T>` it reads as the constant
 * expression `Name < T > …` and wants a type after the `>` (E0010 at that token); in a declaration
 * `d: Dict<K, V> = …` the `,` ends that expression and the declaration (E0011 at the `,`).
 */
function angleBracketError(tokens: readonly HeadToken[], at: number, lineHead: number): HeadFinding | undefined {
  const angle = tokens[at]!;
  // The statement's head: the declared name before `:` (recovery's ERROR may stand anywhere after it: `id: <T>(…)` at
  // the `:`), else the first token of the line. A stray token before the name is the reference's first error there.
  const headBefore = (colon: number) => (tokens[colon]?.text === ':' && colon > 0 && tokens[colon - 1]!.line === angle.line ? colon - 1 : lineHead);
  const before = tokens[at - 1]!;
  if (before.text === ':' || before.text === '->') return { ...expectedAt('a type', angle, tokens), from: tokens[headBefore(at - 1)]!.start };
  const before2 = tokens[at - 2];
  if (!before2 || (before2.text !== ':' && before2.text !== '->') || !isPlainWord(before.text)) return undefined;
  const from = tokens[headBefore(at - 2)]!.start;
  const argument = tokens[at + 1];
  const next = argument && isPlainWord(argument.text) ? tokens[at + 2] : undefined;
  if (next?.text === '>') {
    const found = tokens[at + 3];
    return found && TYPE_START.test(found.text) ? undefined : { ...expectedAt('a type', found, tokens), from };
  }
  // The declared name starts its line's statement: nothing before it, or what is before it on another line.
  const declared = before2.text === ':' ? tokens[at - 3] : undefined;
  if (next?.text === ',' && declared && declared.line === angle.line && tokens[at - 4]?.line !== angle.line) {
    return { code: 'E0011', message: `Unexpected token: '${tokenKindName(next.text)}'`, start: next.start, end: next.end, from };
  }
  return undefined;
}

/** An identifier to the reference's lexer: a word that is no keyword (`true`, `and`, `in` are not names). */
const isName = (text: string): boolean => isPlainWord(text) && !isKeyword(text);
const COMPARISONS = new Set(['<', '<=', '>', '>=', '==', '!=']);

/**
 * A record type's body (`Name: Type = { … }`, types.rs parse_struct_body):
 * items separated by commas only, each a field `x: T` (`x mut: T`, a default
 * `= e`), a binding `x = f[0]`, a constraint name, `Assert(…)` or a
 * refinement `x > 0`; after an item anything but `,` or `}` is E0010
 * `Expected a type` (a missing comma, a missing `}`), as is an item that
 * begins with `mut` or no name; a malformed binding or `mut` is E0012.
 */
function recordBodyError(tokens: readonly HeadToken[], pairs: Int32Array, open: number): Omit<HeadFinding, 'from'> | undefined {
  const close = pairs[open]! === -1 ? tokens.length : pairs[open]!;
  for (let at = open + 1; at < close;) {
    const name = tokens[at]!;
    // Every keyword and literal, not only those that begin a statement (`{ cond: Expr, else: Block }`, `{ true: Int }`).
    if (!isName(name.text)) return expectedAt('a type', name, tokens);
    const next = tokens[at + 1];
    let end: number;
    if (next?.text === 'mut' && tokens[at + 2]?.text !== ':') {
      return { code: 'E0012', message: `Invalid syntax: Expected ':' after 'mut' in field '${name.text}'`, start: next.start, end: next.end };
    } else if (next?.text === ':' || next?.text === 'mut') {
      end = typeEnd(tokens, pairs, at + (next.text === 'mut' ? 3 : 2));
      if (end === -1) return undefined;
      if (tokens[end]?.text === '[') end = pairs[end] === -1 ? -1 : pairs[end]! + 1;
      if (end !== -1 && tokens[end]?.text === '=') end = expressionEnd(tokens, pairs, end + 1);
    } else if (next?.text === '=') {
      const binding = bindingEnd(tokens, pairs, at);
      if (typeof binding !== 'number') return binding;
      end = binding;
    } else if (next?.text === '(') {
      end = pairs[at + 1] === -1 ? -1 : pairs[at + 1]! + 1;
    } else if (next && COMPARISONS.has(next.text)) {
      end = expressionEnd(tokens, pairs, at);
    } else {
      end = at + 1;
    }
    if (end === -1) return undefined;
    const after = tokens[end];
    if (end === close) return undefined;
    if (after?.text !== ',') return expectedAt('a type', after, tokens);
    at = end + 1;
  }
  return undefined;
}

/**
 * Whether the `Type` at `type` ends the signature of `Name: (…) -> Type = {…}`
 * (`pub` before it or not; one parameter group: a curried `-> (…) -> Type`
 * returns a function). The reference reads such a body as a record first
 * (decl.rs, RFC-010) and, when that fails, rewinds to read a function body but
 * keeps the record reader's error (`{ return List(T) }`: E0010 at `return`;
 * fields on lines without commas: E0010 at the second name), though the grammar
 * takes the braces as a block without an error.
 */
function typeFunctionHead(tokens: readonly HeadToken[], pairs: Int32Array, type: number): boolean {
  const close = type - 2;
  if (tokens[type - 1]?.text !== '->' || tokens[close]?.text !== ')' || pairs[close] === -1) return false;
  const open = pairs[close]!;
  const name = open - 2;
  if (tokens[open - 1]?.text !== ':' || !isName(tokens[name]?.text ?? '')) return false;
  return tokens[name - 1]?.text === 'pub' ? startsStatement(tokens, name - 1) : startsStatement(tokens, name);
}

/** Whether every bracket from `from` up to the first `stop` outside them pairs up (a stray one leaves an earlier `(` open). */
function bracketsPairUpTo(tokens: readonly HeadToken[], pairs: Int32Array, from: number, stop: string): boolean {
  for (let at = from; at < tokens.length && tokens[at]!.text !== stop; at++) {
    const text = tokens[at]!.text;
    if (isOpener(text)) {
      if (pairs[at] === -1) return false;
      at = pairs[at]!;
    } else if (text === ')' || text === ']' || text === '}') {
      return false;
    }
  }
  return true;
}

/** A binding item `name = function[positions]`: where it ends, or its E0012. */
function bindingEnd(tokens: readonly HeadToken[], pairs: Int32Array, at: number): number | Omit<HeadFinding, 'from'> {
  const name = tokens[at]!;
  const target = tokens[at + 2];
  if (!target || !isPlainWord(target.text) || UNFOLLOWED.has(target.text) || target.text === '_') {
    const where = target ?? name;
    return { code: 'E0012', message: `Invalid syntax: Expected function name after '=' in binding '${name.text}'`, start: where.start, end: where.end };
  }
  if (tokens[at + 3]?.text !== '[') return at + 3;
  const close = pairs[at + 3]!;
  if (close === -1) return -1;
  for (let i = at + 4; i < close; i++) {
    const text = tokens[i]!.text;
    if (text !== ',' && text !== '-' && !/^[0-9]/.test(text)) {
      return { code: 'E0012', message: 'Invalid syntax: Expected integer position in binding', start: tokens[i]!.start, end: tokens[i]!.end };
    }
  }
  return close + 1;
}

/** The token after a type that begins at `i` (a name or an application, a parenthesized or function type, a record, a reference), or -1. */
function typeEnd(tokens: readonly HeadToken[], pairs: Int32Array, i: number): number {
  let at = i;
  while (tokens[at] && (tokens[at]!.text === '&' || tokens[at]!.text === '&mut' || tokens[at]!.text === '*')) at++;
  const token = tokens[at];
  if (!token) return -1;
  let end: number;
  if (token.text === '(' || token.text === '{') {
    end = pairs[at] === -1 ? -1 : pairs[at]! + 1;
  } else if (isPlainWord(token.text) && !UNFOLLOWED.has(token.text)) {
    end = tokens[at + 1]?.text === '(' ? (pairs[at + 1] === -1 ? -1 : pairs[at + 1]! + 1) : at + 1;
    // A name followed by an operator is a const expression, which this reader does not follow.
    if (end !== -1 && tokens[end] && (BINARY.has(tokens[end]!.text) && tokens[end]!.text !== '=' || tokens[end]!.text === '?')) return -1;
  } else if (/^[0-9]/.test(token.text)) {
    end = at + 1;
  } else {
    return -1;
  }
  // Only a parenthesized list is a function type's parameters (`Fn(Int) -> Int` is an application, then `->`).
  if (end !== -1 && token.text === '(' && tokens[end]?.text === '->') return typeEnd(tokens, pairs, end + 1);
  return end;
}

const OLD_FUNCTION_TYPE = "Invalid syntax: Old function syntax '(Type, Type) -> Ret' is no longer supported. Use RFC-010 syntax with named parameters: '(param: Type, ...) -> Ret'. Example: 'add: (a: Int, b: Int) -> Int = a + b'";

/**
 * A declaration's annotation that begins with `(` and whose `)` is followed
 * by `->` (decl.rs): a signature when the `(` is followed by `)`, `mut` or a
 * name then `:`, `,` or `)`, else the old function type (E0012, no
 * position); a signature's parameter `name: Type` is followed by `,` or `)`
 * (E0010 `Expected RParen`), and `->` by a type (E0010 `Expected a type`).
 */
function signatureError(tokens: readonly HeadToken[], pairs: Int32Array, open: number): Omit<HeadFinding, 'from'> | undefined {
  const close = pairs[open]!;
  // A parameter list never closed (`total: (xs: List(Int) -> Int = {`) is no signature: the reference reads a
  // parenthesized type, and a name's `:` there is no type's.
  // (An old curried type or a `?` there, `(xs: Int -> …`, is refused first.)
  if (close === -1 && isName(tokens[open + 1]?.text ?? '') && tokens[open + 2]?.text === ':' && !refusedParameterType(tokens, pairs, open) && bracketsPairUpTo(tokens, pairs, open + 1, '=')) {
    const colon = tokens[open + 2]!;
    return { code: 'E0011', message: "Unexpected token: 'Colon'", start: colon.start, end: colon.end, certain: true };
  }
  if (close === -1 || tokens[close + 1]?.text !== '->') return undefined;
  const first = tokens[open + 1]!;
  const second = tokens[open + 2]?.text ?? '';
  const named = first.text === ')' || first.text === 'mut' || (isName(first.text) && (second === ':' || second === ',' || second === ')'));
  if (!named) return { code: 'E0012', message: OLD_FUNCTION_TYPE, start: tokens[open]!.start, end: tokens[close + 1]!.end };
  for (let at = open + 1; at < close;) {
    if (tokens[at]!.text === 'mut') at++;
    if (!isPlainWord(tokens[at]?.text ?? '')) return undefined;
    let end = at + 1;
    if (tokens[end]?.text === ':') {
      // `(self: &mut)`: after the references a type begins.
      let type = end + 1;
      while (tokens[type]?.text === '&' || tokens[type]?.text === '&mut' || tokens[type]?.text === '*') type++;
      const begins = tokens[type];
      if (!begins || failsAsType(begins.text)) return expectedAt('a type', begins, tokens);
      end = typeEnd(tokens, pairs, end + 1);
    }
    if (end === -1) return undefined;
    const after = tokens[end]!;
    if (end === close) break;
    // A name right before `->` is the old curried type, which the type parser refuses first.
    if (after.text === '->' && tokens[end - 1]!.text !== ')') return undefined;
    if (after.text !== ',') return expectedAt('RParen', after, tokens);
    at = end + 1;
  }
  const returned = tokens[close + 2];
  if (returned && typeEnd(tokens, pairs, close + 2) === -1 && !isPlainWord(returned.text) && !/^[(&*{[?0-9-]/.test(returned.text)) return expectedAt('a type', returned, tokens);
  if (returned && isPlainWord(returned.text) && tokens[close + 3]?.text === '(' && pairs[close + 3] === -1) return typeArgumentsError(tokens, pairs, close + 3);
  return undefined;
}

/**
 * A type's argument list left open (`-> Result(Int, Error = {`): the reference reads types separated by `,`, and
 * after one wants `)` (E0010 `Expected RParen` at what stands there).
 */
function typeArgumentsError(tokens: readonly HeadToken[], pairs: Int32Array, open: number): Omit<HeadFinding, 'from'> | undefined {
  for (let at = open + 1; tokens[at];) {
    const end = typeEnd(tokens, pairs, at);
    if (end === -1) return undefined;
    if (tokens[end]?.text !== ',') return { ...expectedAt('RParen', tokens[end], tokens), certain: true };
    at = end + 1;
  }
  return undefined;
}

/**
 * Whether a parameter of the list at `open`, after others that read as parameters, has a type the reference's type
 * parser refuses with E0012 before the list is given up for a parenthesized type: an old curried type
 * (`(xs: Int -> …`, `(self: &Point -> …`, `(a: Int, b: &String -> …`, `(f: (Int -> …`) or `?` (`(a: ? -> …`).
 */
function refusedParameterType(tokens: readonly HeadToken[], pairs: Int32Array, open: number): boolean {
  for (let at = open + 1; tokens[at];) {
    if (tokens[at]!.text === 'mut') at++;
    if (!isName(tokens[at]?.text ?? '') || tokens[at + 1]?.text !== ':') return false;
    let type = at + 2;
    while (TYPE_PREFIX.has(tokens[type]?.text ?? '') || tokens[type]?.text === '(') type++;
    const name = tokens[type];
    if (name && isPlainWord(name.text) && name.text !== 'Type' && tokens[type + 1]?.text === '->') return true;
    // `(a: ? -> Void`: `?` is no type, refused there too.
    if (name?.text === '?') return true;
    const end = typeEnd(tokens, pairs, at + 2);
    if (end === -1 || tokens[end]?.text !== ',') return false;
    at = end + 1;
  }
  return false;
}

/** A list comprehension `[e for x in xs]` ends at its `]` (E0010 `Expected RBracket`: a filter `if …`). */
function comprehensionError(tokens: readonly HeadToken[], pairs: Int32Array, open: number): Omit<HeadFinding, 'from'> | undefined {
  const element = expressionEnd(tokens, pairs, open + 1);
  if (element === -1 || tokens[element]?.text !== 'for') return undefined;
  const variable = expressionEnd(tokens, pairs, element + 1);
  if (variable === -1 || tokens[variable]?.text !== 'in') return undefined;
  const iterable = expressionEnd(tokens, pairs, variable + 1);
  if (iterable === -1 || tokens[iterable]?.text === ']') return undefined;
  return expectedAt('RBracket', tokens[iterable], tokens);
}

/** A `(` that calls: after an operand's end on its line, not in a type (`p: Point(x: Int)`, `f: (T: Clone)(x: T)`). */
function isCall(tokens: readonly HeadToken[], pairs: Int32Array, open: number): boolean {
  const callee = tokens[open - 1];
  if (!callee || callee.line !== tokens[open]!.line || !/^([A-Za-z_0-9"')\]]|f")/.test(callee.text) || UNFOLLOWED.has(callee.text) || BINARY.has(callee.text) || PREFIX.has(callee.text)) return false;
  const head = callee.text === ')' || callee.text === ']' ? pairs[open - 1]! : open - 1;
  if (head === -1) return false;
  const before = tokens[head - 1]?.text;
  return before !== ':' && before !== '->' && before !== 'as' && before !== 'Type' && callee.text !== 'use';
}

/** A call's arguments: expressions separated by `,`, then `)`; after an argument anything else is E0010 `Expected RParen`. */
function argumentsError(tokens: readonly HeadToken[], pairs: Int32Array, open: number): Omit<HeadFinding, 'from'> | undefined {
  let at = open + 1;
  while (tokens[at] && tokens[at]!.text !== ')') {
    const end = expressionEnd(tokens, pairs, at);
    if (end === -1) return undefined;
    const next = tokens[end];
    if (next?.text === ')') return undefined;
    if (next?.text !== ',') return expectedAt('RParen', next, tokens);
    at = end + 1;
  }
  return undefined;
}

function forHeadError(tokens: readonly HeadToken[], keyword: number): Omit<HeadFinding, 'from'> | undefined {
  const head = tokens[keyword + 1];
  const name = head?.text === 'mut' ? tokens[keyword + 2] : head;
  if (!name) return undefined;
  if (!isPlainWord(name.text) || name.text === '_' || UNFOLLOWED.has(name.text) || name.text === 'in') {
    return { code: 'E0011', message: `Unexpected token: '${tokenKindName(name.text)}'`, start: name.start, end: name.end };
  }
  const after = tokens[keyword + (name === head ? 2 : 3)];
  return after?.text === 'in' ? undefined : expectedAt('KwIn', after, tokens);
}

function expectedAt(what: string, token: HeadToken | undefined, tokens: readonly HeadToken[]): Omit<HeadFinding, 'from'> {
  const last = tokens[tokens.length - 1];
  const at = token ?? { text: '', start: last ? last.end : 0, end: last ? last.end : 0 };
  return { code: 'E0010', message: `Expected ${what}, found ${tokenKindName(at.text)}`, start: at.start, end: at.end };
}
