// Our rename on the committed rename cases, without the compiler: each case
// of rename-cases.tsv (from `npm run differential -- --rename
// --regenerate-fixtures`) is renamed again and must give what the reference
// judged: the same text (by its hash) where the reference confirmed the
// rename or saw it change the program, and a refusal where we refused.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readRenameFixtures, renameFixturePaths, type RenameFixture } from '../../scripts/differential/rename-run.ts';
import { programHost, renamedHash } from '../../scripts/differential/rename.ts';
import { repoRoot } from '../support/paths.ts';

const paths = renameFixturePaths(repoRoot);
const cases = readRenameFixtures(paths.cases);
const RERUN = 're-run `npm run differential -- --rename --regenerate-fixtures` (it needs the reference compiler) and commit the cases';

/** What our rename does today with each case, by program. */
async function replay(): Promise<Map<RenameFixture, { hash?: string; code?: string }>> {
  const byProgram = new Map<string, RenameFixture[]>();
  for (const c of cases) byProgram.set(c.program, [...(byProgram.get(c.program) ?? []), c]);
  const outcomes = new Map<RenameFixture, { hash?: string; code?: string }>();
  for (const [program, group] of byProgram) {
    const { host, analysis } = await programHost(path.join(paths.programs, program));
    try {
      for (const c of group) {
        const result = await analysis.renameAt(c.file, { line: c.line, column: c.column }, c.newName);
        outcomes.set(c, result.diagnostics.length > 0 ? { code: result.diagnostics[0]!.code } : { hash: renamedHash(result) });
      }
    } finally {
      host.dispose();
    }
  }
  return outcomes;
}

describe('rename differential fixtures', () => {
  it('has a few hundred cases, some of every outcome the reference judged', () => {
    assert.ok(cases.length >= 200, `only ${cases.length} cases`);
    assert.ok(cases.some((c) => c.outcome === 'preserved'));
  });

  it('renames as it did when the reference judged it', async () => {
    const outcomes = await replay();
    const problems: string[] = [];
    for (const c of cases) {
      const now = outcomes.get(c)!;
      const where = `${c.program}/${c.file}:${c.line}:${c.column} ${c.oldName} → ${c.newName}`;
      if (c.outcome === 'refused') {
        if (now.hash !== undefined) problems.push(`${where}: refused (${c.detail}) when judged, renames now`);
      } else if (now.code !== undefined) {
        // A rename the reference confirmed and we now refuse is no error of meaning, but the fixtures must say so.
        if (c.outcome === 'preserved') problems.push(`${where}: the reference confirmed it, refused now (${now.code})`);
      } else if (now.hash !== c.detail) {
        problems.push(`${where}: our output changed since the reference judged it (${c.outcome})`);
      }
    }
    const changed = cases.filter((c) => c.outcome === 'changed').length;
    process.stdout.write(`rename fixtures: ${cases.length} cases, ${cases.filter((c) => c.outcome === 'preserved').length} confirmed by the reference, ${changed} changed its behaviour, ${cases.filter((c) => c.outcome === 'refused').length} refused\n`);
    assert.deepEqual(problems, [], `${problems.length} case(s) differ; ${RERUN}`);
  });
});
