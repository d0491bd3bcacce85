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
// - the servers (`mcp`, `lsp`) are not bundled: they live long and start
//   workers from dist/src anyway, so bin/yaoxiang.js runs them wholly from
//   dist/src (a server module under the bundle's dispatcher would throw
//   dist/src's UsageError, which is not the bundle's);
// - the front end's imports of the host's index (src/ide/index.ts, which
//   re-exports the whole analysis) are taken straight to the modules that
//   define the names (lookThroughHostIndex): esbuild puts into a chunk every
//   module a command can reach, and through the index every command reached
//   everything (a cold `check` compiled and ran the error catalogue, the
//   formatter and rename);
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

/** `import.meta.url` of a dist/src module, as seen from a chunk in dist/bundle/ (at the same depth as outdir). */
function keepModuleUrl(text: string, file: string, outdir: string): string {
  const original = path.relative(outdir, file).split(path.sep).join('/');
  return text.replaceAll('import.meta.url', `new URL(${JSON.stringify(original)}, import.meta.url).href`);
}

type HostIndex = Map<string, { file: string; name: string }>;

/** The `export { a, b as c } from "./x.js"` statements of the host's index: each name it exports, and where from. */
function hostIndexExports(): HostIndex {
  const index = path.join(sources, 'ide', 'index.js');
  const names: HostIndex = new Map();
  for (const statement of readFileSync(index, 'utf8').replace(/^\/\/.*$/gm, '').split(';')) {
    if (statement.trim() === '') continue;
    const reexport = /^\s*export\s*\{([^}]*)\}\s*from\s*"([^"]+)"\s*$/.exec(statement);
    if (!reexport) throw new Error(`bundle: ${index} holds more than export { … } from statements: ${statement.trim()}`);
    for (const [name, as] of specifiers(reexport[1]!)) names.set(as, { file: path.resolve(path.dirname(index), reexport[2]!), name });
  }
  return names;
}

/** `a, b as c` as [name, local name] pairs. */
function specifiers(list: string): Array<[string, string]> {
  return list.split(',').map((s) => s.trim()).filter(Boolean).map((specifier) => {
    const [name, as = name] = specifier.split(/\s+as\s+/);
    return [name!, as!];
  });
}

/** A front-end module's `import { … } from "../ide/index.js"`, one import per name from the module that defines it. */
function lookThroughHostIndex(text: string, file: string, index: HostIndex): string {
  return text.replace(/^import\s*\{([^}]*)\}\s*from\s*"\.\.\/ide\/index\.js";$/gm, (_, list: string) =>
    specifiers(list).map(([name, as]) => {
      const found = index.get(name);
      if (!found) throw new Error(`bundle: ${file} imports ${name} from ide/index.js, which does not export it`);
      const from = path.relative(path.dirname(file), found.file).split(path.sep).join('/');
      return `import { ${found.name} as ${as} } from ${JSON.stringify(from.startsWith('.') ? from : `./${from}`)};`;
    }).join('\n'));
}

function rewriteSources(outdir: string): Plugin {
  const index = hostIndexExports();
  const frontEnd = path.join(sources, 'cli') + path.sep;
  return {
    name: 'rewrite-sources',
    setup(build) {
      build.onLoad({ filter: /\.js$/ }, (args) => {
        if (!args.path.startsWith(sources + path.sep)) return undefined;
        let text = keepModuleUrl(readFileSync(args.path, 'utf8'), args.path, outdir);
        if (args.path.startsWith(frontEnd)) text = lookThroughHostIndex(text, args.path, index);
        return { contents: text, loader: 'js' };
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
  plugins: [leaveServersUnbundled(next), rewriteSources(next)],
});
const old = path.join(dist, `.bundle-old-${process.pid}`);
if (existsSync(target)) renameSync(target, old);
renameSync(next, target);
rmSync(old, { recursive: true, force: true });
