// A tree's top-level nodes and each one's memo key, made once per tree and
// shared by every per-item layer. Listing the root's children through the
// Node API marshals a Node per item, and reading a node's type and text costs
// WASM calls: each layer paid both again. One key string per item also means
// its hash is computed once and each layer's lookup only compares it.
// (The trusted statements among them are listed once per tree by
// `topLevelStatements`.)
import type { Node, Tree } from 'web-tree-sitter';
import { locate, nodeTableOf, type NodeTable } from '../../syntax/node-table.ts';

const nodesByTree = new WeakMap<Tree, readonly Node[]>();

/** Every named child of the root, broken ones and comments too, listed once per tree (read-only). */
export function topLevelNodes(tree: Tree): readonly Node[] {
  let nodes = nodesByTree.get(tree);
  if (!nodes) nodesByTree.set(tree, (nodes = tree.rootNode.namedChildren.filter((c): c is Node => c !== null)));
  return nodes;
}

/** Per table (so per tree): each top-level node's key by its index. */
const keysByTable = new WeakMap<NodeTable, Map<number, string>>();
/**
 * Each top-level node's key, by the node: every per-item layer asks for every
 * item's key on every pass, and finding a node's row (a binary search of a
 * file's rows, each step a cache miss on a large file) cost more than the rest.
 */
const keysByNode = new WeakMap<Node, string>();
const keyedTrees = new WeakSet<Tree>();

/** What decides a statement's subtree: the parser's kind for it and its text. */
export function itemKey(statement: Node): string {
  let key = keysByNode.get(statement);
  if (key === undefined) {
    if (!keyedTrees.has(statement.tree)) {
      keyedTrees.add(statement.tree);
      keyTopLevel(statement.tree);
      key = keysByNode.get(statement);
    }
    if (key === undefined) keysByNode.set(statement, (key = keyAt(locate(statement))));
  }
  return key;
}

/** Keys every top-level node of `tree`, pairing the root's named children with the table's in order. */
function keyTopLevel(tree: Tree): void {
  const nodes = topLevelNodes(tree);
  const table = nodeTableOf(tree);
  let row = table.firstChild(0);
  for (const node of nodes) {
    while (row !== -1 && !table.isNamed(row)) row = table.nextSibling(row);
    // Rows and nodes pair up in document order; a node that does not is keyed by its own row when asked for.
    if (row === -1 || table.nodeId(row) !== node.id >>> 0) return;
    keysByNode.set(node, keyAt({ table, index: row }));
    row = table.nextSibling(row);
  }
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
