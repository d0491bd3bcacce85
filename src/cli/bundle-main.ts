// The CLI bundle's entry, dist/bundle/main.cjs (scripts/bundle.ts builds it from
// this module; bin/yaoxiang.js runs it when the bundle is current). The bundle
// holds the dispatcher (main.ts) once per command module, each time with that
// module alone, as a CommonJS script: this entry runs the one that holds the
// command through V8's code cache (code-cache.ts), so a command neither
// compiles nor loads the others' code.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tuneV8ForBatch } from './batch-heap.ts';
import { runWithCodeCache } from './code-cache.ts';

/** The bundle's scripts, by file name (each named after a hash of its text): scripts/bundle.ts defines it when it builds this entry. */
declare const YAOXIANG_BUNDLE_SCRIPTS: {
  /** The script of each command. */
  commands: Record<string, string>;
  /** The dispatcher alone: help and unknown commands. */
  dispatcher: string;
};

export async function main(argv: string[]): Promise<number> {
  const name = argv[0];
  const script = name !== undefined && Object.hasOwn(YAOXIANG_BUNDLE_SCRIPTS.commands, name) ? YAOXIANG_BUNDLE_SCRIPTS.commands[name] : undefined;
  // Before the script is compiled: its cache is taken under these flags, and V8 refuses one made under others.
  if (script !== undefined) await tuneV8ForBatch();
  const file = script ?? YAOXIANG_BUNDLE_SCRIPTS.dispatcher;
  const bundleDir = path.dirname(fileURLToPath(import.meta.url));
  const { exports } = runWithCodeCache(path.join(bundleDir, file), cacheFile(bundleDir, file, script === undefined ? 'dispatcher' : name!));
  return (exports.main as (argv: string[]) => Promise<number>)(argv);
}

/**
 * One cache per script and command, since a cache holds what its run
 * compiled (`symbols` and `imports` share a script but not their code), and
 * per Node version and machine. Beside the scripts unless
 * YAOXIANG_CODE_CACHE_DIR names another folder; none with
 * YAOXIANG_NO_CODE_CACHE=1. The script's name holds a hash of its text, so a
 * cache can never meet another text of the same length.
 */
function cacheFile(bundleDir: string, script: string, command: string): string | undefined {
  if (process.env.YAOXIANG_NO_CODE_CACHE === '1') return undefined;
  const dir = process.env.YAOXIANG_CODE_CACHE_DIR || path.join(bundleDir, 'code-cache');
  return path.join(dir, `${path.basename(script, '.cjs')}.${command}.${process.version}-${process.arch}.bin`);
}
