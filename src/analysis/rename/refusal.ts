// Refusal diagnostics: one code, a message, the range it is about.
import type { HumanRange } from '../../syntax/positions.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import type { RenameCode } from './types.ts';

const WHOLE_FILE: HumanRange = { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };

export function refusal(code: RenameCode, message: string, range: HumanRange = WHOLE_FILE, help?: string): Diagnostic {
  return { code, severity: 'error', message, range, ...(help ? { help } : {}) };
}
