// The tree as a flat list in document order, each node naming its parent by
// index. Read through one TreeCursor, never a `Node` object per visit: the
// cursor's getters are plain WASM reads, while `currentNode` marshals an object.
import type { Tree } from 'web-tree-sitter';
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
 * the walk (that node and every later one are cut). Iterative: deep input
 * cannot overflow the stack. The root is always offered first.
 */
export function walkFlat(tree: Tree, text: string, options: FlatOptions, take: (node: FlatNode) => boolean): FlatWalk {
  const lines = options.lines ?? new LineIndex(text);
  const maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY;
  const cursor = tree.walk();
  // parents[d]: the list index of the node open at depth d (skipped nodes are not entered).
  const parents: number[] = [];
  let count = 0;
  let truncated = false;
  try {
    let depth = 0;
    for (;;) {
      // Each cursor getter is a WASM call that marshals the cursor first: every one is read once per node.
      const named = cursor.nodeIsNamed;
      const missing = cursor.nodeIsMissing;
      if (options.all || named || missing) {
        const startIndex = cursor.startIndex;
        const endIndex = cursor.endIndex;
        const type = cursor.nodeType;
        const field = cursor.currentFieldName;
        // Stays on the first child when there is one: the walk goes on from there.
        const hasChildren = cursor.gotoFirstChild();
        const node: FlatNode = {
          parent: depth === 0 ? -1 : parents[depth - 1]!,
          type,
          named,
          field,
          missing,
          start: lines.toHuman(startIndex),
          end: lines.toHuman(endIndex),
          text: hasChildren ? undefined : text.slice(startIndex, endIndex),
        };
        if (!take(node)) return { count, truncated: true };
        parents[depth] = count++;
        if (hasChildren) {
          if (depth < maxDepth) {
            depth++;
            continue;
          }
          truncated = true;
          cursor.gotoParent();
        }
      }
      // A node not kept is not entered (an anonymous node with children is not listed, nor are they).
      while (!cursor.gotoNextSibling()) {
        if (depth === 0 || !cursor.gotoParent()) return { count, truncated };
        depth--;
      }
      if (depth === 0) return { count, truncated };
    }
  } finally {
    cursor.delete();
  }
}
