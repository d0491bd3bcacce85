#!/usr/bin/env node
// `npm test`'s build. It used to delete dist/ and rebuild in place, so a
// server started from the clone (bin/yaoxiang.js, as the README's MCP
// configuration does) broke for the whole run of the suite. Now tsc writes a
// complete fresh build to .dist-next/ (beside dist/, at the same depth, so
// paths relative to the compiled files still hold); only when it succeeds is
// it moved into dist/ file by file, each new file renamed over its old one,
// then the outputs of deleted sources removed. A folder cannot be replaced by
// rename in one step (swapping dist/src for the new one took two, and a
// reader between them found no dist/src), but a file can: no file both builds
// have is ever missing. A failed build leaves dist/ as it was. The CLI bundle
// (scripts/bundle.ts, made from the fresh dist/src) is built in .dist-next/
// too and moved in last, so dist/bundle is never older than dist/src.
// Plain JavaScript: it runs before anything is compiled.
// Usage: node scripts/build-fresh.mjs [--root DIR] (default: this repository)
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootFlag = process.argv.indexOf('--root');
const root = rootFlag === -1 ? here : path.resolve(process.argv[rootFlag + 1] ?? '.');
const dist = path.join(root, 'dist');
const next = path.join(root, '.dist-next');
const PARTS = ['src', 'test', 'scripts', 'bundle'];

rmSync(next, { recursive: true, force: true });
const tsc = path.join(here, 'node_modules', 'typescript', 'bin', 'tsc');
const built = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.json'), '--outDir', next], { stdio: 'inherit' });
if (built.status !== 0) {
  rmSync(next, { recursive: true, force: true });
  process.stderr.write('build-fresh: tsc failed; dist/ left as it was\n');
  process.exit(built.status ?? 1);
}
const bundler = path.join(next, 'scripts', 'bundle.js');
if (existsSync(bundler)) {
  const bundled = spawnSync(process.execPath, [bundler, '--dist', next], { stdio: 'inherit' });
  if (bundled.status !== 0) {
    rmSync(next, { recursive: true, force: true });
    process.stderr.write('build-fresh: the CLI bundle failed; dist/ left as it was\n');
    process.exit(bundled.status ?? 1);
  }
}
mkdirSync(dist, { recursive: true });
// Leftovers of the folder swaps this build once made, from a run killed between two renames.
for (const name of readdirSync(dist)) if (name.startsWith('.old-')) rmSync(path.join(dist, name), { recursive: true, force: true });
for (const part of PARTS) {
  const fresh = path.join(next, part);
  if (existsSync(fresh)) moveInto(fresh, path.join(dist, part));
  else rmSync(path.join(dist, part), { recursive: true, force: true });
}
rmSync(next, { recursive: true, force: true });

/** Makes `current` hold what `fresh` holds: each file renamed over its old self, then what `fresh` lacks removed. */
function moveInto(fresh, current) {
  if (existsSync(current) && !lstatSync(current).isDirectory()) rmSync(current, { force: true });
  mkdirSync(current, { recursive: true });
  const kept = new Set();
  for (const entry of readdirSync(fresh, { withFileTypes: true })) {
    kept.add(entry.name);
    const from = path.join(fresh, entry.name);
    const to = path.join(current, entry.name);
    if (entry.isDirectory()) {
      moveInto(from, to);
    } else {
      // A folder where a file now goes (a source became a file of that name) is the one thing renamed in two steps.
      if (existsSync(to) && lstatSync(to).isDirectory()) rmSync(to, { recursive: true, force: true });
      renameSync(from, to);
    }
  }
  for (const name of readdirSync(current)) if (!kept.has(name)) rmSync(path.join(current, name), { recursive: true, force: true });
}
