// The tree as a flat list in document order, each node naming its parent by
// index.
import type { NodeTable } from './node-table.ts';
import type { HumanPosition } from './positions.ts';
import { LineIndex } from './positions.ts';

export interface FlatNode {
  /** Index of the parent in the list; -1 for the root. */
  parent: number;
  type: string;
  named: boolean;
  field: string | null;
  missing: boolean;
  start: HumanPosition;
  end: HumanPosition;
  /** The source text of a node without children (a token); undefined otherwise. */
  text: string | undefined;
}

export interface FlatOptions {
  /** Include anonymous nodes (punctuation, keywords). Default: false. */
  all?: boolean;
  /** Do not descend below this depth (root = 0). */
  maxDepth?: number;
  /** LineIndex of `text`, when the caller has one. */
  lines?: LineIndex;
}

export interface FlatWalk {
  /** How many nodes `take` accepted. */
  count: number;
  /** True when a node was cut: below maxDepth, or after `take` refused one. */
  truncated: boolean;
}

/**
 * Offers the nodes to `take` in document order; `take` returns false to end
 * the walk (that node and every later one are cut). Reads the tree's node
 * table (`nodeTableOf`: typed arrays, built once per tree and shared with the
 * syntax diagnostics), not the tree: a cursor walk costs several WASM calls
 * per node, which made this walk a fifth of a 1,000-line parse_source.
 * Iterative: deep input cannot overflow the stack. The root is always offered
 * first.
 */
export function walkFlat(table: NodeTable, text: string, options: FlatOptions, take: (node: FlatNode) => boolean): FlatWalk {
  const lines = options.lines ?? new LineIndex(text);
  const maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY;
  const all = options.all === true;
  // Of each listed row: its index in the list and its depth (its children are listed only when it is).
  const listed = new Int32Array(table.count);
  const depthOf = new Int32Array(table.count);
  let count = 0;
  let truncated = false;
  for (let i = 0; i < table.count; ) {
    const named = table.isNamed(i);
    const missing = table.isMissing(i);
    // A node not kept is not entered (an anonymous node with children is not listed, nor are they).
    if (!(all || named || missing)) {
      i = table.subtreeEnd(i);
      continue;
    }
    const parent = table.parent(i);
    const depth = parent === -1 ? 0 : depthOf[parent]! + 1;
    const end = table.subtreeEnd(i);
    const hasChildren = end > i + 1;
    const node: FlatNode = {
      parent: parent === -1 ? -1 : listed[parent]!,
      type: table.type(i),
      named,
      field: table.field(i),
      missing,
      start: lines.toHuman(table.start(i)),
      end: lines.toHuman(table.end(i)),
      text: hasChildren ? undefined : text.slice(table.start(i), table.end(i)),
    };
    if (!take(node)) return { count, truncated: true };
    listed[i] = count++;
    depthOf[i] = depth;
    if (hasChildren && depth >= maxDepth) {
      truncated = true;
      i = end;
    } else {
      i++;
    }
  }
  return { count, truncated };
}
