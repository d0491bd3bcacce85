// Refusal diagnostics: one code, a message, the range it is about.
import type { HumanRange } from '../../syntax/positions.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import type { RenameCode, RenameRefusal } from './types.ts';

const WHOLE_FILE: HumanRange = { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };

export function refusal(code: RenameCode, message: string, range: HumanRange = WHOLE_FILE, help?: string): Diagnostic {
  return { code, severity: 'error', message, range, ...(help ? { help } : {}) };
}

/** The refusal, saying which file its range is in. */
export function inFile(diagnostic: Diagnostic, file: string): RenameRefusal {
  return { ...diagnostic, file };
}
