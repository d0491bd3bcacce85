// What one checker says about one file, in a shape both sides share.

/** One error: its code and where it starts (1-based line, column in characters). */
export interface Finding {
  code: string;
  line: number;
  column: number;
  message: string;
}

/**
 * `checked`: the file parsed and was type-checked; `errors` in source order
 * (the reference gives at most its first). `rejected`: the reference's parser
 * or lexer refused it (E0xxx). `failed`: the checker gave no usable answer
 * (a crash, a timeout, output we cannot read).
 */
export type Verdict =
  | { kind: 'checked'; errors: Finding[] }
  | { kind: 'rejected'; finding: Finding }
  | { kind: 'failed'; reason: string };

/** `E1001@3:9`, the short form used in reports and the fixtures' lists. */
export function describeFinding(f: Finding | undefined): string {
  return f ? `${f.code}@${f.line}:${f.column}` : 'clean';
}
