// The root's children of a tree, read straight from web-tree-sitter's WASM
// memory. A file of 20,000 top-level items keeps them under a balanced tree of
// hidden repetition nodes; a TreeCursor steps through that spine one WASM call
// at a time, and on a 100,000-line file that walk was the largest part of a
// keystroke's node table (node-table.ts) after the parser had shared every
// item but the edited one with the tree before. Read here, the spine is a loop
// over a few words of each node.
//
// This reads tree-sitter's own structures (lib/src/subtree.h of tree-sitter
// 0.27, the version web-tree-sitter's WASM is built from), which are no API:
// - a slot (a node's id is the address of the slot for it in its parent's
//   children) is 8 bytes: a pointer to the subtree's heap block, or, when its
//   low bit is set, a small leaf inline: flags (bit 1 visible, bit 5
//   missing), symbol, parse state, padding columns, padding rows and
//   lookahead, padding bytes, size bytes;
// - a heap block: ref count, padding {bytes, row, column} at 4, size at 16,
//   lookahead bytes, error cost, child count at 36, symbol (16 bits) at 40,
//   parse state, flags at 44 (bit 0 visible, bit 9 missing); for a node with
//   children: visible child count at 48, named child count, visible
//   descendant count at 56, dynamic precedence, repeat depth, production id
//   (16 bits) at 66; its children's slots are the 8-byte words just before it;
// - a tree begins with the root's slot;
// - web-tree-sitter parses UTF-16, so lengths are bytes, two per code unit:
//   halved here, as its binding halves them for the cursor.
// What the cursor would do is followed exactly: a node's start is its
// parent's plus the padding and size of the siblings before it and its own
// padding (not the first child's: that is its parent's), hidden nodes are
// transparent, hidden leaves are skipped. Aliases and fields would come from
// the parent's production: any hidden node on the way with a production other
// than 0 (the one with neither) makes this give up, and the caller walks with
// a cursor. test/syntax/heap-items.test.ts holds every read against the
// Node API on the corpus and generated programs, so a tree-sitter whose
// layout differs fails there rather than in an editor; and the first items
// read in a process are held against the Node API too (agreesWithNodeApi),
// so that such a tree-sitter installed without the tests only costs speed.
import type { Tree } from 'web-tree-sitter';
import { wasmMemory } from './cursor-steps.ts';

/** The root's children (the cursor's, through hidden nodes), one entry each in document order. */
export interface HeapItems {
  readonly count: number;
  /** The node id: the address of the item's slot. */
  readonly id: Uint32Array;
  /** The address of the item's heap block; 0 for an inline leaf. */
  readonly subtree: Uint32Array;
  /** tree-sitter's symbol, not yet mapped to the public one (0xffff: ERROR). */
  readonly symbol: Uint16Array;
  readonly start: Uint32Array;
  readonly end: Uint32Array;
  readonly missing: Uint8Array;
  /** How many visible nodes the item holds (rows of its subtree after its own). */
  readonly descendants: Uint32Array;
  /** The root's own: the tree's first slot, its symbol, start, end. */
  readonly root: { id: number; symbol: number; start: number; end: number };
}

const SLOT_BYTES = 8;
const PADDING_BYTES = 4;
const SIZE_BYTES = 16;
const CHILD_COUNT = 36;
const SYMBOL = 40;
const FLAGS = 44;
const VISIBLE_CHILD_COUNT = 48;
const VISIBLE_DESCENDANT_COUNT = 56;
const PRODUCTION_ID = 66;
const HEAP_VISIBLE = 1;
const HEAP_MISSING = 1 << 9;
const INLINE_VISIBLE = 2;
const INLINE_MISSING = 32;

let views: { buffer: ArrayBuffer; u8: Uint8Array; u16: Uint16Array; u32: Uint32Array } | undefined;

