// The top-level statements of a tree and each one's memo key, made once per
// tree and shared by every per-item layer: listing them and reading their
// texts goes through the tree's node API, which each layer paid again.
import type { Node, Tree } from 'web-tree-sitter';
import { cleanStatements } from '../infer/declarations.ts';

const statementsOf = new WeakMap<Tree, Node[]>();
const keys = new WeakMap<Node, string>();

/** `topLevelStatements(tree)`, the same array (and nodes) for every caller. */
export function sharedTopLevelStatements(tree: Tree): Node[] {
  let statements = statementsOf.get(tree);
  if (!statements) statementsOf.set(tree, (statements = cleanStatements(tree.rootNode)));
  return statements;
}

/** What decides a statement's subtree: the parser's kind for it and its text. */
export function itemKey(statement: Node): string {
  let key = keys.get(statement);
  if (key === undefined) keys.set(statement, (key = `${statement.type}\u0000${statement.text}`));
  return key;
}
