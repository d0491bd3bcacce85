// The text of a differential run: the four measures per set of programs, what
// was counted apart, and every disagreement.
import { rates, type Measures, type Rates } from './compare.ts';

export interface Thresholds {
  minVerdict?: number;
  minFirstCode?: number;
  minPosition?: number;
  maxFalseErrors?: number;
  /** Over the files the reference's parser rejects: our first error is its error, and none of our other parser errors stand before it or on its line. */
  minParserFirst?: number;
  minParserClean?: number;
}

/** The measures that miss their threshold, as `same verdict 81.5% < 99%`. */
export function missed(r: Rates, t: Thresholds): string[] {
  const out: string[] = [];
  const below = (label: string, value: number, min: number | undefined) => {
    if (min !== undefined && value < min) out.push(`${label} ${value.toFixed(1)}% < ${min}%`);
  };
  below('same verdict', r.verdict, t.minVerdict);
  below('first code among ours', r.firstCode, t.minFirstCode);
  below('first code at its position', r.position, t.minPosition);
  if (t.maxFalseErrors !== undefined && r.falseErrors > t.maxFalseErrors) out.push(`false errors ${r.falseErrors.toFixed(1)}% > ${t.maxFalseErrors}%`);
  below("parser-rejected: our first error is the reference's", r.parserFirst, t.minParserFirst);
  below('parser-rejected: no other parser error before it or on its line', r.parserClean, t.minParserClean);
  return out;
}

export function formatMeasures(label: string, m: Measures): string {
  const r = rates(m);
  const row = (what: string, value: number, n: number, of: number) => `  ${what.padEnd(44)} ${value.toFixed(1).padStart(5)}%  (${n}/${of})`;
  const lines = [
    `${label}: ${m.compared} files compared (${m.referenceErrors} with a reference error); apart: ${m.rejectedByReferenceParser} rejected by the reference parser, ${m.localUse} using a local module, ${m.failed} failed`,
    row('same verdict (clean / has errors)', r.verdict, m.sameVerdict, m.compared),
    row("the reference's first error code among ours", r.firstCode, m.firstCodeFound, m.referenceErrors),
    row('that code at its line and column', r.position, m.firstCodeAtPosition, m.referenceErrors),
    row('we report an error, the reference none', r.falseErrors, m.falseErrors, m.compared),
  ];
  lines.push(`  (of the ${m.rejectedByReferenceParser} files the reference parser rejects, ${m.parserDisagreements.length} without its code at its position among ours; listed with --json)`);
  if (m.rejectedByReferenceParser > 0) {
    const of = m.rejectedByReferenceParser;
    lines.push(
      row("  our first error is the reference's", r.parserFirst, m.parserFirst, of) + '  (others listed with --json)',
      row('  no other parser error before it or its line', r.parserClean, of - m.parserNoisy, of),
      `  ${'  other parser errors there, per file'.padEnd(44)} ${r.parserNoisePerFile.toFixed(2).padStart(5)}   (${m.parserNoise}/${of}; files listed with --json)`,
    );
  }
  return lines.join('\n') + '\n';
}

export function formatDisagreements(m: Measures): string {
  const lines = m.disagreements.map((d) => `  ${d.name}\treference ${d.reference}\tours ${d.ours}`);
  const failures = m.failures.map((f) => `  ${f.name}\tFAILED ${f.reason}`);
  return [...lines, ...failures].join('\n') + (lines.length + failures.length > 0 ? '\n' : '');
}
