// The per-file binding model: scopes, bindings and name uses, as plain data
// (offsets, not tree nodes, so it outlives the tree it came from).

export type SymbolKind =
  | 'function'
  | 'method'
  | 'record'
  | 'interface'
  | 'generic'
  | 'type'
  | 'variable'
  | 'parameter'
  | 'field'
  | 'import';

export const SYMBOL_KINDS: readonly SymbolKind[] = [
  'function', 'method', 'record', 'interface', 'generic', 'type', 'variable', 'parameter', 'field', 'import',
];

export type ScopeKind = 'module' | 'block' | 'function' | 'lambda' | 'loop' | 'arm' | 'comprehension' | 'type';

export interface Span {
  /** UTF-16 offsets, end exclusive. */
  start: number;
  end: number;
}

export interface Scope extends Span {
  id: number;
  parent: number | undefined;
  kind: ScopeKind;
}

export interface Binding {
  id: number;
  name: string;
  kind: SymbolKind;
  /** The name token. */
  span: Span;
  /** The whole defining statement or item. */
  declaration: Span;
  scope: number;
  /** Methods and fields: the type; parameters and locals: the function; imports: the module path. */
  container?: string;
  mutable: boolean;
  isPublic: boolean;
  /** Top-level binding of the file, visible to other files. */
  exported: boolean;
  /** A type name known from an annotation or a constructor call, for member resolution. */
  typeName?: string;
  /** Imports: what is imported (the item name, or undefined for a whole module). */
  importedName?: string;
  /** Imports: the module path, e.g. `std.io` or `utils`. */
  modulePath?: string;
  /** Imports with an alias: the span of the original name (`old` in `use m.{old as x}`). */
  importedSpan?: Span;
}

export type UseKind = 'read' | 'write' | 'type' | 'member' | 'import';

export interface NameUse {
  name: string;
  span: Span;
  kind: UseKind;
  /** The binding it resolves to in this file, if any. */
  binding: number | undefined;
  /** For `member`: the object's binding and the type name if known (`p.x` with `p: Point`). */
  objectBinding?: number;
  objectType?: string;
}

export interface FileModel {
  scopes: Scope[];
  bindings: Binding[];
  uses: NameUse[];
}
