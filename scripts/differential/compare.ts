// The four measures of issue 19 over pairs of verdicts, and the disagreements
// behind them. Pure: no files, no processes.
import { describeFinding, type Finding, type Verdict } from './verdict.ts';

export interface Pair {
  /** How the file is named in the report. */
  name: string;
  reference: Verdict;
  ours: Verdict;
  /** The file `use`s a local module, which the reference's check does not resolve. */
  localUse: boolean;
}

export interface Disagreement {
  name: string;
  reference: string;
  ours: string;
}

export interface Measures {
  /** Files the measures are over: the reference parsed and checked them, and they use no local module. */
  compared: number;
  /** …of which the reference reports an error. */
  referenceErrors: number;
  sameVerdict: number;
  firstCodeFound: number;
  firstCodeAtPosition: number;
  falseErrors: number;
  /** Counted apart. */
  rejectedByReferenceParser: number;
  localUse: number;
  failed: number;
  disagreements: Disagreement[];
  /** Files the reference's parser rejects where we do not report its code at its position (not in the measures). */
  parserDisagreements: Disagreement[];
  /** Of the files the reference's parser rejects, those whose first diagnostic of ours is its error (`firstIsReference`). */
  parserFirst: number;
  /** The others, with all of ours. */
  parserNotFirst: Disagreement[];
  /**
   * Of our syntax errors in those files, the ones besides the reference's error that stand before it (where the
   * reference's parser read on without a word) or after it on its line (what its parser was reading when it
   * stopped): recovery's guesses, which a reader of the first error takes for more mistakes. `parserNoisy` files
   * have any.
   */
  parserNoise: number;
  parserNoisy: number;
  /** Those files, with the diagnostics counted against them. */
  parserNoiseFiles: Disagreement[];
  /** Files whose checker failed (crash, timeout), with the reason. */
  failures: { name: string; reason: string }[];
}

/** The measures as percentages, the form thresholds and reports use. */
export interface Rates {
  verdict: number;
  firstCode: number;
  position: number;
  falseErrors: number;
  /** Over the files the reference's parser rejects. */
  parserFirst: number;
  parserClean: number;
  parserNoisePerFile: number;
}

export function measure(pairs: readonly Pair[]): Measures {
  const m: Measures = {
    compared: 0, referenceErrors: 0, sameVerdict: 0, firstCodeFound: 0, firstCodeAtPosition: 0, falseErrors: 0,
    rejectedByReferenceParser: 0, localUse: 0, failed: 0, disagreements: [], parserDisagreements: [], failures: [],
    parserFirst: 0, parserNotFirst: [], parserNoise: 0, parserNoisy: 0, parserNoiseFiles: [],
  };
  for (const pair of pairs) {
    const { reference, ours } = pair;
    if (reference.kind === 'failed' || ours.kind === 'failed') {
      m.failed++;
      m.failures.push({ name: pair.name, reason: reference.kind === 'failed' ? `reference: ${reference.reason}` : `ours: ${(ours as { reason: string }).reason}` });
      continue;
    }
    if (reference.kind === 'rejected') {
      m.rejectedByReferenceParser++;
      const ourErrors = ours.kind === 'checked' ? ours.errors : [ours.finding];
      if (!agreement(reference.finding, ourErrors).position) {
        m.parserDisagreements.push({ name: pair.name, reference: describeFinding(reference.finding), ours: describeOurs(ourErrors) });
      }
      if (firstIsReference(reference.finding, ourErrors)) m.parserFirst++;
      else m.parserNotFirst.push({ name: pair.name, reference: describeFinding(reference.finding), ours: describeOurs(ourErrors) });
      const extra = noise(reference.finding, ourErrors);
      if (extra.length > 0) {
        m.parserNoisy++;
        m.parserNoise += extra.length;
        m.parserNoiseFiles.push({ name: pair.name, reference: describeFinding(reference.finding), ours: describeOurs(extra) });
      }
      continue;
    }
    if (pair.localUse) {
      m.localUse++;
      continue;
    }
    const ourErrors = ours.kind === 'checked' ? ours.errors : [ours.finding];
    const first = reference.errors[0];
    m.compared++;
    const agrees = agreement(first, ourErrors);
    if (first) m.referenceErrors++;
    if (agrees.sameVerdict) m.sameVerdict++;
    if (agrees.code) m.firstCodeFound++;
    if (agrees.position) m.firstCodeAtPosition++;
    if (!first && ourErrors.length > 0) m.falseErrors++;
    if (!agrees.sameVerdict || (first && !agrees.position)) {
      m.disagreements.push({ name: pair.name, reference: describeFinding(first), ours: describeOurs(ourErrors) });
    }
  }
  return m;
}

