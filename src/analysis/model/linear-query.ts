// A query's captures and matches under a node, as web-tree-sitter's
// `captures` and `matches` give them, in time linear in the subtree.
// tree-sitter's QueryCursor is superlinear on two shapes of tree, and only
// there is a subtree queried in pieces:
//
// - a long run of tokens in an ERROR node: for each node it enters, the cursor
//   looks through the siblings after it for a named one (`has_later_named_
//   siblings`), so a run of L tokens costs L²/2 (`x = ` + `(` × 20,000: 0.9 s,
//   × 80,000: 15 s; error recovery leaves them side by side, where a grammar
//   rule holds a few). Such an ERROR node's children are queried one by one,
//   each from a cursor of its own, and its tokens not at all;
// - depth: a match in progress keeps the depth it started at in 16 bits, and
//   65,536 levels below the node queried the count wraps and matches in
//   progress pile up (`if a {` nested 20,000 deep: 0.1 s; 24,000: 1.3 s;
//   32,000: 9 s); and a match in progress of a pattern with a step below its
//   first (`(type_definition definition: (record_type (field_declaration …)))`)
//   is carried down every level under its node, so nested records cost the
//   depth at every node (type functions nested 1,000 deep: 63 ms, 4,000 deep:
//   765 ms). A subtree is queried whole up to a height of 256, a taller one in
//   slabs: the patterns that start in its top 256 levels (`maxStartDepth`: the
//   cursor goes no deeper than they reach), then each node just below those
//   levels the same way (4,000 deep: 89 ms; ordinary code is never that tall,
//   and its model takes the same time).
//
// Above an ERROR node to split, each node is queried alone for the patterns
// that start at it, and its children one by one. Every pattern of the
// analysis queries starts at a named node, and no step matches an ERROR node,
// so no match spans a node and its parent's other children: the captures are
// the same, put back in document order (test/analysis/linear-query.test.ts
// holds them against the whole query's on every program, queried in the
// smallest pieces). Captures that start at one byte come outer node first,
// then by pattern; the cursor's own order there depends on when it settles
// each match.
import type { Node, Query, QueryCapture, QueryMatch } from 'web-tree-sitter';
import { locate, type NodeTable } from '../../syntax/node-table.ts';

export interface QueryLimits {
  /** An ERROR node with this many tokens in a row (anonymous children) is queried child by child. */
  tokenRun: number;
  /** A subtree up to this height is queried whole, a taller one in slabs of this height (below 65,536 by far, where depths wrap: the patterns reach a few levels deeper than they start). */
  height: number;
}

/**
 * A run of 64 tokens costs the cursor 32 sibling steps a token (about 0.1 µs);
 * querying a named child alone costs about 1 µs. A slab of 256 levels keeps
 * the matches in progress few (the header above).
 */
export const DEFAULT_LIMITS: QueryLimits = { tokenRun: 64, height: 256 };

let limits: QueryLimits = DEFAULT_LIMITS;

/** Sets the limits (tests: 0 and 0 query every node alone) and gives the ones before. */
export function setQueryLimits(next: QueryLimits): QueryLimits {
  const before = limits;
  limits = next;
  return before;
}

/** Heights are kept up to this (16 bits). */
const CLAMP = 0xffff;
/** No ERROR node to split in the subtree. */
const NONE = 0xffff;

/** Per row of a scanned subtree: its height, and how far below it the nearest ERROR node to split is. */
interface Scan {
  limits: QueryLimits;
  first: number;
  end: number;
  height: Uint16Array;
  splitDepth: Uint16Array;
}

const scans = new WeakMap<NodeTable, Scan>();

/** The scan kept for `table`, if it holds row `row`. */
function scanHolding(table: NodeTable, row: number): Scan | undefined {
  const known = scans.get(table);
  return known && known.limits === limits && known.first <= row && row < known.end ? known : undefined;
}

/** The scan of row `row`'s subtree: one pass from its last row up (a row's descendants follow it), kept per table. */
function scanOf(table: NodeTable, row: number): Scan {
  const first = row;
  const end = table.subtreeEnd(row);
  const size = end - first;
  const height = new Uint16Array(size);
  const splitDepth = new Uint16Array(size).fill(NONE);
  // Per row: the tokens in a row among its children so far (from the last), and the longest such run.
  const run = new Uint32Array(size);
  const longest = new Uint32Array(size);
  for (let i = end - 1; i >= first; i--) {
    const k = i - first;
    if (table.isError(i) && longest[k]! >= limits.tokenRun) splitDepth[k] = 0;
    const parent = table.parent(i) - first;
    if (parent < 0) continue;
    if (table.isNamed(i)) run[parent] = 0;
    else if (++run[parent]! > longest[parent]!) longest[parent] = run[parent]!;
    if (height[parent]! <= height[k]!) height[parent] = Math.min(CLAMP, height[k]! + 1);
    if (splitDepth[parent]! > splitDepth[k]! + 1) splitDepth[parent] = splitDepth[k]! + 1;
  }
  const scan = { limits, first, end, height, splitDepth };
  scans.set(table, scan);
  return scan;
}

