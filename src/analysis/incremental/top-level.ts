// A tree's top-level nodes and each one's memo key, made once per tree and
// shared by every per-item layer. Listing the root's children through the
// Node API marshals a Node per item, and reading a node's type and text costs
// WASM calls: each layer paid both again. One key string per item also means
// its hash is computed once and each layer's lookup only compares it.
// (The trusted statements among them are listed once per tree by
// `topLevelStatements`.)
import type { Node, Tree } from 'web-tree-sitter';
import { locate, type NodeTable } from '../../syntax/node-table.ts';

const nodesByTree = new WeakMap<Tree, readonly Node[]>();

/** Every named child of the root, broken ones and comments too, listed once per tree (read-only). */
export function topLevelNodes(tree: Tree): readonly Node[] {
  let nodes = nodesByTree.get(tree);
  if (!nodes) nodesByTree.set(tree, (nodes = tree.rootNode.namedChildren.filter((c): c is Node => c !== null)));
  return nodes;
}

/** Per table (so per tree): each node's key by its index. */
const keysByTable = new WeakMap<NodeTable, Map<number, string>>();

/** What decides a statement's subtree: the parser's kind for it and its text. */
export function itemKey(statement: Node): string {
  const { table, index } = locate(statement);
  let keys = keysByTable.get(table);
  if (!keys) keysByTable.set(table, (keys = new Map<number, string>()));
  let key = keys.get(index);
  if (key === undefined) keys.set(index, (key = sharedKey(table, index) ?? `${table.type(index)}\u0000${table.text(index)}`));
  return key;
}

/**
 * The key the earlier tree's item made, where this item is its very subtree
 * (and so has its text). The same string object, not an equal one: memo
 * lookups then compare pointers, not the item's text, in every layer.
 */
function sharedKey(table: NodeTable, index: number): string | undefined {
  const shared = table.sharedWith(index);
  if (!shared) return undefined;
  const key = keysByTable.get(shared.table)?.get(shared.index);
  // The item's own type is read afresh (an alias comes from its parent), so it must match too.
  return key?.startsWith(`${table.type(index)}\u0000`) ? key : undefined;
}
