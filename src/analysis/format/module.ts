// The whole file: header comments, hoisted and sorted `use` statements, then
// the other statements in their order.
import type { Tree } from 'web-tree-sitter';
import { collect, type Entry } from './comments.ts';
import { hardline, render, withoutTrailingBlanks, type Doc } from './doc.ts';
import { importPath, sortImports } from './imports.ts';
import type { FormatOptions } from './options.ts';
import { Printer } from './print.ts';

/** The formatted text of a file without syntax errors. */
export function printModule(tree: Tree, source: string, options: FormatOptions): string {
  // An unterminated `/*` runs to the end of the file (as in the reference): any
  // change at the end, even a final newline, would be inside the comment.
  // So the text ends with that comment as written, with no newline after it.
  const open = endsInOpenComment(tree, source);
  const printer = new Printer({ source, lineWidth: options.line_width, indentWidth: options.indent_width, useTabs: options.use_tabs });
  const text = render(moduleDoc(printer, tree, source, options), { lineWidth: options.line_width, indentWidth: options.indent_width, useTabs: options.use_tabs });
  if (open) return text;
  const trimmed = withoutTrailingBlanks(text);
  return trimmed === '' ? '' : trimmed + '\n';
}

/** How many of the comments before the first statement are the file's header, which stays on top. */
export function headerLength(first: Entry): number {
  // Those up to the last blank line before the first statement, or, when the
  // first statement is a `use` and no blank line separates them, all of them
  // on lines of their own (`// file.yx⏎use std.io`). A block comment on the
  // `use`'s own line stays with it, as it does when the `use` is hoisted from
  // further down; otherwise the second run would print it differently.
  let count = 0;
  let blank = false;
  first.leading.forEach((c, i) => {
    if (c.blankBefore) [count, blank] = [i, true];
  });
  if (first.blankBeforeItem) [count, blank] = [first.leading.length, true];
  if (first.item.type !== 'use_statement' || blank) return count;
  const itemRow = first.item.startPosition.row;
  return first.leading.filter((c) => c.node.endPosition.row < itemRow).length;
}

function moduleDoc(printer: Printer, tree: Tree, source: string, options: FormatOptions): Doc {
  const children = tree.rootNode.children.filter((c) => c !== null);
  const { entries, dangling } = collect(children, (c) => c.type === ';');
  if (!options.sort_imports || !hoistsImports(tree, source, entries)) return printer.statements(entries, dangling);
  const first = entries[0]!;
  const headerCount = headerLength(first);
  const header = first.leading.slice(0, headerCount);
  const blankAfterHeader = headerCount === first.leading.length ? first.blankBeforeItem : first.leading[headerCount]!.blankBefore;
  const rest = entries.map((e, i): Entry => (i === 0 ? {
    ...e,
    leading: e.leading.slice(headerCount).map((c, k) => (k === 0 ? { ...c, blankBefore: false } : c)),
    blankBeforeItem: headerCount === e.leading.length ? false : e.blankBeforeItem,
  } : e));
  const imports = sortImports(rest.filter((e) => e.item.type === 'use_statement'), (e) => importPath(e.item, source))
    .map((e) => ({ ...e, blankBefore: false, blankBeforeItem: false, leading: e.leading.map((c) => ({ ...c, blankBefore: false })) }));
  const others = rest.filter((e) => e.item.type !== 'use_statement');
  const out: Doc[] = [];
  header.forEach((c, i) => {
    if (i > 0 && c.blankBefore) out.push(hardline);
    out.push(printer.comment(c.node), hardline);
  });
  if (header.length > 0 && blankAfterHeader) out.push(hardline);
  // One sequence: the last import and the first statement after it are neighbours too (`use s.;⏎x`). A blank line
  // between them where the source has one between the last `use` and that statement (as in the reference).
  // A statement that stood before the last `use` moves below it: the blank before it was about other neighbours and
  // does not count, but the blanks among its leading comments and before it travel with it, and count when the
  // output is formatted again (so they count now, or a second run would add a blank line).
  const lastUse = rest.filter((e) => e.item.type === 'use_statement').at(-1)!;
  const blankAfterImports = (e: Entry): boolean => e.item.startIndex > lastUse.item.startIndex
    ? e.blankBefore || e.blankBeforeItem || e.leading.some((c) => c.blankBefore)
    : (e.leading.length > 0 && e.blankBeforeItem) || e.leading.slice(1).some((c) => c.blankBefore);
  out.push(printer.statements([...imports, ...others.map((e, i) => (i === 0 ? { ...e, blankBefore: blankAfterImports(e) } : e))], dangling));
  return out;
}

/**
 * Whether sorting imports moves the `use` statements up (the verifier expects
 * the order this decides). Not in a file that ends in an unclosed `/*`: the
 * comment runs to the end of the file, so whatever moved above it would then
 * stand inside it.
 */
export function hoistsImports(tree: Tree, source: string, entries: readonly Entry[]): boolean {
  return entries.some((e) => e.item.type === 'use_statement') && !endsInOpenComment(tree, source);
}

function endsInOpenComment(tree: Tree, source: string): boolean {
  const last = tree.rootNode.lastChild;
  return last?.type === 'block_comment' && !closesBlockComment(source.slice(last.startIndex, last.endIndex));
}

/** Whether a block comment's text closes every `/*` it opens (they nest). */
function closesBlockComment(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length - 1; i++) {
    const pair = text.slice(i, i + 2);
    if (pair === '/*') depth++;
    else if (pair === '*/') depth--;
    else continue;
    i++;
    if (depth === 0) return i === text.length - 1;
  }
  return false;
}