/**
 * How to query row `row` for patterns starting up to `maxStartDepth` below it:
 * whole; in a slab (the patterns starting up to `limits.height` below it, then
 * each node just below those levels), where the cursor would go too deep; or
 * for its own patterns and then child by child, where it would enter an ERROR
 * node's long run of tokens before that depth.
 */
function howToQuery(table: NodeTable, row: number, maxStartDepth: number): 'whole' | 'slab' | 'children' {
  if (maxStartDepth < 1) return 'whole';
  const end = table.subtreeEnd(row);
  // Without an ERROR node, and too small to be too deep: the one check an ordinary statement costs.
  if (!table.hasError(row) && end - row <= limits.height) return 'whole';
  if (maxStartDepth === 1) return splitsHere(table, row) ? 'children' : 'whole';
  const errorFree = !table.hasError(row);
  if (errorFree && maxStartDepth <= limits.height) return 'whole';
  let scan = scanHolding(table, row);
  if (!scan) {
    // Without an ERROR node only the height counts: measured first without the scan's arrays, the whole tree's once (a large file's root and statements).
    if (errorFree && (tableHeight(table) <= limits.height || heightUpTo(table, row, limits.height) <= limits.height)) return 'whole';
    scan = scanOf(table, row);
  }
  const k = row - scan.first;
  const splitDepth = scan.splitDepth[k]!;
  const tooDeep = scan.height[k]! > limits.height && maxStartDepth > limits.height;
  if (splitDepth !== NONE && splitDepth < maxStartDepth && (!tooDeep || splitDepth < limits.height)) return 'children';
  return tooDeep ? 'slab' : 'whole';
}

const heights = new WeakMap<NodeTable, { limit: number; height: number }>();

/** The height of the whole tree, up to `limits.height + 1`, measured once per table. */
function tableHeight(table: NodeTable): number {
  let known = heights.get(table);
  if (known?.limit !== limits.height) heights.set(table, (known = { limit: limits.height, height: heightUpTo(table, 0, limits.height) }));
  return known.height;
}

/** The height of row `row`'s subtree, or `limit + 1` when it is more: the ends of the rows above the one looked at, in a stack. */
function heightUpTo(table: NodeTable, row: number, limit: number): number {
  const end = table.subtreeEnd(row);
  const ends: number[] = [];
  let height = 0;
  for (let i = row + 1; i < end; i++) {
    while (ends.length > 0 && ends[ends.length - 1]! <= i) ends.pop();
    ends.push(table.subtreeEnd(i));
    if (ends.length > height && (height = ends.length) > limit) return height;
  }
  return height;
}

/** Whether row `row` is an ERROR node with a long run of tokens. */
function splitsHere(table: NodeTable, row: number): boolean {
  if (!table.isError(row)) return false;
  let run = 0;
  let longest = 0;
  for (let c = table.firstChild(row); c !== -1 && longest < limits.tokenRun; c = table.nextSibling(c)) {
    run = table.isNamed(c) ? 0 : run + 1;
    longest = Math.max(longest, run);
  }
  return longest >= limits.tokenRun;
}

/** What a query gives for one node: its captures or its matches, limited to patterns starting `maxStartDepth` below it. */
type Run<T> = (node: Node, maxStartDepth: number) => T[];

/**
 * The results of `run` under `node`, with patterns starting at most
 * `maxStartDepth` below it, one list per subtree queried whole or node queried
 * alone, in pre-order (a node's own before its children's).
 */
