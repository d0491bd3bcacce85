// The format differential (`npm run differential -- --format …`): our
// formatter and the reference's `format --stdout` on the same programs, each
// difference classified by format-compare.ts; see README.md, "Formatting".
import type { Parser } from 'web-tree-sitter';
import { format } from '../../src/analysis/format/index.ts';
import { resolveFormatOptions, type FormatOptions } from '../../src/analysis/format/options.ts';
import { parseManifest } from '../../src/workspace/manifest.ts';
import { compareFormatted, type FormatComparison } from './format-compare.ts';
import type { ProgramFile } from './programs.ts';
import type { FormatVerdict, ReferenceOracle } from './reference.ts';

export interface FormatPair {
  name: string;
  reference: FormatVerdict;
  /** Our output, or undefined when our formatter left the file alone (syntax error, FORMAT_SKIPPED…). */
  ours: string | undefined;
  oursNote?: string;
  comparison?: FormatComparison;
}

/** The options `[fmt]` of the yaoxiang.toml text `manifest` gives our formatter (the defaults for ''), as `yaoxiang fmt` reads them. */
export function manifestOptions(manifest: string): FormatOptions {
  const { manifest: parsed, problems } = parseManifest(manifest);
  if (problems.length > 0) throw new Error(`yaoxiang.toml: ${problems.map((p) => p.message).join('; ')}`);
  return resolveFormatOptions(parsed.fmt);
}

/**
 * Our output for `text`, with the options of the yaoxiang.toml text
 * `manifest` the reference runs with (the defaults for ''); undefined with the
 * reason when we leave it unformatted.
 */
export function ourFormat(parser: Parser, text: string, manifest = ''): { text?: string; note?: string } {
  const { formatted, diagnostics } = format(parser, text, manifestOptions(manifest));
  const blocking = diagnostics.find((d) => d.severity === 'error' || d.code.startsWith('FORMAT_'));
  return blocking ? { note: `${blocking.code}: ${blocking.message}` } : { text: formatted };
}

/** Both formatters on `files`, each run with the `[fmt]` of the yaoxiang.toml text `manifest` ('' for the defaults). */
export async function pairFormats(files: readonly ProgramFile[], oracle: ReferenceOracle, parser: Parser, progress: (done: number) => void, manifest = ''): Promise<FormatPair[]> {
  const options = manifestOptions(manifest);
  let done = 0;
  const theirs = Promise.all(files.map(async (f) => {
    const verdict = await oracle.format(f.absolute, f.text, manifest);
    progress(++done);
    return verdict;
  }));
  const ours = files.map((f) => ourFormat(parser, f.text, manifest));
  const references = await theirs;
  return files.map((f, i) => {
    const reference = references[i]!;
    const mine = ours[i]!;
    const pair: FormatPair = { name: f.name, reference, ours: mine.text, ...(mine.note ? { oursNote: mine.note } : {}) };
    if (reference.kind === 'formatted' && mine.text !== undefined) pair.comparison = compareFormatted(parser, f.text, mine.text, reference.text, f.name, options);
    return pair;
  });
}

export interface FormatMeasures {
  files: number;
  /** Files the reference formatted and we did too. */
  compared: number;
  identical: number;
  explained: number;
  unexplained: number;
  /** Per rule: the files that needed it. */
  rules: Map<string, number>;
  refused: FormatPair[];
  failed: FormatPair[];
  oursOnlyUnformatted: FormatPair[];
  unexplainedPairs: FormatPair[];
}

export function measureFormats(pairs: readonly FormatPair[]): FormatMeasures {
  const m: FormatMeasures = { files: pairs.length, compared: 0, identical: 0, explained: 0, unexplained: 0, rules: new Map(), refused: [], failed: [], oursOnlyUnformatted: [], unexplainedPairs: [] };
  for (const pair of pairs) {
    if (pair.reference.kind === 'refused') m.refused.push(pair);
    else if (pair.reference.kind === 'failed') m.failed.push(pair);
    else if (pair.ours === undefined) m.oursOnlyUnformatted.push(pair);
    if (!pair.comparison) continue;
    m.compared++;
    m[pair.comparison.class]++;
    if (pair.comparison.class === 'unexplained') m.unexplainedPairs.push(pair);
    else for (const rule of pair.comparison.rules) m.rules.set(rule, (m.rules.get(rule) ?? 0) + 1);
  }
  return m;
}

const pct = (n: number, of: number): string => (of === 0 ? '-' : `${((100 * n) / of).toFixed(1)}%`);

export function formatFormatMeasures(label: string, m: FormatMeasures, showDiffs = true): string {
  const lines = [
    `${label}: ${m.files} files, ${m.compared} formatted by both`,
    `  identical                                   ${String(m.identical).padStart(5)}  ${pct(m.identical, m.compared)}`,
    `  identical or only documented divergences    ${String(m.identical + m.explained).padStart(5)}  ${pct(m.identical + m.explained, m.compared)}`,
    `  unexplained differences                     ${String(m.unexplained).padStart(5)}  ${pct(m.unexplained, m.compared)}`,
    `  refused by the reference (it formats only files without errors): ${m.refused.length}`,
  ];
  if (m.failed.length > 0) lines.push(`  reference failed: ${m.failed.length}`, ...m.failed.map((p) => `    ${p.name}: ${(p.reference as { reason: string }).reason}`));
  if (m.oursOnlyUnformatted.length > 0) lines.push(`  formatted by the reference, left alone by ours: ${m.oursOnlyUnformatted.length}`, ...m.oursOnlyUnformatted.map((p) => `    ${p.name}: ${p.oursNote ?? ''}`));
  if (m.rules.size > 0) {
    lines.push('  documented divergences (files that need each):');
    for (const [rule, n] of [...m.rules].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) lines.push(`    ${String(n).padStart(5)}  ${pct(n, m.compared).padStart(6)}  ${rule}`);
  }
  if (showDiffs && m.unexplainedPairs.length > 0) {
    lines.push(`unexplained differences (${m.unexplainedPairs.length}; after the documented rules, ours '-', the reference '+'):`);
    for (const pair of m.unexplainedPairs) lines.push(`=== ${pair.name}`, pair.comparison!.diff ?? '');
  }
  return lines.join('\n') + '\n';
}
