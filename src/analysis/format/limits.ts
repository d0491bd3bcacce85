// The formatter's bounds. The printer recurses once per node it lays out inside
// another, so a file nested deeper than Node's stack allows would overflow it;
// past MAX_FORMAT_DEPTH the file is left as it is instead, with a
// FORMAT_TOO_DEEP warning (index.ts). The verification holds the input's and
// the output's trees at once, and past MAX_FORMAT_NODES they no longer fit in
// web-tree-sitter's WASM heap: such a file is left alone with FORMAT_TOO_LARGE.
import type { Node } from 'web-tree-sitter';
import { PRECEDENCE } from './precedence.ts';

/**
 * How deep the printer may recurse. Real code stays far below it (the corpus:
 * 10); the printer's deepest frames (nested named arguments, `f(a=[…])`) first
 * overflow Node's default stack at about 900.
 */
export const MAX_FORMAT_DEPTH = 256;

/**
 * How many syntax nodes a file may have to be formatted. Measured on one line
 * `x = 1 + 1 + …`: 6 MB (4.7 million nodes) formats in about 30 s with 1.9 GB
 * resident; 10 MB (7.9 million) aborts the WASM module after 25 s. Ordinary
 * code has about 0.4 million nodes per MB, so the bound is near 10 MB of it.
 */
export const MAX_FORMAT_NODES = 4_000_000;

/** Thrown by the printer past MAX_FORMAT_DEPTH; `formatTree` turns it into FORMAT_TOO_DEEP. */
export class TooDeepToFormat extends Error {
  /** The node the printer did not enter. */
  readonly node: Node;

  constructor(node: Node) {
    super(`nested more than ${MAX_FORMAT_DEPTH} levels deep`);
    this.name = 'TooDeepToFormat';
    this.node = node;
  }
}

/**
 * The levels of nesting in `node`, itself included: named nodes inside one
 * another, except the left operand of a binary operator of the same
 * precedence, which the printer reaches in a loop (`a + b + c …`), so that a
 * long sum is not deep. This is about what the printer counts (it also skips
 * `if` bodies and call argument lists), and what the FORMAT_TOO_DEEP message
 * reports. Walked with a cursor, never recursively.
 */
export function nestingDepth(node: Node): number {
  const cursor = node.walk();
  try {
    const levels: number[] = [];
    /** The precedence of the binary expression at each depth, undefined for other nodes. */
    const precedence: Array<number | undefined> = [];
    let deepest = 0;
    let depth = 0;
    for (;;) {
      const above = depth === 0 ? 0 : levels[depth - 1]!;
      const binary = cursor.nodeType === 'binary_expression';
      const level = binary ? PRECEDENCE[cursor.currentNode.childForFieldName('operator')?.type ?? ''] : undefined;
      const chained = binary && cursor.currentFieldName === 'left' && level !== undefined && depth > 0 && precedence[depth - 1] === level;
      const here = above + (cursor.nodeIsNamed && !chained ? 1 : 0);
      levels[depth] = here;
      precedence[depth] = level;
      if (here > deepest) deepest = here;
      if (cursor.gotoFirstChild()) {
        depth++;
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (depth === 0 || !cursor.gotoParent()) return deepest;
        depth--;
      }
      if (depth === 0) return deepest;
    }
  } finally {
    cursor.delete();
  }
}
