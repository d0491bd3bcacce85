// The reference lexer's error conditions (lexer/*.rs), replayed over raw text.
// tree-sitter sees most of them only as an ERROR somewhere; this pass names
// them with the reference's codes and texts. It tokenizes just enough (comments,
// strings, f-strings, chars, numbers, operators) to know where each error is.

export interface LexicalError {
  code: 'E0001' | 'E0002' | 'E0012';
  message: string;
  /** UTF-16 offsets, end exclusive. */
  start: number;
  end: number;
}

import { changeBetween } from '../../syntax/document.ts';
import { classOf, DIGIT, DOUBLE_QUOTE, isDigit, isWord, LOWER_F, NEWLINE, OPERATOR, SINGLE_QUOTE, SLASH, SPACE, STAR, WORD_START } from './char-codes.ts';
import { LineIndex } from '../../syntax/positions.ts';

const AMPERSAND = 0x26;
const BAR = 0x7c;
const DOT = 0x2e;
const CLOSE_PAREN = 0x29;
const CLOSE_BRACKET = 0x5d;

/** Whether no token starts with the code unit `code`, so the lexer's E0001 is all it can say. */
function isInvalidStart(code: number): boolean {
  return classOf(code) === 0 && code !== DOUBLE_QUOTE && code !== SINGLE_QUOTE;
}

export function lexicalErrors(text: string): LexicalError[] {
  return scan(text, 0).errors;
}

/** What a scan found, and where it stopped (the text's length unless `lineStart` stopped it). */
interface Scanned {
  errors: LexicalError[];
  /** Where an error whose message names a line and column starts, the last one (-1: none). */
  lastPositional: number;
  stoppedAt: number;
}

/**
 * The lexer from `from`, a token boundary. `lineStart`, when given, hears of
 * each line start the lexer reaches between tokens (a newline just read as
 * whitespace) and stops the scan there by returning true.
 */
function scan(text: string, from: number, lineStart?: (offset: number) => boolean): Scanned {
  const errors: LexicalError[] = [];
  let lastPositional = -1;
  // Positions are only needed for the messages of a few errors.
  let lines: LineIndex | undefined;
  let positional = false;
  const lineColumn = (offset: number) => {
    lines ??= new LineIndex(text);
    positional = true;
    const { line, column } = lines.toHuman(offset);
    return `${line}:${column}`;
  };
  const length = text.length;
  let i = from;
  const push = (code: LexicalError['code'], message: string, start: number, end: number) => {
    errors.push({ code, message, start, end: Math.max(end, start + 1) });
    if (positional) lastPositional = Math.max(lastPositional, start);
    positional = false;
  };

  while (i < length) {
    const code = text.charCodeAt(i);
    const kind = classOf(code);
    if (kind & SPACE) {
      i++;
      if (code === NEWLINE && lineStart !== undefined && lineStart(i)) return { errors, lastPositional, stoppedAt: i };
      continue;
    }
    const next = i + 1 < length ? text.charCodeAt(i + 1) : -1;
    if (code === SLASH && next === SLASH) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? length : end;
      continue;
    }
    if (code === SLASH && next === STAR) {
      let depth = 1;
      i += 2;
      while (i < length && depth > 0) {
        const c = text.charCodeAt(i);
        const after = i + 1 < length ? text.charCodeAt(i + 1) : -1;
        if (c === SLASH && after === STAR) { depth++; i += 2; }
        else if (c === STAR && after === SLASH) { depth--; i += 2; }
        else i++;
      }
      continue;
    }
    if (kind & WORD_START) {
      if (code === LOWER_F && next === DOUBLE_QUOTE && !(i > 0 && isWord(text.charCodeAt(i - 1)))) {
        i = scanFString(text, i, push, lineColumn);
        continue;
      }
      i++;
      while (i < length && isWord(text.charCodeAt(i))) i++;
      continue;
    }
    if (kind & DIGIT || (code === DOT && next !== -1 && classOf(next) & DIGIT && !(i > 0 && precedesMember(text.charCodeAt(i - 1))))) {
      i = scanNumber(text, i, push);
      continue;
    }
    if (code === DOUBLE_QUOTE) {
      i = next === DOUBLE_QUOTE && text.charCodeAt(i + 2) === DOUBLE_QUOTE ? scanMultiline(text, i, push, lineColumn) : scanString(text, i, push, lineColumn);
      continue;
    }
    if (code === SINGLE_QUOTE) {
      i = scanChar(text, i, push);
      continue;
    }
    if (code === AMPERSAND && next === AMPERSAND) {
      push('E0012', 'Invalid syntax: logical conjunction uses keyword `and`; `&&` was removed (SPEC §2.2)', i, i + 2);
      i += 2;
      continue;
    }
    if (code === BAR && next === BAR) {
      push('E0012', 'Invalid syntax: logical disjunction uses keyword `or`; `||` was removed (SPEC §2.2)', i, i + 2);
      i += 2;
      continue;
    }
    if (kind & OPERATOR) { i++; continue; }
    // A run of invalid characters is one error, reported at its first one as
    // the reference does: a megabyte of them is one diagnostic, not a million.
    const point = text.codePointAt(i)!;
    const start = i;
    i += point > 0xffff ? 2 : 1;
    while (i < length && isInvalidStart(text.charCodeAt(i))) i += text.codePointAt(i)! > 0xffff ? 2 : 1;
    push('E0001', invalidCharacter(point), start, i);
  }
  return { errors, lastPositional, stoppedAt: length };
}