/** Views of the WASM memory, made again when it grew (a grown memory is a new buffer). */
function heapViews(): typeof views {
  const buffer = wasmMemory();
  if (!buffer) return undefined;
  if (views?.buffer !== buffer) views = { buffer, u8: new Uint8Array(buffer), u16: new Uint16Array(buffer), u32: new Uint32Array(buffer) };
  return views;
}

/** `tree`'s top-level items, or undefined where they cannot be read here (no binding, an inline root, a production with aliases or fields on the way). */
export function readHeapItems(tree: Tree): HeapItems | undefined {
  const heap = heapViews();
  if (!heap) return undefined;
  const { u8, u16, u32 } = heap;
  const treeAddress = (tree as unknown as { 0: number })[0];
  const rootBlock = u32[treeAddress >>> 2]!;
  if ((rootBlock & 1) !== 0 || u32[(rootBlock + CHILD_COUNT) >>> 2] === 0 || u16[(rootBlock + PRODUCTION_ID) >>> 1] !== 0) return undefined;
  const rootStart = u32[(rootBlock + PADDING_BYTES) >>> 2]!;
  const capacity = u32[(rootBlock + VISIBLE_CHILD_COUNT) >>> 2]!;
  const id = new Uint32Array(capacity);
  const subtree = new Uint32Array(capacity);
  const symbol = new Uint16Array(capacity);
  const start = new Uint32Array(capacity);
  const end = new Uint32Array(capacity);
  const missing = new Uint8Array(capacity);
  const descendants = new Uint32Array(capacity);
  let count = 0;
  let position = rootStart;
  // The hidden nodes the walk is inside: each one's children's base address, count, and next child.
  const bases: number[] = [];
  const counts: number[] = [];
  const nexts: number[] = [];
  const enter = (block: number) => {
    const children = u32[(block + CHILD_COUNT) >>> 2]!;
    bases.push(block - SLOT_BYTES * children);
    counts.push(children);
    nexts.push(0);
  };
  enter(rootBlock);
  while (bases.length > 0) {
    const top = bases.length - 1;
    const index = nexts[top]!;
    if (index === counts[top]) {
      bases.pop();
      counts.pop();
      nexts.pop();
      continue;
    }
    nexts[top] = index + 1;
    const slot = bases[top]! + SLOT_BYTES * index;
    const word = u32[slot >>> 2]!;
    let visible: boolean;
    let isMissing: boolean;
    let size: number;
    let children = 0;
    if ((word & 1) !== 0) {
      const flags = u8[slot]!;
      if (index > 0) position += u8[slot + 6]!;
      visible = (flags & INLINE_VISIBLE) !== 0;
      isMissing = (flags & INLINE_MISSING) !== 0;
      size = u8[slot + 7]!;
    } else {
      if (index > 0) position += u32[(word + PADDING_BYTES) >>> 2]!;
      const flags = u16[(word + FLAGS) >>> 1]!;
      visible = (flags & HEAP_VISIBLE) !== 0;
      isMissing = (flags & HEAP_MISSING) !== 0;
      size = u32[(word + SIZE_BYTES) >>> 2]!;
      children = u32[(word + CHILD_COUNT) >>> 2]!;
    }
    if (!visible) {
      if (children === 0) {
        position += size;
      } else {
        // Transparent: its children are the root's, at this very position (its padding is its first child's).
        if (u16[(word + PRODUCTION_ID) >>> 1] !== 0) return undefined;
        enter(word);
      }
      continue;
    }
    if (count === capacity) return undefined;
    id[count] = slot;
    subtree[count] = (word & 1) !== 0 ? 0 : word;
    symbol[count] = (word & 1) !== 0 ? u8[slot + 1]! : u16[(word + SYMBOL) >>> 1]!;
    start[count] = position >>> 1;
    end[count] = (position + size) >>> 1;
    missing[count] = isMissing ? 1 : 0;
    descendants[count] = children === 0 ? 0 : u32[(word + VISIBLE_DESCENDANT_COUNT) >>> 2]!;
    count++;
    position += size;
  }
  if (count !== capacity) return undefined;
  const rootEnd = rootStart + u32[(rootBlock + SIZE_BYTES) >>> 2]!;
  const items = { count, id, subtree, symbol, start, end, missing, descendants, root: { id: treeAddress, symbol: u16[(rootBlock + SYMBOL) >>> 1]!, start: rootStart >>> 1, end: rootEnd >>> 1 } };
  if (layoutHolds === undefined) {
    const agrees = agreesWithNodeApi(tree, items);
    // A tree without items (an empty file) says too little of the layout to settle it for the process.
    if (items.count > 0 || !agrees) layoutHolds = agrees;
    if (!agrees) return undefined;
  }
  return layoutHolds === false ? undefined : items;
}

