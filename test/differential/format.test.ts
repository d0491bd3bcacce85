// Our formatter against the reference formatter's committed outputs
// (format-reference.json, from `npm run differential -- --format
// --regenerate-fixtures`), without the compiler: every program must come out
// identical or differ only by the documented divergences (the rules of
// scripts/differential/format-rules.ts). A ratchet: format-known.tsv lists the
// programs allowed an unexplained difference, and a listed one that no longer
// has one fails too, so the list can only shrink.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Parser } from 'web-tree-sitter';
import { compareFormatted } from '../../scripts/differential/format-compare.ts';
import { formatFixturePaths, readFormatFixtures } from '../../scripts/differential/format-fixtures.ts';
import { ourFormat } from '../../scripts/differential/format.ts';
import { createParser } from '../../src/syntax/language.ts';
import { repoRoot } from '../support/paths.ts';

const paths = formatFixturePaths(repoRoot);
const { outputs, known } = readFormatFixtures(paths);

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
        if (!known.includes(name)) t.diagnostic(`${name}:\n${comparison.diff ?? ''}`);
      } else {
        for (const rule of comparison.rules) rules.set(rule, (rules.get(rule) ?? 0) + 1);
      }
    }
    t.diagnostic(`${outputs.size} programs: ${identical} identical, ${outputs.size - identical - unexplained.length} only documented divergences, ${unexplained.length} unexplained`);
    for (const [rule, n] of rules) t.diagnostic(`  ${n}  ${rule}`);
    assert.deepEqual({ unlisted: unexplained.filter((n) => !known.includes(n)), stale: known.filter((n) => !unexplained.includes(n)) }, { unlisted: [], stale: [] });
  });
});
