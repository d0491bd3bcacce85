// Folding ranges and selection ranges, from the tree alone.
import type { Tree } from 'web-tree-sitter';
import { ancestorsAt } from '../../syntax/ancestors.ts';
import { nodeTableOf } from '../../syntax/node-table.ts';
import type { LineIndex } from '../../syntax/positions.ts';
import type { Span } from '../model/types.ts';

export interface FoldInfo {
  /** 0-based lines. */
  startLine: number;
  endLine: number;
  kind?: 'comment' | 'imports';
}

const FOLDED = ['block', 'record_type', 'match_block', 'use_list', 'arguments', 'list', 'dictionary', 'block_comment', 'multiline_string'] as const;

/**
 * Read off the tree's node table (row by row, types compared by id), not
 * through a cursor: an editor asks again after every keystroke, and a walk
 * that made a `Node` per visit cost 30 ms on 10,000 lines.
 */
export function foldingRanges(tree: Tree, lines: LineIndex): FoldInfo[] {
  const table = nodeTableOf(tree);
  const folded = new Set(FOLDED.map((type) => table.idOf(type)));
  const blockComment = table.idOf('block_comment');
  const folds: FoldInfo[] = [];
  for (let i = 0; i < table.count; i++) {
    const type = table.typeId(i);
    if (!folded.has(type)) continue;
    const startLine = lines.lineOf(table.start(i));
    const endLine = lines.lineOf(table.end(i));
    if (endLine > startLine) folds.push({ startLine, endLine, ...(type === blockComment ? { kind: 'comment' as const } : {}) });
  }
  // Consecutive top-level `use` statements fold as one import region.
  const use = table.idOf('use_statement');
  const lineComment = table.idOf('line_comment');
  let first = -1;
  let last = -1;
  const flush = () => {
    if (first !== -1) {
      const startLine = lines.lineOf(table.start(first));
      const endLine = lines.lineOf(table.end(last));
      if (endLine > startLine) folds.push({ startLine, endLine, kind: 'imports' });
    }
    first = last = -1;
  };
  for (let statement = table.firstChild(0); statement !== -1; statement = table.nextSibling(statement)) {
    if (!table.isNamed(statement)) continue;
    const type = table.typeId(statement);
    if (type === use) {
      if (first === -1) first = statement;
      last = statement;
    } else if (type !== lineComment) flush();
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
