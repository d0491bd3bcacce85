// The ERROR and MISSING nodes of a tree with what the syntax diagnostics ask
// of each (the ERROR's parent, its first token and that token's previous
// sibling), read in one walk of a tree cursor. Node.parent and the sibling
// getters of web-tree-sitter search down from the root (tree-sitter keeps no
// parent links), so calling them for every one of n errors in a flat tree of
// n nodes is quadratic; a cursor's steps are constant time.
import type { Tree, TreeCursor } from 'web-tree-sitter';
import { walk } from '../../syntax/inspect.ts';

/** A token as the messages quote it: its text and where it is. */
export interface TokenAt {
  text: string;
  start: number;
  end: number;
}

export interface MissingNode {
  kind: 'MISSING';
  /** The node type the parser inserted, such as `}` or `identifier`. */
  type: string;
  startIndex: number;
  endIndex: number;
}

export interface ErrorNode {
  kind: 'ERROR';
  startIndex: number;
  endIndex: number;
  parentType: string | undefined;
  /** Whether the ERROR is inside a type (a parameter list, a declaration's annotation) before any block. */
  insideType: boolean;
  /** Its first token (comments skipped), or the ERROR itself when it has no token of its own. */
  first: TokenAt;
  /** Whether `first` starts a statement: nothing, a `;` or a line break before it. */
  firstStartsStatement: boolean;
}

export type SyntaxErrorNode = MissingNode | ErrorNode;

const TYPE_CONTEXTS = new Set(['parameters', 'function_type', 'type_arguments', 'parameter', 'declaration']);
const COMMENTS = new Set(['line_comment', 'block_comment']);

/** What precedes a node among its siblings, for `startsStatement`. */
interface Previous {
  type: string;
  endRow: number;
}

/**
 * The innermost ERROR nodes and every MISSING node, in document order (the
 * same nodes as syntax/inspect.ts `syntaxProblems`), each with its context.
 */
export function errorNodes(tree: Tree, text: string): SyntaxErrorNode[] {
  const found: SyntaxErrorNode[] = [];
  if (!tree.rootNode.hasError) return found;
  // Per depth of the walk: the node's type, whether a type context encloses
  // it, and the last sibling visited before it.
  const types: string[] = [];
  const inType: boolean[] = [];
  // The previous sibling's type and end row, in two arrays rather than an
  // object per node: this walk visits every node on the way to the errors.
  const previousTypes: Array<string | undefined> = [];
  const previousEndRows: number[] = [];
  let lastDepth = -1;
  walk(tree, (cursor, depth) => {
    if (depth > lastDepth) previousTypes[depth] = undefined;
    lastDepth = depth;
    const type = cursor.nodeType;
    const beforeType = previousTypes[depth];
    const beforeEndRow = previousEndRows[depth]!;
    previousTypes[depth] = type;
    previousEndRows[depth] = cursor.endPosition.row;
    types[depth] = type;
    inType[depth] = TYPE_CONTEXTS.has(type) ? true : type === 'block' || type === 'source_file' ? false : depth > 0 && inType[depth - 1]!;
    const missing = cursor.nodeIsMissing;
    const error = type === 'ERROR' && !missing;
    if (!missing && !error && !cursor.currentNode.hasError) return false;
    if (!missing && !error) return true;
    const startIndex = cursor.startIndex;
    const endIndex = cursor.endIndex;
    // An ERROR that only wraps other ERRORs adds nothing a person can act on.
    while (error && found.length > 0) {
      const last = found[found.length - 1]!;
      if (last.kind !== 'ERROR' || startIndex < last.startIndex || last.endIndex < endIndex) break;
      found.pop();
    }
    if (missing) {
      found.push({ kind: 'MISSING', type, startIndex, endIndex });
      return true;
    }
    const token = firstToken(cursor, text);
    const first = token?.token ?? { text: text.slice(startIndex, endIndex), start: startIndex, end: endIndex };
    const firstPrevious = token ? token.previous : beforeType === undefined ? undefined : { type: beforeType, endRow: beforeEndRow };
    const firstRow = token ? token.row : cursor.startPosition.row;
    found.push({
      kind: 'ERROR',
      startIndex,
      endIndex,
      parentType: depth > 0 ? types[depth - 1] : undefined,
      insideType: depth > 0 && inType[depth - 1]!,
      first,
      firstStartsStatement: !firstPrevious || firstPrevious.type === ';' || firstPrevious.endRow < firstRow,
    });
    return true;
  });
  return found;
}

/**
 * The leaf reached from the cursor's node by first children that are not
 * comments, with the comment before it, if any; undefined when the node is a
 * leaf or has only comments.
 */
function firstToken(at: TreeCursor, text: string): { token: TokenAt; previous: Previous | undefined; row: number } | undefined {
  const cursor = at.currentNode.walk();
  try {
    let descended = false;
    let previous: Previous | undefined;
    while (cursor.gotoFirstChild()) {
      const outer = previous;
      previous = undefined;
      while (COMMENTS.has(cursor.nodeType)) {
        previous = { type: cursor.nodeType, endRow: cursor.endPosition.row };
        if (!cursor.gotoNextSibling()) {
          cursor.gotoParent();
          return descended ? tokenAt(cursor, text, outer) : undefined;
        }
      }
      descended = true;
    }
    return descended ? tokenAt(cursor, text, previous) : undefined;
  } finally {
    cursor.delete();
  }
}

function tokenAt(cursor: TreeCursor, text: string, previous: Previous | undefined) {
  return { token: { text: text.slice(cursor.startIndex, cursor.endIndex), start: cursor.startIndex, end: cursor.endIndex }, previous, row: cursor.startPosition.row };
}
