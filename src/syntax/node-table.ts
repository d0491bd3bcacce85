// Every node of a tree in one flat table, built by one cursor walk: type and
// field ids, parent links and subtree ends, ranges and flags in typed arrays,
// indexed in document (pre-)order, so index i's descendants are i+1 up to
// `subtreeEnd(i)`. Passes that would each walk the tree again through `Node`
// objects (a WASM call and a marshalled object per visit) read the table
// instead; a pass that must hand a `Node` on finds it with `indexOf`.
// Text is sliced from the source only when asked for.
import type { Language, Node, Tree } from 'web-tree-sitter';
import { cursorSteps, subtreeAt, type CursorSteps } from './cursor-steps.ts';
import { readEdgeItems, readHeapItems } from './heap-items.ts';
import type { NodeType } from './node-type.ts';
import { ownText } from './own-text.ts';
import { countAtMost } from './sorted.ts';

/** The type id tree-sitter gives ERROR nodes. */
const ERROR_TYPE_ID = 0xffff;

/** Bytes of a row over every column (node-table's block). */
const BYTES_PER_ROW = 25;
/**
 * The share of new top-level items beyond which a table is walked whole
 * rather than built from the heap's items: each new item is found from the
 * root and walked on its own, which costs more than the one walk once most
 * are new (a file opened, or pasted over).
 */