function linearRuns<T>(node: Node, maxStartDepth: number, run: Run<T>): T[][] {
  const { table, index } = locate(node);
  if (index === -1 || howToQuery(table, index, maxStartDepth) === 'whole') return [run(node, maxStartDepth)];
  const lists: T[][] = [];
  // Iterative: the nesting this is for would overflow the stack.
  const pending: Array<{ node: Node; row: number; depth: number }> = [{ node, row: index, depth: maxStartDepth }];
  while (pending.length > 0) {
    const { node: at, row, depth } = pending.pop()!;
    const how = howToQuery(table, row, depth);
    if (how === 'whole') {
      lists.push(run(at, depth));
      continue;
    }
    if (how === 'slab') {
      const below = nodesBelow(table, at, row, limits.height + 1);
      if (below) {
        lists.push(run(at, limits.height));
        for (let k = below.rows.length - 1; k >= 0; k--) pending.push({ node: below.nodes[k]!, row: below.rows[k]!, depth: depth - limits.height - 1 });
        continue;
      }
    }
    // The children that may hold a match: the named ones, and a token holds none (no pattern starts at an anonymous node).
    const rows: number[] = [];
    let anonymousInner = false;
    for (let c = table.firstChild(row); c !== -1; c = table.nextSibling(c)) {
      if (table.isNamed(c)) rows.push(c);
      else anonymousInner ||= table.firstChild(c) !== -1;
    }
    // Their Nodes, one call for all of them (every child's, should an anonymous one have children of its own), matched to their rows in step.
    const children = anonymousInner ? at.children : at.namedChildren;
    if (anonymousInner) {
      rows.length = 0;
      for (let c = table.firstChild(row); c !== -1; c = table.nextSibling(c)) rows.push(c);
    }
    const matched = rows.length === children.length && rows.every((c, k) => children[k]?.startIndex === table.start(c) && children[k].id >>> 0 === table.nodeId(c));
    if (!matched) {
      lists.push(run(at, depth));
      continue;
    }
    lists.push(run(at, 0));
    for (let k = rows.length - 1; k >= 0; k--) {
      const c = rows[k]!;
      if (table.isNamed(c) || table.firstChild(c) !== -1) pending.push({ node: children[k]!, row: c, depth: depth - 1 });
    }
  }
  return lists;
}

/**
 * The nodes `levels` below row `row` (the node `at`) that may hold a match (not
 * tokens), and their rows, in document order: the rows from the table, the
 * Nodes from one cursor that goes to the first of each parent's and on to its
 * siblings. Undefined if the cursor and the table disagree.
 */
function nodesBelow(table: NodeTable, at: Node, row: number, levels: number): Below | undefined {
  // The model queries a tall statement twice (captures, and matches for the definition kinds): the second finds them here.
  let byRow = belowByTable.get(table);
  const known = byRow?.get(row);
  if (known?.levels === levels) return known;
  const rows: number[] = [];
  const end = table.subtreeEnd(row);
  // The ends of the rows above the one looked at, below `row`: its depth is one more than their count.
  const ends: number[] = [];
  for (let i = row + 1; i < end; ) {
    while (ends.length > 0 && ends[ends.length - 1]! <= i) ends.pop();
    if (ends.length + 1 < levels) {
      ends.push(table.subtreeEnd(i));
      i++;
      continue;
    }
    if (table.isNamed(i) || table.firstChild(i) !== -1) rows.push(i);
    i = table.subtreeEnd(i);
  }
  const nodes: Node[] = [];
  const cursor = at.walk();
  try {
    let current = -1;
    for (const target of rows) {
      if (current !== -1 && table.parent(current) === table.parent(target)) {
        while (current !== target && current !== -1 && cursor.gotoNextSibling()) current = table.nextSibling(current);
      } else {
        cursor.gotoDescendant(target - row);
        current = target;
      }
      const node = cursor.currentNode;
      if (current !== target || node.id >>> 0 !== table.nodeId(target) || node.startIndex !== table.start(target)) return undefined;
      nodes.push(node);
    }
  } finally {
    cursor.delete();
  }
  const below = { levels, rows, nodes };
  if (!byRow) belowByTable.set(table, (byRow = new Map<number, Below>()));
  byRow.set(row, below);
  return below;
}

interface Below {
  levels: number;
  rows: number[];
  nodes: Node[];
}

/** The nodes found below a row, by row, per table. */
const belowByTable = new WeakMap<NodeTable, Map<number, Below>>();

const optionsFor = (depth: number) => (Number.isFinite(depth) ? { maxStartDepth: depth } : {});

/** `query.captures(node, { maxStartDepth })`, linear on deep and broken trees. */
export function linearCaptures(query: Query, node: Node, maxStartDepth = Infinity): QueryCapture[] {
  const lists = linearRuns(node, maxStartDepth, (at, depth) => query.captures(at, optionsFor(depth)));
  if (lists.length === 1) return lists[0]!;
  // In document order; at one start, the outer node's first, then by pattern (the cursor's order among those it holds at once).
  return lists.flat().sort((a, b) => a.node.startIndex - b.node.startIndex || b.node.endIndex - a.node.endIndex || a.patternIndex - b.patternIndex);
}

/** `query.matches(node)`, linear on deep and broken trees; a node's matches before its children's. */
export function linearMatches(query: Query, node: Node): QueryMatch[] {
  const lists = linearRuns(node, Infinity, (at, depth) => query.matches(at, optionsFor(depth)));
  return lists.length === 1 ? lists[0]! : lists.flat();
}
