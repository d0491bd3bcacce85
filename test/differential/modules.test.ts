// Our checker on the multi-file projects of test/differential/modules, without
// the compiler: the reference's `run` verdict on each (modules-verdicts.tsv,
// from `npm run differential -- --modules --regenerate-fixtures`) against
// what `yaoxiang check` finds over the files the entry reaches. A ratchet:
// every disagreement must be listed in modules-known.tsv with its reason, and
// every listed one must still disagree.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import {
  checkProject, compareProject, disagreementLine, formatModuleMeasures, measureProjects, modulesFixturePaths, parseModulesKnown, parseProjectVerdicts,
  projectsUnder, type ModuleMeasures,
} from '../../scripts/differential/modules.ts';
import { repoRoot } from '../support/paths.ts';

const paths = modulesFixturePaths(repoRoot);
const verdicts = parseProjectVerdicts(readFileSync(paths.verdicts, 'utf8'));
const known = parseModulesKnown(readFileSync(paths.known, 'utf8'));
const projects = projectsUnder(paths.projects);

describe('multi-file differential fixtures (local modules)', () => {
  let measures: ModuleMeasures;

  before(async () => {
    const comparisons = [];
    for (const project of projects) {
      const verdict = verdicts.get(project.name);
      if (verdict) comparisons.push(compareProject(project, verdict, await checkProject(project)));
    }
    measures = measureProjects(comparisons);
  });

  it('has a judged verdict for every project and a project for every verdict', () => {
    assert.deepEqual(projects.map((p) => p.name), [...verdicts.keys()].sort());
    assert.deepEqual([...verdicts].filter(([, v]) => v.kind === 'unjudged').map(([name]) => name), [], 'unjudged projects: the reference gave no verdict (a timeout?)');
    assert.ok(projects.length >= 150, `only ${projects.length} projects`);
    assert.ok([...verdicts.values()].filter((v) => v.kind === 'failed').length >= 50, 'too few projects the reference rejects');
  });

  it('disagrees with the reference exactly where modules-known.tsv says, each with a reason', (t) => {
    for (const line of formatModuleMeasures('multi-file projects', measures).trimEnd().split('\n')) t.diagnostic(line);
    const found = new Set(measures.disagreements.map(disagreementLine));
    const unlisted = [...found].filter((line) => !known.has(line));
    const stale = [...known.keys()].filter((line) => !found.has(line));
    const unexplained = [...known].filter(([, reason]) => reason.trim() === '' || reason === 'NOT YET EXPLAINED').map(([line]) => line);
    assert.deepEqual(
      { unlisted, stale, unexplained },
      { unlisted: [], stale: [], unexplained: [] },
      'unlisted: disagreements modules-known.tsv does not list (a regression, or a changed answer); '
        + 'stale: listed lines that no longer hold (remove them); unexplained: listed lines without a reason',
    );
  });
});
