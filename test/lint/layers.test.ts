// The layer rules of eslint.config.js, on imports written for the purpose: each
// upward or sideways import is an error, each downward one is allowed. (`npm
// run lint` checks the real sources; this checks that the rules would notice.)
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { repoRoot } from '../support/paths.ts';

const { default: config } = (await import(pathToFileURL(join(repoRoot, 'eslint.config.js')).href)) as { default: Linter.Config[] };
// Only the import rules: the type-checked ones need the real program.
const importRules = config.filter((block) => block.rules?.['no-restricted-imports'] !== undefined);
const linter = new Linter({ cwd: repoRoot });

function problems(file: string, code: string): string[] {
  const messages = linter.verify(code, [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...importRules], { filename: join(repoRoot, file) });
  return messages.map((m) => m.ruleId ?? m.message);
}

const ALLOWED: [string, string][] = [
  ['src/analysis/format/print.ts', "import { x } from '../../syntax/vocabulary.ts';"],
  ['src/workspace/world.ts', "import { x } from '../analysis/analyze.ts';"],
  ['src/threads/format-worker.ts', "import { x } from '../workspace/manifest.ts';"],
  ['src/ide/host.ts', "import { x } from '../threads/format-thread.ts';"],
  ['src/cli/check.ts', "import { x } from '../ide/index.ts';"],
  ['src/cli/mcp.ts', "const m = await import('../mcp/server.ts');"],
  ['src/lsp/handlers/hover.ts', "import type { X } from '../../ide/index.ts';"],
  ['src/mcp/tool-pool.ts', "import { WorkerPool } from '../threads/pool.ts';"],
  ['src/mcp/tool-worker.ts', "import { serveJobs } from '../threads/pool-worker.ts';"],
];

const FORBIDDEN: [string, string][] = [
  ['src/syntax/document.ts', "import { x } from '../analysis/analyze.ts';"],
  ['src/analysis/format/print.ts', "import { x } from '../../workspace/world.ts';"],
  ['src/analysis/imports.ts', "export { x } from '../ide/index.ts';"],
  ['src/workspace/world.ts', "import { x } from '../cli/io.ts';"],
  ['src/workspace/world.ts', "import { x } from '../threads/format-thread.ts';"],
  ['src/threads/format-thread.ts', "import type { X } from '../ide/host.ts';"],
  ['src/ide/host.ts', "import { x } from '../lsp/convert.ts';"],
  ['src/cli/check.ts', "import { x } from '../analysis/analyze.ts';"],
  ['src/cli/check.ts', "import { x } from '../ide/host.ts';"],
  ['src/cli/main.ts', "const m = await import('../workspace/world.ts');"],
  ['src/mcp/host.ts', "import { x } from '../syntax/positions.ts';"],
  ['src/mcp/host.ts', "import { x } from '../lsp/server.ts';"],
  ['src/mcp/host.ts', "import { FormatThread } from '../threads/format-thread.ts';"],
  ['src/lsp/session.ts', "import { x } from '../threads/pool-protocol.ts';"],
  ['src/lsp/server.ts', "const m = await import('../threads/format-thread.ts');"],
  ['src/lsp/handlers/hover.ts', "import { x } from '../../cli/io.ts';"],
  ['src/lsp/handlers/hover.ts', "import { x } from '../../mcp/host.ts';"],
];

describe('the layer rules of eslint.config.js', () => {
  for (const [file, code] of ALLOWED) {
    it(`allows ${code} in ${file}`, () => assert.deepEqual(problems(file, code), []));
  }
  for (const [file, code] of FORBIDDEN) {
    it(`forbids ${code} in ${file}`, () => {
      const found = problems(file, code);
      assert.equal(found.length, 1, found.join(', '));
      assert.match(found[0]!, /^no-restricted-(imports|syntax)$/);
    });
  }
});
