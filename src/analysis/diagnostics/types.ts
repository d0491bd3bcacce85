import type { HumanRange } from '../../syntax/positions.ts';

export type Severity = 'error' | 'warning' | 'info' | 'hint';

/** A diagnostic as plain data; ranges are 1-based, the end exclusive. */
export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  range: HumanRange;
  help?: string;
}
