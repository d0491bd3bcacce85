// `listImports` per top-level item, for an edited file: the `use` statements
// found in an item the edit left alone are kept with their spans relative to
// it and moved; only what they resolve to is looked up again (files may have
// appeared or vanished since).
import type { Tree } from 'web-tree-sitter';
import { listImports, resolveModule, type FileExists, type ImportInfo } from '../imports.ts';
import type { Span } from '../model/types.ts';
import { ItemMemo, local } from './item-memo.ts';
import { topLevelItems } from './top-level.ts';

interface FoundImport {
  start: number;
  end: number;
  info: ImportInfo;
}

const moved = (span: Span, delta: number): Span => ({ start: span.start + delta, end: span.end + delta });

const moveImport = (found: FoundImport, delta: number): FoundImport => ({
  start: found.start + delta,
  end: found.end + delta,
  info: { ...found.info, span: moved(found.info.span, delta), items: found.info.items.map((item) => ({ ...item, span: moved(item.span, delta) })) },
});

export type ImportItemMemo = ItemMemo<undefined, FoundImport>;

export function importItemMemo(): ImportItemMemo {
  return new ItemMemo<undefined, FoundImport>(moveImport);
}

const NOWHERE: FileExists = () => false;

/** `listImports(tree, importerPath, exists)`, each top-level node's part from `memo` when its text is unchanged. */
export function listImportsPerItem(tree: Tree, importerPath: string, exists: FileExists, memo: ImportItemMemo): ImportInfo[] {
  // Every top-level node, broken ones too: a `use` is listed wherever it is.
  const found = memo.run(topLevelItems(tree), undefined, local((item) => listImports(item.node, importerPath, NOWHERE).map((info) => ({ start: info.span.start, end: info.span.end, info }))));
  return found.map(({ info }) => ({ ...info, resolved: resolveModule(info.module, importerPath, exists) }));
}
