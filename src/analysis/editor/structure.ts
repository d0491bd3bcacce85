// Folding ranges and selection ranges, from the tree alone.
import type { Node, Tree } from 'web-tree-sitter';
import { ancestorsAt } from '../../syntax/ancestors.ts';
import { walk } from '../../syntax/inspect.ts';
import type { Span } from '../model/types.ts';

export interface FoldInfo {
  /** 0-based lines. */
  startLine: number;
  endLine: number;
  kind?: 'comment' | 'imports';
}

const FOLDED = new Set(['block', 'record_type', 'match_block', 'use_list', 'arguments', 'list', 'dictionary', 'block_comment', 'multiline_string']);

export function foldingRanges(tree: Tree): FoldInfo[] {
  const folds: FoldInfo[] = [];
  walk(tree, (cursor) => {
    const node = cursor.currentNode;
    if (FOLDED.has(node.type) && node.endPosition.row > node.startPosition.row) {
      folds.push({ startLine: node.startPosition.row, endLine: node.endPosition.row, ...(node.type === 'block_comment' ? { kind: 'comment' as const } : {}) });
    }
    return true;
  });
  // Consecutive top-level `use` statements fold as one import region.
  let first: Node | undefined;
  let last: Node | undefined;
  const flush = () => {
    if (first && last && last.endPosition.row > first.startPosition.row) folds.push({ startLine: first.startPosition.row, endLine: last.endPosition.row, kind: 'imports' });
    first = last = undefined;
  };
  for (const statement of tree.rootNode.namedChildren) {
    if (statement?.type === 'use_statement') {
      first ??= statement;
      last = statement;
    } else if (statement?.type !== 'line_comment') flush();
  }
  flush();
  return folds.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
}

/** For each offset, the spans of the nodes around it, innermost first, each strictly larger. */
export function selectionRanges(tree: Tree, offsets: readonly number[]): Span[][] {
  return offsets.map((offset) => {
    const chain: Span[] = [];
    for (const node of ancestorsAt(tree, offset)) {
      const span = { start: node.startIndex, end: node.endIndex };
      const previous = chain[chain.length - 1];
      if (!previous || span.start < previous.start || span.end > previous.end) chain.push(span);
    }
    return chain;
  });
}
