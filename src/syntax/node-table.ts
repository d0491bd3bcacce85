// Every node of a tree in one flat table, built by one cursor walk: type and
// field ids, parent links and subtree ends, ranges and flags in typed arrays,
// indexed in document (pre-)order, so index i's descendants are i+1 up to
// `subtreeEnd(i)`. Passes that would each walk the tree again through `Node`
// objects (a WASM call and a marshalled object per visit) read the table
// instead; a pass that must hand a `Node` on finds it with `indexOf`.
// Text is sliced from the source only when asked for.
import type { Language, Node, Tree } from 'web-tree-sitter';
import { cursorSteps, subtreeAt } from './cursor-steps.ts';
import type { NodeType } from './node-type.ts';
import { ownText } from './own-text.ts';

/** The type id tree-sitter gives ERROR nodes. */
const ERROR_TYPE_ID = 0xffff;

const NAMED = 1;
const MISSING = 2;
const HAS_ERROR = 4;

/** A language's type names by id, and each name's one canonical id (aliases of a name share it). */
interface TypeIds {
  names: readonly string[];
  /** Canonical id of each raw id below `names.length`. */
  canonical: Uint16Array;
  named: Uint8Array;
  byName: ReadonlyMap<string, number>;
  fieldNames: readonly (string | null)[];
  fieldIds: ReadonlyMap<string, number>;
}

const typeIdsByLanguage = new WeakMap<Language, TypeIds>();

function typeIdsOf(language: Language): TypeIds {
  let known = typeIdsByLanguage.get(language);
  if (known) return known;
  const count = language.nodeTypeCount;
  const names: string[] = [];
  const canonical = new Uint16Array(count);
  const named = new Uint8Array(count);
  const byName = new Map<string, number>();
  for (let id = 0; id < count; id++) {
    const name = language.types[id] ?? 'ERROR';
    names.push(name);
    named[id] = language.nodeTypeIsNamed(id) ? 1 : 0;
    if (!byName.has(name)) byName.set(name, id);
    canonical[id] = byName.get(name)!;
  }
  byName.set('ERROR', ERROR_TYPE_ID);
  const fieldIds = new Map<string, number>();
  language.fields.forEach((name, id) => {
    if (name) fieldIds.set(name, id);
  });
  known = { names, canonical, named, byName, fieldNames: language.fields, fieldIds };
  typeIdsByLanguage.set(language, known);
  return known;
}

let tablesMade = 0;

export class NodeTable {
  readonly count: number;
  /** This table's number among those made, which tells tables apart without holding one (a memo's last pass compares it). */
  readonly serial = ++tablesMade;
  /** Rows copied from a retained table rather than walked: for tests and benchmarks. */
  reusedRows = 0;
  /** Top-level items whose rows were copied, and from where. */
  /** The runs of top-level items whose rows were copied, in row order: where each came from (`sharedWith`). */
  #runs: SharedRun[] = [];
  readonly #types: TypeIds;
  /** Top-level items in a row, while this table is built, not found where the last shared one said. */
  #misses = 0;
  readonly #type: Uint16Array;
  readonly #field: Uint16Array;
  readonly #flags: Uint8Array;
  readonly #parent: Int32Array;
  readonly #subtreeEnd: Int32Array;
  readonly #start: Uint32Array;
  readonly #end: Uint32Array;
  readonly #id: Uint32Array;
  readonly #source: string;
  readonly #sourceOffset: number;

  /**
   * `source` is the text the tree was parsed from, or any slice of it that
   * starts at `sourceOffset` and covers the root. `reuse`: copy the rows of
   * top-level items shared with a retained table (`nodeTableOf` does).
   */
  constructor(tree: Tree, source: string, sourceOffset = 0, publicOnly = false, reuse = false) {
    this.#types = typeIdsOf(tree.language);
    this.#source = source;
    this.#sourceOffset = sourceOffset;
    const count = tree.rootNode.descendantCount;
    this.count = count;
    this.#type = new Uint16Array(count);
    this.#field = new Uint16Array(count);
    this.#flags = new Uint8Array(count);
    this.#parent = new Int32Array(count);
    this.#subtreeEnd = new Int32Array(count);
    this.#start = new Uint32Array(count);
    this.#end = new Uint32Array(count);
    this.#id = new Uint32Array(count);
    this.#fill(tree, publicOnly, reuse);
  }

