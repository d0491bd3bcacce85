// `use` statements: what each imports and what the module resolves to.
import type { Node, Tree } from 'web-tree-sitter';
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
  const imports: ImportInfo[] = [];
  const root = 'rootNode' in tree ? tree.rootNode : tree;
  for (const node of root.descendantsOfType('use_statement')) {
    if (!node) continue;
    const path = node.childForFieldName('path');
    if (!path) continue;
    const module = path.namedChildren.filter((n) => n?.type === 'identifier').map((n) => n.text).join('.');
    const items: ImportedItem[] = [];
    for (const item of node.childForFieldName('items')?.namedChildren ?? []) {
      if (item?.type !== 'use_item') continue;
      const name = item.childForFieldName('name');
      const alias = item.childForFieldName('alias');
      if (!name) continue;
      items.push({
        name: name.text,
        ...(alias ? { alias: alias.text } : {}),
        isPublic: item.children.some((c) => c?.type === 'pub'),
        span: { start: item.startIndex, end: item.endIndex },
      });
    }
    const alias = node.childForFieldName('alias');
    imports.push({
      module,
      items,
      ...(alias ? { alias: alias.text } : {}),
      span: { start: node.startIndex, end: node.endIndex },
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
