// Plain-data views of a syntax tree: S-expressions, JSON nodes and the list of
// ERROR / MISSING nodes. Every walk is iterative, so deeply nested input cannot
// overflow the stack.
import type { Node, Tree, TreeCursor } from 'web-tree-sitter';
import type { HumanPosition } from './positions.ts';
import { LineIndex } from './positions.ts';

export interface SyntaxProblem {
  /** `ERROR`: text the grammar could not place; `MISSING`: a token the parser inserted. */
  kind: 'ERROR' | 'MISSING';
  /** For MISSING, the node type that was expected (e.g. `}`); for ERROR, `ERROR`. */
  type: string;
  start: HumanPosition;
  end: HumanPosition;
  startIndex: number;
  endIndex: number;
  text: string;
}

export interface JsonNode {
  type: string;
  field?: string;
  named: boolean;
  start: HumanPosition;
  end: HumanPosition;
  text?: string;
  missing?: true;
  children?: JsonNode[];
}

export interface JsonOptions {
  /** Include anonymous nodes (punctuation, keywords). Default: false. */
  all?: boolean;
  /** Stop descending below this depth (root = 0); cut nodes get no children. */
  maxDepth?: number;
  /** Stop after emitting this many nodes. */
  maxNodes?: number;
}

export interface JsonTree {
  root: JsonNode;
  truncated: boolean;
  nodeCount: number;
}

/** Visits nodes in document order without recursion. `enter` returns false to skip children, 'stop' to end the walk. */
export function walk(tree: Tree | Node, enter: (cursor: TreeCursor, depth: number) => boolean | 'stop' | void): void {
  const cursor = tree.walk();
  try {
    let depth = 0;
    for (;;) {
      const step = enter(cursor, depth);
      if (step === 'stop') return;
      const descend = step !== false;
      if (descend && cursor.gotoFirstChild()) {
        depth++;
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (depth === 0 || !cursor.gotoParent()) return;
        depth--;
      }
      if (depth === 0) return;
    }
  } finally {
    cursor.delete();
  }
}

/**
 * The innermost ERROR nodes and every MISSING node, in document order. An ERROR
 * that only wraps other ERRORs adds nothing a person can act on.
 */
export function syntaxProblems(tree: Tree, text: string, lines = new LineIndex(text)): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  if (!tree.rootNode.hasError) return problems;
  walk(tree, (cursor) => {
    const node = cursor.currentNode;
    if (!node.hasError && !node.isMissing) return false;
    if (node.isError || node.isMissing) {
      while (problems.length > 0) {
        const last = problems[problems.length - 1]!;
        const enclosesNode = last.kind === 'ERROR' && last.startIndex <= node.startIndex && node.endIndex <= last.endIndex;
        if (!enclosesNode || !node.isError) break;
        problems.pop();
      }
      problems.push({
        kind: node.isMissing ? 'MISSING' : 'ERROR',
        type: node.type,
        start: lines.toHuman(node.startIndex),
        end: lines.toHuman(node.endIndex),
        startIndex: node.startIndex,
        endIndex: node.endIndex,
        text: text.slice(node.startIndex, node.endIndex),
      });
    }
    return true;
  });
  return problems;
}

/** Past this depth the S-expression's indentation stops growing: fully indented, 10,000 levels would print 100 MB. */
const MAX_INDENT_LEVELS = 100;

/** An indented S-expression with field names and 1-based `[line:col - line:col]` ranges. */
export function toSExpression(tree: Tree, text: string, options: { all?: boolean; positions?: boolean } = {}): string {
  const lines = new LineIndex(text);
  const out: string[] = [];
  const open: number[] = [];
  walk(tree, (cursor, depth) => {
    while (open.length > depth) {
      open.pop();
      out.push(')');
    }
    const node = cursor.currentNode;
    if (!options.all && !node.isNamed && !node.isMissing) return false;
    const field = cursor.currentFieldName;
    const label = node.isMissing ? `MISSING ${JSON.stringify(node.type)}` : node.isNamed ? node.type : JSON.stringify(node.type);
    const range = options.positions === false ? '' : ` ${formatRange(lines, node)}`;
    out.push(`${depth === 0 ? '' : '\n' + '  '.repeat(Math.min(depth, MAX_INDENT_LEVELS))}${field ? field + ': ' : ''}(${label}${range}`);
    open.push(depth);
    return true;
  });
  while (open.pop() !== undefined) out.push(')');
  return out.join('');
}

/** The tree as JSON nodes, bounded by depth and node count. */
export function toJson(tree: Tree, text: string, options: JsonOptions = {}): JsonTree {
  const lines = new LineIndex(text);
  const maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY;
  const maxNodes = options.maxNodes ?? Number.POSITIVE_INFINITY;
  const stack: JsonNode[] = [];
  let root: JsonNode | undefined;
  let count = 0;
  let truncated = false;
  walk(tree, (cursor, depth) => {
    stack.length = Math.min(stack.length, depth);
    const node = cursor.currentNode;
    if (!options.all && !node.isNamed && !node.isMissing) return false;
    if (count >= maxNodes) {
      // Every node after this one in document order is cut too.
      truncated = true;
      return 'stop';
    }
    count++;
    const json: JsonNode = {
      type: node.type,
      named: node.isNamed,
      start: lines.toHuman(node.startIndex),
      end: lines.toHuman(node.endIndex),
    };
    const field = cursor.currentFieldName;
    if (field) json.field = field;
    if (node.isMissing) json.missing = true;
    if (node.childCount === 0) json.text = text.slice(node.startIndex, node.endIndex);
    const parent = stack[depth - 1];
    if (parent) (parent.children ??= []).push(json);
    else root ??= json;
    stack[depth] = json;
    if (depth >= maxDepth && node.childCount > 0) {
      truncated = true;
      return false;
    }
    return true;
  });
  // The root is always emitted: the walk starts there and nothing precedes it.
  return { root: root!, truncated, nodeCount: count };
}

function formatRange(lines: LineIndex, node: Node): string {
  const start = lines.toHuman(node.startIndex);
  const end = lines.toHuman(node.endIndex);
  return `[${start.line}:${start.column} - ${end.line}:${end.column}]`;
}
