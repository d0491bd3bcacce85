// Each top-level statement's memo key, made once per statement and shared by
// every per-item layer: reading its text goes through the tree's node API,
// which each layer paid again. (The statements themselves are listed once per
// tree by `topLevelStatements`.)
import type { Node } from 'web-tree-sitter';

const keys = new WeakMap<Node, string>();

/** What decides a statement's subtree: the parser's kind for it and its text. */
export function itemKey(statement: Node): string {
  let key = keys.get(statement);
  if (key === undefined) keys.set(statement, (key = `${statement.type}\u0000${statement.text}`));
  return key;
}
