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

import { LineIndex } from '../../syntax/positions.ts';

const WHITESPACE = new Set([' ', '\t', '\r', '\n']);
const OPERATOR_CHARS = new Set([...'+-*/%=!<>&|:.?@,;()[]{}']);

/** Whether no token starts with `c`, so the lexer's E0001 is all it can say. */
function isInvalidStart(c: string): boolean {
  return !WHITESPACE.has(c) && !OPERATOR_CHARS.has(c) && c !== '"' && c !== "'" && !/[A-Za-z0-9_]/.test(c);
}

export function lexicalErrors(text: string): LexicalError[] {
  const errors: LexicalError[] = [];
  const lines = new LineIndex(text);
  const lineColumn = (offset: number) => {
    const { line, column } = lines.toHuman(offset);
    return `${line}:${column}`;
  };
  let i = 0;
  const at = (k: number) => text[k] ?? '';
  const push = (code: LexicalError['code'], message: string, start: number, end: number) =>
    errors.push({ code, message, start, end: Math.max(end, start + 1) });

  while (i < text.length) {
    const c = text[i]!;
    if (WHITESPACE.has(c)) { i++; continue; }
    if (c === '/' && at(i + 1) === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && at(i + 1) === '*') {
      let depth = 1;
      i += 2;
      while (i < text.length && depth > 0) {
        if (text[i] === '/' && at(i + 1) === '*') { depth++; i += 2; }
        else if (text[i] === '*' && at(i + 1) === '/') { depth--; i += 2; }
        else i++;
      }
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      if (c === 'f' && at(i + 1) === '"' && !/[A-Za-z0-9_]/.test(at(i - 1))) {
        i = scanFString(text, i, push, lineColumn);
        continue;
      }
      while (i < text.length && /[A-Za-z0-9_]/.test(text[i]!)) i++;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(at(i + 1)) && !/[A-Za-z0-9_)\]]/.test(at(i - 1)))) {
      i = scanNumber(text, i, push);
      continue;
    }
    if (c === '"') {
      i = at(i + 1) === '"' && at(i + 2) === '"' ? scanMultiline(text, i, push, lineColumn) : scanString(text, i, push, lineColumn);
      continue;
    }
    if (c === "'") {
      i = scanChar(text, i, push);
      continue;
    }
    if (c === '&' && at(i + 1) === '&') {
      push('E0012', 'Invalid syntax: logical conjunction uses keyword `and`; `&&` was removed (SPEC §2.2)', i, i + 2);
      i += 2;
      continue;
    }
    if (c === '|' && at(i + 1) === '|') {
      push('E0012', 'Invalid syntax: logical disjunction uses keyword `or`; `||` was removed (SPEC §2.2)', i, i + 2);
      i += 2;
      continue;
    }
    if (OPERATOR_CHARS.has(c)) { i++; continue; }
    // A run of invalid characters is one error, reported at its first one as
    // the reference does: a megabyte of them is one diagnostic, not a million.
    const char = String.fromCodePoint(text.codePointAt(i)!);
    const start = i;
    i += char.length;
    while (i < text.length && isInvalidStart(text[i]!)) i += text.codePointAt(i)! > 0xffff ? 2 : 1;
    push('E0001', `Invalid character: '${char}'`, start, i);
  }
  return errors;
}

type Push = (code: LexicalError['code'], message: string, start: number, end: number) => void;

function scanNumber(text: string, start: number, push: Push): number {
  let i = start;
  const digitsOf = (re: RegExp) => { const from = i; while (i < text.length && (re.test(text[i]!) || text[i] === '_')) i++; return text.slice(from, i).replace(/_/g, '').length; };
  const bad = () => { push('E0002', `Invalid numeric literal: '${text.slice(start, i)}'`, start, i); return i; };
  if (text[i] === '0' && /[xXoObB]/.test(text[i + 1] ?? '')) {
    const base = text[i + 1]!.toLowerCase();
    i += 2;
    const count = digitsOf(base === 'x' ? /[0-9a-fA-F]/ : base === 'o' ? /[0-7]/ : /[01]/);
    return count === 0 ? bad() : i;
  }
  if (text[i] !== '.') digitsOf(/[0-9]/);
  if (text[i] === '.' && /[0-9_]/.test(text[i + 1] ?? '')) {
    i++;
    if (!separatedDigits()) return bad();
  }
  if (text[i] === 'e' || text[i] === 'E') {
    i++;
    if (text[i] === '+' || text[i] === '-') i++;
    if (!separatedDigits()) return bad();
  }
  return i;

  function separatedDigits(): boolean {
    let any = false;
    for (;;) {
      if (text[i] === '_') {
        i++;
        if (!/[0-9]/.test(text[i] ?? '')) return false;
      } else if (!/[0-9]/.test(text[i] ?? '')) {
        return any;
      }
      i++;
      any = true;
    }
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
  push('E0012', `Invalid syntax: unterminated string at ${position(start)}`, start, i);
  return i;
}

function scanMultiline(text: string, start: number, push: Push, position: (i: number) => string): number {
  const close = text.indexOf('"""', start + 3);
  if (close === -1) {
    push('E0012', `Invalid syntax: unterminated string at ${position(start)}`, start, text.length);
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
  if (depth > 0) push('E0012', `Invalid syntax: unterminated f-string interpolation at ${position(start)}`, start, i);
  else push('E0012', `Invalid syntax: unterminated string at ${position(start)}`, start, i);
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
