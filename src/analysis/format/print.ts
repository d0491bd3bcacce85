// Node printers: one Doc per tree node. Kinds without a printer of their own
// go through `tokens` (the node's tokens with the spacing table below); a node
// that holds a comment where its printer has no place for one is copied as
// written, so no comment is ever lost or moved.
import type { Node } from 'web-tree-sitter';
import { CONTEXTUAL_KEYWORDS, KEYWORDS as RESERVED_WORDS } from '../../syntax/vocabulary.ts';
import { collect, hasComments, isComment, type Entry, type Placed, type Sequence } from './comments.ts';
import { MAX_FORMAT_DEPTH, TooDeepToFormat } from './limits.ts';
import { PRECEDENCE } from './precedence.ts';
import { breaks, fill, group, hardline, hug, ifBreak, indent, join, line, render, softline, spansLines, suffix, verbatim, width, type Doc } from './doc.ts';

export interface PrintContext {
  source: string;
  lineWidth: number;
  indentWidth: number;
  useTabs: boolean;
}

/** Tokens set off by a space on both sides: the words, and `&mut`, which reads as one. */
const KEYWORDS: ReadonlySet<string> = new Set([...RESERVED_WORDS, ...CONTEXTUAL_KEYWORDS, '&mut']);
const SPACED = new Set(['=', '->', '=>']);
const NO_SPACE_BEFORE = new Set([':', ',', ')', ']', '?', '.', '(', '[', '}']);
const NO_SPACE_AFTER = new Set(['(', '[', '.', '::', '{']);
/** Named children that are set off by a space from what precedes them. */
const SPACE_BEFORE_NODE = new Set(['block', 'match_block', 'else_if_clause', 'else_clause', 'label']);
/** Leaves and literals, printed exactly as written. */
const LITERALS = new Set(['identifier', 'type_identifier', 'underscore', 'integer', 'float', 'boolean', 'void', 'string',
  'multiline_string', 'fstring', 'char', 'meta_type', 'format_spec', 'escape_sequence', 'string_content']);
const WORD_CHAR = /[A-Za-z0-9_]/;
/**
 * Two characters that, printed side by side, would read as another token
 * (`& &p` is not `&&p`, an error; `- -1` is not `--1`) or open a comment.
 */
const FUSING_PAIRS = new Set(['&&', '||', '--', '//', '/*', '*/', '..', '::', '=>', '->', '==', '!=', '<=', '>=']);

/** Tokens that continue the expression before them across a line break. */
const CONTINUES_LINE = /^(?:[-+*/%<>=]|!=|(?:or|and|as)\b)/;


interface ListStyle {
  /** `{ a, b }` rather than `{a, b}`. */
  spaced?: boolean;
  /** `,` after the last item when broken (default), always (1-tuples), or never. */
  trailingComma?: 'broken' | 'always' | 'never';
}

const LISTS: Record<string, ListStyle> = {
  arguments: {},
  lambda_parameters: {},
  parameters: {},
  tuple_type: {},
  type_arguments: {},
  tuple: {},
  list: {},
  dictionary: {},
  record_type: { spaced: true },
  use_list: { spaced: true },
  tuple_pattern: {},
  constructor_pattern: { trailingComma: 'never' },
  binding_positions: { trailingComma: 'never' },
};

export class Printer {
  readonly #ctx: PrintContext;
  #depth = 0;

  constructor(ctx: PrintContext) {
    this.#ctx = ctx;
  }

  text(node: Node): string {
    return this.#ctx.source.slice(node.startIndex, node.endIndex);
  }

  /** A comment as written, but a line comment without the spaces and CR (of CRLF files) at its end. */
  comment(node: Node): Doc {
    const text = this.text(node);
    return verbatim(node.type === 'line_comment' ? text.trimEnd() : text);
  }

