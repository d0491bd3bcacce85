// What the format thread is asked and answers (format-thread.ts, format-worker.ts).
import type { FormatOptions, FormatResult, Hunk } from '../analysis/format/index.ts';
import type { FormatSettings } from '../workspace/manifest.ts';

export interface FormatJob {
  source: string;
  options: FormatSettings | Partial<FormatOptions>;
  /** Also the unified-diff hunks from the source to the result. */
  hunks: boolean;
}

export interface FormatJobResult extends FormatResult {
  hunks?: Hunk[];
}

export type FormatReply = { ok: true; result: FormatJobResult } | { ok: false; message: string; stack?: string };
