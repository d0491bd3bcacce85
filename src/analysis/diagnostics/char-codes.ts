// Code units and ASCII character classes for the passes that read the
// reference's tokens off raw text (lexical.ts, statement-heads.ts): they visit
// every character of a file on every parse, so they read code units, not
// one-character strings.

export const NEWLINE = 0x0a;
export const SLASH = 0x2f;
export const STAR = 0x2a;
export const DOUBLE_QUOTE = 0x22;
export const SINGLE_QUOTE = 0x27;
export const LOWER_F = 0x66;

/** Classes of an ASCII code unit, bits of `classOf`. */
export const SPACE = 1;
export const OPERATOR = 2;
export const WORD_START = 4;
export const DIGIT = 8;

const WHITESPACE = [' ', '\t', '\r', '\n'];
const OPERATOR_CHARS = [...'+-*/%=!<>&|:.?@,;()[]{}'];
const ASCII_CLASS = new Uint8Array(128);
for (const c of WHITESPACE) ASCII_CLASS[c.charCodeAt(0)]! |= SPACE;
for (const c of OPERATOR_CHARS) ASCII_CLASS[c.charCodeAt(0)]! |= OPERATOR;
for (let code = 0; code < 128; code++) {
  const c = String.fromCharCode(code);
  if (/[A-Za-z_]/.test(c)) ASCII_CLASS[code]! |= WORD_START;
  if (/[0-9]/.test(c)) ASCII_CLASS[code]! |= DIGIT;
}

/** The classes of a code unit; 0 for any other, every non-ASCII one included. */
export const classOf = (code: number): number => (code < 128 ? ASCII_CLASS[code]! : 0);
/** An ASCII letter or `_`: what a name of the reference's begins with. */
export const isWordStart = (code: number): boolean => (classOf(code) & WORD_START) !== 0;
/** An ASCII letter, digit or `_`: what a name of the reference's goes on with. */
export const isWord = (code: number): boolean => (classOf(code) & (WORD_START | DIGIT)) !== 0;
/** An ASCII digit. */
export const isDigit = (code: number): boolean => (classOf(code) & DIGIT) !== 0;