/** Whether the first items read in this process agreed with the Node API (undefined before any): if not, none are read here again. */
let layoutHolds: boolean | undefined;

/**
 * The first and last few items against what the Node API says of them, once
 * per process: a web-tree-sitter built with another layout than the one read
 * here (the tests would say so first) makes every later table walk with the
 * cursor rather than read wrong numbers.
 */
function agreesWithNodeApi(tree: Tree, items: HeapItems): boolean {
  const root = tree.rootNode;
  if (root.childCount !== items.count || (root.id >>> 0) !== items.root.id || root.startIndex !== items.root.start || root.endIndex !== items.root.end) return false;
  const types = tree.language.types;
  for (const k of new Set([0, 1, 2, items.count - 3, items.count - 2, items.count - 1])) {
    if (k < 0 || k >= items.count) continue;
    const child = root.child(k);
    if (!child) return false;
    const symbol = items.symbol[k]!;
    const name = symbol === 0xffff ? 'ERROR' : types[symbol];
    const same = (child.id >>> 0) === items.id[k] && child.startIndex === items.start[k] && child.endIndex === items.end[k] &&
      child.isMissing === (items.missing[k] === 1) && child.descendantCount - 1 === items.descendants[k] && (child.type === 'ERROR' ? name === 'ERROR' : name === child.grammarType);
    if (!same) return false;
  }
  return true;
}

/**
 * The heap blocks of the first and the last of the root's children that have
 * one (inline leaves are passed over; -1 where there is none or they cannot be
 * read here), found down the spine's two edges without reading the rest of
 * it: whether a tree shares anything with an earlier one, before all its
 * items are read.
 */
export function readEdgeItems(tree: Tree): { first: number; last: number } | undefined {
  const heap = heapViews();
  if (!heap) return undefined;
  const rootBlock = heap.u32[(tree as unknown as { 0: number })[0] >>> 2]!;
  if ((rootBlock & 1) !== 0 || heap.u16[(rootBlock + PRODUCTION_ID) >>> 1] !== 0) return undefined;
  return { first: edgeItem(heap, rootBlock, false), last: edgeItem(heap, rootBlock, true) };
}

function edgeItem(heap: NonNullable<typeof views>, block: number, fromEnd: boolean): number {
  const { u16, u32 } = heap;
  const children = u32[(block + CHILD_COUNT) >>> 2]!;
  for (let k = 0; k < children; k++) {
    const slot = block - SLOT_BYTES * children + SLOT_BYTES * (fromEnd ? children - 1 - k : k);
    const word = u32[slot >>> 2]!;
    if ((word & 1) !== 0) continue;
    if ((u16[(word + FLAGS) >>> 1]! & HEAP_VISIBLE) !== 0) return word;
    if (u32[(word + CHILD_COUNT) >>> 2]! === 0) continue;
    if (u16[(word + PRODUCTION_ID) >>> 1] !== 0) return -1;
    // Down this edge; a hidden node that holds no item with a block of its own gives way to its sibling.
    const found = edgeItem(heap, word, fromEnd);
    if (found !== -1) return found;
  }
  return -1;
}
