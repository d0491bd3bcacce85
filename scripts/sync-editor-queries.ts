// Writes each editor's highlights.scm from tree-sitter-yaoxiang/queries/highlights.scm
// (scripts/editor-queries/editors.ts has the capture-name mappings).
//   npm run generate:editor-queries                    rewrite the copies
//   node dist/scripts/sync-editor-queries.js --check   exit 1 when a copy is out of date
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateAll, SOURCE } from './editor-queries/editors.ts';

const here = dirname(fileURLToPath(import.meta.url));
// From scripts/ (sources) or dist/scripts/ (compiled).
const repoRoot = resolve(here, here.endsWith(join('dist', 'scripts')) ? '../..' : '..');
const check = process.argv.includes('--check');
let stale = 0;
for (const { target, text } of generateAll(repoRoot)) {
  const path = join(repoRoot, target.path);
  let current: string | undefined;
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === text) continue;
  if (check) {
    stale++;
    process.stderr.write(`${target.path} is out of date with ${SOURCE}\n`);
  } else {
    writeFileSync(path, text);
    process.stderr.write(`wrote ${target.path}\n`);
  }
}
process.exitCode = stale > 0 ? 1 : 0;
