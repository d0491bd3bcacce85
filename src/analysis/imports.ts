// `use` statements: what each imports and what the module resolves to.
import type { Node, Tree } from 'web-tree-sitter';
import { subtreeOf } from '../syntax/node-table.ts';
import { stdSubmodules, stdModule } from './std/index.ts';
import type { Span } from './model/types.ts';

export interface ImportedItem {
  name: string;
  alias?: string;
  isPublic: boolean;
  span: Span;
}

export type ModuleResolution =
  | { kind: 'std'; module: string }
  | { kind: 'file'; path: string }
  | { kind: 'unresolved' };

export interface ImportInfo {
  /** The module path as written, `std.io`, `utils`, `a.b`. */
  module: string;
  items: ImportedItem[];
  /** `use std.io as sio`. */
  alias?: string;
  span: Span;
  resolved: ModuleResolution;
}

/** Decides whether a project file exists; relative paths use `/`. */
export type FileExists = (relativePath: string) => boolean;

/** `tree`: a file's, or one node of it (its own `use` statements, itself included). */
export function listImports(tree: Tree | Node, importerPath: string, exists: FileExists): ImportInfo[] {
  const { table, first, end } = subtreeOf(tree);
  const USE_STATEMENT = table.idOf('use_statement');
  const USE_ITEM = table.idOf('use_item');
  const IDENTIFIER = table.idOf('identifier');
  const PUB = table.idOf('pub');
  const PATH = table.fieldIdOf('path');
  const ITEMS = table.fieldIdOf('items');
  const NAME = table.fieldIdOf('name');
  const ALIAS = table.fieldIdOf('alias');
  const imports: ImportInfo[] = [];
  for (let node = first; node < end; node++) {
    if (table.typeId(node) !== USE_STATEMENT) continue;
    const path = table.childInField(node, PATH);
    if (path === -1) continue;
    const segments: string[] = [];
    for (let c = table.firstChild(path); c !== -1; c = table.nextSibling(c)) if (table.typeId(c) === IDENTIFIER) segments.push(table.text(c));
    const module = segments.join('.');
    const items: ImportedItem[] = [];
    const list = table.childInField(node, ITEMS);
    for (let item = list === -1 ? -1 : table.firstChild(list); item !== -1; item = table.nextSibling(item)) {
      if (table.typeId(item) !== USE_ITEM) continue;
      const name = table.childInField(item, NAME);
      const alias = table.childInField(item, ALIAS);
      if (name === -1) continue;
      items.push({
        name: table.text(name),
        ...(alias !== -1 ? { alias: table.text(alias) } : {}),
        isPublic: table.childOfType(item, PUB) !== -1,
        span: { start: table.start(item), end: table.end(item) },
      });
    }
    const alias = table.childInField(node, ALIAS);
    imports.push({
      module,
      items,
      ...(alias !== -1 ? { alias: table.text(alias) } : {}),
      span: { start: table.start(node), end: table.end(node) },
      resolved: resolveModule(module, importerPath, exists),
    });
  }
  return imports;
}

/**
 * The reference's rule (module/orchestrator.rs): `std` and `std.*` are the
 * standard library; `a.b` is looked up in the importer's directory, then the
 * project root, as `a/b.yx` before `a/b/mod.yx`.
 */
export function resolveModule(module: string, importerPath: string, exists: FileExists): ModuleResolution {
  if (module === 'std') return { kind: 'std', module: 'std' };
  if (module.startsWith('std.')) {
    const name = module.slice(4);
    return stdModule(module) || stdSubmodules().includes(name) ? { kind: 'std', module } : { kind: 'unresolved' };
  }
  const segments = module.split('.');
  const importerDir = importerPath.includes('/') ? importerPath.slice(0, importerPath.lastIndexOf('/')) : '';
  for (const root of importerDir === '' ? [''] : [importerDir, '']) {
    const base = (root === '' ? '' : root + '/') + segments.join('/');
    for (const candidate of [`${base}.yx`, `${base}/mod.yx`]) {
      if (exists(candidate)) return { kind: 'file', path: candidate };
    }
  }
  return { kind: 'unresolved' };
}
