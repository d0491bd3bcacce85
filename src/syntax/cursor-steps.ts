// The steps of one TreeCursor walk, two ways. web-tree-sitter's public
// TreeCursor copies the cursor between JS and WASM memory on every call (four
// `setValue`s in, four `getValue`s back after a move), which costs more than
// the move itself: a walk of a 1.6 MB file through it takes about 1 s. The
// WASM functions behind it read and write the cursor in one transfer buffer,
// so a walk that makes no other tree call in between can call them directly
// and leave the cursor there: about 0.2 s for the same walk. That path uses
// the binding's exports (the module object `Parser.init` fills in), which are
// not public API; `directSteps` says when they are not there, and the caller
// falls back to the public cursor (test/syntax/node-table checks that both
// give the same table).
import type { Node, Tree, TreeCursor } from 'web-tree-sitter';

/** One walk's moves and reads, at the node the cursor is on. */
export interface CursorSteps {
  gotoFirstChild(): boolean;
  gotoNextSibling(): boolean;
  gotoParent(): boolean;
  typeId(): number;
  fieldId(): number;
  startIndex(): number;
  endIndex(): number;
  nodeId(): number;
  isMissing(): boolean;
  /** The address of the subtree of the node with id `nodeId` in the WASM heap (what its parent's slot for it holds), or 0 where it is unknown or inline. */
  subtreeOf(nodeId: number): number;
  /** Frees the cursor. */
  done(): void;
}

type TreeCall = (tree: number) => number;

/** The exports of web-tree-sitter's WASM binding a direct walk calls. */
interface CursorBinding {
  _ts_tree_cursor_goto_first_child_wasm: TreeCall;
  _ts_tree_cursor_goto_next_sibling_wasm: TreeCall;
  _ts_tree_cursor_goto_parent_wasm: TreeCall;
  _ts_tree_cursor_current_node_type_id_wasm: TreeCall;
  _ts_tree_cursor_current_field_id_wasm: TreeCall;
  _ts_tree_cursor_start_index_wasm: TreeCall;
  _ts_tree_cursor_end_index_wasm: TreeCall;
  _ts_tree_cursor_current_node_id_wasm: TreeCall;
  _ts_tree_cursor_current_node_is_missing_wasm: TreeCall;
  _ts_init(): number;
  HEAP32: Int32Array;
}

const CALLS = [
  '_ts_tree_cursor_goto_first_child_wasm', '_ts_tree_cursor_goto_next_sibling_wasm', '_ts_tree_cursor_goto_parent_wasm',
  '_ts_tree_cursor_current_node_type_id_wasm', '_ts_tree_cursor_current_field_id_wasm', '_ts_tree_cursor_start_index_wasm',
  '_ts_tree_cursor_end_index_wasm', '_ts_tree_cursor_current_node_id_wasm', '_ts_tree_cursor_current_node_is_missing_wasm', '_ts_init',
] as const;

/** A TreeCursor's handles: the four words of the cursor the binding moves through its transfer buffer. */
const CURSOR_WORDS = 4;

let binding: { calls: CursorBinding; transferWord: number } | undefined;

/**
 * Keeps the module object `Parser.init(module)` filled in, when it has every
 * export a direct walk needs. Called once, right after `Parser.init`, before
 * any tree exists (`_ts_init` writes into the transfer buffer).
 */
export function adoptBinding(module: object): void {
  const candidate = module as Partial<CursorBinding>;
  if (!CALLS.every((name) => typeof candidate[name] === 'function') || !(candidate.HEAP32 instanceof Int32Array)) return;
  const calls = candidate as CursorBinding;
  binding = { calls, transferWord: calls._ts_init() >> 2 };
}

/** Whether walks go straight to the binding (false: through the public TreeCursor). */
export function hasDirectSteps(): boolean {
  return binding !== undefined;
}

/**
 * A walk of `tree` from its root, or from `from` (a node of it: the walk
 * stays within its subtree): direct when the binding was adopted and
 * `publicOnly` is not set.
 */
export function cursorSteps(tree: Tree, publicOnly = false, from?: Node): CursorSteps {
  const cursor = (from ?? tree.rootNode).walk();
  return binding && !publicOnly ? directSteps(tree, cursor, binding) : publicSteps(cursor);
}

function directSteps(tree: Tree, cursor: TreeCursor, { calls, transferWord }: NonNullable<typeof binding>): CursorSteps {
  // `walk()` left the new cursor in the transfer buffer; every call below reads it there and the moves write it back.
  const address = (tree as unknown as { 0: number })[0];
  const {
    _ts_tree_cursor_goto_first_child_wasm: firstChild, _ts_tree_cursor_goto_next_sibling_wasm: nextSibling,
    _ts_tree_cursor_goto_parent_wasm: parent, _ts_tree_cursor_current_node_type_id_wasm: typeId,
    _ts_tree_cursor_current_field_id_wasm: fieldId, _ts_tree_cursor_start_index_wasm: startIndex,
    _ts_tree_cursor_end_index_wasm: endIndex, _ts_tree_cursor_current_node_id_wasm: nodeId,
    _ts_tree_cursor_current_node_is_missing_wasm: isMissing,
  } = calls;
  return {
    gotoFirstChild: () => firstChild(address) === 1,
    gotoNextSibling: () => nextSibling(address) === 1,
    gotoParent: () => parent(address) === 1,
    typeId: () => typeId(address),
    fieldId: () => fieldId(address),
    startIndex: () => startIndex(address),
    endIndex: () => endIndex(address),
    nodeId: () => nodeId(address) >>> 0,
    isMissing: () => isMissing(address) === 1,
    subtreeOf: subtreeAt,
    done: () => {
      // The moves may have reallocated the cursor's stack: hand the cursor as it now is back to its JS object, which frees it.
      const handles = (cursor as unknown as { handles: number[] }).handles;
      for (let i = 0; i < CURSOR_WORDS; i++) handles[i] = calls.HEAP32[transferWord + i]!;
      cursor.delete();
    },
  };
}

/** web-tree-sitter's WASM memory, when the binding was adopted (heap-items.ts reads trees there). */
export function wasmMemory(): ArrayBuffer | undefined {
  return binding?.calls.HEAP32.buffer as ArrayBuffer | undefined;
}

/**
 * What the slot at `nodeId` holds: a node's id is the address of the slot for
 * it in its parent's children, and a slot holds either a pointer to the
 * subtree's heap block (aligned, so its low bit is clear) or, for a small
 * leaf, the subtree inline (low bit set). 0 for an inline subtree, and where
 * the binding was not adopted.
 */
export function subtreeAt(nodeId: number): number {
  if (!binding || nodeId === 0) return 0;
  const word = binding.calls.HEAP32[nodeId >>> 2]! >>> 0;
  return (word & 1) === 0 ? word : 0;
}

function publicSteps(cursor: TreeCursor): CursorSteps {
  return {
    gotoFirstChild: () => cursor.gotoFirstChild(),
    gotoNextSibling: () => cursor.gotoNextSibling(),
    gotoParent: () => cursor.gotoParent(),
    typeId: () => cursor.nodeTypeId,
    fieldId: () => cursor.currentFieldId,
    startIndex: () => cursor.startIndex,
    endIndex: () => cursor.endIndex,
    nodeId: () => cursor.nodeId >>> 0,
    isMissing: () => cursor.nodeIsMissing,
    subtreeOf: () => 0,
    done: () => cursor.delete(),
  };
}
