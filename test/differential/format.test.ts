// Our formatter against the reference formatter's committed outputs
// (format-reference.json, from `npm run differential -- --format
// --regenerate-fixtures`), without the compiler: every program must come out
// identical or differ only by the documented divergences (the rules of
// scripts/differential/format-rules.ts). A ratchet: format-known.tsv lists the
// programs allowed an unexplained difference, and a listed one that no longer
// has one fails too, so the list can only shrink. format-reference-extra.json
// holds other programs (documentation blocks, corpus files, with their
// sources) and other options (a yaoxiang.toml `[fmt]` both formatters read).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Parser } from 'web-tree-sitter';
import { compareFormatted } from '../../scripts/differential/format-compare.ts';
import { extraKey, fmtToml, formatFixturePaths, readFormatFixtures } from '../../scripts/differential/format-fixtures.ts';
import { manifestOptions, ourFormat } from '../../scripts/differential/format.ts';
import { createParser } from '../../src/syntax/language.ts';
import { repoRoot } from '../support/paths.ts';

const paths = formatFixturePaths(repoRoot);
const { outputs, extra, known } = readFormatFixtures(paths);
const extraKnown = known.filter((k) => k.endsWith(']'));
const programsKnown = known.filter((k) => !k.endsWith(']'));

describe('format differential fixtures', () => {
  let parser: Parser;

  before(async () => {
    parser = await createParser();
  });

  after(() => parser.delete());

  it('has enough programs the reference formatted', () => {
    assert.ok(outputs.size >= 60, `only ${outputs.size} reference outputs`);
  });

  it('agrees with the reference except for the documented divergences', (t) => {
    const unexplained: string[] = [];
    const rules = new Map<string, number>();
    let identical = 0;
    for (const [name, reference] of outputs) {
      const source = readFileSync(path.join(paths.programs, ...name.split('/')), 'utf8');
      const ours = ourFormat(parser, source);
      assert.ok(ours.text !== undefined, `${name}: ours left it unformatted (${ours.note ?? ''})`);
      const comparison = compareFormatted(parser, source, ours.text, reference, name);
      if (comparison.class === 'identical') identical++;
      if (comparison.class === 'unexplained') {
        unexplained.push(name);
        if (!programsKnown.includes(name)) t.diagnostic(`${name}:\n${comparison.diff ?? ''}`);
      } else {
        for (const rule of comparison.rules) rules.set(rule, (rules.get(rule) ?? 0) + 1);
      }
    }
    t.diagnostic(`${outputs.size} programs: ${identical} identical, ${outputs.size - identical - unexplained.length} only documented divergences, ${unexplained.length} unexplained`);
    for (const [rule, n] of rules) t.diagnostic(`  ${n}  ${rule}`);
    assert.deepEqual({ unlisted: unexplained.filter((n) => !programsKnown.includes(n)), stale: programsKnown.filter((n) => !unexplained.includes(n)) }, { unlisted: [], stale: [] });
  });

  it('has extra programs (documentation blocks, corpus files) and every option set', () => {
    const sets = new Set(extra.map((f) => f.fmt));
    for (const fmt of ['default', 'indent_width=2', 'use_tabs=true', 'line_width=60', 'line_width=80']) assert.ok(sets.has(fmt), `no fixture with ${fmt}`);
    assert.ok(extra.some((f) => f.name.startsWith('docs/')), 'no documentation block');
    assert.ok(extra.length >= 200, `only ${extra.length} extra fixtures`);
  });

  it('agrees with the reference on the extra fixtures, with their options, except for the documented divergences', (t) => {
    const unexplained: string[] = [];
    const counts = new Map<string, { all: number; identical: number }>();
    for (const fixture of extra) {
      const manifest = fmtToml(fixture.fmt);
      const key = extraKey(fixture);
      const ours = ourFormat(parser, fixture.source, manifest);
      assert.ok(ours.text !== undefined, `${key}: ours left it unformatted (${ours.note ?? ''})`);
      const comparison = compareFormatted(parser, fixture.source, ours.text, fixture.reference, fixture.name, manifestOptions(manifest));
      const count = counts.get(fixture.fmt) ?? { all: 0, identical: 0 };
      count.all++;
      if (comparison.class === 'identical') count.identical++;
      counts.set(fixture.fmt, count);
      if (comparison.class === 'unexplained') {
        unexplained.push(key);
        if (!extraKnown.includes(key)) t.diagnostic(`${key}:\n${comparison.diff ?? ''}`);
      }
    }
    for (const [fmt, { all, identical }] of counts) t.diagnostic(`[fmt] ${fmt}: ${all} programs, ${identical} identical`);
    assert.deepEqual({ unlisted: unexplained.filter((n) => !extraKnown.includes(n)), stale: extraKnown.filter((n) => !unexplained.includes(n)) }, { unlisted: [], stale: [] });
  });
});
