// Runs a CommonJS script through V8's code cache. A cold command spends a
// tenth of its time turning JavaScript into bytecode: the bundle's top level
// when it loads, then every function the first time it is called. V8 can
// serialize the bytecode of every function a run compiled
// (`Script.createCachedData()`, taken after the run, so it holds the
// functions the command called and not only the top level) and take it back
// on the next run in place of compiling. Node 22 has this built in for modules
// (`module.enableCompileCache`); Node 20 offers it only for scripts compiled
// through `vm.Script`, which is why the CLI bundle's commands are CommonJS
// scripts (scripts/bundle.ts).
//
// V8 checks a cache against the source's length, its own version and the V8
// flags in force, and refuses one that does not match (`cachedDataRejected`);
// it does not compare the text. So a cache file must name the exact script it
// was made from: callers put a hash of the script's text in its name.
// A cache that is missing or refused is written anew when the process exits.
// The cache is only ever a speed-up: a file that cannot be read or written is
// as if there were none, and nothing is said about it.
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** What happened to the cache: read and taken, missing, refused by V8, or not used at all. */
export type CodeCacheUse = 'accepted' | 'missing' | 'rejected' | 'off';

export interface CachedScriptRun {
  /** The script's `module.exports`. */
  exports: Record<string, unknown>;
  cache: CodeCacheUse;
}

/**
 * Runs `file`, a CommonJS script, as `require` would (its own `require`,
 * `module`, `__filename`, `__dirname`), with the code cache at `cacheFile`
 * (none when undefined). When that cache was missing or refused, the cache of
 * this run is written there as the process exits.
 */
export function runWithCodeCache(file: string, cacheFile: string | undefined): CachedScriptRun {
  const source = readFileSync(file, 'utf8');
  const cachedData = cacheFile === undefined ? undefined : readCache(cacheFile);
  const script = new vm.Script(Module.wrap(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
  const cache: CodeCacheUse = cacheFile === undefined ? 'off' : !cachedData ? 'missing' : script.cachedDataRejected === true ? 'rejected' : 'accepted';
  if (cacheFile !== undefined && cache !== 'accepted') process.once('exit', () => writeCache(cacheFile, script));
  const wrapper = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dirname: string) => void;
  const module = { exports: {} as Record<string, unknown> };
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return { exports: module.exports, cache };
}

function readCache(cacheFile: string): Buffer | undefined {
  try {
    return readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

/**
 * Written beside its final name and renamed there, so that a process starting
 * meanwhile reads a whole cache or none. The file is opened before the cache
 * is taken: where nothing can be written (a read-only install) a run does not
 * pay for a cache it cannot keep.
 */
function writeCache(cacheFile: string, script: vm.Script): void {
  const partial = `${cacheFile}.${process.pid}.partial`;
  let fd: number | undefined;
  try {
    mkdirSync(path.dirname(cacheFile), { recursive: true });
    fd = openSync(partial, 'w');
    writeFileSync(fd, script.createCachedData());
    closeSync(fd);
    fd = undefined;
    renameSync(partial, cacheFile);
  } catch {
    try {
      if (fd !== undefined) closeSync(fd);
      rmSync(partial, { force: true });
    } catch {
      // Left behind: a later write of the same name replaces it.
    }
  }
}
