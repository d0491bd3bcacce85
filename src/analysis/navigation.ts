// Workspace-wide navigation over analyzed files: the symbol index with ranked
// lookup, and references that follow scopes and imports across files.
import type { HumanRange } from '../syntax/positions.ts';
import { LineIndex } from '../syntax/positions.ts';
import type { ImportInfo } from './imports.ts';
import { resolveStdImport } from './std/index.ts';
import type { Binding, FileModel, NameUse, Span, SymbolKind } from './model/types.ts';
import { containerType, receiverType, sameType, typeDefinition, type MembersOf, type TypeIdentity } from './receivers.ts';

export interface AnalyzedFile {
  /** Relative to the project root, `/` separators. */
  path: string;
  text: string;
  lines: LineIndex;
  model: FileModel;
  imports: ImportInfo[];
}

export interface SymbolInfo {
  name: string;
  kind: SymbolKind;
  container?: string;
  file: string;
  range: HumanRange;
  exported: boolean;
}

export interface Location {
  file: string;
  range: HumanRange;
  lineText: string;
  isDefinition: boolean;
}

export type Target =
  | { kind: 'binding'; file: string; binding: number }
  /** `definition`: the type the member belongs to; without it, every type named `type`. */
  | { kind: 'member'; type: string; name: string; definition?: TypeIdentity };

const MATCH_RANK = ['exact', 'case-insensitive', 'prefix', 'word', 'subsequence'] as const;

/** Symbols of all files, indexed by name for lookups that do not walk the files. */
export class SymbolIndex {
  readonly #byName = new Map<string, SymbolInfo[]>();
  readonly #names: Array<{ name: string; lower: string; words: string[] }> = [];

  constructor(files: Iterable<AnalyzedFile>) {
    for (const file of files) {
      for (const binding of file.model.bindings) {
        const symbol: SymbolInfo = {
          name: binding.name,
          kind: binding.kind,
          ...(binding.container ? { container: binding.container } : {}),
          file: file.path,
          range: file.lines.humanRange(binding.span.start, binding.span.end),
          exported: binding.exported,
        };
        const list = this.#byName.get(binding.name);
        if (list) list.push(symbol);
        else this.#byName.set(binding.name, [symbol]);
      }
    }
    this.#names = [...this.#byName.keys()].map((name) => ({ name, lower: name.toLowerCase(), words: wordsOf(name) }));
  }

