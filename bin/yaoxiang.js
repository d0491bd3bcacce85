#!/usr/bin/env node
import { statSync } from 'node:fs';
import module from 'node:module';

// Node 22.1+ keeps compiled code on disk between runs (NODE_COMPILE_CACHE or this
// call); Node 20 has no such cache, so there the call is skipped.
module.enableCompileCache?.();

// The servers are not in the bundle (scripts/bundle.ts): they run wholly from
// dist/src, so that their errors are the classes the dispatcher checks for.
const servers = new Set(['mcp', 'lsp']);
const bundled = !servers.has(process.argv[2]) && bundleIsCurrent();
const { main } = await import(bundled ? '../dist/bundle/main.js' : '../dist/src/cli/main.js');

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`yaoxiang: internal error: ${error?.stack ?? error}\n`);
    process.exitCode = 70;
  },
);

/**
 * dist/bundle (scripts/bundle.ts) loads in a few files what dist/src loads in
 * two hundred. It is made from dist/src after tsc, so one older than
 * dist/src/cli/main.js (tsc rewrites every output) is stale: then dist/src
 * runs. YAOXIANG_NO_BUNDLE=1 runs dist/src always.
 */
function bundleIsCurrent() {
  if (process.env.YAOXIANG_NO_BUNDLE === '1') return false;
  const bundle = statSync(new URL('../dist/bundle/main.js', import.meta.url), { throwIfNoEntry: false });
  if (!bundle) return false;
  const sources = statSync(new URL('../dist/src/cli/main.js', import.meta.url), { throwIfNoEntry: false });
  return !sources || bundle.mtimeMs >= sources.mtimeMs;
}
