#!/usr/bin/env node
'use strict';
// CommonJS (bin/package.json): an ES module entry costs a cold command 4–6 ms of
// ESM loader and builtin facades before anything of ours runs.
const { statSync } = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

// Node 22.1+ keeps compiled code on disk between runs (NODE_COMPILE_CACHE or this
// call); Node 20 has no such cache, so there the call is skipped.
require('node:module').enableCompileCache?.();

// The servers are not in the bundle (scripts/bundle.ts): they run wholly from
// dist/src, so that their errors are the classes the dispatcher checks for.
const servers = new Set(['mcp', 'lsp']);
const dist = path.join(__dirname, '..', 'dist');
const bundled = !servers.has(process.argv[2]) && bundleIsCurrent();
// In a promise, so that an entry that fails to load is an internal error like any other.
const loaded = new Promise((resolve) => {
  resolve(bundled ? require(path.join(dist, 'bundle', 'main.cjs')) : import(pathToFileURL(path.join(dist, 'src', 'cli', 'main.js')).href));
});

loaded
  .then(({ main }) => main(process.argv.slice(2)))
  .then(
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
  const bundle = statSync(path.join(dist, 'bundle', 'main.cjs'), { throwIfNoEntry: false });
  if (!bundle) return false;
  const sources = statSync(path.join(dist, 'src', 'cli', 'main.js'), { throwIfNoEntry: false });
  return !sources || bundle.mtimeMs >= sources.mtimeMs;
}
