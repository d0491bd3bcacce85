// Every fixture in test/fuzz/regressions/ through the check of its target:
// failures `npm run fuzz` found (kept so the bug stays fixed) and inputs made
// by hand. A fixture with `known` is a bug still open and is skipped.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { loadFixtures, TARGETS, type Fixture } from '../../scripts/fuzz/fixtures.ts';
import type { Problem } from '../../scripts/fuzz/loop.ts';
import { replayHttp, type HttpCase } from '../../scripts/fuzz/mcp/http.ts';
import { replaySse } from '../../scripts/fuzz/mcp/sse.ts';
import { replayStdio } from '../../scripts/fuzz/mcp/stdio.ts';
import { checkInSandbox, sourceSandbox } from '../../scripts/fuzz/source/target.ts';
import { repoRoot } from '../support/paths.ts';

const fixtures = loadFixtures(join(repoRoot, 'test/fuzz/regressions'));
const sandbox = sourceSandbox();
const incrementalSandbox = sourceSandbox(undefined, 'incremental');

function replay(fixture: Fixture): Promise<Problem | undefined> {
  switch (fixture.target) {
    case 'source':
      return checkInSandbox(sandbox, fixture.input as string);
    case 'incremental':
      return checkInSandbox(incrementalSandbox, fixture.input as string);
    case 'mcp-stdio':
      return replayStdio(fixture.input as string[]);
    case 'mcp-http':
      return replayHttp(fixture.input as HttpCase);
    case 'mcp-http-token':
      return replayHttp(fixture.input as HttpCase, { token: true });
    case 'mcp-sse':
      return replaySse(fixture.input as string[]);
  }
}

describe('fuzz regressions', () => {
  after(() => Promise.all([sandbox.close(), incrementalSandbox.close()]));

  test('every target has fixtures', () => {
    for (const target of TARGETS) assert.ok(fixtures.some((f) => f.fixture.target === target), `no fixture for ${target}`);
  });

  for (const { file, fixture } of fixtures) {
    test(`${file}: ${fixture.check}`, { skip: fixture.known ?? false }, async () => {
      const problem = await replay(fixture);
      assert.equal(problem, undefined, problem && `${problem.check}: ${problem.message}`);
    });
  }
});
