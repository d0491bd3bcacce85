// `use` statements hoisted to the top of the file and sorted as the reference
// formatter sorts them (semantics.md §4.3): std (paths starting with `std`,
// `core` or `alloc`), then other modules, then relative ones (`.`), each
// group by path. A `use` moves with the comments right above it and the
// comment at the end of its line; comments that open the file stay first.
import type { Node, Tree } from 'web-tree-sitter';

interface UseChunk {
  start: number;
  end: number;
  path: string;
}

const isComment = (node: Node) => node.type === 'line_comment' || node.type === 'block_comment';

export function sortImports(tree: Tree, text: string): string {
  const items = tree.rootNode.children.filter((node): node is Node => node !== null);
  let headerEnd = 0;
  let first = 0;
  while (first < items.length && isComment(items[first]!)) headerEnd = items[first++]!.endIndex;
  const chunks: UseChunk[] = [];
  const others: Node[] = [];
  for (let i = first; i < items.length; i++) {
    const node = items[i]!;
    if (node.type !== 'use_statement') {
      if (!isComment(node)) others.push(node);
      continue;
    }
    let start = node.startIndex;
    for (let j = i - 1; j >= first && isComment(items[j]!) && items[j]!.endPosition.row + 1 === rowOf(items[j + 1]!) && !endsPreviousLine(items, j, first); j--) {
      start = items[j]!.startIndex;
    }
    let end = node.endIndex;
    const next = items[i + 1];
    if (next && isComment(next) && next.startPosition.row === node.endPosition.row) end = next.endIndex;
    const path = node.childForFieldName('path')?.text ?? node.text;
    chunks.push({ start, end, path });
  }
  if (chunks.length === 0) return text;
  const sorted = [...chunks].sort((a, b) => group(a.path) - group(b.path) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const alreadyFirst = others.every((node) => node.startIndex > chunks[chunks.length - 1]!.end);
  if (alreadyFirst && sorted.every((chunk, i) => chunk === chunks[i])) return text;

  let rest = '';
  let at = headerEnd;
  for (const chunk of chunks) {
    rest += text.slice(at, chunk.start);
    at = skipLineEnd(text, chunk.end);
  }
  rest += text.slice(at);
  const header = text.slice(0, headerEnd);
  const imports = sorted.map((chunk) => text.slice(chunk.start, chunk.end)).join('\n');
  const body = rest.trim();
  const headerGap = first < items.length && /\n[ \t\r]*\n/.test(text.slice(headerEnd, items[first]!.startIndex)) ? '\n\n' : '\n';
  return (header ? header + headerGap : '') + imports + (body ? '\n\n' + body : '') + '\n';
}

function group(path: string): number {
  if (/^(std|core|alloc)/.test(path)) return 1;
  if (path.startsWith('.')) return 3;
  return 2;
}

function rowOf(node: Node): number {
  return node.startPosition.row;
}

/** A comment at the end of the previous statement's line belongs to that statement. */
function endsPreviousLine(items: readonly Node[], index: number, first: number): boolean {
  const before = items[index - 1];
  return index > first && before !== undefined && before.endPosition.row === items[index]!.startPosition.row;
}

function skipLineEnd(text: string, offset: number): number {
  let at = offset;
  while (at < text.length && (text[at] === ' ' || text[at] === '\t' || text[at] === '\r')) at++;
  return text[at] === '\n' ? at + 1 : at;
}
