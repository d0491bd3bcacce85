// Which type a member belongs to. A type is its definition, not its name: the
// `Point` of geo.yx and the `Point` of shapes.yx are two types, and `v.x`
// belongs to the type the checker inferred for `v` (through `&`, `&mut`, `*`,
// nested fields and method calls). Where the checker knows nothing (a file it
// could not check, a lambda body it does not visit), the model's guess stands:
// an annotation, a constructor call, `Point.x` on the type itself.
import type { AnalyzedFile } from './navigation.ts';
import type { Binding, NameUse, SymbolKind } from './model/types.ts';

/** A type by where it is defined: its file and the start of its name token there. */
export interface TypeIdentity {
  file: string;
  start: number;
}

/** What the checker inferred about one file's member accesses (from `InferenceResult`). */
export interface CheckedMembers {
  /** Start of a member name → the record type name of its receiver, as the checker saw it. */
  receivers: ReadonlyMap<number, string>;
  /** Record names the checker registered from an imported project module → that module's path. */
  structModules: ReadonlyMap<string, string>;
}

/** The checker's view of a file's members, when the caller has a checker. */
export type MembersOf = (path: string) => CheckedMembers | undefined;

const TYPE_KINDS: ReadonlySet<SymbolKind> = new Set(['record', 'interface', 'generic', 'type']);

/**
 * Where the type `name`, as file `path` sees it, is defined: declared in the
 * file, imported by name (an alias too), or registered by the checker from a
 * module the file uses. Undefined for std and unknown types.
 */
export function typeDefinition(
  files: ReadonlyMap<string, AnalyzedFile>, path: string, name: string, structModules?: ReadonlyMap<string, string>, visited: Set<string> = new Set(),
): TypeIdentity | undefined {
  const file = files.get(path);
  if (!file || visited.has(`${path}:${name}`)) return undefined;
  visited.add(`${path}:${name}`);
  for (const binding of file.model.bindings) {
    if (binding.name !== name || file.model.scopes[binding.scope]?.kind !== 'module') continue;
    if (TYPE_KINDS.has(binding.kind)) return { file: path, start: binding.span.start };
    if (binding.kind === 'import' && binding.importedName !== undefined) {
      const home = moduleFile(file, binding.modulePath, binding);
      if (home) return typeDefinition(files, home, binding.importedName, undefined, visited);
    }
  }
  const module = structModules?.get(name);
  const home = module === undefined ? undefined : moduleFile(file, module);
  return home ? typeDefinition(files, home, name, undefined, visited) : undefined;
}

/** The type a member use belongs to: its receiver's, the checker's answer first. */
export function receiverType(files: ReadonlyMap<string, AnalyzedFile>, file: AnalyzedFile, use: NameUse, checked: CheckedMembers | undefined): TypeIdentity | undefined {
  const name = checked?.receivers.get(use.span.start) ?? use.objectType;
  return name === undefined ? undefined : typeDefinition(files, file.path, name, checked?.structModules);
}

/** The type a field or method declaration belongs to (`Point.shift: …` may sit in another file than `Point`). */
export function containerType(files: ReadonlyMap<string, AnalyzedFile>, file: AnalyzedFile, member: Binding): TypeIdentity | undefined {
  return member.container === undefined ? undefined : typeDefinition(files, file.path, member.container);
}

export function sameType(a: TypeIdentity | undefined, b: TypeIdentity | undefined): boolean {
  return a !== undefined && b !== undefined && a.file === b.file && a.start === b.start;
}

/** The project file a module path names in `file`; with `binding`, the `use` that holds it. */
function moduleFile(file: AnalyzedFile, modulePath: string | undefined, binding?: Binding): string | undefined {
  const info = file.imports.find((i) => i.module === modulePath && (!binding || (i.span.start <= binding.span.start && binding.span.end <= i.span.end)));
  return info?.resolved.kind === 'file' ? info.resolved.path : undefined;
}
