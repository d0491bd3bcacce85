// Bundles the compiled CLI (dist/src/cli/) into dist/bundle/, which
// bin/yaoxiang.js runs when it is at least as new as dist/src. Loading the
// ~200 modules of dist/src one by one cost a cold `check` about 45 ms of ESM
// resolution, URL and fstat work; a bundle is a handful of files.
//
// What it holds:
// - one CommonJS script per command module (check, parse, navigate, …): the
//   dispatcher (main.ts) with that module alone, the others' imports left to
//   a stub that says the script does not hold them. Scripts because Node 20
//   keeps V8's code cache only for scripts (src/cli/code-cache.ts); one per
//   module so that a command neither compiles nor loads another's code, and
//   the dispatcher inside each so that the command's errors are the classes
//   it checks for. Each is named after a hash of its text (code caches are
//   told apart by it).
// - a dispatcher-only script for help and unknown commands;
// - main.cjs, the entry (src/cli/bundle-main.ts), a CommonJS module that
//   knows the scripts' names and runs the one that holds the command
//   (CommonJS because bin/yaoxiang.js is: no ESM loader on a cold start).
//
// The bundle is a faster way to load dist/src, not a second build of it:
// - it is made from tsc's output, so it can never disagree with the types;
// - each module keeps its own `import.meta.url` (rewritten to its file in
//   dist/src), so paths to the grammar, the queries and worker scripts are
//   the ones dist/src uses, and workers run from dist/src;
// - the servers (`mcp`, `lsp`) are not bundled: they live long and start
//   workers from dist/src anyway, so bin/yaoxiang.js runs them wholly from
//   dist/src;
// - the front end's imports of the host's index (src/ide/index.ts, which
//   re-exports the whole analysis) are taken straight to the modules that
//   define the names (lookThroughHostIndex): esbuild puts into a script every
//   module it can reach, and through the index every command reached
//   everything (a cold `check` compiled and ran the error catalogue, the
//   formatter and rename);
// - web-tree-sitter's CommonJS build is bundled too (webTreeSitterScript), and
//   given a copy of its .wasm beside the scripts (syntax/language.ts,
//   YAOXIANG_BUNDLED_RUNTIME_WASM); its Node keeps a handle word
//   in a named field instead of element 0 (namedNodeHandle);
// - globby's unicorn-magic is its `toPath` alone (unicornMagicToPathOnly).
//
// Usage: node dist/scripts/bundle.js [--dist DIR]   (default: this build's dist/)
// The new bundle is written beside the old and swapped in by rename.
import { copyFileSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const flag = process.argv.indexOf('--dist');
const dist = path.resolve(flag === -1 ? path.join(here, '..') : process.argv[flag + 1] ?? '.');
const sources = path.join(dist, 'src');
const target = path.join(dist, 'bundle');
const next = path.join(dist, `.bundle-next-${process.pid}`);

/** The URL of the script a module runs in: CommonJS has no `import.meta` (SCRIPT_URL_BANNER sets it). */
const SCRIPT_URL = '__yaoxiangScriptUrl';
const SCRIPT_URL_BANNER = `var ${SCRIPT_URL} = require("node:url").pathToFileURL(__filename).href;`;
/** web-tree-sitter's WASM, copied beside the scripts from the package whose script they hold (syntax/language.ts, YAOXIANG_BUNDLED_RUNTIME_WASM). */
const RUNTIME_WASM = 'web-tree-sitter.wasm';
const RUNTIME_WASM_PATH = '__yaoxiangRuntimeWasm';
const SCRIPT_BANNER = `${SCRIPT_URL_BANNER}\nvar ${RUNTIME_WASM_PATH} = require("node:path").join(__dirname, ${JSON.stringify(RUNTIME_WASM)});`;

/** `import.meta.url` of a dist/src module, as seen from a script in dist/bundle/ (at the same depth as outdir). */
function keepModuleUrl(text: string, file: string, outdir: string): string {
  const original = path.relative(outdir, file).split(path.sep).join('/');
  return text.replaceAll('import.meta.url', `new URL(${JSON.stringify(original)}, ${SCRIPT_URL}).href`);
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

/**
 * The dispatcher's imports of command modules other than `held`: each is a
 * stub that throws, so the script holds one command module. The entry never
 * runs a command from a script that does not hold it; if it did, this says so.
 */
function holdOnly(held: string | undefined, commandModules: ReadonlySet<string>): Plugin {
  const main = path.join(sources, 'cli', 'main.js');
  return {
    name: 'hold-only',
    setup(build) {
      build.onResolve({ filter: /^\.\/[\w-]+\.js$/ }, (args) => {
        const module = args.path.slice(2, -3);
        if (args.importer !== main || !commandModules.has(module) || module === held) return undefined;
        return { path: module, namespace: 'not-in-this-script' };
      });
      build.onLoad({ filter: /.*/, namespace: 'not-in-this-script' }, (args) => ({
        contents: `throw new Error(${JSON.stringify(`the CLI bundle's ${held ?? 'dispatcher'} script does not hold ./${args.path}.js`)});`,
        loader: 'js',
      }));
    },
  };
}

/** The web-tree-sitter package the scripts hold: its CommonJS build, and beside it the runtime WASM the bundle copies. */
const webTreeSitter = createRequire(import.meta.url).resolve('web-tree-sitter');

/**
 * web-tree-sitter's CommonJS build, bundled: its ES module build finds its
 * folder through `import.meta.url`, which a script does not have, and loaded
 * from its package it was compiled on every run (4 ms of a cold command)
 * where the script's code cache holds it. syntax/language.ts tells it where
 * its WASM is.
 */
function webTreeSitterScript(): Plugin {
  const script = webTreeSitter;
  return {
    name: 'web-tree-sitter-script',
    setup(build) {
      build.onResolve({ filter: /^web-tree-sitter$/ }, () => ({ path: script }));
      build.onLoad({ filter: /web-tree-sitter\.cjs$/ }, () => ({ contents: namedNodeHandle(readFileSync(script, 'utf8')), loader: 'js' }));
    },
  };
}

/**
 * globby takes one function from unicorn-magic, `toPath`; unicorn-magic's
 * module also wraps `child_process.execFile` as it loads, and loading
 * `node:child_process` (with `net` and `dgram`) cost a cold command about
 * 2.4 ms for a function no command calls. The bundle gives globby a module
 * with `toPath` alone, the same one line; an import of any other name from
 * unicorn-magic fails the build (esbuild: no matching export).
 */
function unicornMagicToPathOnly(): Plugin {
  return {
    name: 'unicorn-magic-to-path-only',
    setup(build) {
      build.onResolve({ filter: /^unicorn-magic$/ }, () => ({ path: 'unicorn-magic', namespace: 'to-path-only' }));
      build.onLoad({ filter: /.*/, namespace: 'to-path-only' }, () => ({
        contents: "import { fileURLToPath } from 'node:url';\nexport function toPath(urlOrPath) {\n  return urlOrPath instanceof URL ? fileURLToPath(urlOrPath) : urlOrPath;\n}\n",
        loader: 'js',
      }));
    },
  };
}

/**
 * web-tree-sitter (0.27) keeps the last word of a node's handle as the Node's
 * element 0 (`node[0]`), and giving every new Node an element store costs V8
 * about 85 ns: 55 ms of a cold check of 1,000 files, which makes some 600,000
 * Nodes. In a named field it costs next to nothing (the same check 0.93× the
 * wall time, interleaved). Only the Node class, its constructor and
 * marshalNode touch that element. Each rewritten text must occur exactly once,
 * so that another version of web-tree-sitter fails the build instead of being
 * half rewritten; the servers, which run web-tree-sitter from node_modules,
 * keep the element.
 */
function namedNodeHandle(text: string): string {
  const rewrites: Array<[string, string]> = [
    ['  // @ts-expect-error: never read\n  [0] = 0;\n  // Internal handle for Wasm\n  /** @internal */\n  _children;', '  _other = 0;\n  /** @internal */\n  _children;'],
    ['    assertInternal(internal);\n    this[0] = other;', '    assertInternal(internal);\n    this._other = other;'],
    ['  C.setValue(address, node[0], "i32");', '  C.setValue(address, node._other, "i32");'],
  ];
  for (const [from, to] of rewrites) {
    const count = text.split(from).length - 1;
    if (count !== 1) throw new Error(`bundle: web-tree-sitter's Node is not what namedNodeHandle rewrites (${JSON.stringify(from.slice(0, 60))} occurs ${count} times)`);
    text = text.replace(from, to);
  }
  return text;
}

if (!existsSync(path.join(sources, 'cli', 'main.js'))) {
  process.stderr.write(`bundle: ${path.join(sources, 'cli', 'main.js')} is missing; run tsc first\n`);
  process.exit(1);
}
const { BATCH_COMMAND_MODULES } = (await import(pathToFileURL(path.join(sources, 'cli', 'main.js')).href)) as { BATCH_COMMAND_MODULES: Record<string, string> };
// Every command module main.ts can import, servers included: a script holds one of them at most.
const commandModules = new Set([...Object.values(BATCH_COMMAND_MODULES), 'mcp', 'lsp']);

/** Builds the script holding `held` (the dispatcher alone when undefined) and returns its file name. */
async function buildScript(held: string | undefined): Promise<string> {
  const name = held ?? 'dispatcher';
  const result = await build({
    entryPoints: { [name]: path.join(sources, 'cli', 'main.js') },
    entryNames: '[name]-[hash]',
    outExtension: { '.js': '.cjs' },
    outdir: next,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // A script compiled by vm.Script has no loader for import(): the dispatcher's lazy imports become require()s.
    supported: { 'dynamic-import': false },
    banner: { js: SCRIPT_BANNER },
    define: { YAOXIANG_BUNDLED_RUNTIME_WASM: RUNTIME_WASM_PATH },
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    plugins: [holdOnly(held, commandModules), webTreeSitterScript(), unicornMagicToPathOnly(), rewriteSources(next)],
  });
  return outputFile(result.metafile, '.cjs');
}

function outputFile(metafile: Metafile, extension: string): string {
  const outputs = Object.keys(metafile.outputs).filter((file) => file.endsWith(extension));
  if (outputs.length !== 1) throw new Error(`bundle: expected one ${extension} output, got ${outputs.join(', ')}`);
  return path.basename(outputs[0]!);
}

rmSync(next, { recursive: true, force: true });
const heldModules = [...new Set(Object.values(BATCH_COMMAND_MODULES))];
const built = await Promise.all([undefined, ...heldModules].map(async (held) => [held, await buildScript(held)] as const));
const scriptOf = new Map(built);
const scripts = {
  commands: Object.fromEntries(Object.entries(BATCH_COMMAND_MODULES).map(([command, module]) => [command, scriptOf.get(module)!])),
  dispatcher: scriptOf.get(undefined)!,
};
copyFileSync(path.join(path.dirname(webTreeSitter), RUNTIME_WASM), path.join(next, RUNTIME_WASM));
await build({
  entryPoints: { main: path.join(sources, 'cli', 'bundle-main.js') },
  outExtension: { '.js': '.cjs' },
  outdir: next,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // import('node:v8') as a require(): no ESM loader for a builtin.
  supported: { 'dynamic-import': false },
  banner: { js: SCRIPT_URL_BANNER },
  define: { YAOXIANG_BUNDLE_SCRIPTS: JSON.stringify(scripts), 'import.meta.url': SCRIPT_URL },
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});
const old = path.join(dist, `.bundle-old-${process.pid}`);
if (existsSync(target)) renameSync(target, old);
renameSync(next, target);
rmSync(old, { recursive: true, force: true });
