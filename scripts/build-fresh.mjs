#!/usr/bin/env node
// `npm test`'s build. It used to delete dist/ and rebuild in place, so a
// server started from the clone (bin/yaoxiang.js, as the README's MCP
// configuration does) broke for the whole run of the suite. Now tsc writes a
// complete fresh build to .dist-next/ (beside dist/, at the same depth, so
// paths relative to the compiled files still hold); only when it succeeds is
// each of dist/src, dist/test and dist/scripts swapped for the new one by
// rename, a moment rather than minutes, and outputs of deleted sources go with
// the old folders. A failed build leaves dist/ as it was. The CLI bundle
// (scripts/bundle.ts, made from the fresh dist/src) is built in .dist-next/
// too and swapped in last, so dist/bundle is never older than dist/src.
// Plain JavaScript: it runs before anything is compiled.
// Usage: node scripts/build-fresh.mjs [--root DIR] (default: this repository)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
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
// Leftovers of a run killed between the renames below.
for (const name of readdirSync(dist)) if (name.startsWith('.old-')) rmSync(path.join(dist, name), { recursive: true, force: true });
for (const part of PARTS) {
  const fresh = path.join(next, part);
  const current = path.join(dist, part);
  const old = path.join(dist, `.old-${part}-${process.pid}`);
  if (existsSync(current)) renameSync(current, old);
  if (existsSync(fresh)) renameSync(fresh, current);
  rmSync(old, { recursive: true, force: true });
}
rmSync(next, { recursive: true, force: true });