/**
 * E0001's message for a character, made once per character: a file of stray
 * characters is a run of errors, and a string per error was most of what
 * they cost (and what the garbage collector had to copy as they piled up).
 */
const invalidCharacterMessages = new Map<number, string>();
function invalidCharacter(point: number): string {
  let message = invalidCharacterMessages.get(point);
  if (message === undefined) {
    message = `Invalid character: '${String.fromCodePoint(point)}'`;
    if (invalidCharacterMessages.size < 4096) invalidCharacterMessages.set(point, message);
  }
  return message;
}

/** A character after which `.5` is a member access or a tuple index, not a number: a word, `)` or `]`. */
function precedesMember(code: number): boolean {
  return isWord(code) || code === CLOSE_PAREN || code === CLOSE_BRACKET;
}

type Push = (code: LexicalError['code'], message: string, start: number, end: number) => void;

// Numbers are read by code unit, without a closure or a string per literal:
// a file holds thousands of them and this pass runs on every keystroke.
const UNDERSCORE = 0x5f;
const isHex = (code: number): boolean => isDigit(code) || (code >= 0x61 && code <= 0x66) || (code >= 0x41 && code <= 0x46);
const isOctal = (code: number): boolean => code >= 0x30 && code <= 0x37;
const isBinary = (code: number): boolean => code === 0x30 || code === 0x31;

/** A number base after a `0` (x, o or b in either case): its digit test, the reference's word for it, and its letter. */
interface Radix {
  digit: (code: number) => boolean;
  name: string;
  letter: string;
  /** Digits (no leading zeros) from which a value may pass the largest integer the reference keeps, 2^127 − 1. */
  bigFrom: number;
}

const HEX: Radix = { digit: isHex, name: 'hex', letter: 'x', bigFrom: 32 };
const OCTAL: Radix = { digit: isOctal, name: 'octal', letter: 'o', bigFrom: 43 };
const BINARY: Radix = { digit: isBinary, name: 'binary', letter: 'b', bigFrom: 127 };

function radixOf(code: number): Radix | undefined {
  switch (code | 0x20) {
    case 0x78: return HEX;
    case 0x6f: return OCTAL;
    case 0x62: return BINARY;
    default: return undefined;
  }
}

/** The reference keeps integers as i128 (and reads decimal digits into a u128 first). */
const I128_MAX = (1n << 127n) - 1n;
const U128_MAX = (1n << 128n) - 1n;
const DECIMAL_BIG_FROM = 39;

const UNDERSCORE_MESSAGE = 'Invalid number format: underscore must be between digits';

/**
 * One number literal, as the reference's lexer reads it (lexer/literals.rs):
 * where it ends, and its E0002 if it is malformed, with the reference's text:
 * its words for a base without digits and a misplaced underscore, else the
 * literal as it collected it (no underscores; `0.` for a leading dot).
 */
