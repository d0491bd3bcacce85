// Import order: std (paths whose first segment is std, core or alloc), then the
// rest, then relative paths; byte-wise by module path within a group, stable.
import type { Node } from 'web-tree-sitter';

const STD_ROOTS = new Set(['std', 'core', 'alloc']);

/**
 * The module path of a use statement, without whitespace or comments, nor
 * the `.` before a `{ … }` list: `use std.math.{ sqrt }` and `use std.math as
 * m` both have `std.math`, so they keep their order, as in the reference.
 */
export function importPath(node: Node, source: string): string {
  const path = node.childForFieldName('path');
  if (!path) return '';
  return path.children
    .filter((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment')
    .map((c) => source.slice(c.startIndex, c.endIndex))
    .join('')
    .replace(/\.$/, '');
}

export function importGroup(path: string): number {
  if (path.startsWith('.')) return 3;
  const first = path.split('.')[0] ?? '';
  return STD_ROOTS.has(first) ? 1 : 2;
}

/** Sorted copy of `items`, keyed by the import path of each. */
export function sortImports<T>(items: readonly T[], pathOf: (item: T) => string): T[] {
  const keyed = items.map((item, index) => ({ item, index, path: pathOf(item) }));
  keyed.sort((a, b) => importGroup(a.path) - importGroup(b.path) || compareBytes(a.path, b.path) || a.index - b.index);
  return keyed.map((k) => k.item);
}

function compareBytes(a: string, b: string): number {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return Buffer.compare(x, y);
}
