// The shape of the error-code catalogue: plain data, one entry per code the
// reference compiler (v0.7.12) defines in src/util/diagnostic/codes/i18n/*.json.

/** The languages the catalogue is written in. */
export type Lang = 'en' | 'zh';

export const LANGS: readonly Lang[] = ['en', 'zh'];

/**
 * The reference's `ErrorCategory` in its `Display` form, which `yaoxiang
 * explain` prints. W1063 is `Type Check`, as the reference registers it.
 */
export type Category =
  | 'Lexer'
  | 'Parser'
  | 'Type Check'
  | 'Semantic'
  | 'Codegen'
  | 'Generic'
  | 'Module'
  | 'Runtime'
  | 'I/O'
  | 'Internal'
  | 'Warning';

/**
 * The reference's registry carries no severity: its builder defaults to
 * `Error`. W-prefixed codes are warnings (the dead-code pass produces
 * W1001–W1005 as warnings; W1063 is marked "警告" where it is registered).
 */
export type CodeSeverity = 'error' | 'warning';

/** What a code says in one language. */
export interface LocalizedText {
  /** Verbatim from the reference's i18n file. */
  title: string;
  /** Verbatim from the reference's i18n file; `null` where it has none (E1081–E1083). */
  template: string | null;
  /** What the code means and when the reference reports it (our own words). */
  description: string;
  /**
   * YaoXiang source showing the situation (our own). Programs read the same
   * in every language, so a Chinese entry has one only where its comments or
   * strings are translated; otherwise the English example serves.
   */
  example?: string;
  /** How to fix it (our own words). */
  help: string;
}

export interface CodeEntry {
  /** `E0001` … `E8004`, `W1001` … `W1063`. */
  code: string;
  category: Category;
  severity: CodeSeverity;
  /**
   * Whether the reference's registry (`codes/e*.rs`, `w1xxx.rs`) lists the
   * code. E2029 and E8004 exist only in its i18n files; their category is
   * the one their number range has.
   */
  registered: boolean;
  /** Placeholder values that fill the template for the example. */
  exampleArgs: Readonly<Record<string, string>>;
  en: LocalizedText & { example: string };
  zh: LocalizedText;
}