  get size(): number {
    let n = 0;
    for (const list of this.#byName.values()) n += list.length;
    return n;
  }

  /**
   * Ranks names: exact, then case-insensitive, prefix, word-boundary
   * (`sq` finds `sum_squares`), subsequence. Qualified `Type.member` queries
   * match members of that type. Returns at most `limit` symbols and the total.
   */
  lookup(query: string, options: { kinds?: readonly SymbolKind[]; limit?: number; file?: string } = {}): { symbols: SymbolInfo[]; total: number } {
    const limit = options.limit ?? 50;
    const dot = query.indexOf('.');
    const container = dot > 0 ? query.slice(0, dot) : undefined;
    const needle = dot > 0 ? query.slice(dot + 1) : query;
    const lower = needle.toLowerCase();
    const ranked: Array<{ rank: number; symbol: SymbolInfo }> = [];
    for (const entry of this.#names) {
      const rank = rankNormalized(entry, needle, lower);
      if (rank < 0) continue;
      for (const symbol of this.#byName.get(entry.name)!) {
        if (options.kinds && options.kinds.length > 0 && !options.kinds.includes(symbol.kind)) continue;
        if (options.file && symbol.file !== options.file) continue;
        if (container && symbol.container !== container) continue;
        ranked.push({ rank, symbol });
      }
    }
    ranked.sort((a, b) =>
      a.rank - b.rank ||
      Number(b.symbol.exported) - Number(a.symbol.exported) ||
      a.symbol.name.length - b.symbol.name.length ||
      a.symbol.file.localeCompare(b.symbol.file) ||
      a.symbol.range.start.line - b.symbol.range.start.line);
    return { symbols: ranked.slice(0, limit).map((r) => r.symbol), total: ranked.length };
  }
}

/** 0 exact … 4 subsequence, -1 no match. */
export function matchRank(name: string, needle: string, lower = needle.toLowerCase()): number {
  return rankNormalized({ name, lower: name.toLowerCase(), words: wordsOf(name) }, needle, lower);
}

function rankNormalized(entry: { name: string; lower: string; words: string[] }, needle: string, lower: string): number {
  if (needle === '') return -1;
  if (entry.name === needle) return 0;
  if (entry.lower === lower) return 1;
  if (entry.lower.startsWith(lower)) return 2;
  if (entry.words.some((w) => w.startsWith(lower))) return 3;
  let k = 0;
  for (let i = 0; i < entry.lower.length && k < lower.length; i++) if (entry.lower[i] === lower[k]) k++;
  return k === lower.length ? 4 : -1;
}

/** `sum_squares` → sum, squares; `HttpClient` → http, client. */
function wordsOf(name: string): string[] {
  return name.split(/_|(?=[A-Z])/).filter(Boolean).map((w) => w.toLowerCase());
}

export { MATCH_RANK };

/**
 * The binding or member named by a position, following imports to the
 * exported binding. `members` (the checker's receiver types) places a member
 * use on its receiver's type.
 */
export function targetAt(files: ReadonlyMap<string, AnalyzedFile>, path: string, offset: number, members?: MembersOf): Target | undefined {
  const file = files.get(path);
  if (!file) return undefined;
  const within = (span: Span) => span.start <= offset && offset <= span.end;
  const binding = file.model.bindings.find((b) => within(b.span) || (b.importedSpan !== undefined && within(b.importedSpan)));
  if (binding) return canonical(files, path, binding);
  const use = file.model.uses.find((u) => within(u.span));
  if (!use) return undefined;
  if (use.kind === 'member') {
    const checked = members?.(path);
    const typeName = checked?.receivers.get(use.span.start) ?? use.objectType;
    if (typeName) return memberTarget(typeName, use.name, receiverType(files, file, use, checked));
    // `utils.total` after `use utils`: the module's exported binding.
    const object = use.objectBinding === undefined ? undefined : file.model.bindings[use.objectBinding];
    const modulePath = object?.kind === 'import' && object.importedName === undefined ? resolvedFile(file, object) : undefined;
    const home = modulePath ? files.get(modulePath) : undefined;
    const exported = home?.model.bindings.find((b) => b.exported && b.name === use.name && b.kind !== 'import');
    return home && exported ? { kind: 'binding', file: home.path, binding: exported.id } : undefined;
  }
  if (use.binding === undefined) return undefined;
  return canonical(files, path, file.model.bindings[use.binding]!);
}

/** Targets named by `name` (`Point.draw` for a member), optionally in one file. */
export function targetsNamed(files: ReadonlyMap<string, AnalyzedFile>, name: string, inFile?: string): Target[] {
  const dot = name.indexOf('.');
  if (dot > 0) return membersNamed(files, name.slice(0, dot), name.slice(dot + 1), inFile);
  const found: Target[] = [];
  const candidates = inFile ? [files.get(inFile)].filter((f): f is AnalyzedFile => f !== undefined) : [...files.values()];
  for (const exportedOnly of [true, false]) {
    for (const file of candidates) {
      for (const binding of file.model.bindings) {
        if (binding.name !== name || binding.kind === 'method' || binding.kind === 'field') continue;
        if (binding.kind === 'import') {
          // `main.yx:make` after `use m.{mk as make}`: the name this file gives the imported binding.
          const imported = inFile && binding.importedSpan && !exportedOnly ? canonical(files, file.path, binding) : undefined;
          if (imported && imported.kind === 'binding' && imported.file !== file.path) found.push(imported);
          continue;
        }
        if (exportedOnly !== binding.exported) continue;
        found.push({ kind: 'binding', file: file.path, binding: binding.id });
      }
    }
    if (found.length > 0) break;
  }
  return found;
}

/**
 * The definition and every use of a target, across the workspace. A member's
 * uses are those whose receiver is of its type; `members` gives the checker's
 * receiver types, without it only the model's guesses count.
 */
export function findReferences(files: ReadonlyMap<string, AnalyzedFile>, target: Target, members?: MembersOf): Location[] {
  const locations: Location[] = [];
  const add = (file: AnalyzedFile, span: Span, isDefinition: boolean) => {
    const range = file.lines.humanRange(span.start, span.end);
    locations.push({ file: file.path, range, lineText: file.lines.lineText(range.start.line - 1), isDefinition });
  };
  if (target.kind === 'member') {
    const { definition } = target;
    for (const file of files.values()) {
      for (const b of file.model.bindings) {
        if ((b.kind !== 'method' && b.kind !== 'field') || b.name !== target.name) continue;
        if (definition ? sameType(containerType(files, file, b), definition) : b.container === target.type) add(file, b.span, true);
      }
      const uses = file.model.uses.filter((u) => u.kind === 'member' && u.name === target.name);
      if (uses.length === 0) continue;
      const checked = definition ? members?.(file.path) : undefined;
      for (const u of uses) {
        if (definition ? sameType(receiverType(files, file, u, checked), definition) : u.objectType === target.type) add(file, u.span, false);
      }
    }
    return sortLocations(locations);
  }
  const home = files.get(target.file);
  const binding = home?.model.bindings[target.binding];
  if (!home || !binding) return [];
  add(home, binding.span, true);
  for (const u of home.model.uses) if (u.binding === binding.id) add(home, u.span, false);
  if (binding.exported) {
    for (const file of files.values()) {
      if (file.path === home.path) continue;
      for (const imported of file.model.bindings) {
        if (imported.kind !== 'import' || resolvedFile(file, imported) !== home.path) continue;
        if (imported.importedName === binding.name) {
          // Under an alias (`use m.{mk as make}`) the alias's uses are uses of `mk` too.
          add(file, imported.importedSpan ?? imported.span, false);
          for (const u of file.model.uses) if (u.binding === imported.id) add(file, u.span, false);
        } else if (imported.importedName === undefined) {
          for (const u of file.model.uses) if (isMemberOf(u, imported, binding.name)) add(file, u.span, false);
        }
      }
    }
  }
  return sortLocations(locations);
}

function canonical(files: ReadonlyMap<string, AnalyzedFile>, path: string, binding: Binding): Target {
  if (binding.kind === 'method' || binding.kind === 'field') {
    return memberTarget(binding.container ?? '', binding.name, containerType(files, files.get(path)!, binding));
  }
  if (binding.kind === 'import' && binding.importedName) {
    const file = files.get(path)!;
    const modulePath = resolvedFile(file, binding);
    const home = modulePath ? files.get(modulePath) : undefined;
    const exported = home?.model.bindings.find((b) => b.exported && b.name === binding.importedName && b.kind !== 'import');
    if (home && exported) return { kind: 'binding', file: home.path, binding: exported.id };
  }
  return { kind: 'binding', file: path, binding: binding.id };
}

/**
 * What a binding is where it is used: an imported function is a function and
 * an imported record a record, at the `use` and at every use; only a whole
 * module (`use std.io`, `use utils`) is an import.
 */
export function kindAtUse(files: ReadonlyMap<string, AnalyzedFile>, path: string, binding: Binding): SymbolKind {
  if (binding.kind !== 'import' || binding.importedName === undefined || !binding.modulePath) return binding.kind;
  const target = canonical(files, path, binding);
  if (target.kind === 'binding' && target.file !== path) return files.get(target.file)!.model.bindings[target.binding]!.kind;
  const std = resolveStdImport(binding.modulePath, binding.importedName);
  if (!std?.export) return 'import';
  return std.export.kind === 'function' ? 'function' : std.export.kind === 'type' ? 'type' : 'variable';
}

function memberTarget(type: string, name: string, definition: TypeIdentity | undefined): Target {
  return { kind: 'member', type, name, ...(definition ? { definition } : {}) };
}

/** `Type.member` by name: one target per type of that name (in `inFile`, as that file sees it), or by name alone when none is known. */
function membersNamed(files: ReadonlyMap<string, AnalyzedFile>, type: string, name: string, inFile?: string): Target[] {
  if (inFile) return [memberTarget(type, name, typeDefinition(files, inFile, type))];
  const definitions: TypeIdentity[] = [];
  for (const file of files.values()) {
    const definition = typeDefinition(files, file.path, type);
    if (definition?.file === file.path) definitions.push(definition);
  }
  return definitions.length > 0 ? definitions.map((d) => memberTarget(type, name, d)) : [memberTarget(type, name, undefined)];
}

/** The project file an import binding's module resolves to. */
export function resolvedFile(file: AnalyzedFile, imported: Binding): string | undefined {
  const info = file.imports.find((i) => i.module === imported.modulePath && i.span.start <= imported.span.start && imported.span.end <= i.span.end);
  return info?.resolved.kind === 'file' ? info.resolved.path : undefined;
}

function isMemberOf(use: NameUse, moduleBinding: Binding, name: string): boolean {
  return use.kind === 'member' && use.objectBinding === moduleBinding.id && use.name === name;
}

function sortLocations(locations: Location[]): Location[] {
  const seen = new Set<string>();
  return locations
    .filter((l) => {
      const key = `${l.file}:${l.range.start.line}:${l.range.start.column}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => Number(b.isDefinition) - Number(a.isDefinition) || a.file.localeCompare(b.file) || a.range.start.line - b.range.start.line || a.range.start.column - b.range.start.column);
}
