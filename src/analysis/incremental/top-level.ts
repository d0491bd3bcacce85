// A tree's top-level nodes and each one's memo key, made once per tree and
// shared by every per-item layer. Listing the root's children through the
// Node API marshals a Node per item, and reading a node's type and text costs
// WASM calls: each layer paid both again. One key string per item also means
// its hash is computed once and each layer's lookup only compares it.
// (The trusted statements among them are listed once per tree by
// `topLevelStatements`.)
import type { Node, Tree } from 'web-tree-sitter';
import { locate, nodeTableOf, type NodeTable } from '../../syntax/node-table.ts';
import type { NodeType } from '../../syntax/node-type.ts';

const nodesByTree = new WeakMap<Tree, readonly Node[]>();

/** Every named child of the root, broken ones and comments too, listed once per tree (read-only). */
export function topLevelNodes(tree: Tree): readonly Node[] {
  let nodes = nodesByTree.get(tree);
  if (!nodes) nodesByTree.set(tree, (nodes = tree.rootNode.namedChildren.filter((c): c is Node => c !== null)));
  return nodes;
}

/** Per table (so per tree): each top-level node's key by its index. */
const keysByTable = new WeakMap<NodeTable, Map<number, string>>();

/** A top-level node's row in its tree's table, and its key once asked for. */
interface ItemRow {
  table: NodeTable;
  index: number;
  key: string | undefined;
}

/**
 * Each top-level node carries its row, under a symbol of ours: every per-item
 * layer asks for every item's key on every pass (eight times an item per
 * keystroke), and finding a node's row by binary search (each step a cache
 * miss on a large file), then by a WeakMap or a Map of nodes, cost more than
 * the rest of what a replayed item costs. The node objects are those
 * `topLevelNodes` keeps for the tree, so the row goes with them.
 */
const ITEM_ROW = Symbol('yaoxiang.itemRow');
type Carrier = Node & { [ITEM_ROW]?: ItemRow };
const rowedTrees = new WeakSet<Tree>();

function rowOf(node: Node): ItemRow | undefined {
  const carried = (node as Carrier)[ITEM_ROW];
  if (carried || rowedTrees.has(node.tree)) return carried;
  const tree = node.tree;
  rowedTrees.add(tree);
  const table = nodeTableOf(tree);
  let index = table.firstChild(0);
  for (const item of topLevelNodes(tree)) {
    while (index !== -1 && !table.isNamed(index)) index = table.nextSibling(index);
    // Rows and nodes pair up in document order; a node that does not is found by its own row when asked for.
    if (index === -1 || table.nodeId(index) !== item.id >>> 0) break;
    (item as Carrier)[ITEM_ROW] = { table, index, key: undefined };
    index = table.nextSibling(index);
  }
  return (node as Carrier)[ITEM_ROW];
}

/** `node`'s table and row: carried when it is a top-level node, else found by `locate`. */
export function itemRow(node: Node): { table: NodeTable; index: number } {
  return rowOf(node) ?? locate(node);
}

/** `node.type` (a WASM call) read off its table row, for the top-level nodes a pass visits on every keystroke. */
export function itemType(node: Node): NodeType {
  const { table, index } = itemRow(node);
  return table.type(index);
}

/** What decides a statement's subtree: the parser's kind for it and its text. */
export function itemKey(statement: Node): string {
  const row = rowOf(statement);
  if (!row) return keyAt(locate(statement));
  return (row.key ??= keyAt(row));
}

function keyAt({ table, index }: { table: NodeTable; index: number }): string {
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
  // The item's own type is read afresh (an alias comes from its parent), so it must match too.
  if (shared.table.typeId(shared.index) !== table.typeId(index)) return undefined;
  return keysByTable.get(shared.table)?.get(shared.index);
}