  #fill(tree: Tree, publicOnly: boolean, reuse: boolean): void {
    const { canonical, named } = this.#types;
    const checkMissing = tree.rootNode.hasError;
    const steps = cursorSteps(tree, publicOnly);
    // open[d]: the index of the node the walk is inside at depth d.
    const open: number[] = [];
    const runs = this.#runs;
    // The rows copied rather than walked, as [first, end) pairs in order: the fix-ups below skip them.
    const copiedRows: number[] = [];
    try {
      let depth = 0;
      let index = 0;
      let previousSibling = -1;
      walk: for (;;) {
        const raw = steps.typeId();
        const type = raw < canonical.length ? canonical[raw]! : raw;
        this.#type[index] = type;
        this.#field[index] = steps.fieldId();
        const start = steps.startIndex();
        this.#start[index] = start;
        const id = steps.nodeId();
        this.#id[index] = id;
        this.#parent[index] = depth === 0 ? -1 : open[depth - 1]!;
        // A top-level item an earlier tree shares with this one: its descendants' rows are copied, not walked.
        const copied = depth === 1 && reuse && retainedTables.length > 0 ? this.#shareItem(steps.subtreeOf(id), index, runs) : 0;
        let flags = type === ERROR_TYPE_ID || (raw < named.length && named[raw] === 1) ? NAMED : 0;
        // A shared item has descendants, so it is no MISSING leaf; its end is copied with its descendants (#copyRun).
        if (checkMissing && copied === 0 && steps.isMissing()) flags |= MISSING;
        if (type === ERROR_TYPE_ID || flags & MISSING) flags |= HAS_ERROR;
        this.#flags[index] = flags;
        if (copied === 0) this.#end[index] = steps.endIndex();
        // A node's subtree ends where its next sibling starts; the last child's is set below from its parent's.
        if (previousSibling !== -1) this.#subtreeEnd[previousSibling] = index;
        open[depth] = index++;
        if (copied > 0) copiedRows.push(index, index + copied);
        index += copied;
        this.reusedRows += copied;
        if (index === this.count) break;
        if (copied === 0 && steps.gotoFirstChild()) {
          depth++;
          previousSibling = -1;
          continue;
        }
        while (!steps.gotoNextSibling()) {
          if (depth === 0 || !steps.gotoParent()) break walk;
          depth--;
        }
        previousSibling = open[depth]!;
      }
    } finally {
      steps.done();
    }
    for (const run of runs) this.#copyRun(run);
    // Parents come before children: a last child's subtree ends where its parent's does. Copied rows are whole already.
    this.#subtreeEnd[0] = this.count;
    // (The next copied range's bound is kept in a variable: no read past the list's end on each of a million rows.)
    let k = 0;
    let nextCopied = copiedRows.length > 0 ? copiedRows[0]! : -1;
    for (let i = 1; i < this.count; i++) {
      if (i === nextCopied) {
        i = copiedRows[k + 1]! - 1;
        k += 2;
        nextCopied = k < copiedRows.length ? copiedRows[k]! : -1;
      } else if (this.#subtreeEnd[i] === 0) {
        this.#subtreeEnd[i] = this.#subtreeEnd[this.#parent[i]!]!;
      }
    }
    // Errors reach every ancestor; within a copied item they did in its old table (its own row takes them in #copyRun).
    k = copiedRows.length - 2;
    let lastCopied = k >= 0 ? copiedRows[k + 1]! - 1 : -1;
    for (let i = this.count - 1; i > 0; i--) {
      if (i === lastCopied) {
        i = copiedRows[k]!;
        k -= 2;
        lastCopied = k >= 0 ? copiedRows[k + 1]! - 1 : -1;
      } else if (this.#flags[i]! & HAS_ERROR) {
        this.#flags[this.#parent[i]!]! |= HAS_ERROR;
      }
    }
  }

  /**
   * When the top-level item at row `item`, whose subtree is at `subtree`, is
   * a subtree a retained table holds, notes that its descendants' rows are to
   * be copied from there (after the walk, in `runs`) and returns how many
   * there are; else 0.
   *
   * The retained table's tree is alive (its copy holds it), so no other
   * subtree can be at the address of one of its blocks: an item whose slot
   * holds that address is the very subtree recorded, shared by the parser
   * with this tree, its descendants at the same offsets from its start. Its
   * own row was read afresh: its type (an alias), field and place come from
   * its parent, which is new.
   */
  #shareItem(subtree: number, item: number, runs: SharedRun[]): number {
    if (subtree === 0) return 0;
    let old: NodeTable | undefined;
    let index: number | undefined;
    // Where the item most likely was: after the last one shared, or after the one edited after it
    // (the first two: the newest table's first two). No map of every item is made for a keystroke.
    const last = runs[runs.length - 1];
    const guessed = last?.old ?? retainedTables[retainedTables.length - 1]!.table;
    // Two numbers, not an array of them: this runs for each of the file's items.
    const first = last ? last.oldEnd : guessed.firstChild(0);
    const second = (last ? last.old.#subtreeEnd[last.oldEnd] : guessed.#subtreeEnd[first]) ?? -1;
    index = guessed.#holdsItem(first, subtree) ? first : guessed.#holdsItem(second, subtree) ? second : undefined;
    if (index !== undefined) old = guessed;
    // Else, once two items in a row were not where expected (an edit that added or removed items), by address,
    // the newest retained table first: a subtree an edited tree shares with the one before is in both.
    this.#misses = index === undefined ? this.#misses + 1 : 0;
    for (let k = retainedTables.length - 1; k >= 0 && index === undefined && this.#misses > 1; k--) {
      old = retainedTables[k]!.table;
      index = itemsByAddress(retainedTables[k]!).get(subtree);
    }
    if (index === undefined || !old || old.#types !== this.#types) return 0;
    const size = old.#subtreeEnd[index]! - index - 1;
    if (size === 0 || item + 1 + size > this.count) return 0;
    // Items next to each other in both tables, moved by as much, are copied as one block.
    const delta = this.#start[item]! - old.#start[index]!;
    if (last && last.old === old && last.oldEnd === index && last.newEnd === item && last.delta === delta) {
      last.oldEnd += size + 1;
      last.newEnd += size + 1;
      last.items.push(item);
    } else {
      runs.push({ old, oldStart: index, oldEnd: index + size + 1, newEnd: item + size + 1, delta, items: [item] });
    }
    return size;
  }

  /** Whether row `row` is a top-level item whose subtree is at `subtree`. */
  #holdsItem(row: number, subtree: number): boolean {
    return row > 0 && row < this.count && this.#parent[row] === 0 && subtreeAt(this.#id[row]!) === subtree;
  }

  /**
   * A run's rows copied from its table: the items' descendants, and the items'
   * own rows too, which are then read again from what the walk wrote (their
   * parent is this root; an item's type is an alias its parent gives).
   */
  #copyRun(run: SharedRun): void {
    const { old, oldStart, oldEnd, delta, items } = run;
    const at = items[0]!;
    const shift = at - oldStart;
    // The items' own rows as the walk wrote them, five numbers each (no array per item: a run can hold thousands).
    const kept = new Uint32Array(5 * items.length);
    for (let n = 0; n < items.length; n++) {
      const i = items[n]!;
      kept[5 * n] = this.#type[i]!;
      kept[5 * n + 1] = this.#field[i]!;
      kept[5 * n + 2] = this.#flags[i]!;
      kept[5 * n + 3] = this.#id[i]!;
      kept[5 * n + 4] = this.#parent[i]!;
    }
    this.#type.set(old.#type.subarray(oldStart, oldEnd), at);
    this.#field.set(old.#field.subarray(oldStart, oldEnd), at);
    this.#flags.set(old.#flags.subarray(oldStart, oldEnd), at);
    this.#id.set(old.#id.subarray(oldStart, oldEnd), at);
    this.#start.set(old.#start.subarray(oldStart, oldEnd), at);
    this.#end.set(old.#end.subarray(oldStart, oldEnd), at);
    this.#parent.set(old.#parent.subarray(oldStart, oldEnd), at);
    this.#subtreeEnd.set(old.#subtreeEnd.subarray(oldStart, oldEnd), at);
    const end = at + oldEnd - oldStart;
    if (delta !== 0) {
      for (let j = at; j < end; j++) {
        this.#start[j]! += delta;
        this.#end[j]! += delta;
      }
    }
    if (shift !== 0) {
      for (let j = at; j < end; j++) {
        this.#parent[j]! += shift;
        this.#subtreeEnd[j]! += shift;
      }
    }
    for (let n = 0; n < items.length; n++) {
      const i = items[n]!;
      this.#type[i] = kept[5 * n]!;
      this.#field[i] = kept[5 * n + 1]!;
      // An error among the item's descendants marked its row in its old table: that mark stays.
      this.#flags[i] = kept[5 * n + 2]! | (this.#flags[i]! & HAS_ERROR);
      this.#id[i] = kept[5 * n + 3]!;
      this.#parent[i] = kept[5 * n + 4]!;
    }
  }

  /** The id the table gives `type` (compare with `typeId(i)`); -1 when the language has no such type. */
  idOf(type: NodeType): number {
    return this.#types.byName.get(type) ?? -1;
  }

  /** The id of field `name`; -1 when the language has no such field. */
  fieldIdOf(name: string): number {
    return this.#types.fieldIds.get(name) ?? -1;
  }

  typeId(i: number): number {
    return this.#type[i]!;
  }

  /** How many type ids the language has (below ERROR's): what a pass that classifies every id loops over. */
  get typeCount(): number {
    return this.#types.names.length;
  }

  /** The name of type id `id`. */
  typeName(id: number): string {
    return id === ERROR_TYPE_ID ? 'ERROR' : this.#types.names[id] ?? 'ERROR';
  }

  type(i: number): NodeType {
    const id = this.#type[i]!;
    return (id === ERROR_TYPE_ID ? 'ERROR' : this.#types.names[id]!) as NodeType;
  }

  fieldId(i: number): number {
    return this.#field[i]!;
  }

  /** The field name under which node i sits in its parent, or null. */
  field(i: number): string | null {
    return this.#types.fieldNames[this.#field[i]!] ?? null;
  }

  isNamed(i: number): boolean {
    return (this.#flags[i]! & NAMED) !== 0;
  }

  isMissing(i: number): boolean {
    return (this.#flags[i]! & MISSING) !== 0;
  }

  isError(i: number): boolean {
    return this.#type[i] === ERROR_TYPE_ID;
  }

  /** Node i is or holds an ERROR or MISSING node (`Node.hasError`). */
  hasError(i: number): boolean {
    return (this.#flags[i]! & HAS_ERROR) !== 0;
  }

  /** -1 for the root. */
  parent(i: number): number {
    return this.#parent[i]!;
  }

  /** -1 when node i has no children. */
  firstChild(i: number): number {
    return i + 1 < this.count && this.#parent[i + 1] === i ? i + 1 : -1;
  }

  /** -1 when node i is its parent's last child. */
  nextSibling(i: number): number {
    const after = this.#subtreeEnd[i]!;
    return after < this.count && this.#parent[after] === this.#parent[i] ? after : -1;
  }

  /** The index after node i's last descendant: its descendants are `i + 1` up to this. */
  subtreeEnd(i: number): number {
    return this.#subtreeEnd[i]!;
  }

  /** The first named child of node i, or -1. */
  firstNamedChild(i: number): number {
    for (let c = this.firstChild(i); c !== -1; c = this.nextSibling(c)) if (this.#flags[c]! & NAMED) return c;
    return -1;
  }

  /** The first child of node i in field `fieldId` (`childForFieldName`), or -1. */
  childInField(i: number, fieldId: number): number {
    for (let c = this.firstChild(i); c !== -1; c = this.nextSibling(c)) if (this.#field[c] === fieldId) return c;
    return -1;
  }

  /** The first child of node i with type id `typeId`, or -1. */
  childOfType(i: number, typeId: number): number {
    for (let c = this.firstChild(i); c !== -1; c = this.nextSibling(c)) if (this.#type[c] === typeId) return c;
    return -1;
  }

  start(i: number): number {
    return this.#start[i]!;
  }

  end(i: number): number {
    return this.#end[i]!;
  }

  /** A name-sized text is a string of its own, not a view that holds the source (own-text.ts). */
  text(i: number): string {
    return ownText(this.#source.slice(this.#start[i]! - this.#sourceOffset, this.#end[i]! - this.#sourceOffset));
  }

  /**
   * Where top-level item i's subtree is the very subtree of an earlier
   * tree's item (its rows were copied from that table): that table and index.
   * What is kept per item of the earlier tree holds for this one.
   */
  /**
   * Every top-level item this table copied from a retained one, in row
   * order: its row, and its table and row there (what `sharedWith` says of
   * each, without a search per item).
   */
  forEachShared(callback: (row: number, table: NodeTable, oldRow: number) => void): void {
    for (const run of this.#runs) {
      const first = run.items[0]!;
      for (const row of run.items) callback(row, run.old, run.oldStart + (row - first));
    }
  }

  sharedWith(i: number): { table: NodeTable; index: number } | undefined {
    // The run whose rows hold row i; its rows were copied in one block, so its old row is as far from the run's first.
    const runs = this.#runs;
    let low = 0;
    let high = runs.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (runs[middle]!.newEnd <= i) low = middle + 1;
      else high = middle;
    }
    const run = runs[low];
    if (!run || this.#parent[i] !== 0) return undefined;
    const first = run.items[0]!;
    return i >= first ? { table: run.old, index: run.oldStart + (i - first) } : undefined;
  }

  /** Drops the links to earlier tables, so that a chain of edited trees' tables does not keep every one of them alive. */
  forgetShared(): void {
    this.#runs = [];
  }

  /** The tree-sitter id of node i (what `Node.id` says). */
  nodeId(i: number): number {
    return this.#id[i]!;
  }

  /** Node i's position among its parent's children (`parent.children[position]` is its Node). */
  childPosition(i: number): number {
    let position = 0;
    for (let c = this.firstChild(this.#parent[i]!); c !== i && c !== -1; c = this.nextSibling(c)) position++;
    return position;
  }

  /** The Node of node i's child `child`, given node i as `node`: one `children` call, cached on `node`. */
  childNode(node: Node, child: number): Node | null {
    return child === -1 ? null : node.children[this.childPosition(child)] ?? null;
  }

  /** The index of `node` (a node of this table's tree), or -1. */
  indexOf(node: Node): number {
    const start = node.startIndex;
    const id = node.id >>> 0;
    // Starts never decrease in document order: the nodes starting where `node` does are one run.
    let low = 0;
    let high = this.count;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.#start[middle]! < start) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < this.count && this.#start[i] === start; i++) if (this.#id[i] === id) return i;
    return -1;
  }
}

/** Top-level items copied from one retained table: its rows `oldStart` to `oldEnd`, to follow row `items[0]` on, their starts moved by `delta`. */
interface SharedRun {
  old: NodeTable;
  oldStart: number;
  oldEnd: number;
  /** The row after the run in the new table. */
  newEnd: number;
  delta: number;
  items: number[];
}

const tables = new WeakMap<Tree, NodeTable>();

/**
 * The Node of row `i` of `tree`'s table: down from the root, one child at a
 * time along the row's ancestors. For the few rows a pass must hand on as
 * `Node`s (a call in the visible range), not for a walk.
 */
export function nodeAt(tree: Tree, i: number): Node {
  const table = nodeTableOf(tree);
  const path: number[] = [];
  for (let row = i; row > 0; row = table.parent(row)) path.push(table.childPosition(row));
  let node = tree.rootNode;
  for (let k = path.length - 1; k >= 0; k--) {
    const child = node.child(path[k]!);
    if (!child) throw new RangeError(`row ${i} (${table.type(i)} at ${table.start(i)}) is not in its tree`);
    node = child;
  }
  return node;
}

/** `node`'s tree's table and its index there. */
export function locate(node: Node): { table: NodeTable; index: number } {
  const table = nodeTableOf(node.tree);
  return { table, index: table.indexOf(node) };
}

/** The table of `of`'s tree and the index range of `of`'s subtree (the whole table for a tree). */
export function subtreeOf(of: Tree | Node): { table: NodeTable; first: number; end: number } {
  if ('rootNode' in of) {
    const table = nodeTableOf(of);
    return { table, first: 0, end: table.count };
  }
  const { table, index } = locate(of);
  if (index === -1) throw new RangeError(`node ${of.type} at ${of.startIndex} is not in its tree's table`);
  return { table, first: index, end: table.subtreeEnd(index) };
}

/**
 * The last few large tables built, each with a copy of its tree that keeps the
 * tree's blocks alive (so no later tree can hold a block at one of their
 * addresses unless it shares that very block), and their top-level items by
 * the address of each item's subtree. A keystroke's new tree shares all but the
 * edited items with the tree before it: its table copies their rows.
 */
interface RetainedTable {
  table: NodeTable;
  keepAlive: Tree;
  /** Its top-level items with descendants, by the address of each one's subtree: made when an item is not where expected. */
  items: Map<number, number> | undefined;
}
const retainedTables: RetainedTable[] = [];
/** Two: an edited document's latest table, and the one before while the next is built from it. */
const RETAINED_TABLES = 2;
/** A smaller tree is walked afresh in well under a millisecond. */
let retainFromNodes = 4096;

/**
 * Retains the tables of trees from `rows` rows on (0: every table) and gives
 * the threshold before. For tests and the fuzzer: a small file's edited tree
 * then shares its items with the one before, as a large file's does, so the
 * memos' reuse by place is exercised on every program they edit.
 */
export function retainTablesFrom(rows: number): number {
  const before = retainFromNodes;
  retainFromNodes = rows;
  return before;
}

function retain(tree: Tree, table: NodeTable): void {
  if (table.count < retainFromNodes) return;
  retainedTables.push({ table, keepAlive: tree.copy(), items: undefined });
  while (retainedTables.length > RETAINED_TABLES) {
    const evicted = retainedTables.shift()!;
    evicted.table.forgetShared();
    evicted.keepAlive.delete();
  }
}

function itemsByAddress(retained: RetainedTable): Map<number, number> {
  if (retained.items) return retained.items;
  const { table } = retained;
  const items = new Map<number, number>();
  for (let item = table.firstChild(0); item !== -1; item = table.nextSibling(item)) {
    const subtree = subtreeAt(table.nodeId(item));
    if (subtree !== 0 && table.firstChild(item) !== -1) items.set(subtree, item);
  }
  retained.items = items;
  return items;
}

/**
 * The table of `tree`, built on first use and kept while the tree lives.
 * Trees are never edited after analysis here (SyntaxDocument edits the old
 * tree only to reparse it, then deletes it), so a kept table stays true.
 * `text` is the source; without it the root's text is read once.
 */
export function nodeTableOf(tree: Tree, text?: string): NodeTable {
  let table = tables.get(tree);
  if (!table) {
    const root = tree.rootNode;
    table = text !== undefined ? new NodeTable(tree, text, 0, false, true) : new NodeTable(tree, root.text, root.startIndex, false, true);
    tables.set(tree, table);
    retain(tree, table);
  }
  return table;
}
