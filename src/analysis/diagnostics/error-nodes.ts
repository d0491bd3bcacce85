// The ERROR and MISSING nodes of a tree with what the syntax diagnostics ask
// of each (the ERROR's parent, its first token and that token's previous
// sibling), read off the tree's node table: Node.parent and the sibling
// getters of web-tree-sitter search down from the root (tree-sitter keeps no
// parent links), so calling them for every one of n errors in a flat tree of
// n nodes is quadratic, and even a cursor's steps are WASM calls per node.
import type { Tree } from 'web-tree-sitter';
import { nodeTableOf, type NodeTable } from '../../syntax/node-table.ts';
import type { LineIndex } from '../../syntax/positions.ts';

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
  /** The type of the node it was inserted into. */
  parentType: string | undefined;
  /** The innermost list around it whose types the reference reads with its lenient parse (LENIENT_TYPE_CONTEXTS). */
  lenientList: LenientList | undefined;
  statement: EnclosingStatement | undefined;
}

/** The innermost statement around a problem (none when recovery left only ERRORs up to the block). */
export interface EnclosingStatement {
  type: string;
  start: number;
  /** Where its own `=` starts (an assignment's, a declaration's value), or -1. */
  equals: number;
}

export interface ErrorNode {
  kind: 'ERROR';
  startIndex: number;
  endIndex: number;
  parentType: string | undefined;
  /** Whether the ERROR is inside a type (a parameter list, a declaration's annotation) before any block. */
  insideType: boolean;
  /** The innermost list around it whose types the reference reads with its lenient parse (LENIENT_TYPE_CONTEXTS). */
  lenientList: LenientList | undefined;
  /** Its first token (comments skipped), or the ERROR itself when it has no token of its own. */
  first: TokenAt;
  /** Whether `first` starts a statement: nothing, a `;` or a line break before it. */
  firstStartsStatement: boolean;
  /** The type of the sibling before the ERROR (or before the ERROR that wraps it, when it is a first child). */
  siblingBefore: string | undefined;
  /** The type of the innermost node around the ERROR that is not an ERROR. */
  enclosingType: string | undefined;
  statement: EnclosingStatement | undefined;
}

export type SyntaxErrorNode = MissingNode | ErrorNode;

const TYPE_CONTEXTS = new Set(['parameters', 'function_type', 'type_arguments', 'parameter', 'declaration']);
/**
 * Where the reference reads types with its lenient parse, which gives up without a word of its own and leaves the
 * failure to the list around (nud.rs's typed lambda parameters, types.rs's tuple types).
 */
const LENIENT_TYPE_CONTEXTS = new Set(['lambda_parameters', 'tuple_type']);

export interface LenientList {
  type: string;
  start: number;
}
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
export function errorNodes(tree: Tree, text: string, lines: LineIndex): SyntaxErrorNode[] {
  const found: SyntaxErrorNode[] = [];
  if (!tree.rootNode.hasError) return found;
  const table = nodeTableOf(tree, text);
  // Per depth of the walk: the node's type, whether a type context encloses
  // it, and the last sibling visited before it.
  const types: string[] = [];
  const inType: boolean[] = [];
  // Per depth: the innermost lenient type context around (LENIENT_TYPE_CONTEXTS), or undefined.
  const lenientLists: Array<LenientList | undefined> = [];
  // The previous sibling's type and end row, in two arrays rather than an
  // object per node: this walk visits every node on the way to the errors.
  const previousTypes: Array<string | undefined> = [];
  const previousEndRows: number[] = [];
  // Per depth: the sibling before the node last visited there.
  const siblingsBefore: Array<string | undefined> = [];
  const depthOf = new Int32Array(table.count);
  const statements = new StatementFinder(table);
  let lastDepth = -1;
  // Document order; a node without errors is visited (it may precede an error) but not entered.
  for (let i = 0; i < table.count; ) {
    const parent = table.parent(i);
    const depth = parent === -1 ? 0 : depthOf[parent]! + 1;
    depthOf[i] = depth;
    if (depth > lastDepth) previousTypes[depth] = undefined;
    lastDepth = depth;
    const type = table.type(i);
    const beforeType = previousTypes[depth];
    const beforeEndRow = previousEndRows[depth]!;
    previousTypes[depth] = type;
    previousEndRows[depth] = lines.lineOf(table.end(i));
    siblingsBefore[depth] = beforeType;
    types[depth] = type;
    inType[depth] = TYPE_CONTEXTS.has(type) ? true : type === 'block' || type === 'source_file' ? false : depth > 0 && inType[depth - 1]!;
    lenientLists[depth] = LENIENT_TYPE_CONTEXTS.has(type) ? { type, start: table.start(i) } : type === 'block' || type === 'source_file' || depth === 0 ? undefined : lenientLists[depth - 1];
    const missing = table.isMissing(i);
    const error = type === 'ERROR' && !missing;
    if (!missing && !error && !table.hasError(i)) {
      i = table.subtreeEnd(i);
      continue;
    }
    if (!missing && !error) {
      i++;
      continue;
    }
    const at = i++;
    const startIndex = table.start(at);
    const endIndex = table.end(at);
    // An ERROR that only wraps other ERRORs adds nothing a person can act on.
    while (error && found.length > 0) {
      const last = found[found.length - 1]!;
      if (last.kind !== 'ERROR' || startIndex < last.startIndex || last.endIndex < endIndex) break;
      found.pop();
    }
    if (missing) {
      found.push({ kind: 'MISSING', type, startIndex, endIndex, parentType: depth > 0 ? types[depth - 1] : undefined, lenientList: depth > 0 ? lenientLists[depth - 1] : undefined, statement: statements.around(at) });
      continue;
    }
    const token = firstToken(table, at, text, lines);
    const first = token?.token ?? { text: text.slice(startIndex, endIndex), start: startIndex, end: endIndex };
    const firstPrevious = token ? token.previous : beforeType === undefined ? undefined : { type: beforeType, endRow: beforeEndRow };
    const firstRow = token ? token.row : lines.lineOf(startIndex);
    found.push({
      kind: 'ERROR',
      startIndex,
      endIndex,
      parentType: depth > 0 ? types[depth - 1] : undefined,
      insideType: depth > 0 && inType[depth - 1]!,
      lenientList: depth > 0 ? lenientLists[depth - 1] : undefined,
      first,
      firstStartsStatement: !firstPrevious || firstPrevious.type === ';' || firstPrevious.endRow < firstRow,
      siblingBefore: beforeType ?? (depth > 0 && types[depth - 1] === 'ERROR' ? siblingsBefore[depth - 1] : undefined),
      enclosingType: enclosingType(types, depth),
      statement: statements.around(at),
    });
  }
  return found;
}

