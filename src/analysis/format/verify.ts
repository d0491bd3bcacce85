// The proof that formatting changed only layout: the output, parsed again, must
// give the same tokens, comments and tree shape as the input. The only
// differences allowed are the ones the formatter makes on purpose: `;`
// separators (a changed parse would show in the shape), commas where they are
// optional (before a closing bracket, between match arms and list items), the
// parentheses around a lambda's single parameter (`x => x` prints as `(x) => x`), a
// line comment and the comma after it trading places (`a // c⏎, b` prints as
// `a, // c⏎b`), trailing spaces of line comments, and — when imports are
// sorted — the order of the top-level `use` statements, each with the
// comments that move with it.
import type { Language, Node, Tree, TreeCursor } from 'web-tree-sitter';
import { collect, isComment } from './comments.ts';
import { importPath, sortImports } from './imports.ts';
import { headerLength, hoistsImports } from './module.ts';

const OPTIONAL_COMMAS = new Set(['list', 'use_list', 'binding_positions', 'match_block']);
/** Literals compared as written, quotes, escapes and inner spaces included. */
const ATOMIC = new Set(['string', 'multiline_string', 'fstring', 'char']);

export interface CodeView {
  /** Tokens and comments, in order. */
  tokens: string[];
  /**
   * The shape of each top-level statement, in order: one number per node (its
   * depth, field and type packed together) in document order, so that a long
   * statement costs no string per node.
   */
  shapes: number[][];
}

/** Whether `after` (the output) holds the code of `before` (the input), in the order the formatter puts it. */
export function sameCode(before: Tree, beforeText: string, after: Tree, afterText: string, hoisted: boolean): boolean {
  if (after.rootNode.hasError) return false;
  const [expected, actual] = [codeView(before, beforeText, hoisted), codeView(after, afterText, false)];
  return sameItems(expected.tokens, actual.tokens) && sameItems(expected.shapes, actual.shapes, sameItems);
}

function sameItems<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean = (x, y) => x === y): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!same(a[i]!, b[i]!)) return false;
  return true;
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
  if (!hoisted || !hoistsImports(tree, source, entries)) {
    const views = top.map((node) => statementView(node, source));
    return { tokens: normalised(views.flatMap((v) => v.tokens)), shapes: views.filter((_, i) => isStatement(top[i]!)).map((v) => v.shape) };
  }
  const header = headerLength(entries[0]!);
  const tokens = entries[0]!.leading.slice(0, header).map((c) => commentText(c.node, source));
  const uses = sortImports(entries.filter((e) => e.item.type === 'use_statement'), (e) => importPath(e.item, source));
  const ordered = [...uses, ...entries.filter((e) => e.item.type !== 'use_statement')];
  const shapes: number[][] = [];
  for (const entry of ordered) {
    const leading = entry === entries[0] ? entry.leading.slice(header) : entry.leading;
    const view = statementView(entry.item, source);
    tokens.push(...leading.map((c) => commentText(c.node, source)), ...view.tokens);
    tokens.push(...[...entry.beforeSeparator, ...entry.trailing].map((c) => commentText(c, source)));
    shapes.push(view.shape);
  }
  tokens.push(...dangling.map((c) => commentText(c.node, source)));
  return { tokens: normalised(tokens), shapes };
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

/**
 * A statement's tokens (comments and atomic literals whole, optional commas
 * left out) and its shape: node types and field names in document order, with
 * their depth, without separators and comments (the tree without positions).
 * One cursor pass reading only what it needs from each node: a long file has
 * a node per token or more, and every access crosses into WASM.
 */
function statementView(node: Node, source: string): { tokens: string[]; shape: number[] } {
  const tokens: string[] = [];
  const shape: number[] = [];
  const cursor = node.walk();
  const { types, fields } = node.tree.language;
  const named = namedTypes(node.tree.language);
  const typesAbove: string[] = [];
  /** Depth of the atomic literal the cursor is in, or -1: its leaves are already in `tokens`. */
  let atomicAt = -1;
  let depth = 0;
  try {
    for (;;) {
      const typeId = cursor.nodeTypeId;
      const type = types[typeId] ?? 'ERROR';
      // Ids fit: types below 2^16 (ERROR is 65535), fields below fields.length, so depths up to 2^31 stay exact.
      const addedParen = depth > 0 && singleParameterParen(type, typesAbove[depth - 1]!, cursor);
      if (type !== ',' && type !== ';' && type !== 'line_comment' && type !== 'block_comment' && !addedParen) shape.push((depth * fields.length + cursor.currentFieldId) * 0x10000 + typeId);
      const emits = atomicAt < 0 && (ATOMIC.has(type) || type === 'line_comment' || type === 'block_comment');
      if (emits) {
        const text = source.slice(cursor.startIndex, cursor.endIndex);
        tokens.push(type === 'line_comment' ? text.trimEnd() : text);
        if (ATOMIC.has(type)) atomicAt = depth;
      }
      typesAbove[depth] = type;
      // Anonymous nodes (punctuation, keywords, operators) are tokens: asking for their children would be one more WASM call each.
      if ((named[typeId] ?? true) && cursor.gotoFirstChild()) {
        depth++;
        continue;
      }
      if (atomicAt < 0 && !emits) {
        const start = cursor.startIndex;
        const end = cursor.endIndex;
        if (end > start && !(type === ',' && depth > 0 && OPTIONAL_COMMAS.has(typesAbove[depth - 1]!)) && !addedParen) tokens.push(source.slice(start, end));
      }
      while (!cursor.gotoNextSibling()) {
        if (depth === 0 || !cursor.gotoParent()) return { tokens, shape };
        depth--;
      }
      if (atomicAt >= depth) atomicAt = -1;
      if (depth === 0) return { tokens, shape };
    }
  } finally {
    cursor.delete();
  }
}

/**
 * `(` or `)` around a lambda's single parameter, which the formatter adds (`x => x` prints as `(x) => x`),
 * and the comma after it when the list breaks (it can only be a trailing one).
 */
function singleParameterParen(type: string, parentType: string, cursor: TreeCursor): boolean {
  if ((type !== '(' && type !== ')' && type !== ',') || parentType !== 'lambda_parameters') return false;
  return cursor.currentNode.parent?.namedChildren.filter((c) => c?.type === 'parameter').length === 1;
}

const NAMED_TYPES = new WeakMap<Language, boolean[]>();

/** Whether each node type id of the language is named, asked of WASM once per language. */
function namedTypes(language: Language): boolean[] {
  let named = NAMED_TYPES.get(language);
  if (!named) {
    named = Array.from({ length: language.nodeTypeCount }, (_, id) => language.nodeTypeIsNamed(id));
    NAMED_TYPES.set(language, named);
  }
  return named;
}

function commentText(node: Node, source: string): string {
  const text = source.slice(node.startIndex, node.endIndex);
  return node.type === 'line_comment' ? text.trimEnd() : text;
}