function scanNumber(text: string, start: number, push: Push): number {
  let i = start;
  const length = text.length;
  const radix = text.charCodeAt(i) === 0x30 ? radixOf(text.charCodeAt(i + 1)) : undefined;
  if (radix) {
    i += 2;
    const digitsStart = i;
    let digits = 0;
    for (let c = text.charCodeAt(i); i < length && (radix.digit(c) || c === UNDERSCORE); c = text.charCodeAt(++i)) if (c !== UNDERSCORE) digits++;
    if (digits === 0) return badNumber(`Expected ${radix.name} digits`, start, i, push);
    const big = digits >= radix.bigFrom ? pastMax(text, digitsStart, i, I128_MAX, `0${radix.letter}`) : undefined;
    return big === undefined ? i : badNumber(big, start, i, push);
  }
  let integer = false;
  if (text.charCodeAt(i) !== DOT) {
    integer = true;
    let digits = 0;
    for (let c = text.charCodeAt(i); i < length && (isDigit(c) || c === UNDERSCORE); c = text.charCodeAt(++i)) if (c !== UNDERSCORE) digits++;
    // Past u128 the reference ends the literal at its integer part.
    const big = digits >= DECIMAL_BIG_FROM ? pastMax(text, start, i, U128_MAX) : undefined;
    if (big !== undefined) return badNumber(big, start, i, push);
  }
  if (text.charCodeAt(i) === DOT && (isDigit(text.charCodeAt(i + 1)) || text.charCodeAt(i + 1) === UNDERSCORE)) {
    integer = false;
    const end = separatedDigits(text, i + 1);
    if (end < 0) return badNumber(UNDERSCORE_MESSAGE, start, -end - 1, push);
    i = end;
  }
  const e = text.charCodeAt(i);
  if (e === 0x65 || e === 0x45) {
    integer = false;
    i++;
    const sign = text.charCodeAt(i);
    if (sign === 0x2b || sign === 0x2d) i++;
    const end = separatedDigits(text, i);
    if (end === -1 - i) return badNumber(collected(text, start, i), start, i, push);
    if (end < 0) return badNumber(UNDERSCORE_MESSAGE, start, -end - 1, push);
    i = end;
  }
  const big = integer && i - start >= DECIMAL_BIG_FROM ? pastMax(text, start, i, I128_MAX) : undefined;
  return big === undefined ? i : badNumber(big, start, i, push);
}

/** The literal from `start` to `end` as the reference's lexer collects it: without underscores, a leading dot read as `0.`. */
function collected(text: string, start: number, end: number): string {
  const written = withoutUnderscores(text, start, end);
  return text.charCodeAt(start) === DOT ? `0${written}` : written;
}

/** The digits from `start` to `end` as the lexer collects them (after `prefix`, no underscores) when their value passes `max`; else undefined. */
function pastMax(text: string, start: number, end: number, max: bigint, prefix = ''): string | undefined {
  const digits = `${prefix}${withoutUnderscores(text, start, end)}`;
  return BigInt(digits) > max ? digits : undefined;
}

function withoutUnderscores(text: string, start: number, end: number): string {
  const written = text.slice(start, end);
  return written.includes('_') ? written.replaceAll('_', '') : written;
}

function badNumber(what: string, start: number, end: number, push: Push): number {
  push('E0002', `Invalid numeric literal: '${what}'`, start, end);
  return end;
}

/**
 * Digits from `i` with single underscores between them: where they end, or,
 * when there are none or an underscore is not followed by a digit, `-1 - i`
 * for the offset where reading stopped (so `-1 - i` itself for no digit at all).
 */
function separatedDigits(text: string, i: number): number {
  let any = false;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === UNDERSCORE) {
      i++;
      if (!isDigit(text.charCodeAt(i))) return -1 - i;
    } else if (!isDigit(c)) {
      return any ? i : -1 - i;
    }
    i++;
    any = true;
  }
}

function scanEscape(text: string, i: number, push: Push): number {
  // text[i] is the backslash
  const next = text[i + 1] ?? '';
  if ('ntr\\"\'0'.includes(next) && next !== '') return i + 2;
  if (next === 'x' && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 2, i + 4))) return i + 4;
  if (next === 'u') {
    const match = /^\{([0-9a-fA-F]+)\}/.exec(text.slice(i + 2));
    if (match && Number.parseInt(match[1]!, 16) <= 0x10ffff) return i + 2 + match[0].length;
  }
  const end = Math.min(text.length, i + 2);
  push('E0012', `Invalid syntax: invalid escape: ${text.slice(i, end)}`, i, end);
  return end;
}

function scanString(text: string, start: number, push: Push, position: (i: number) => string): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') return i + 1;
    if (c === '\n') break;
    if (c === '\\') { i = scanEscape(text, i, push); continue; }
    i++;
  }
  // The reference's lexer gives the place after the opening quote, where it began reading the text (literals.rs).
  push('E0012', `Invalid syntax: unterminated string at ${position(start + 1)}`, start, i);
  return i;
}

function scanMultiline(text: string, start: number, push: Push, position: (i: number) => string): number {
  const close = text.indexOf('"""', start + 3);
  if (close === -1) {
    push('E0012', `Invalid syntax: unterminated string at ${position(start + 3)}`, start, text.length);
    return text.length;
  }
  return close + 3;
}

