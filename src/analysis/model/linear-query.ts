// A query's captures and matches under a node, as web-tree-sitter's
// `captures` and `matches` give them, in time linear in the subtree.
// tree-sitter's QueryCursor is superlinear on two shapes of tree:
//
// - an ERROR node with many children: error recovery nests them in hidden
//   `ERROR_repeat` nodes, one level per child, and the cursor looks for each
//   visible node's parent and field by walking up through the hidden levels
//   above it (`x = ` + `(` × 40,000 took 5 s, × 160,000 83 s);
// - deep nesting: each node is compared with every match still in progress
//   around it and its capture waits behind them (`f = () => {` 2,000 deep
//   took 0.7 s, 8,000 deep 18 s).
//
// So a subtree is queried whole only when it is neither deep nor holds a
// large ERROR node. Above such a subtree each node is queried for the
// patterns that start at it alone (`maxStartDepth: 0`: the cursor goes no
// deeper than those patterns reach), and its children are taken one by one:
// every pattern of the analysis queries starts at a named node and no step
// matches an ERROR node, so no match spans a node and its parent's other
// children, and the captures are the same, put back in document order.
import type { Node, Query, QueryCapture, QueryMatch } from 'web-tree-sitter';
import { locate, type NodeTable } from '../../syntax/node-table.ts';

/** Subtrees up to this height are queried whole: deeper than any ordinary program nests. */
export const MAX_QUERIED_HEIGHT = 96;
/** An ERROR node with this many children is never queried whole: the walk up its hidden levels costs up to its children squared. */
export const MAX_QUERIED_ERROR_CHILDREN = 128;

let wholeUpTo = MAX_QUERIED_HEIGHT;

/**
 * Sets the height up to which a subtree is queried whole (0: every node
 * alone) and gives the one before: tests compare the captures node by node
 * with the whole tree's on every program.
 */
export function queryWholeUpTo(height: number): number {
  const before = wholeUpTo;
  wholeUpTo = Math.max(0, Math.min(MAX_QUERIED_HEIGHT, height));
  return before;
}

/**
 * The height of each row of the subtree at `root`, up to `tooDeep`, which
 * also marks a subtree holding a large ERROR node, indexed from `root`: one
 * pass from its last row up (a row's descendants follow it). Only the
 * subtree queried is measured: a keystroke queries one statement, and a pass
 * over the whole table would cost it the file's size.
 */
function heights(table: NodeTable, root: number, tooDeep: number): Uint8Array {
  const end = table.subtreeEnd(root);
  const heights = new Uint8Array(end - root);
  for (let i = end - 1; i >= root; i--) {
    const at = i - root;
    if (table.isError(i) && heights[at]! < tooDeep) {
      let children = 0;
      for (let c = table.firstChild(i); c !== -1 && children < MAX_QUERIED_ERROR_CHILDREN; c = table.nextSibling(c)) children++;
      if (children >= MAX_QUERIED_ERROR_CHILDREN) heights[at] = tooDeep;
    }
    const parent = table.parent(i) - root;
    if (i > root && heights[parent]! <= heights[at]!) heights[parent] = Math.min(tooDeep, heights[at]! + 1);
  }
  return heights;
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
  if (index === -1) return [run(node, maxStartDepth)];
  const tooDeep = wholeUpTo + 1;
  const height = heights(table, index, tooDeep);
  const lists: T[][] = [];
  // Iterative: the nesting this is for would overflow the stack.
  const pending: Array<{ node: Node; row: number; depth: number }> = [{ node, row: index, depth: maxStartDepth }];
  while (pending.length > 0) {
    const { node: at, row, depth } = pending.pop()!;
    if (height[row - index]! < tooDeep) {
      lists.push(run(at, depth));
      continue;
    }
    lists.push(run(at, 0));
    if (depth < 1) continue;
    // Named children (no pattern starts at an anonymous node, nor holds one that does), matched to their rows in step.
    const children = at.namedChildren;
    const rows: number[] = [];
    for (let c = table.firstChild(row); c !== -1; c = table.nextSibling(c)) if (table.isNamed(c)) rows.push(c);
    for (let k = children.length - 1; k >= 0; k--) {
      const child = children[k];
      if (!child) continue;
      let childRow = rows.length === children.length ? rows[k]! : -1;
      if (childRow === -1 || table.start(childRow) !== child.startIndex) childRow = table.indexOf(child);
      if (childRow === -1) lists.push(run(child, depth - 1));
      else pending.push({ node: child, row: childRow, depth: depth - 1 });
    }
  }
  return lists;
}

/** `query.captures(node, { maxStartDepth })`, linear on deep and broken trees. */
export function linearCaptures(query: Query, node: Node, maxStartDepth = Infinity): QueryCapture[] {
  const lists = linearRuns(node, maxStartDepth, (at, depth) => query.captures(at, Number.isFinite(depth) ? { maxStartDepth: depth } : {}));
  if (lists.length === 1) return lists[0]!;
  // Captures come in document order: a stable sort by start keeps each list's own order, and a node's captures before its children's.
  return lists.flat().sort((a, b) => a.node.startIndex - b.node.startIndex);
}

/** `query.matches(node)`, linear on deep and broken trees; matches of different nodes in no particular order. */
export function linearMatches(query: Query, node: Node): QueryMatch[] {
  const lists = linearRuns(node, Infinity, (at, depth) => query.matches(at, Number.isFinite(depth) ? { maxStartDepth: depth } : {}));
  return lists.length === 1 ? lists[0]! : lists.flat();
}
