// Where the comments of a sequence (statements, list items, match arms) go:
// before an item on their own line, at the end of an item's line, or after the
// last item. Comments are extras, so tree-sitter puts them between the tokens of
// the innermost node that spans them; a node never starts or ends with one.
import type { Node } from 'web-tree-sitter';

export function isComment(node: Node): boolean {
  return node.type === 'line_comment' || node.type === 'block_comment';
}

export interface Placed {
  node: Node;
  /** The original has at least one blank line between this and what precedes it in the sequence. */
  blankBefore: boolean;
}

export interface Entry {
  item: Node;
  blankBefore: boolean;
  /** Comments on lines of their own before the item, or block comments on the item's first line. */
  leading: Placed[];
  /** A blank line between the last leading comment and the item. */
  blankBeforeItem: boolean;
  /** Comments that start on the line where the item (or its separator) ends. */
  trailing: Node[];
  /** Block comments written between the item and its separator, on the item's last line; printed before the comma. */
  beforeSeparator: Node[];
  /** Separator tokens (`,` `;`) that followed the item in the original. */
  separators: Node[];
}

export interface Sequence {
  entries: Entry[];
  /** Comments after the last item. */
  dangling: Placed[];
}

/**
 * Splits `children` (already without the delimiters) into items and their comments.
 * `isSeparator` names tokens that separate items (`,`, `;`), which are dropped.
 */
export function collect(children: readonly Node[], isSeparator: (node: Node) => boolean): Sequence {
  const entries: Entry[] = [];
  let pending: Placed[] = [];
  let lastRow = -1;
  let previous: Entry | undefined;
  children.forEach((child, index) => {
    if (child.startIndex === child.endIndex && !child.isMissing) return;
    const blankBefore = lastRow >= 0 && child.startPosition.row - lastRow >= 2;
    if (isComment(child)) {
      if (previous && pending.length === 0 && child.startPosition.row === lastRow && !opensNextItem(children, index, previous, isSeparator)) {
        const beforeSeparator = previous.separators.length === 0 && child.type === 'block_comment';
        (beforeSeparator ? previous.beforeSeparator : previous.trailing).push(child);
      }
      else pending.push({ node: child, blankBefore });
      lastRow = child.endPosition.row;
      return;
    }
    if (isSeparator(child)) {
      if (previous && pending.length === 0) previous.separators.push(child);
      if (previous && pending.length === 0) lastRow = Math.max(lastRow, child.endPosition.row);
      return;
    }
    const firstPlaced = pending[0];
    const entry: Entry = {
      item: child,
      blankBefore: firstPlaced ? firstPlaced.blankBefore : blankBefore,
      leading: pending.map((p, i) => (i === 0 ? { ...p, blankBefore: false } : p)),
      blankBeforeItem: firstPlaced !== undefined && blankBefore,
      trailing: [],
      beforeSeparator: [],
      separators: [],
    };
    entries.push(entry);
    pending = [];
    previous = entry;
    lastRow = child.endPosition.row;
  });
  return { entries, dangling: pending };
}

/**
 * Whether the block comment `children[index]`, after the separator of
 * `previous`, is followed on its line by the next item (`a, /* c *\/ b`,
 * `x = 1; /* c *\/ y = 2`): it is written before that item, so it stays with
 * it rather than moving to the end of the line of `previous`.
 */
function opensNextItem(children: readonly Node[], index: number, previous: Entry, isSeparator: (node: Node) => boolean): boolean {
  if (children[index]!.type !== 'block_comment' || previous.separators.length === 0) return false;
  let row = children[index]!.endPosition.row;
  for (let i = index + 1; i < children.length; i++) {
    const next = children[i]!;
    if (next.startPosition.row !== row) return false;
    if (next.type === 'block_comment') {
      row = next.endPosition.row;
      continue;
    }
    return !isComment(next) && !isSeparator(next);
  }
  return false;
}

export function hasComments(sequence: Sequence): boolean {
  return sequence.dangling.length > 0 || sequence.entries.some((e) => e.leading.length > 0 || e.trailing.length > 0 || e.beforeSeparator.length > 0);
}