function scanFString(text: string, start: number, push: Push, position: (i: number) => string): number {
  let i = start + 2;
  let depth = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (depth === 0) {
      if (c === '"') return i + 1;
      if (c === '\n') break;
      if (c === '\\') { i = scanEscape(text, i, push); continue; }
      if (c === '{') depth++;
    } else if (c === '{') {
      depth++;
    } else if (c === '}') {
      depth--;
    }
    i++;
  }
  if (depth > 0) push('E0012', `Invalid syntax: unterminated f-string interpolation at ${position(start + 2)}`, start, i);
  else push('E0012', `Invalid syntax: unterminated string at ${position(start + 2)}`, start, i);
  return i;
}

function scanChar(text: string, start: number, push: Push): number {
  let i = start + 1;
  if (text[i] === "'") {
    push('E0012', 'Invalid syntax: Empty character literal', start, i + 1);
    return i + 1;
  }
  while (i < text.length && text[i] !== "'" && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
  if (text[i] !== "'") {
    push('E0012', 'Invalid syntax: Unterminated character literal', start, i);
    return i;
  }
  return i + 1;
}

/** One line start in this many that the lexer reaches is kept: a scan after an edit lexes at most that many lines past it before it can stop. */
const CHECKPOINT_EVERY = 32;
/** Further than any token's scan reads past its end: a scan restarts this far before an edit and stops no nearer after it. */
const LOOKAROUND = 16;

/**
 * A file's lexical errors from one text to the next, lexing only the lines
 * around what changed (the pass otherwise reads every character of the file
 * on every keystroke). The lexer carries nothing from one token to the next
 * but its position, and reads only a character or two beyond a token, so:
 * before the edit it reaches the line starts it reached last time; past the
 * edit, once it reaches a line start between tokens that it reached last time
 * (moved by the edit), what follows is what it found there, moved. Errors
 * whose messages name a line are not moved: past one, the scan goes on.
 */
export class LexicalMemo {
  #text: string | undefined;
  #errors: LexicalError[] = [];
  #lastPositional = -1;
  /** Line starts the lexer reached between tokens (one in CHECKPOINT_EVERY), ascending. */
  #checkpoints: number[] = [];
  /** Code units the last call lexed: for tests and benchmarks. */
  lexed = 0;

  /** The same errors as lexicalErrors(text), in the same order. */
  errors(text: string): LexicalError[] {
    const old = this.#text;
    if (old === text) {
      this.lexed = 0;
      return this.#errors;
    }
    // The one change from the last text (nothing before the first call): where it starts, and where it ends in this text.
    const change = old === undefined ? undefined : changeBetween(old, text);
    const prefix = change?.start ?? 0;
    const editEnd = change ? change.start + change.text.length : text.length;
    const delta = text.length - (old?.length ?? 0);
    const oldPoints = this.#checkpoints;
    const oldErrors = this.#errors;

    // Restart at the last kept line start far enough before the edit.
    let kept = 0;
    while (kept < oldPoints.length && oldPoints[kept]! <= prefix - LOOKAROUND) kept++;
    const from = kept === 0 ? 0 : oldPoints[kept - 1]!;
    const points = oldPoints.slice(0, kept);
    let keptErrors = 0;
    while (keptErrors < oldErrors.length && oldErrors[keptErrors]!.start < from) keptErrors++;

    let next = kept;
    let splicedAt = -1;
    let lines = 0;
    const scanned = scan(text, from, (offset) => {
      if (old !== undefined && offset >= editEnd + LOOKAROUND) {
        const before = offset - delta;
        while (next < oldPoints.length && oldPoints[next]! < before) next++;
        if (next < oldPoints.length && oldPoints[next] === before && this.#lastPositional < before) {
          splicedAt = before;
          return true;
        }
      }
      if (++lines % CHECKPOINT_EVERY === 0) points.push(offset);
      return false;
    });

    this.lexed = scanned.stoppedAt - from;
    const errors = oldErrors.slice(0, keptErrors);
    for (const e of scanned.errors) errors.push(e);
    // Only the last start is kept: of the errors kept before `from`, from - 1 bounds it.
    const lastPositional = scanned.lastPositional !== -1 ? scanned.lastPositional : Math.min(this.#lastPositional, from - 1);
    if (splicedAt !== -1) {
      for (let k = next; k < oldPoints.length; k++) points.push(oldPoints[k]! + delta);
      let first = keptErrors;
      while (first < oldErrors.length && oldErrors[first]!.start < splicedAt) first++;
      for (let k = first; k < oldErrors.length; k++) {
        const e = oldErrors[k]!;
        errors.push({ code: e.code, message: e.message, start: e.start + delta, end: e.end + delta });
      }
    }
    this.#text = text;
    this.#errors = errors;
    this.#lastPositional = lastPositional;
    this.#checkpoints = points;
    return errors;
  }
}
