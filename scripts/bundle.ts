// Bundles the compiled CLI (dist/src/cli/main.js) into dist/bundle/, which
// bin/yaoxiang.js runs when it is at least as new as dist/src. Loading the
// ~200 modules of dist/src one by one cost a cold `check` about 45 ms of ESM
// resolution, URL and fstat work; a bundle is a handful of files. Each command
// stays a lazy chunk (`--help` loads no analysis).
//
// The bundle is a faster way to load dist/src, not a second build of it:
// - it is made from tsc's output, so it can never disagree with the types;
// - each module keeps its own `import.meta.url` (rewritten to its file in
//   dist/src), so paths to the grammar, the queries and worker scripts are
//   the ones dist/src uses, and workers run from dist/src;
// - the servers (`mcp`, `lsp`) are not bundled: they load from dist/src as
//   before, because they live long and start workers from there anyway;
// - web-tree-sitter stays a package import: it finds its own .wasm beside it.
//
// Usage: node dist/scripts/bundle.js [--dist DIR]   (default: this build's dist/)
// The new bundle is written beside the old and swapped in by rename.
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** Commands main.ts imports lazily that stay in dist/src (see above). */
const UNBUNDLED_COMMANDS = ['./mcp.js', './lsp.js'];

const here = path.dirname(fileURLToPath(import.meta.url));
const flag = process.argv.indexOf('--dist');
const dist = path.resolve(flag === -1 ? path.join(here, '..') : process.argv[flag + 1] ?? '.');
const sources = path.join(dist, 'src');
const target = path.join(dist, 'bundle');
const next = path.join(dist, `.bundle-next-${process.pid}`);

/** `import.meta.url` of a dist/src module, as seen from a chunk in dist/bundle/. */
function keepModuleUrls(outdir: string): Plugin {
  return {
    name: 'keep-module-urls',
    setup(build) {
      build.onLoad({ filter: /\.js$/ }, (args) => {
        if (!args.path.startsWith(sources + path.sep)) return undefined;
        const original = path.relative(outdir, args.path).split(path.sep).join('/');
        // The final chunks sit in target/, at the same depth as outdir.
        const url = `new URL(${JSON.stringify(original)}, import.meta.url).href`;
        return { contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', url), loader: 'js' };
      });
    },
  };
}

/** The servers' command modules resolve to dist/src at run time. */
function leaveServersUnbundled(outdir: string): Plugin {
  const main = path.join(sources, 'cli', 'main.js');
  return {
    name: 'leave-servers-unbundled',
    setup(build) {
      build.onResolve({ filter: /^\.\/(mcp|lsp)\.js$/ }, (args) => {
        if (args.importer !== main || !UNBUNDLED_COMMANDS.includes(args.path)) return undefined;
        const file = path.join(sources, 'cli', args.path);
        return { path: path.relative(outdir, file).split(path.sep).join('/'), external: true };
      });
    },
  };
}

if (!existsSync(path.join(sources, 'cli', 'main.js'))) {
  process.stderr.write(`bundle: ${path.join(sources, 'cli', 'main.js')} is missing; run tsc first\n`);
  process.exit(1);
}
rmSync(next, { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(sources, 'cli', 'main.js') },
  outdir: next,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['web-tree-sitter'],
  // CommonJS packages (fast-glob and its kin) call require() for Node's modules.
  banner: { js: "import { createRequire as __yaoxiangRequire } from 'node:module'; const require = __yaoxiangRequire(import.meta.url);" },
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [keepModuleUrls(next), leaveServersUnbundled(next)],
});
const old = path.join(dist, `.bundle-old-${process.pid}`);
if (existsSync(target)) renameSync(target, old);
renameSync(next, target);
rmSync(old, { recursive: true, force: true });
