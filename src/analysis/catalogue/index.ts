// The error-code catalogue: every code the reference compiler (v0.7.12)
// defines, what it means, an example and how to fix it, in English and
// Chinese. Pure functions over the data in codes.ts; nothing here throws.
//
// Lookup: `lookupCode` is exact and case-sensitive, like the reference's
// registry. `explain` and `renderTemplate` accept what a person types:
// `e0010`, ` E0010 `, `E10` and bare `10` all mean E0010 (see normalizeCode).
import { CODES, CODES_BY_ID } from './codes.ts';
import { buildFromTemplate, fillTemplate, MISSING_TEMPLATE, missingParametersHelp, type BuiltMessage } from './render.ts';
import { nearestCodes, normalizeCode } from './suggest.ts';
import type { Category, CodeEntry, CodeSeverity, Lang } from './types.ts';

export type { Category, CodeEntry, CodeSeverity, Lang, LocalizedText } from './types.ts';
export { LANGS } from './types.ts';
export { fillTemplate, missingParameters, MISSING_TEMPLATE } from './render.ts';
export { editDistance, nearestCodes, normalizeCode } from './suggest.ts';

/** Every entry, in code order (134). */
export const ALL_CODES: readonly CodeEntry[] = CODES;

/** The entry for exactly this code (`E0010`, not `e0010`). */
export function lookupCode(code: string): CodeEntry | undefined {
  return CODES_BY_ID.get(code);
}

export interface Explanation {
  code: string;
  category: Category;
  severity: CodeSeverity;
  /** False for E2029 and E8004, which the reference's registry lacks. */
  registered: boolean;
  title: string;
  /** The message template; `""` where the reference has none, as its `explain` shows it. */
  template: string;
  description: string;
  example: string;
  /** The message the template gives for the example's values. */
  exampleMessage: string;
  help: string;
}

export interface UnknownCodeError {
  kind: 'UNKNOWN_CODE';
  /** The code as it was given. */
  code: string;
  /** `Unknown error code: <code>`, the reference's text. */
  message: string;
  /** At most five known codes near the given one, best first. */
  suggestions: string[];
}

export type CatalogueResult<T> = { ok: true; value: T } | { ok: false; error: UnknownCodeError };

/** The explanation of a code in one language (English by default). */
export function explain(code: string, lang: Lang = 'en'): CatalogueResult<Explanation> {
  const entry = resolve(code);
  if (!entry) return unknown(code);
  const text = entry[lang];
  return {
    ok: true,
    value: {
      code: entry.code,
      category: entry.category,
      severity: entry.severity,
      registered: entry.registered,
      title: text.title,
      template: text.template ?? '',
      description: text.description,
      example: text.example ?? entry.en.example,
      exampleMessage: fillTemplate(text.template ?? MISSING_TEMPLATE, entry.exampleArgs),
      help: text.help,
    },
  };
}

/**
 * The code's message with `{name}` placeholders filled from `args`, as the
 * reference renders it: placeholders without a value stay as written, and a
 * code without a template gives `Internal error: missing i18n template`.
 */
export function renderTemplate(code: string, args: Readonly<Record<string, string>>, lang: Lang = 'en'): CatalogueResult<string> {
  const entry = resolve(code);
  if (!entry) return unknown(code);
  return { ok: true, value: fillTemplate(entry[lang].template ?? MISSING_TEMPLATE, args) };
}

export interface BuiltDiagnostic extends BuiltMessage {
  help: string;
}

/**
 * The diagnostic the reference's builder makes (release build) from a code
 * and its parameters: when the template names a parameter that `args` lacks,
 * an E8001 takes its place. The help is ours, or the reference's E8001 help.
 */
export function buildMessage(code: string, args: Readonly<Record<string, string>>, lang: Lang = 'en'): CatalogueResult<BuiltDiagnostic> {
  const entry = resolve(code);
  if (!entry) return unknown(code);
  const built = buildFromTemplate(entry.code, entry[lang].template, args);
  const help = built.code === entry.code ? entry[lang].help : missingParametersHelp(args);
  return { ok: true, value: { ...built, help } };
}

/** Known codes near `code`, best first (at most `limit`). */
export function suggestCodes(code: string, limit = 5): string[] {
  return nearestCodes(code, CODES.map((entry) => entry.code), limit);
}

function resolve(code: string): CodeEntry | undefined {
  const normalized = normalizeCode(code);
  return normalized === undefined ? undefined : CODES_BY_ID.get(normalized);
}

function unknown<T>(code: string): CatalogueResult<T> {
  return { ok: false, error: { kind: 'UNKNOWN_CODE', code, message: `Unknown error code: ${code}`, suggestions: suggestCodes(code) } };
}
