// The proof that formatting changed only layout: the output, parsed again, must
// give the same tokens, comments and tree shape as the input. The only
// differences allowed are the ones the formatter makes on purpose: `;`
// separators (a changed parse would show in the shape), commas where they are
// optional (before a closing bracket, between match arms and list items), a
// line comment and the comma after it trading places (`a // c⏎, b` prints as
// `a, // c⏎b`), trailing spaces of line comments, and — when imports are
// sorted — the order of the top-level `use` statements, each with the
// comments that move with it.
import type { Node, Tree } from 'web-tree-sitter';
import { walk } from '../../syntax/inspect.ts';
import { collect, isComment, type Entry } from './comments.ts';
import { importPath, sortImports } from './imports.ts';
import { headerLength } from './module.ts';

const OPTIONAL_COMMAS = new Set(['list', 'use_list', 'binding_positions', 'match_block']);
/** Literals compared as written, quotes, escapes and inner spaces included. */
const ATOMIC = new Set(['string', 'multiline_string', 'fstring', 'char']);

export interface CodeView {
  /** Tokens and comments, in order. */
  tokens: string[];
  /** Node types and fields of each top-level statement, in order. */
  shapes: string[];
}

/** Whether `after` (the output) holds the code of `before` (the input), in the order the formatter puts it. */
export function sameCode(before: Tree, beforeText: string, after: Tree, afterText: string, hoisted: boolean): boolean {
  if (after.rootNode.hasError) return false;
  return JSON.stringify(codeView(before, beforeText, hoisted)) === JSON.stringify(codeView(after, afterText, false));
}

/**
 * The tokens and statement shapes of a file, in document order; with `hoisted`,
 * in the order the formatter prints them: the header comments, the sorted `use`
 * statements each with its comments, then the rest. Only the order of whole
 * statements is taken from the formatter's rules; every token is still compared.
 */
export function codeView(tree: Tree, source: string, hoisted: boolean): CodeView {
  const top = tree.rootNode.children.filter((c): c is Node => c !== null);
  const { entries, dangling } = collect(top, (c) => c.type === ';');
  if (!hoisted || !entries.some((e) => e.item.type === 'use_statement')) {
    return { tokens: normalised(top.flatMap((node) => leaves(node, source))), shapes: top.filter(isStatement).map(shape) };
  }
  const header = headerLength(entries[0]!);
  const tokens = entries[0]!.leading.slice(0, header).map((c) => commentText(c.node, source));
  const uses = sortImports(entries.filter((e) => e.item.type === 'use_statement'), (e) => importPath(e.item, source));
  const ordered = [...uses, ...entries.filter((e) => e.item.type !== 'use_statement')];
  for (const entry of ordered) {
    const leading = entry === entries[0] ? entry.leading.slice(header) : entry.leading;
    tokens.push(...leading.map((c) => commentText(c.node, source)), ...leaves(entry.item, source));
    tokens.push(...[...entry.beforeSeparator, ...entry.trailing].map((c) => commentText(c, source)));
  }
  tokens.push(...dangling.map((c) => commentText(c.node, source)));
  return { tokens: normalised(tokens), shapes: ordered.map((e: Entry) => shape(e.item)) };
}

function isStatement(node: Node): boolean {
  return !isComment(node) && node.type !== ';' && node.endIndex > node.startIndex;
}

/** Without `;`, commas before a closing bracket, and with a comma moved before a line comment it followed. */
function normalised(raw: string[]): string[] {
  const out = [...raw];
  for (let i = out.length - 1; i > 0; i--) {
    if (out[i] === ',' && out[i - 1]!.startsWith('//')) [out[i - 1], out[i]] = [out[i]!, out[i - 1]!];
  }
  const kept: string[] = [];
  let next = '';
  for (let i = out.length - 1; i >= 0; i--) {
    const token = out[i]!;
    if (token === ';' || (token === ',' && /^[)\]}]$/.test(next))) continue;
    kept.push(token);
    if (!token.startsWith('//') && !token.startsWith('/*')) next = token;
  }
  return kept.reverse();
}

function leaves(node: Node, source: string): string[] {
  const out: string[] = [];
  walk(node, (cursor) => {
    const n = cursor.currentNode;
    if (n.childCount > 0 && !ATOMIC.has(n.type)) return true;
    if (isComment(n)) out.push(commentText(n, source));
    else if (n.endIndex > n.startIndex && !(n.type === ',' && OPTIONAL_COMMAS.has(n.parent?.type ?? ''))) out.push(source.slice(n.startIndex, n.endIndex));
    return false;
  });
  return out;
}

function commentText(node: Node, source: string): string {
  const text = source.slice(node.startIndex, node.endIndex);
  return node.type === 'line_comment' ? text.trimEnd() : text;
}

/** Node types and field names in document order, without separators and comments: the tree without positions. */
function shape(node: Node): string {
  const parts: string[] = [];
  walk(node, (cursor, depth) => {
    const type = cursor.nodeType;
    if (type !== ',' && type !== ';' && type !== 'line_comment' && type !== 'block_comment') parts.push(`${depth}:${cursor.currentFieldName ?? ''}:${type}`);
  });
  return parts.join(' ');
}
