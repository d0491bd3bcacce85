// A test oracle for what formatting must keep, written apart from the
// formatter's own verifier (src/analysis/format/verify.ts) so that a bug in
// one is not repeated in the other. Coarser on purpose: comments are compared
// as a multiset (the inserted-comment test checks each survives once), code
// tokens in order outside `use` statements, `use` statements as a sorted list.
// The parentheses of a lambda's parameter list are left out: the formatter adds
// them around a single bare parameter (`x => x` prints as `(x) => x`).
import type { Node, Tree } from 'web-tree-sitter';

export interface LeafTokens {
  all: string[];
  code: string[];
  imports: string[];
}

export function leafTokens(tree: Tree, source: string, hoisted: boolean): LeafTokens {
  const all: string[] = [];
  const code: string[] = [];
  const imports: string[] = [];
  const visit = (node: Node, into: string[] | undefined) => {
    if (node.childCount === 0 || ['string', 'multiline_string', 'fstring', 'char'].includes(node.type)) {
      const text = source.slice(node.startIndex, node.endIndex);
      const comment = node.type === 'line_comment' || node.type === 'block_comment';
      if (text === '' || text === ';' || text === ',') return;
      if ((text === '(' || text === ')') && node.parent?.type === 'lambda_parameters') return;
      all.push(comment ? text.trimEnd() : text);
      if (!comment) into?.push(text);
      return;
    }
    for (const child of node.children) if (child) visit(child, into);
  };
  for (const top of tree.rootNode.children) {
    if (!top) continue;
    if (hoisted && top.type === 'use_statement') {
      const tokens: string[] = [];
      visit(top, tokens);
      imports.push(tokens.join(' '));
    } else {
      visit(top, code);
    }
  }
  return { all: all.sort(), code, imports: imports.sort() };
}