const MAX_WALKED_SHARE = 0.25;

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
  /** Whether the rows were laid out from the top-level items read off the WASM heap (#fillByItems): for tests and benchmarks. */
  fromHeapItems = false;
  /** The runs of top-level items whose rows were copied, in row order: where each came from (`sharedWith`). */
  #runs: SharedRun[] = [];
  readonly #types: TypeIds;
  /** Top-level items' rows and subtree addresses (#itemList): what the next table's items are compared with. */
  #items: { rows: Uint32Array; subtrees: Uint32Array } | undefined;
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
    // One block for every column, not zeroed: each row is written whole, by the walk or a copy,
    // and subtree ends are cleared where the walk leaves them for later (#walk). A keystroke on
    // 100,000 lines makes a 24 MB table, whose zeroing alone cost 4–6 ms.
    const block = Buffer.allocUnsafeSlow(BYTES_PER_ROW * count).buffer;
    let at = 0;
    const column = <T>(make: new (buffer: ArrayBuffer, offset: number, length: number) => T, bytes: number): T => {
      const array = new make(block, at, count);
      at += bytes * count;
      return array;
    };
    this.#start = column(Uint32Array, 4);
    this.#end = column(Uint32Array, 4);
    this.#id = column(Uint32Array, 4);
    this.#parent = column(Int32Array, 4);
    this.#subtreeEnd = column(Int32Array, 4);
    this.#type = column(Uint16Array, 2);
    this.#field = column(Uint16Array, 2);
    this.#flags = column(Uint8Array, 1);
    this.#fill(tree, publicOnly, reuse);
  }

  #fill(tree: Tree, publicOnly: boolean, reuse: boolean): void {
    const runs = this.#runs;
    // The rows copied rather than walked, as [first, end) pairs in order: the fix-ups below skip them.
    const copiedRows: number[] = [];
    let sharing = reuse && retainedTables.length > 0;
    const filled = sharing && !publicOnly ? this.#fillByItems(tree, copiedRows) : 'walk, sharing';
    this.fromHeapItems = filled === 'done';
    if (filled === 'walk afresh') sharing = false;
    if (!this.fromHeapItems) {
      runs.length = 0;
      copiedRows.length = 0;
      this.reusedRows = 0;
      this.#misses = 0;
      this.#subtreeEnd.fill(0);
      // Read before the walk begins: a walk's cursor lives in the transfer buffer any other tree call overwrites (cursor-steps.ts).
      const checkMissing = tree.rootNode.hasError;
      const steps = cursorSteps(tree, publicOnly);
      try {
        this.#walk(steps, 0, -1, sharing, checkMissing, copiedRows);
      } finally {
        steps.done();
      }
    }
    if (!this.fromHeapItems) for (const run of runs) this.#copyRun(run);
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
   * A cursor walk from the node `steps` is on, written from row `index` on,
   * that node's parent being `rootParent`: the whole tree from its root, or
   * one top-level item. With `share`, each top-level item an earlier tree
   * shares (depth 1 of a walk from the root) is noted to be copied rather than
   * walked. Returns the row after the walk's last.
   */
  #walk(steps: CursorSteps, index: number, rootParent: number, share: boolean, checkMissing: boolean, copiedRows: number[]): number {
    const { canonical, named } = this.#types;
    // open[d]: the index of the node the walk is inside at depth d.
    const open: number[] = [];
    const runs = this.#runs;
    const shareDepth = share && rootParent === -1 ? 1 : -1;
    let depth = 0;
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
      this.#parent[index] = depth === 0 ? rootParent : open[depth - 1]!;
      // A top-level item an earlier tree shares with this one: its descendants' rows are copied, not walked.
      const copied = depth === shareDepth ? this.#shareItem(steps.subtreeOf(id), index, runs) : 0;
      // A shared item has descendants, so it is no MISSING leaf; its end is copied with its descendants (#copyRun).
      this.#flags[index] = flagsOf(type, raw, named, checkMissing && copied === 0 && steps.isMissing());
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
    return index;
  }

  /**
   * Fills the table from the top-level items read off the WASM heap
   * (heap-items.ts) when few enough of them are new: the rows of each item
   * the newest retained table holds too are copied from there, each other
   * item is walked from its own node. Else, with nothing to keep of what was
   * written, how the cursor should walk the whole tree instead: sharing
   * items as it finds them where the heap cannot be read or too many items
   * are new, afresh where the tree shares neither edge with the newest table
   * (parsed anew: every item would be looked for in vain).
   *
   * An item is looked for where the last one found says it should be, then
   * one further (an item added or removed), then by its address. A shared
   * item's row is its old row but for its id (its slot is in the parser's new
   * spine of hidden nodes) and its parent: no production on the way to the
   * root has fields or aliases (heap-items.ts gives up otherwise), so its
   * type, field and flags are its subtree's, unchanged.
   */
  #fillByItems(tree: Tree, copiedRows: number[]): FillByItems {
    const retained = retainedTables[retainedTables.length - 1]!;
    const old = retained.table;
    if (old.#types !== this.#types) return 'walk, sharing';
    const oldItems = old.#itemList();
    const oldCount = oldItems.rows.length;
    // A tree parsed afresh (a file opened, another text) shares neither its first item nor its last with the newest table: not worth reading.
    const edges = readEdgeItems(tree);
    if (!edges) return 'walk, sharing';
    const sharesAnEdge = (edges.first > 0 && edges.first === firstNonZero(oldItems.subtrees, 1)) || (edges.last > 0 && edges.last === firstNonZero(oldItems.subtrees, -1));
    if (!sharesAnEdge) return 'walk afresh';
    const items = readHeapItems(tree);
    if (!items) return 'walk, sharing';
    const { canonical, named } = this.#types;
    const runs = this.#runs;
    const checkMissing = tree.rootNode.hasError;
    const maxWalked = Math.max(16, MAX_WALKED_SHARE * items.count);
    const rows = new Uint32Array(items.count);
    // Items not shared, to be walked (with descendants) or written (leaves), as [ordinal, row] pairs.
    const walked: number[] = [];
    const leaves: number[] = [];
    let row = 1;
    let expected = 0;
    let misses = 0;
    let run: SharedRun | undefined;
    for (let k = 0; k < items.count; k++) {
      rows[k] = row;
      const descendants = items.descendants[k]!;
      const next = row + 1 + descendants;
      if (next > this.count) return 'walk, sharing';
      const subtree = items.subtree[k]!;
      if (descendants === 0) {
        leaves.push(k, row);
        // A leaf (a comment, a `;`) where the old table had a leaf too: the items after it follow on there.
        if (expected < oldCount && old.#subtreeEnd[oldItems.rows[expected]!] === oldItems.rows[expected]! + 1) expected++;
        row = next;
        continue;
      }
      let found = -1;
      if (expected < oldCount && oldItems.subtrees[expected] === subtree) found = expected;
      else if (expected + 1 < oldCount && oldItems.subtrees[expected + 1] === subtree) found = expected + 1;
      else if (misses > 0) {
        // By address; the map gives the row, and the rows are in order.
        const at = itemsByAddress(retained).get(subtree);
        found = at === undefined ? -1 : countAtMost(oldItems.rows, at) - 1;
      }
      const oldRow = found === -1 ? -1 : oldItems.rows[found]!;
      if (oldRow === -1 || old.#subtreeEnd[oldRow]! - oldRow - 1 !== descendants) {
        misses++;
        if (walked.length >= 2 * maxWalked) return 'walk, sharing';
        walked.push(k, row);
        row = next;
        continue;
      }
      misses = 0;
      expected = found + 1;
      const delta = items.start[k]! - old.#start[oldRow]!;
      if (run && run.oldEnd === oldRow && run.newEnd === row && run.delta === delta) {
        run.oldEnd += descendants + 1;
        run.newEnd = next;
        run.items.push(row);
      } else {
        run = { old, oldStart: oldRow, oldEnd: oldRow + descendants + 1, newEnd: next, delta, items: [row] };
        runs.push(run);
      }
      copiedRows.push(row + 1, next);
      this.reusedRows += descendants;
      row = next;
    }
    if (row !== this.count) return 'walk, sharing';
    for (const shared of runs) this.#copyRows(shared);
    for (const shared of runs) {
      for (const item of shared.items) this.#parent[item] = 0;
    }
    // The shared items' new ids (the copy gave them their old ones): every item's, the others' being written again below.
    for (let k = 0; k < items.count; k++) this.#id[rows[k]!] = items.id[k]!;
    const root = items.root;
    this.#writeRow(0, root.symbol, canonical, named, root.start, root.end, root.id, -1, false);
    for (let n = 0; n < leaves.length; n += 2) {
      const k = leaves[n]!;
      const at = leaves[n + 1]!;
      this.#writeRow(at, items.symbol[k]!, canonical, named, items.start[k]!, items.end[k]!, items.id[k]!, 0, checkMissing && items.missing[k] === 1);
      this.#subtreeEnd[at] = at + 1;
    }
    this.#items = { rows, subtrees: items.subtree };
    if (walked.length === 0) return 'done';
    const rootNode = tree.rootNode;
    for (let n = 0; n < walked.length; n += 2) {
      const item = walked[n + 1]!;
      const end = item + 1 + items.descendants[walked[n]!]!;
      this.#subtreeEnd[item] = end;
      this.#subtreeEnd.fill(0, item + 1, end);
      const node = rootNode.child(walked[n]!);
      if (!node) return 'walk, sharing';
      const steps = cursorSteps(tree, false, node);
      try {
        if (this.#walk(steps, item, 0, false, checkMissing, copiedRows) !== end) return 'walk, sharing';
      } finally {
        steps.done();
      }
    }
    return 'done';
  }

  /** This table's top-level items: their rows, and the addresses of their subtrees (0 for an inline leaf), read once. */
  #itemList(): { rows: Uint32Array; subtrees: Uint32Array } {
    if (this.#items) return this.#items;
    let count = 0;
    for (let item = this.firstChild(0); item !== -1; item = this.nextSibling(item)) count++;
    const rows = new Uint32Array(count);
    const subtrees = new Uint32Array(count);
    let k = 0;
    for (let item = this.firstChild(0); item !== -1; item = this.nextSibling(item), k++) {
      rows[k] = item;
      subtrees[k] = subtreeAt(this.#id[item]!);
    }
    this.#items = { rows, subtrees };
    return this.#items;
  }

  /** A row read off the heap: its type from tree-sitter's symbol (aliases are not read there: heap-items.ts gives up on them). */
  #writeRow(row: number, symbol: number, canonical: Uint16Array, named: Uint8Array, start: number, end: number, id: number, parent: number, missing: boolean): void {
    const type = symbol < canonical.length ? canonical[symbol]! : symbol;
    this.#type[row] = type;
    this.#field[row] = 0;
    this.#flags[row] = flagsOf(type, symbol, named, missing);
    this.#start[row] = start;
    this.#end[row] = end;
    this.#id[row] = id;
    this.#parent[row] = parent;
  }

  /**
   * When the top-level item at row `item`, whose subtree is at `subtree`, is
   * a subtree a retained table holds, notes that its descendants' rows are to
   * be copied from there (after the walk, in `runs`) and returns how many
   * there are; else 0. With `expected`, only if there are that many.
   *
   * The retained table's tree is alive (its copy holds it), so no other
   * subtree can be at the address of one of its blocks: an item whose slot
   * holds that address is the very subtree recorded, shared by the parser
   * with this tree, its descendants at the same offsets from its start. Its
   * own row was read afresh: its type (an alias), field and place come from
   * its parent, which is new.
   */
  #shareItem(subtree: number, item: number, runs: SharedRun[], expected?: number): number {
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
    if (size === 0 || item + 1 + size > this.count || (expected !== undefined && size !== expected)) return 0;
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
    const { items } = run;
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
    this.#copyRows(run);
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

  /** A run's rows as they are in its table, moved: starts and ends by its `delta`, parents and subtree ends by as many rows as the run moved. */
  #copyRows(run: SharedRun): void {
    const { old, oldStart, oldEnd, delta } = run;
    const at = run.items[0]!;
    const shift = at - oldStart;
    this.#type.set(old.#type.subarray(oldStart, oldEnd), at);
    this.#field.set(old.#field.subarray(oldStart, oldEnd), at);
    this.#flags.set(old.#flags.subarray(oldStart, oldEnd), at);
    this.#id.set(old.#id.subarray(oldStart, oldEnd), at);
    copyMoved(this.#start, old.#start, oldStart, oldEnd, at, delta);
    copyMoved(this.#end, old.#end, oldStart, oldEnd, at, delta);
    copyMoved(this.#parent, old.#parent, oldStart, oldEnd, at, shift);
    copyMoved(this.#subtreeEnd, old.#subtreeEnd, oldStart, oldEnd, at, shift);
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

  /**
   * Detaches the block of this table's columns, which then read as empty:
   * its memory goes with the next scavenge instead of the next full
   * collection (see releaseNodeTable).
   */
  release(): void {
    this.forgetShared();
    // The block is the ArrayBuffer the constructor allocated, never shared.
    const block = this.#start.buffer as ArrayBuffer;
    if (block.byteLength > 0) structuredClone(block, { transfer: [block] });
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

/** Rows `first` to `end` of `from` into `to` from row `at` on, each plus `by`: one pass where a copy and then an addition would be two. */
function copyMoved<T extends Uint32Array | Int32Array>(to: T, from: T, first: number, end: number, at: number, by: number): void {
  if (by === 0) {
    to.set(from.subarray(first, end), at);
    return;
  }
  for (let j = at, o = first; o < end; j++, o++) to[j] = from[o]! + by;
}

/** A row's flags: from its type (the canonical id), its raw id's namedness and whether it is MISSING. */
function flagsOf(type: number, raw: number, named: Uint8Array, missing: boolean): number {
  let flags = type === ERROR_TYPE_ID || (raw < named.length && named[raw] === 1) ? NAMED : 0;
  if (missing) flags |= MISSING;
  if (type === ERROR_TYPE_ID || missing) flags |= HAS_ERROR;
  return flags;
}

/** The first of `values` other than 0, from the start (`step` 1) or the end (-1); 0 when all are. */
function firstNonZero(values: Uint32Array, step: 1 | -1): number {
  for (let k = step === 1 ? 0 : values.length - 1; k >= 0 && k < values.length; k += step) if (values[k] !== 0) return values[k]!;
  return 0;
}

/** What #fillByItems did: filled the table, or left it to a walk of the whole tree (which may look for shared items or not). */
type FillByItems = 'done' | 'walk, sharing' | 'walk afresh';

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

/** Whether row `index` of `table` is a comment (line or block). */
export function isCommentAt(table: NodeTable, index: number): boolean {
  const type = table.type(index);
  return type === 'line_comment' || type === 'block_comment';
}

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
  while (retainedTables.length > RETAINED_TABLES) stopRetaining(retainedTables.shift()!);
}

/** A table taken out of the retained ones: its tree's copy goes, and so do the runs it shared from older tables. */
function stopRetaining(retained: RetainedTable): void {
  retained.table.forgetShared();
  retained.keepAlive.delete();
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
 * Frees `tree`'s table now, for a tree nothing reads again (a batch's checked
 * file, about to be deleted). A table lives as long as its file is analysed,
 * so it outlives scavenges and is collected only by a full collection: a
 * check of 1,000 files sometimes ended with 15 MiB of them uncollected, and
 * peaked at up to 103 MiB (83–86 MiB with each released as its file is done).
 */
export function releaseNodeTable(tree: Tree): void {
  const table = tables.get(tree);
  if (!table) return;
  tables.delete(tree);
  const at = retainedTables.findIndex((retained) => retained.table === table);
  if (at >= 0) stopRetaining(retainedTables.splice(at, 1)[0]!);
  table.release();
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
