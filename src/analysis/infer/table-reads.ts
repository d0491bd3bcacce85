// Reads of one node's children off the node table, for the layers that walk
// a statement by table indices (ownership, termination): -1 for none.
import type { Node } from 'web-tree-sitter';
import { locate, type NodeTable } from '../../syntax/node-table.ts';
import { isCommentAt } from '../../syntax/node-table.ts';

/** The first child of `node` in field `name`, or -1 (`childForFieldName`). */
export function fieldChild(t: NodeTable, node: number, name: string): number {
  return t.childInField(node, t.fieldIdOf(name));
}

/** Every child of `node` in field `name` (`childrenForFieldName`). */
export function fieldChildren(t: NodeTable, node: number, name: string): number[] {
  const field = t.fieldIdOf(name);
  const found: number[] = [];
  for (let c = t.firstChild(node); c !== -1; c = t.nextSibling(c)) if (t.fieldId(c) === field) found.push(c);
  return found;
}

/** The named children of `node` that are not comments. */
export function namedNonComments(t: NodeTable, node: number): number[] {
  const found: number[] = [];
  for (let c = t.firstChild(node); c !== -1; c = t.nextSibling(c)) if (t.isNamed(c) && !isCommentAt(t, c)) found.push(c);
  return found;
}

/** The first named child of `node` that is not a comment, or -1. */
export function firstNamedAt(t: NodeTable, node: number): number {
  for (let c = t.firstChild(node); c !== -1; c = t.nextSibling(c)) if (t.isNamed(c) && !isCommentAt(t, c)) return c;
  return -1;
}

/** Whether `mut` marks `node` (a binding, parameter, field or loop variable): one of its children is `mutability`. */
export function hasMutabilityAt(t: NodeTable, node: number): boolean {
  return t.childOfType(node, t.idOf('mutability')) !== -1;
}

/**
 * `hasMutabilityAt` for a Node, read off its tree's table: asking the Node's
 * `children` makes a Node (and a WASM call for its type) for every token.
 */
export function hasMutability(node: Node): boolean {
  const { table, index } = locate(node);
  return hasMutabilityAt(table, index);
}

/**
 * Whether node `i` holds a syntax error the reference's parser stops at: an
 * ERROR or MISSING node, but not one inside an f-string's interpolation, which
 * the reference re-parses on its own and takes as text when it does not parse
 * (`f"{p.x!r}"`, `f"{ }"`: syntax.md §2.9), so the statement around it is
 * checked. The layers skip a statement that holds one.
 */
export function brokenAt(t: NodeTable, i: number): boolean {
  if (!t.hasError(i)) return false;
  const INTERPOLATION = t.idOf('interpolation');
  const end = t.subtreeEnd(i);
  for (let j = i; j < end; j++) {
    if (t.isError(j) || t.isMissing(j)) return true;
    // Rows are in document order, a subtree's rows contiguous: skip the interpolation's.
    if (t.typeId(j) === INTERPOLATION && t.hasError(j)) j = t.subtreeEnd(j) - 1;
  }
  return false;
}

/** `brokenAt` for a `Node`; the table is looked up only when the node has an error at all. */
export function brokenNode(node: Node): boolean {
  if (!node.hasError) return false;
  const { table, index } = locate(node);
  return brokenAt(table, index);
}
