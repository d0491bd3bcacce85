/**
 * Lookup API over the std-library data in `./modules.ts` (pure functions, no I/O).
 */
import { GLOBALS, STD_MODULES } from './modules.ts';
import type { GlobalName, StdExport, StdModule } from './modules.ts';

export type { GlobalName, StdExport, StdExportKind, StdModule } from './modules.ts';
export {
  GLOBALS,
  STD_GLOBAL_ORDER,
  STD_MODULES,
  STD_TEST_GLOBAL_TYPE,
  UNDEFINED_PRELUDE_NAMES,
} from './modules.ts';

/** The root module path; `use std` binds a record of the sub-modules. */
export const STD_ROOT = 'std';

const MODULES_BY_PATH: ReadonlyMap<string, StdModule> = new Map(
  STD_MODULES.map((m) => [m.path, m] as const),
);

const EXPORTS_BY_MODULE: ReadonlyMap<string, ReadonlyMap<string, StdExport>> = new Map(
  STD_MODULES.map((m) => [m.path, new Map(m.exports.map((e) => [e.name, e] as const))] as const),
);

const GLOBALS_BY_NAME: ReadonlyMap<string, GlobalName> = new Map(
  GLOBALS.map((g) => [g.name, g] as const),
);

const SUBMODULES: readonly string[] = STD_MODULES.map((m) => m.name);

/** The std module with this full path (`'std.io'`); `undefined` for anything else, including `'std'` and `'io'`. */
export function stdModule(path: string): StdModule | undefined {
  return MODULES_BY_PATH.get(path);
}

/** The sub-module names of `std`, usable in `use std.{io, os}` (in the order of §6.5). */
export function stdSubmodules(): readonly string[] {
  return SUBMODULES;
}

/** The export `name` of the std module `modulePath` (full path, e.g. `('std.math', 'PI')`). */
export function stdExport(modulePath: string, name: string): StdExport | undefined {
  return EXPORTS_BY_MODULE.get(modulePath)?.get(name);
}

/**
 * Resolves a std `use`:
 * - `('std.io')` → `{ module: io }` (`use std.io`);
 * - `('std.math', 'sqrt')` → `{ module: math, export: sqrt }` (`use std.math.{sqrt}`);
 * - `('std', 'io')` → `{ module: io }` (`use std.{io}`: an item of the std root is a sub-module).
 * Anything unknown (including `'std'` alone, which has no module record here: see
 * {@link stdSubmodules}) gives `undefined`.
 */
export function resolveStdImport(
  modulePath: string,
  item?: string,
): { module: StdModule; export?: StdExport } | undefined {
  if (modulePath === STD_ROOT) {
    if (item === undefined) return undefined;
    const module = stdModule(`${STD_ROOT}.${item}`);
    return module === undefined ? undefined : { module };
  }
  const module = stdModule(modulePath);
  if (module === undefined) return undefined;
  if (item === undefined) return { module };
  const exp = stdExport(modulePath, item);
  return exp === undefined ? undefined : { module, export: exp };
}

/** The prelude/global name `name` (§5.2), e.g. `'println'`, `'int'`, `'std.io.println'`. */
export function globalName(name: string): GlobalName | undefined {
  return GLOBALS_BY_NAME.get(name);
}
