// The split of `npm run test:fast` (scripts/test-suites.ts) on the real test
// tree: no listed slow file is missing, the process-driving and corpus suites
// are left out, and the in-process unit and golden tests stay in.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fastSuites } from '../../scripts/test-suites.ts';
import { repoRoot } from '../support/paths.ts';

const testDir = path.join(repoRoot, 'test');
const sources = readdirSync(testDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `test/${file.replace(/\\/g, '/')}`);

describe('test:fast', () => {
  const fast = new Set(fastSuites(sources));

  it('keeps the in-process unit, fixture and golden tests', () => {
    for (const file of ['test/format/golden.test.ts', 'test/syntax/document.test.ts', 'test/analysis/editor.test.ts', 'test/lint/layers.test.ts', 'test/differential/fixtures.test.ts']) {
      assert.ok(fast.has(file), file);
    }
  });

  it('leaves editors, servers, the CLI and corpus sweeps to npm test', () => {
    for (const file of ['test/editors/nvim.test.ts', 'test/lsp/server.test.ts', 'test/cli/check.test.ts', 'test/mcp/tools.test.ts', 'test/grammar/conformance.test.ts', 'test/format/corpus.test.ts']) {
      assert.ok(sources.includes(file), `${file} exists`);
      assert.ok(!fast.has(file), file);
    }
  });

  it('refuses a list that names a test that no longer exists', () => {
    assert.throws(() => fastSuites(sources.filter((file) => file !== 'test/mcp/soak.test.ts')), /mcp\/soak/);
  });
});
