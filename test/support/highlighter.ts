// The highlight a tree-sitter host would give each position: the innermost
// captured node wins; for one node, the last pattern in the file wins
// (the rule of tree-sitter-highlight, `tree-sitter test` and Neovim).
import type { Node, Query, Tree } from 'web-tree-sitter';

export interface Highlight {
  name: string;
  node: Node;
  patternIndex: number;
}

export function highlightsAt(query: Query, tree: Tree): (row: number, column: number) => string | undefined {
  const captures = query.captures(tree.rootNode).filter((c) => !c.name.startsWith('_') && !c.name.startsWith('local.'));
  return (row, column) => {
    let best: Highlight | undefined;
    for (const capture of captures) {
      const { node } = capture;
      if (!contains(node, row, column)) continue;
      if (!best || narrower(node, best.node) || (sameRange(node, best.node) && capture.patternIndex >= best.patternIndex)) {
        best = { name: capture.name, node, patternIndex: capture.patternIndex };
      }
    }
    return best?.name;
  };
}

function contains(node: Node, row: number, column: number): boolean {
  const { startPosition: s, endPosition: e } = node;
  const afterStart = row > s.row || (row === s.row && column >= s.column);
  const beforeEnd = row < e.row || (row === e.row && column < e.column);
  return afterStart && beforeEnd;
}

function narrower(a: Node, b: Node): boolean {
  return a.endIndex - a.startIndex < b.endIndex - b.startIndex;
}

function sameRange(a: Node, b: Node): boolean {
  return a.startIndex === b.startIndex && a.endIndex === b.endIndex;
}

export interface Tag {
  kind: string;
  name: Node;
}

/** Tags as `tree-sitter tags` reports them: one per match, at its `@name` node. */
export function tagsOf(query: Query, tree: Tree): Tag[] {
  const tags: Tag[] = [];
  for (const match of query.matches(tree.rootNode)) {
    const name = match.captures.find((c) => c.name === 'name')?.node;
    const kind = match.captures.find((c) => c.name.startsWith('definition.') || c.name.startsWith('reference.'))?.name;
    if (name && kind) tags.push({ kind, name });
  }
  return tags;
}

export function nodeContains(node: Node, row: number, column: number): boolean {
  return contains(node, row, column);
}
