// Whether a new name can stand where the old one stood.
import { isKeyword } from '../diagnostics/token-names.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import { refusal } from './refusal.ts';
import { RENAME_CODES } from './types.ts';

// The scanner's words (tree-sitter-yaoxiang/src/scanner.c `is_word_start`): ASCII only.
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Refusals for `newName` (empty when it is a usable identifier). */
export function checkNewName(newName: string): Diagnostic[] {
  if (!IDENTIFIER.test(newName) || newName === '_') {
    return [refusal(RENAME_CODES.invalidName, `${JSON.stringify(newName)} is not an identifier`, undefined, 'a name is an ASCII letter or `_` followed by letters, digits or `_`')];
  }
  // `Type` is a keyword in type positions, so it cannot name a binding either.
  if (isKeyword(newName) || newName === 'Type') return [refusal(RENAME_CODES.keyword, `${JSON.stringify(newName)} is a keyword`)];
  return [];
}
