// Reads of one node's children off the node table, for the layers that walk
// a statement by table indices (ownership, termination): -1 for none.
import type { NodeTable } from '../../syntax/node-table.ts';
import { isCommentAt } from './annotations.ts';

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