  /** Every node the printer lays out inside another goes through here, so `#depth` is how deep the printer's recursion is. */
  print(node: Node): Doc {
    if (this.#depth >= MAX_FORMAT_DEPTH) throw new TooDeepToFormat(node);
    this.#depth++;
    try {
      return this.#printNode(node);
    } finally {
      this.#depth--;
    }
  }

  #printNode(node: Node): Doc {
    if (LITERALS.has(node.type) || node.childCount === 0) return verbatim(this.text(node));
    switch (node.type) {
      case 'block':
        return this.block(node);
      case 'binary_expression':
      case 'const_expression':
        // Refinements inside types (`Assert(N > 0)`) stay on one line.
        return this.#directComment(node) ? verbatim(this.text(node)) : this.binary(node, node.type === 'binary_expression');
      case 'match_block':
        return this.matchBlock(node);
      case 'module_path':
        return this.#directComment(node) ? verbatim(this.text(node)) : node.children.filter((c) => c !== null).map((c) => this.text(c)).join('');
      case 'use_statement':
        return this.useStatement(node);
      case 'lambda_parameters':
        // A single bare parameter gets its parentheses, as in the reference: `x => x * 2` prints as `(x) => x * 2`.
        // One parameter never breaks, so `(x)` prints the same whether it was written `x` or `(x)`.
        if (this.#directComment(node)) return this.tokens(node);
        if (node.namedChildren.length === 1) return ['(', this.print(node.namedChildren[0]!), ')'];
        return this.list(node, LISTS.lambda_parameters!);
      case 'tuple_type':
        // `(T)` and `(T,)` may not mean the same type: a single entry never gets a comma.
        return this.list(node, { trailingComma: node.namedChildren.filter((c) => c && !isComment(c)).length === 1 ? 'never' : 'broken' });
      case 'tuple':
        return this.list(node, { trailingComma: node.namedChildren.filter((c) => c && !isComment(c)).length === 1 ? 'always' : 'broken' });
      case 'call_expression':
        return this.call(node);
      case 'if_expression':
        return this.ifExpression(node);
    }
    const style = LISTS[node.type];
    if (style) return this.list(node, style);
    return this.tokens(node);
  }

  /** The node's children with the spacing table; copied as written when a comment sits among them. */
  tokens(node: Node, overrides: Record<string, { before: boolean; after: boolean }> = {}): Doc {
    if (this.#directComment(node)) return verbatim(this.text(node));
    const out: Doc[] = [];
    let spaceAfterPrevious = false;
    let lastChar = '';
    let wordEnd = false;
    let first = true;
    for (const child of children(node)) {
      const type = child.type;
      let before: boolean;
      let after: boolean;
      let suppressBefore = false;
      const override = child.isNamed ? undefined : overrides[type];
      if (override) {
        ({ before, after } = override);
        suppressBefore = !before;
      } else if (child.isNamed && type !== 'visibility' && type !== 'mutability') {
        before = SPACE_BEFORE_NODE.has(type);
        after = false;
      } else if (KEYWORDS.has(type) || type === 'visibility' || type === 'mutability') {
        before = true;
        after = true;
      } else if (SPACED.has(type)) {
        before = true;
        after = true;
      } else {
        before = false;
        after = type === ',' || type === ':';
        suppressBefore = NO_SPACE_BEFORE.has(type);
      }
      // Two words side by side must stay two (`while xs f"{x}"`, not `xsf"{x}"`), and so must two operators.
      // `&` before any word that begins with `mut` too: `&mutable` lexes as `&mut` then `able`.
      const startChar = this.#ctx.source[child.startIndex] ?? '';
      const glued = !first && ((wordEnd && WORD_CHAR.test(startChar)) || FUSING_PAIRS.has(lastChar + startChar) || (lastChar === '&' && this.#ctx.source.startsWith('mut', child.startIndex)));
      if (!first && (glued || (!suppressBefore && (before || spaceAfterPrevious)))) out.push(' ');
      out.push(child.isNamed ? this.print(child) : this.text(child));
      spaceAfterPrevious = after && !NO_SPACE_AFTER.has(type);
      lastChar = this.#ctx.source[child.endIndex - 1] ?? '';
      wordEnd = WORD_CHAR.test(lastChar);
      first = false;
    }
    return out;
  }

  #directComment(node: Node): boolean {
    return node.children.some((c) => c !== null && isComment(c));
  }

  // Section - Statement sequences

  /** The statements of a block or of the module, one per line, with their comments and single blank lines. */
  statements(entries: readonly Entry[], dangling: readonly Placed[]): Doc[] {
    const out: Doc[] = [];
    entries.forEach((entry, i) => {
      if (i > 0) out.push(hardline, entry.blankBefore ? hardline : '');
      out.push(this.leadingComments(entry, true), this.print(entry.item));
      const next = entries[i + 1];
      // `a = 1; -b` must keep its `;`: on a line of its own `-b` would continue `a = 1`.
      // So must a bare `return` before a statement: `return⏎x = 1` returns `x = 1`.
      // So must `use std.` (a path waiting for its next name: `use std.⏎x` is `std.x`).
      // A statement that follows another only since the imports between them were
      // hoisted gets one too: `x⏎use s -s` gives `x⏎-s`, which is `x - s`,
      // `return⏎use s 0` gives `return⏎0`, which returns 0, and `x⏎use s.` gives `use s.⏎⏎x`.
      // And `use s` before a block: `use s⏎{ a = 1 }` is `use s.{…}` with a list (as in the reference).
      const glued = next !== undefined && (CONTINUES_LINE.test(this.text(next.item)) || takesNextLine(entry.item, this.text(entry.item), this.text(next.item)));
      const needsSemicolon = glued && (entry.separators.some((s) => s.type === ';') || !followsInSource(entry.item, next.item));
      // A statement's trailing comments do not count toward the width (as in the reference, which adds them after the layout).
      if (entry.beforeSeparator.length > 0) out.push(suffix(this.trailingComments(entry.beforeSeparator)));
      if (needsSemicolon) out.push(';');
      if (entry.trailing.length > 0) out.push(suffix(this.trailingComments(entry.trailing)));
    });
    out.push(this.danglingComments(dangling, entries.length > 0));
    return out;
  }

  leadingComments(entry: Entry, keepBlank: boolean): Doc {
    if (entry.leading.length === 0) return '';
    const out: Doc[] = [];
    entry.leading.forEach((comment, i) => {
      if (i > 0 && keepBlank && comment.blankBefore) out.push(hardline);
      out.push(this.comment(comment.node));
      const inline = comment.node.type === 'block_comment' && comment.node.endPosition.row === entry.item.startPosition.row &&
        i === entry.leading.length - 1;
      out.push(inline ? ' ' : hardline);
    });
    if (keepBlank && entry.blankBeforeItem) out.push(hardline);
    return out;
  }

  trailingComments(comments: readonly Node[]): Doc {
    return comments.map((c) => [' ', this.comment(c), c.type === 'line_comment' ? breakAfterLineComment : '']);
  }

  danglingComments(comments: readonly Placed[], afterItems: boolean): Doc {
    return comments.map((c, i) => [
      i > 0 || afterItems ? [hardline, c.blankBefore && afterItems ? hardline : ''] : '',
      this.comment(c.node),
    ]);
  }

  /**
   * `if … { a } else { b }`: one group, so that either every block of the chain
   * is on one line or none is; but when one block must break (several
   * statements), the others are on one line where they fit, as in the
   * reference (`} else { 0 }` after a long first block).
   */
  ifExpression(node: Node): Doc {
    const parts = [node, ...node.namedChildren.filter((c): c is Node => c !== null && c.type.endsWith('clause'))];
    if (parts.some((p) => this.#directComment(p))) return verbatim(this.text(node));
    const bodies = parts.map((part) => part.childForFieldName(part.type === 'else_clause' ? 'body' : 'consequence'));
    if (bodies.some((body) => !body)) return this.tokens(node);
    // Each body is laid out once: printing it again to test whether it breaks
    // would double the work at every level of nested ifs.
    const laid = bodies.map((body) => (body!.type === 'block' ? this.#layBlock(body!) : { doc: this.print(body!), oneLine: false }));
    // When the chain fits, one line; else its first block breaks and the rest of the chain is one line if it fits
    // (`} else { x }`, as the reference prints a block of one statement that fits), else broken too.
    const together = !laid.some((body) => breaks(body.doc));
    const out: Doc[] = [];
    parts.forEach((part, i) => {
      const condition = part.childForFieldName('condition');
      const body = laid[i]!;
      const keyword = part.type === 'if_expression' ? 'if ' : part.type === 'else_if_clause' ? ' else if ' : ' else ';
      out.push([keyword, condition ? [this.print(condition), ' '] : '', body.oneLine && !together ? group(body.doc) : body.doc]);
    });
    return together ? group([out[0]!, out.length > 1 ? group(out.slice(1)) : '']) : out;
  }

  block(node: Node): Doc {
    const { doc, oneLine } = this.#layBlock(node);
    return oneLine ? group(doc) : doc;
  }

  /** The block's doc; `oneLine` when it may print as `{ stmt }`, which needs a group around it (its own or an `if` chain's). */
  #layBlock(node: Node): { doc: Doc; oneLine: boolean } {
    const inner = node.children.filter((c): c is Node => c !== null).slice(1, -1);
    // Comments on the line of `{` stay there: `main = { // entry point`.
    const openRow = node.startPosition.row;
    const onOpenLine: Node[] = [];
    while (inner[0] && isComment(inner[0]) && inner[0].startPosition.row === openRow) onOpenLine.push(inner.shift()!);
    const sequence = collect(inner, (c) => c.type === ';');
    const { entries, dangling } = sequence;
    const open = ['{', this.trailingComments(onOpenLine)];
    if (entries.length === 0 && dangling.length === 0) return { doc: onOpenLine.length === 0 ? '{}' : [open, hardline, '}'], oneLine: false };
    const body = this.statements(entries, dangling);
    // As in the reference, a comment anywhere inside keeps the block broken; one
    // inside a statement copied as written would otherwise share a line with `{`.
    if (entries.length === 1 && onOpenLine.length === 0 && node.descendantsOfType(['line_comment', 'block_comment']).length === 0) {
      return { doc: ['{', indent([line, body]), line, '}'], oneLine: true };
    }
    return { doc: [open, indent([hardline, body]), hardline, '}'], oneLine: false };
  }

  useStatement(node: Node): Doc {
    if (this.#directComment(node)) return verbatim(this.text(node));
    const path = node.childForFieldName('path');
    const items = node.childForFieldName('items');
    const alias = node.childForFieldName('alias');
    const out: Doc[] = ['use ', path ? this.print(path) : ''];
    if (items) out.push(path && this.text(path).endsWith('.') ? '' : ' ', this.print(items));
    if (alias) out.push(' as ', this.text(alias));
    return out;
  }

  // Section - Expressions

  binary(node: Node, breakable: boolean): Doc {
    const top = binaryOperands(node);
    if (!top) return this.tokens(node);
    let operands: Operands = top;
    const level = PRECEDENCE[operands.operator] ?? 0;
    // A left-leaning chain of one precedence level breaks as one: `a\n+ b\n- c`.
    // Collected from the right end, so reversed before use (unshift would be quadratic on long chains).
    // A chain that does not fit keeps on its first line the operands that fit there, then breaks before each
    // operator after them (`a + b + c⏎    + d⏎    + e`), as the reference does.
    const fromRight: Doc[] = [];
    for (;;) {
      const { left, operator, right } = operands;
      // Every operator has a space on each side, `..` too (`0 .. 10`, as in the reference); a range never breaks.
      const breaksHere = breakable && operator !== '..';
      fromRight.push(breaksHere ? [operator, ' ', this.print(right)] : [' ', operator, ' ', this.print(right)]);
      const next = left.type === 'binary_expression' ? binaryOperands(left) : undefined;
      if (next && PRECEDENCE[next.operator] === level) {
        operands = next;
        continue;
      }
      const tails = fromRight.reverse();
      return breaksHere ? fill(this.print(left), tails) : [this.print(left), tails];
    }
  }

  call(node: Node): Doc {
    const callee = node.childForFieldName('function');
    const args = node.childForFieldName('arguments');
    if (!callee || !args || this.#directComment(node)) return this.tokens(node);
    const items = args.namedChildren.filter((c): c is Node => c !== null);
    const last = items[items.length - 1];
    // A trailing lambda with a block body is hugged, `f(xs, (x) => {⏎…⏎})`, when the arguments before it fit on
    // the line up to its `{`; else the arguments are a list like any other. Decided by the width at printing, not
    // by how the source broke its lines: that changed once formatted (`f(g(a, (v) => {⏎…⏎}), (w) => {…})`
    // hugged at first, then, its first argument now over lines, did not).
    const hugs = last?.type === 'lambda' && last.childForFieldName('body')?.type === 'block' && !items.some(isComment);
    if (hugs) {
      const printed = items.map((i) => (i.type === 'named_argument' ? this.namedArgument(i) : this.print(i)));
      const before = printed.slice(0, -1);
      const list = group(['(', indent([softline, join(line, printed.map((doc, i) => [doc, i < printed.length - 1 ? ',' : ifBreak(',')]))]), softline, ')']);
      if (before.some(spansLines)) return [this.print(callee), list];
      return [this.print(callee), hug(['(', before.map((doc) => [doc, ', '])], [printed[printed.length - 1]!, ')'], list)];
    }
    return [this.print(callee), this.list(args, LISTS.arguments!)];
  }

  namedArgument(node: Node): Doc {
    return this.tokens(node, { '=': { before: false, after: false } });
  }

  /** A bracketed list: on one line when it fits, else one item per line with a trailing comma. */
  list(node: Node, style: ListStyle): Doc {
    const all = node.children.filter((c): c is Node => c !== null);
    const open = all.findIndex((c) => c.type === '(' || c.type === '[' || c.type === '{');
    const close = all.length - 1;
    if (open < 0 || !/^[)\]}]$/.test(all[close]?.type ?? '')) return this.tokens(node);
    const prefix = all.slice(0, open).map((c) => (c.isNamed ? this.print(c) : this.text(c)));
    const sequence: Sequence = collect(all.slice(open + 1, close), (c) => c.type === ',');
    const { entries, dangling } = sequence;
    const openText = this.text(all[open]!);
    const closeText = this.text(all[close]!);
    if (entries.length === 0 && dangling.length === 0) return [prefix, openText, closeText];
    const trailing = style.trailingComma ?? 'broken';
    const items = entries.map((entry, i) => {
      const isLast = i === entries.length - 1;
      const comma = !isLast ? ',' : trailing === 'always' ? ',' : trailing === 'never' ? '' : ifBreak(',');
      const doc = entry.item.type === 'named_argument' ? this.namedArgument(entry.item) : this.print(entry.item);
      return [this.leadingComments(entry, false), doc, this.trailingComments(entry.beforeSeparator), comma, this.trailingComments(entry.trailing)];
    });
    const edge = style.spaced ? line : softline;
    return [prefix, group([
      openText,
      indent([edge, join(line, items), this.danglingComments(dangling, entries.length > 0)]),
      edge,
      closeText,
    ], hasComments(sequence))];
  }

  matchBlock(node: Node): Doc {
    const all = node.children.filter((c): c is Node => c !== null);
    const { entries, dangling } = collect(all.slice(1, -1), (c) => c.type === ',');
    if (entries.length === 0 && dangling.length === 0) return '{}';
    const arms = entries.map((entry) => {
      const pattern = entry.item.childForFieldName('pattern');
      const value = entry.item.childForFieldName('value');
      if (!pattern || !value || this.#directComment(entry.item)) return { entry, pattern: undefined, doc: this.print(entry.item) };
      const printed = render(this.print(pattern), { lineWidth: Number.POSITIVE_INFINITY, indentWidth: 0, useTabs: false });
      return { entry, pattern: printed.includes('\n') ? undefined : printed, doc: this.print(value) };
    });
    const widest = Math.max(0, ...arms.map((a) => (a.pattern === undefined ? 0 : width(a.pattern))));
    const body: Doc[] = arms.map(({ entry, pattern, doc }, i) => [
      i > 0 ? [hardline, entry.blankBefore ? hardline : ''] : '',
      this.leadingComments(entry, true),
      pattern === undefined ? doc : [pattern, ' '.repeat(widest - width(pattern)), ' => ', doc],
      this.trailingComments(entry.beforeSeparator),
      ',',
      this.trailingComments(entry.trailing),
    ]);
    return ['{', indent([hardline, body, this.danglingComments(dangling, entries.length > 0)]), hardline, '}'];
  }
}

/** A line comment must end its line; an empty soft break that forces the enclosing group to break. */
const breakAfterLineComment: Doc = group('', true);

/** A statement whose last token takes a name or literal from the next line, or a `use` the next line's block would give a list. */
function takesNextLine(node: Node, text: string, nextText: string): boolean {
  if (/\breturn$/.test(text)) return true;
  return node.type === 'use_statement' && (text.endsWith('.') || (nextText.startsWith('{') && !node.childForFieldName('items')));
}

/** Whether `b` is the statement right after `a` in the source, comments aside. */
function followsInSource(a: Node, b: Node): boolean {
  let after = a.nextNamedSibling;
  while (after && isComment(after)) after = after.nextNamedSibling;
  return after?.id === b.id;
}

interface Operands {
  left: Node;
  operator: string;
  right: Node;
}

/**
 * A binary node's operands and operator by position, undefined when a comment
 * sits among them. Not `node.children`: each node keeps that array, so down a
 * long chain every node would stay alive until the printing ends, and the
 * garbage collector would spend more time than the printer.
 */
function binaryOperands(node: Node): Operands | undefined {
  if (node.childCount !== 3) return undefined;
  const [left, operator, right] = [node.child(0), node.child(1), node.child(2)];
  if (!left || !operator || !right) return undefined;
  // A comment among them makes more than three children (a node never starts or ends with one).
  const operatorType = operator.type;
  if (operatorType === 'line_comment' || operatorType === 'block_comment') return undefined;
  return { left, operator: operatorType, right };
}

function children(node: Node): Node[] {
  return node.children.filter((c): c is Node => c !== null && (c.startIndex !== c.endIndex || c.isMissing));
}
