// Range queries the syntax diagnostics ask once per error: is this error
// inside a lexer error, inside a keyword statement, around an unclosed
// bracket? Each is a binary search over spans sorted once, not a scan of all
// of them, so that n errors against n spans cost n log n, not n².
import type { Tree } from 'web-tree-sitter';
import { nodeTableOf, type NodeTable } from '../../syntax/node-table.ts';
import type { NodeType } from '../../syntax/node-type.ts';
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

const LITERALS: readonly NodeType[] = ['string', 'multiline_string', 'char'];
const SKIPPED: readonly NodeType[] = ['line_comment', 'block_comment', 'source_file'];

/**
 * The tree's tokens in document order, without comments and MISSING ones:
 * where the messages' "found X" comes from. Read off the file's node table
 * (rows in document order) as row numbers; a token's text is cut when asked.
 */
export class TokenList {
  readonly #table: NodeTable;
  readonly #rows: number[] = [];
  readonly #ends: number[] = [];

  constructor(tree: Tree, text: string) {
    const table = nodeTableOf(tree, text);
    this.#table = table;
    const literals = new Set(LITERALS.map((t) => table.idOf(t)));
    const skipped = new Set(SKIPPED.map((t) => table.idOf(t)));
    for (let row = 0; row < table.count; row++) {
      const type = table.typeId(row);
      // A literal is one token to the reference's lexer (`found StringLiteral("a")`); only f-strings hold code.
      if (literals.has(type)) {
        this.#push(row);
        row = table.subtreeEnd(row) - 1;
      } else if (table.firstChild(row) === -1 && !table.isMissing(row) && !skipped.has(type)) {
        this.#push(row);
      }
    }
  }

  #push(row: number): void {
    this.#rows.push(row);
    this.#ends.push(this.#table.end(row));
  }

  #token(i: number): TokenAt | undefined {
    const row = this.#rows[i];
    return row === undefined ? undefined : { text: this.#table.text(row), start: this.#table.start(row), end: this.#table.end(row) };
  }

  /** The first token that ends after `offset` or is empty at it: the one a parser at `offset` sees next. */
  after(offset: number): TokenAt | undefined {
    const i = this.#indexAfter(offset);
    return i === -1 ? undefined : this.#token(i);
  }

  /** The token before the one `after(offset)` gives. */
  before(offset: number): TokenAt | undefined {
    const i = this.#indexAfter(offset);
    return this.#token((i === -1 ? this.#rows.length : i) - 1);
  }

  #indexAfter(offset: number): number {
    for (let i = countAtMost(this.#ends, offset - 1); i < this.#rows.length; i++) {
      const row = this.#rows[i]!;
      if (this.#table.end(row) > offset || this.#table.start(row) === offset) return i;
    }
    return -1;
  }
}
