// Range queries the syntax diagnostics ask once per error: is this error
// inside a lexer error, inside a keyword statement, around an unclosed
// bracket? Each is a binary search over spans sorted once, not a scan of all
// of them, so that n errors against n spans cost n log n, not n².
import type { Tree } from 'web-tree-sitter';
import { countAtMost } from '../../syntax/sorted.ts';
import type { TokenAt } from './error-nodes.ts';

/** Spans sorted by start, with the greatest end among each prefix. */
export class SpanIndex {
  readonly #starts: number[];
  readonly #maxEnds: number[];

  constructor(spans: Iterable<{ start: number; end: number }>) {
    const sorted = [...spans].sort((a, b) => a.start - b.start);
    this.#starts = sorted.map((s) => s.start);
    let max = -Infinity;
    this.#maxEnds = sorted.map((s) => (max = Math.max(max, s.end)));
  }

  /** The greatest end of the spans starting at or before `offset`, -Infinity if none. */
  #maxEndFrom(offset: number): number {
    const count = countAtMost(this.#starts, offset);
    return count === 0 ? -Infinity : this.#maxEnds[count - 1]!;
  }

  /** Some span with start < max(end, start + 1) and `start` <= its end. */
  touches(start: number, end: number): boolean {
    return this.#maxEndFrom(Math.max(end, start + 1) - 1) >= start;
  }

  /** Some span that contains [start, end]. */
  contains(start: number, end: number): boolean {
    return this.#maxEndFrom(start) >= end;
  }
}

/** Some of the sorted `offsets` in [start, end). */
export function anyWithin(sortedOffsets: readonly number[], start: number, end: number): boolean {
  return countAtMost(sortedOffsets, end - 1) > countAtMost(sortedOffsets, start - 1);
}

const LITERALS = new Set(['string', 'multiline_string', 'char']);

/** The tree's tokens in document order, without comments and MISSING ones: where the messages' "found X" comes from. */
export class TokenList {
  readonly #tokens: TokenAt[] = [];
  readonly #ends: number[] = [];

  constructor(tree: Tree, text: string) {
    const cursor = tree.walk();
    try {
      for (;;) {
        const type = cursor.nodeType;
        // A literal is one token to the reference's lexer (`found StringLiteral("a")`); only f-strings hold code.
        if (!LITERALS.has(type) && cursor.gotoFirstChild()) continue;
        if (!cursor.nodeIsMissing && type !== 'line_comment' && type !== 'block_comment' && type !== 'source_file') {
          this.#tokens.push({ text: text.slice(cursor.startIndex, cursor.endIndex), start: cursor.startIndex, end: cursor.endIndex });
          this.#ends.push(cursor.endIndex);
        }
        while (!cursor.gotoNextSibling()) {
          if (!cursor.gotoParent()) return;
        }
      }
    } finally {
      cursor.delete();
    }
  }

  /** The first token that ends after `offset` or is empty at it: the one a parser at `offset` sees next. */
  after(offset: number): TokenAt | undefined {
    const i = this.#indexAfter(offset);
    return i === -1 ? undefined : this.#tokens[i];
  }

  /** The token before the one `after(offset)` gives. */
  before(offset: number): TokenAt | undefined {
    const i = this.#indexAfter(offset);
    return this.#tokens[(i === -1 ? this.#tokens.length : i) - 1];
  }

  #indexAfter(offset: number): number {
    for (let i = countAtMost(this.#ends, offset - 1); i < this.#tokens.length; i++) {
      const token = this.#tokens[i]!;
      if (token.end > offset || token.start === offset) return i;
    }
    return -1;
  }
}
