// A tree's top-level items, read off its node table, and each one's memo key,
// made once per tree and shared by every per-item layer. An item is its table
// row: the layers find most items in their memos by key and start, and only
// the few an edit changed are looked inside, so an item's `Node` (a WASM call
// and a marshalled object each, for every item of every version of the file)
// is made only when a layer asks for it. One key string per item also means
// its hash is computed once and each layer's lookup only compares it. (The
// trusted statements among them are listed once per tree by `topLevelStatements`.)
import type { Node, Tree } from 'web-tree-sitter';
import { nodeTableOf, type NodeTable } from '../../syntax/node-table.ts';
import { ownCopy } from '../../syntax/own-text.ts';
import type { NodeType } from '../../syntax/node-type.ts';

const nodesByTree = new WeakMap<Tree, readonly Node[]>();

/** Every named child of the root, broken ones and comments too, listed once per tree (read-only): the items' nodes when many are asked for. */
function topLevelNodes(tree: Tree): readonly Node[] {
  let nodes = nodesByTree.get(tree);
  if (!nodes) nodesByTree.set(tree, (nodes = tree.rootNode.namedChildren.filter((c): c is Node => c !== null)));
  return nodes;
}

/** A top-level node of a tree, as its row in the tree's table. */
export class TopLevelItem {
  readonly tree: Tree;
  readonly table: NodeTable;
  /** The row. */
  readonly index: number;
  /** Its place among the root's named children. */
  readonly ordinal: number;
  #key: string | undefined;
  #node: Node | undefined;

  constructor(tree: Tree, table: NodeTable, index: number, ordinal: number) {
    this.tree = tree;
    this.table = table;
    this.index = index;
    this.ordinal = ordinal;
  }

  get startIndex(): number {
    return this.table.start(this.index);
  }

  get endIndex(): number {
    return this.table.end(this.index);
  }

  get type(): NodeType {
    return this.table.type(this.index);
  }

  /** What decides the item's subtree: the parser's kind for it and its text. */
  get key(): string {
    return (this.#key ??= keyAt(this.table, this.index));
  }

  /** The item's Node, made when first asked for. */
  get node(): Node {
    return (this.#node ??= nodeOf(this));
  }

  /**
   * Where this item's very subtree was an item of an earlier tree (the parser
   * shared it with this tree, so it has the same kind, text and inside), when
   * that tree's items were listed: the serial of that tree's table (0 where
   * there is none) and the item's ordinal there. A memo finds what it kept for
   * that item at its place, without looking up the text. Numbers, not the
   * earlier item: a link to it would hold every earlier tree of an edited file.
   */
  get previousSerial(): number {
    if (!this.#linked) TopLevelItem.#link(itemsOf(this.tree).items);
    return this.#previousSerial;
  }

  get previousOrdinal(): number {
    if (!this.#linked) TopLevelItem.#link(itemsOf(this.tree).items);
    return this.#previousOrdinal;
  }

  #previousSerial = 0;
  #previousOrdinal = -1;
  #linked = false;

  /**
   * Every item's place in the earlier tree at once: each memo asks it of
   * every item on every pass. The table's shared items and both lists of
   * items are in row order, so one walk along each finds them (no search
   * per item).
   */
  static #link(items: readonly TopLevelItem[]): void {
    for (const item of items) item.#linked = true;
    const table = items[0]?.table;
    if (!table) return;
    let at = 0;
    let earlierTable: NodeTable | undefined;
    let earlier: readonly TopLevelItem[] | undefined;
    let earlierAt = 0;
    table.forEachShared((row, oldTable, oldRow) => {
      while (at < items.length && items[at]!.index < row) at++;
      const item = items[at];
      if (item?.index !== row) return;
      if (oldTable !== earlierTable) {
        earlierTable = oldTable;
        earlier = itemsByTable.get(oldTable);
        earlierAt = earlier ? firstAtOrAfter(earlier, oldRow) : 0;
      }
      if (!earlier) return;
      // Runs of one table copy its items in its order; a later run may go back (an item moved): found again by search.
      if (earlierAt < earlier.length && earlier[earlierAt]!.index > oldRow) earlierAt = firstAtOrAfter(earlier, oldRow);
      while (earlierAt < earlier.length && earlier[earlierAt]!.index < oldRow) earlierAt++;
      const before = earlier[earlierAt];
      // The item's own type is read afresh (an alias comes from its parent), so it must match too.
      if (before?.index !== oldRow || oldTable.typeId(oldRow) !== table.typeId(row)) return;
      item.#previousSerial = oldTable.serial;
      item.#previousOrdinal = before.ordinal;
    });
  }
}

interface TreeItems {
  items: readonly TopLevelItem[];
  /** Nodes made one at a time so far: past a few, the root's named children are listed at once. */
  made: number;
}

const itemsByTree = new WeakMap<Tree, TreeItems>();
/** The items listed of each table's tree, by table: where an item finds its place in an earlier tree (`previousSerial`). */
const itemsByTable = new WeakMap<NodeTable, readonly TopLevelItem[]>();

/** Every named child of the root, broken ones and comments too, as items, listed once per tree (read-only). */
export function topLevelItems(tree: Tree): readonly TopLevelItem[] {
  return itemsOf(tree).items;
}

function itemsOf(tree: Tree): TreeItems {
  let known = itemsByTree.get(tree);
  if (!known) {
    const table = nodeTableOf(tree);
    const items: TopLevelItem[] = [];
    for (let row = table.firstChild(0); row !== -1; row = table.nextSibling(row)) if (table.isNamed(row)) items.push(new TopLevelItem(tree, table, row, items.length));
    itemsByTree.set(tree, (known = { items, made: 0 }));
    itemsByTable.set(table, items);
  }
  return known;
}

/** The position of the first of `items` (in row order) at or after `row`. */
function firstAtOrAfter(items: readonly TopLevelItem[], row: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (items[middle]!.index < row) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** One at a time, a node costs the root's children up to it (`namedChild` walks them); the whole list is one call. */
const ONE_AT_A_TIME = 16;

function nodeOf(item: TopLevelItem): Node {
  const id = item.table.nodeId(item.index);
  const listed = nodesByTree.get(item.tree);
  const known = itemsOf(item.tree);
  if (!listed && known.made++ < ONE_AT_A_TIME) {
    const node = item.tree.rootNode.namedChild(item.ordinal);
    if (node && node.id >>> 0 === id) return node;
  }
  const nodes = topLevelNodes(item.tree);
  const node = nodes[item.ordinal];
  if (node && node.id >>> 0 === id) return node;
  // The table and the Node API list the same children; should they ever not, the node is found by its id.
  const found = nodes.find((n) => n.id >>> 0 === id);
  if (!found) throw new RangeError(`top-level node ${item.type} at ${item.startIndex} is not among the root's named children`);
  return found;
}

/** Per table (so per tree): each top-level node's key by its index. */
const keysByTable = new WeakMap<NodeTable, Map<number, string>>();

function keyAt(table: NodeTable, index: number): string {
  let keys = keysByTable.get(table);
  if (!keys) keysByTable.set(table, (keys = new Map<number, string>()));
  let key = keys.get(index);
  if (key === undefined) keys.set(index, (key = sharedKey(table, index) ?? ownCopy(`${table.type(index)}\u0000${table.text(index)}`)));
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
