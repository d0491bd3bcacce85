// The nodes around a node, innermost first. `Node.parent` starts again from the
// root each time (tree-sitter stores no parent links), so walking up a deep
// tree with it costs the depth squared; going down once from the root with
// `childWithDescendant` costs the depth.
import type { Node, Tree } from 'web-tree-sitter';

/** `node` and every node that contains it, innermost first, the root last. */
export function ancestorsOf(tree: Tree, node: Node): Node[] {
  const path: Node[] = [];
  for (let current: Node | null = tree.rootNode; current; current = current.id === node.id ? null : current.childWithDescendant(node)) path.push(current);
  return path.reverse();
}

/** The innermost node spanning `[start, end]` (as `descendantForIndex` finds it) and those around it, innermost first. */
export function ancestorsAt(tree: Tree, start: number, end = start): Node[] {
  const innermost = tree.rootNode.descendantForIndex(start, end);
  return innermost ? ancestorsOf(tree, innermost) : [];
}