/**
 * The leaf reached from node `at` by first children that are not comments,
 * with the comment before it, if any; undefined when the node is a leaf or
 * has only comments.
 */
function firstToken(table: NodeTable, at: number, text: string, lines: LineIndex): { token: TokenAt; previous: Previous | undefined; row: number } | undefined {
  let node = at;
  let descended = false;
  let previous: Previous | undefined;
  for (let child = table.firstChild(node); child !== -1; child = table.firstChild(node)) {
    const outer = previous;
    previous = undefined;
    while (COMMENTS.has(table.type(child))) {
      previous = { type: table.type(child), endRow: lines.lineOf(table.end(child)) };
      const sibling = table.nextSibling(child);
      // Only comments below `node`: the token is `node` itself.
      if (sibling === -1) return descended ? tokenAt(table, node, text, lines, outer) : undefined;
      child = sibling;
    }
    descended = true;
    node = child;
  }
  return descended ? tokenAt(table, node, text, lines, previous) : undefined;
}

function tokenAt(table: NodeTable, node: number, text: string, lines: LineIndex, previous: Previous | undefined) {
  const start = table.start(node);
  const end = table.end(node);
  return { token: { text: text.slice(start, end), start, end }, previous, row: lines.lineOf(start) };
}

const STATEMENTS = new Set(['assignment', 'declaration', 'destructuring_assignment', 'expression_statement', 'type_definition', 'use_statement']);
/** Where a statement's search stops: the statements of a block are its own. */
const STATEMENT_BOUNDARIES = new Set(['block', 'source_file']);

/**
 * The statement around each node asked about, remembered per ancestor: errors
 * nested n deep (recovery nests them on a file of stray operators) would
 * otherwise each walk up the same n ancestors.
 */
class StatementFinder {
  readonly #table: NodeTable;
  readonly #known = new Map<number, EnclosingStatement | undefined>();

  constructor(table: NodeTable) {
    this.#table = table;
  }

  around(node: number): EnclosingStatement | undefined {
    const table = this.#table;
    const path: number[] = [];
    let found: EnclosingStatement | undefined;
    for (let at = table.parent(node); at !== -1; at = table.parent(at)) {
      if (this.#known.has(at)) {
        found = this.#known.get(at);
        break;
      }
      path.push(at);
      const type = table.type(at);
      if (STATEMENT_BOUNDARIES.has(type)) break;
      if (STATEMENTS.has(type)) {
        found = { type, start: table.start(at), equals: equalsOf(table, at) };
        break;
      }
    }
    for (const at of path) this.#known.set(at, found);
    return found;
  }
}

function equalsOf(table: NodeTable, statement: number): number {
  for (let child = table.firstChild(statement); child !== -1; child = table.nextSibling(child)) {
    if (table.type(child) === '=') return table.start(child);
  }
  return -1;
}

function enclosingType(types: readonly string[], depth: number): string | undefined {
  for (let d = depth - 1; d >= 0; d--) if (types[d] !== 'ERROR') return types[d];
  return undefined;
}