/** Compared as the reference reports: its first error only, looked for among all of ours. */
function agreement(first: Finding | undefined, ours: readonly Finding[]): { sameVerdict: boolean; code: boolean; position: boolean } {
  const sameVerdict = (first !== undefined) === (ours.length > 0);
  if (!first) return { sameVerdict, code: false, position: false };
  const sameCode = ours.filter((f) => f.code === first.code);
  // Some codes carry no span in the reference (line 0): any of ours with the code is where it is.
  const at = (f: Finding) => first.line === 0 || (f.line === first.line && f.column === first.column);
  return { sameVerdict, code: sameCode.length > 0, position: sameCode.some(at) };
}

/** Whether the first of ours, as we report them, is `reference`: its code, at its line and column when it gives them. */
export function firstIsReference(reference: Finding, ours: readonly Finding[]): boolean {
  const first = ours[0];
  return first !== undefined && first.code === reference.code && (reference.line === 0 || (first.line === reference.line && first.column === reference.column));
}

/**
 * Our parser errors (E0xxx) besides the reference's error that stand before it or after it on its line. Where
 * the reference gives no position, ours of its code stands for it; when we have none, nothing is counted (the
 * file is a disagreement already). Left out: the checker's errors (a type error elsewhere in the file is one the
 * reference reports once the file parses), and the lexer's invalid characters and numbers (E0001, E0002: each
 * one a mistake of its own, not a guess of recovery; a line of prose in a code block has one per word).
 */
export function noise(reference: Finding, ours: readonly Finding[]): Finding[] {
  const own = reference.line === 0
    ? ours.findIndex((f) => f.code === reference.code)
    : ours.findIndex((f) => f.code === reference.code && f.line === reference.line && f.column === reference.column);
  const at = own === -1 ? (reference.line === 0 ? undefined : reference) : ours[own]!;
  if (!at) return [];
  // The reference's lexer reads the whole file before its parser reads any: a parser error before a lexer error
  // is one the reference would report once the character is gone, and only the lexer error's line is counted.
  const from = LEXICAL_CODES.has(reference.code) ? at.line : 1;
  return ours.filter((f, i) => i !== own && f.code.startsWith('E0') && !LEXICAL_CODES.has(f.code) && f.line >= from && f.line <= at.line);
}

const LEXICAL_CODES = new Set(['E0001', 'E0002']);

/** Our errors as `E1001@3:9 E1002@5:1`, at most four and a count of the rest. */
export function describeOurs(errors: readonly Finding[]): string {
  if (errors.length === 0) return 'clean';
  const shown = errors.slice(0, 4).map(describeFinding).join(' ');
  return errors.length > 4 ? `${shown} (+${errors.length - 4})` : shown;
}

export function rates(m: Measures): Rates {
  const percent = (n: number, of: number) => (of === 0 ? 100 : (100 * n) / of);
  return {
    verdict: percent(m.sameVerdict, m.compared),
    firstCode: percent(m.firstCodeFound, m.referenceErrors),
    position: percent(m.firstCodeAtPosition, m.referenceErrors),
    falseErrors: m.compared === 0 ? 0 : (100 * m.falseErrors) / m.compared,
    parserFirst: percent(m.parserFirst, m.rejectedByReferenceParser),
    parserClean: percent(m.rejectedByReferenceParser - m.parserNoisy, m.rejectedByReferenceParser),
    parserNoisePerFile: m.rejectedByReferenceParser === 0 ? 0 : m.parserNoise / m.rejectedByReferenceParser,
  };
}
