// Our checker on the committed differential fixtures, without the compiler:
// generated programs and the reference's verdicts on them (verdicts.tsv, from
// `npm run differential -- --regenerate-fixtures`). A ratchet: every
// disagreement must be listed in known-disagreements.tsv exactly, and every
// listed one must still disagree, so the list can only shrink.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { rates, type Measures } from '../../scripts/differential/compare.ts';
import { fixtureDisagreements, fixturePaths, knownLine, measureFixtures, readFixtures } from '../../scripts/differential/fixtures.ts';
import { OurChecker } from '../../scripts/differential/ours.ts';
import { formatMeasures } from '../../scripts/differential/report.ts';
import { repoRoot } from '../support/paths.ts';

const paths = fixturePaths(repoRoot);
const { verdicts, known } = readFixtures(paths);

function programFiles(): string[] {
  const files: string[] = [];
  for (const program of readdirSync(paths.programs).sort()) {
    for (const file of readdirSync(path.join(paths.programs, program)).sort()) files.push(`${program}/${file}`);
  }
  return files;
}

describe('differential fixtures', () => {
  let ours: OurChecker;
  let measures: Measures;

  before(async () => {
    ours = await OurChecker.create();
    measures = await measureFixtures(paths, verdicts, ours);
  });

  after(() => ours.dispose());

  it('has a verdict for every program file and a file for every verdict', () => {
    assert.deepEqual(programFiles(), [...verdicts.keys()].sort());
    assert.ok(verdicts.size >= 300, `only ${verdicts.size} fixture files`);
  });

  it("gives the reference parser's error first, and little else on its line, where that parser rejects the file", () => {
    // One mistake, one diagnostic (src/analysis/diagnostics/syntax.ts): on the fixtures today 130 of 131 files give
    // the reference's error first and 129 nothing else before it or on its line; these bounds keep that.
    const r = rates(measures);
    assert.ok(r.parserFirst >= 99, `our first error is the reference's in only ${r.parserFirst.toFixed(1)}% of the files its parser rejects`);
    assert.ok(r.parserClean >= 98, `other parser errors of ours before the reference's or on its line in ${measures.parserNoisy} files: ${measures.parserNoiseFiles.map((f) => f.name).join(', ')}`);
  });

  it('disagrees with the reference exactly where known-disagreements.tsv says', (t) => {
    for (const line of formatMeasures('differential fixtures', measures).trimEnd().split('\n')) t.diagnostic(line);
    const found = new Set(fixtureDisagreements(measures).map(knownLine));
    const listed = new Set(known.map(knownLine));
    const unlisted = [...found].filter((line) => !listed.has(line));
    const stale = [...listed].filter((line) => !found.has(line));
    t.diagnostic(`${found.size} disagreements, ${listed.size} listed`);
    assert.deepEqual(
      { unlisted, stale },
      { unlisted: [], stale: [] },
      'unlisted: disagreements known-disagreements.tsv does not list (a regression, or a changed answer); '
        + 'stale: listed lines that no longer hold (now agreeing or answering otherwise: remove or update them, '
        + '`npm run differential -- --update-known` rewrites the list from today\'s checker)',
    );
  });
});
