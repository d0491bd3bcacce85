// The documented divergences of our formatter from the reference's
// (src/analysis/format/README.md, "Where we differ from the reference
// formatter"), each as a normaliser named after its rule. A normaliser edits
// one side's text, or both sides' the same way, through the syntax tree, so
// that what is left to compare is what the rule does not explain. Each one is
// narrow: it touches only the nodes its rule is about.
import type { Node, Parser, Tree } from 'web-tree-sitter';
import { format } from '../../src/analysis/format/index.ts';
import type { FormatOptions } from '../../src/analysis/format/options.ts';

export type Side = 'ours' | 'reference';

/** A replacement of `text[start, end)`. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The program both formatters were given, for the rules that depend on how it was written, and the options both used. */
export interface Original {
  tree: Tree;
  text: string;
  options: FormatOptions;
}

export interface Rule {
  /** The divergence, as the README words it. */
  name: string;
  /** The sides it edits. */
  sides: readonly Side[];
  edits(tree: Tree, text: string, original: Original | undefined, parser: Parser): Edit[];
}

/** `root` and every node below it, in document order. A cursor's walk: `child(i)` passes i children each time. */
function* descendants(root: Node): Generator<Node> {
  const cursor = root.walk();
  try {
    for (;;) {
      yield cursor.currentNode;
      if (cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return;
    }
  } finally {
    cursor.delete();
  }
}

/** The nodes of these types, in document order; a Node is made only for them. */
function ofType(tree: Tree, ...types: string[]): Node[] {
  const wanted = new Set(types);
  const found: Node[] = [];
  const cursor = tree.walk();
  try {
    for (;;) {
      if (wanted.has(cursor.nodeType)) found.push(cursor.currentNode);
      if (cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return found;
    }
  } finally {
    cursor.delete();
  }
}

const isComment = (n: Node): boolean => n.type === 'line_comment' || n.type === 'block_comment';

/** The whole line `[start, end]` holds (its `\n` included), when nothing else is on it. */
function ownLine(text: string, start: number, end: number): [number, number] | undefined {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  let lineEnd = text.indexOf('\n', end);
  if (lineEnd < 0) lineEnd = text.length;
  if (text.slice(lineStart, start).trim() !== '' || text.slice(end, lineEnd).trim() !== '') return undefined;
  return [lineStart, Math.min(lineEnd + 1, text.length)];
}

const isBlank = (line: string): boolean => line.trim() === '';

/**
 * Comments, and the blank lines beside comments on lines of their own: the
 * reference attaches comments by first-line spans (semantics.md §4.4), so it
 * drops some (after a block's last statement), prints some twice (inside a
 * multi-line statement and again before the next one), moves some (a
 * record's trailing comment after the record, the comments above the first
 * statement into the header) and places the blank lines around them by the
 * same estimate. Ours keeps every comment once, where it was (verify.ts).
 */
const comments: Rule = {
  name: 'reference places comments by line ranges (drops, repeats or moves them)',
  sides: ['ours', 'reference'],
  edits(tree, text) {
    const edits: Edit[] = [];
    const lineStarts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
    const commentLines = new Set<number>();
    for (const node of ofType(tree, 'line_comment', 'block_comment')) {
      if (node.parent && isComment(node.parent)) continue;
      if (ownLine(text, node.startIndex, node.endIndex)) {
        for (let row = node.startPosition.row; row <= node.endPosition.row; row++) commentLines.add(row);
        continue;
      }
      // At the end of a line of code: the comment and the spaces before it.
      let start = node.startIndex;
      while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
      edits.push({ start, end: node.endIndex, text: '' });
    }
    // A block whose comments were all that kept it broken: `{⏎// c⏎}` is `{}`, `{⏎x = 1 // c⏎}` is `{ x = 1 }`, as the reference prints it once it has dropped them.
    // (`{⏎// c⏎}` alone parses as an empty dictionary.)
    for (const block of ofType(tree, 'block', 'dictionary')) {
      const inner = block.namedChildren.filter((c): c is Node => c !== null);
      const statements = inner.filter((c) => !isComment(c));
      if (statements.length === inner.length || statements.length > (block.type === 'block' ? 1 : 0)) continue;
      const only = statements[0];
      if (only && only.startPosition.row !== only.endPosition.row) continue;
      edits.push({ start: block.startIndex, end: block.endIndex, text: only ? `{ ${text.slice(only.startIndex, only.endIndex)} }` : '{}' });
    }
    // A run of lines of comments and blank lines becomes one blank line between two lines of code when it held one, else nothing.
    const lines = lineStarts.map((start, i) => text.slice(start, (lineStarts[i + 1] ?? text.length + 1) - 1));
    for (let row = 0; row < lines.length; row++) {
      if (!commentLines.has(row)) continue;
      let first = row;
      while (first > 0 && (commentLines.has(first - 1) || isBlank(lines[first - 1]!))) first--;
      let last = row;
      while (last + 1 < lines.length && (commentLines.has(last + 1) || (isBlank(lines[last + 1]!) && last + 2 < lines.length))) last++;
      const hadBlank = lines.slice(first, last + 1).some((line, i) => !commentLines.has(first + i) && isBlank(line));
      const before = first > 0 ? lines[first - 1]!.trimEnd() : '';
      const after = last + 1 < lines.length ? lines[last + 1]!.trimStart() : '';
      const between = hadBlank && before !== '' && after !== '' && !before.endsWith('{') && !after.startsWith('}');
      const end = last + 1 < lines.length ? lineStarts[last + 1]! : text.length;
      edits.push({ start: lineStarts[first]!, end, text: between ? '\n' : '' });
      row = last;
    }
    return edits;
  },
};

/**
 * The same divergence, its second half: a comment inside a statement keeps
 * our list, expression or block broken (or, where the printer has no slot for
 * it, `x = // c⏎5`, the node as written), and the reference, which has moved or
 * dropped the comment, lays the statement out without it. Our side, its
 * comments gone (the rule above), is laid out again by our formatter: what we
 * print for the program without those comments.
 */
const commentLayout: Rule = {
  name: comments.name,
  sides: ['ours'],
  edits(_tree, text, original, parser) {
    const { formatted, diagnostics } = format(parser, text, original?.options ?? {});
    return diagnostics.length === 0 && formatted !== text ? [{ start: 0, end: text.length, text: formatted }] : [];
  },
};

/** Blank lines between statements of a block, and between match arms: the reference drops them all (§4.3, "Blocks"). */
const blankLinesInBlocks: Rule = {
  name: 'reference drops blank lines inside blocks and between match arms',
  sides: ['ours'],
  edits(tree, text) {
    const edits: Edit[] = [];
    for (const block of ofType(tree, 'block', 'match_block')) {
      const statements = block.namedChildren.filter((c): c is Node => c !== null && !isComment(c));
      for (let i = 1; i < statements.length; i++) {
        const between = text.slice(statements[i - 1]!.endIndex, statements[i]!.startIndex);
        const blank = /\n[ \t]*\n/.exec(between);
        if (blank) {
          const at = statements[i - 1]!.endIndex + blank.index + 1;
          edits.push({ start: at, end: at + blank[0].length - 1, text: '' });
        }
      }
    }
    return edits;
  },
};

/**
 * The line of a top-level binding's last body statement as the reference's
 * spans give it, or undefined when the value is no function: a block
 * statement's span is its first line, an expression body's (`=> expr`, a
 * signature-bound `f: (…) -> T = expr`) the expression's last line.
 */
function lastBodyRow(node: Node): number | undefined {
  if (node.type !== 'assignment' && node.type !== 'declaration') return undefined;
  let value = node.childForFieldName(node.type === 'assignment' ? 'right' : 'value');
  const isFunction = node.type === 'declaration' && node.childForFieldName('type')?.type === 'function_type';
  if (value?.type === 'lambda') {
    const body = value.childForFieldName('body');
    if (body && body.type !== 'block') return body.endPosition.row;
    value = body;
  } else if (value && value.type !== 'block' && isFunction) {
    return value.endPosition.row;
  }
  if (value?.type !== 'block') return undefined;
  const statements = value.namedChildren.filter((c): c is Node => c !== null && !isComment(c));
  // `f: (…) -> Void = {}` is an empty dictionary to the reference, which makes it the body's one statement.
  if (statements.length === 0) return isFunction ? value.startPosition.row : undefined;
  return statements[statements.length - 1]!.startPosition.row;
}

/**
 * The blank line after a top-level function: the reference estimates where a
 * binding whose value is a lambda or a block ends as the first line of its
 * body's last statement plus one (§4.3, "Module"), and keeps a blank line only
 * below that line. So `f = (x) => x` then one blank line loses it, and so
 * does a multi-line body whose last statement spans lines. Found in the
 * program as written; the blank line after the same statement of ours goes.
 * And a blank line below the estimate but inside the body (before its `}`)
 * gives one after the function where the program had none: ours gets it too.
 */
const blankAfterFunction: Rule = {
  name: 'reference drops or adds a blank line by its estimate of where a function or type ends',
  sides: ['ours'],
  edits(tree, text, original) {
    if (!original) return [];
    const statements = (root: Node) => root.namedChildren.filter((c): c is Node => c !== null && !isComment(c) && c.type !== 'use_statement');
    const written = statements(original.tree.rootNode);
    const lines = original.text.split('\n');
    const missed = new Set<number>();
    const added = new Set<number>();
    for (let i = 0; i + 1 < written.length; i++) {
      // A type definition ends, to the reference, on its first line: a blank line inside its record type is one after it.
      const last = written[i]!.type === 'type_definition' ? written[i]!.startPosition.row - 1 : lastBodyRow(written[i]!);
      if (last === undefined) continue;
      const estimate = last + 1;
      const next = written[i + 1]!.startPosition.row;
      const blankAt = (from: number) => lines.slice(from + 1, next).some(isBlank);
      const between = blankAt(written[i]!.endPosition.row);
      if (between && !blankAt(estimate)) missed.add(i);
      // A blank line inside the body, below the estimate (before its `}`), is one after the function to the reference.
      if (!between && blankAt(estimate)) added.add(i);
    }
    const ours = statements(tree.rootNode);
    const edits: Edit[] = [];
    // The imports end, to it, on the first line of the last `use` as written: a blank line inside its `{ … }`
    // list gives one after the imports.
    const uses = original.tree.rootNode.namedChildren.filter((c): c is Node => c?.type === 'use_statement');
    const lastUse = uses[uses.length - 1];
    const firstAfter = lastUse ? written.find((w) => w.startIndex > lastUse.endIndex) : undefined;
    const oursLastUse = tree.rootNode.namedChildren.filter((c): c is Node => c?.type === 'use_statement').pop();
    if (lastUse && firstAfter && oursLastUse) {
      const blankIn = (from: number) => lines.slice(from + 1, firstAfter.startPosition.row).some(isBlank);
      const end = text.indexOf('\n', oursLastUse.endIndex);
      if (!blankIn(lastUse.endPosition.row) && blankIn(lastUse.startPosition.row) && end >= 0 && text[end + 1] !== '\n') edits.push({ start: end, end, text: '\n' });
    }
    for (const i of [...missed, ...added]) {
      const node = ours[i];
      const next = ours[i + 1];
      if (!node || !next) continue;
      const gap = text.slice(node.endIndex, next.startIndex);
      const blank = /\n([ \t]*\n)/.exec(gap);
      if (blank && missed.has(i)) edits.push({ start: node.endIndex + blank.index + 1, end: node.endIndex + blank.index + blank[0].length, text: '' });
      const end = text.indexOf('\n', node.endIndex);
      if (!blank && added.has(i) && end >= 0 && end < next.startIndex) edits.push({ start: end, end, text: '\n' });
    }
    return edits;
  },
};

/**
 * Record types on one line, however long, with a trailing comment inside
 * moved after the record (§4.3: "no wrapping of long struct bodies"); ours
 * breaks them like other lists. Compared by their tokens alone on both sides.
 */
const recordTypes: Rule = {
  name: 'reference never breaks record types',
  sides: ['ours', 'reference'],
  edits(tree, text) {
    return ofType(tree, 'record_type').map((node) => {
      const tokens = [...descendants(node)].filter((n) => n.childCount === 0 && !isComment(n) && n.endIndex > n.startIndex).map((n) => text.slice(n.startIndex, n.endIndex));
      if (tokens[tokens.length - 2] === ',') tokens.splice(tokens.length - 2, 1);
      return { start: node.startIndex, end: node.endIndex, text: tokens.join(' ') };
    }).filter((edit) => edit.text !== text.slice(edit.start, edit.end));
  },
};

/**
 * `(a + b) * c` → `a + b * c`: the reference's parser drops grouping
 * parentheses and its printer adds them back only around the binary operand
 * of `!` (§4.3, "Expressions"). This changes meaning.
 */
const groupingParentheses: Rule = {
  name: 'reference drops grouping parentheses',
  sides: ['ours'],
  edits(tree) {
    const edits: Edit[] = [];
    for (const node of ofType(tree, 'parenthesized_expression')) {
      const inner = node.namedChildren.find((c): c is Node => c !== null && !isComment(c));
      const parent = node.parent;
      if (inner?.type === 'binary_expression' && parent?.type === 'unary_expression' && parent.child(0)?.type === '!') continue;
      const open = node.child(0);
      const close = node.child(node.childCount - 1);
      if (open?.type !== '(' || close?.type !== ')') continue;
      edits.push({ start: open.startIndex, end: open.endIndex, text: '' }, { start: close.startIndex, end: close.endIndex, text: '' });
    }
    return edits;
  },
};

/** A block holding one expression statement and nothing else, and that expression. */
function soleExpression(block: Node | null): Node | undefined {
  if (block?.type !== 'block') return undefined;
  const inner = block.namedChildren.filter((c): c is Node => c !== null);
  if (inner.length !== 1 || inner[0]!.type !== 'expression_statement') return undefined;
  const expression = inner[0]!.namedChild(0);
  return expression && expression.type !== 'return_expression' ? expression : undefined;
}

/**
 * `=> expr` printed as `=> { expr }`: the reference's AST has a block for
 * every lambda body and match arm, and it prints it as one (§4.3: `f = (x)
 * => x + 1` becomes `f = (x) => { x + 1 }`, which per RFC-010 no longer
 * returns the value; `1 => "one"` becomes `1 => { "one" }`). Compared with the
 * block of one expression unwrapped on both sides.
 */
const expressionBodies: Rule = {
  name: 'reference wraps `=> expr` (lambdas, match arms, signature-bound bodies) in `{ }`',
  sides: ['ours', 'reference'],
  edits(tree, text, original) {
    const edits: Edit[] = [];
    const unit = original?.options.use_tabs ? '\t' : ' '.repeat(original?.options.indent_width ?? 4);
    for (const node of ofType(tree, 'lambda', 'match_arm', 'declaration')) {
      if (node.type === 'declaration' && node.childForFieldName('type')?.type !== 'function_type') continue;
      const body = node.childForFieldName(node.type === 'lambda' ? 'body' : 'value');
      const expression = soleExpression(body);
      if (body && expression && !body.descendantsOfType(['line_comment', 'block_comment']).some((c) => c !== null)) {
        // One indentation level less on the expression's own lines, where the block put it.
        const inner = text.slice(expression.startIndex, expression.endIndex).split(`\n${unit}`).join('\n');
        edits.push({ start: body.startIndex, end: body.endIndex, text: inner });
      }
    }
    return edits;
  },
};

/**
 * A function binding's value re-derived from its signature (§4.3,
 * "Statements"): the reference prints a lambda with the signature's
 * parameters and types (`(a, b) => …` becomes `(a: Int, b: Int) => …`), a
 * body written without a lambda head gets one, and a lambda without
 * parameters loses its head. Compared with the head removed on both sides.
 */
const functionHeads: Rule = {
  name: 'reference re-derives a function binding\'s lambda head from its signature',
  sides: ['ours', 'reference'],
  edits(tree, text) {
    const edits: Edit[] = [];
    for (const node of tree.rootNode.namedChildren) {
      if (node?.type !== 'declaration' || node.childForFieldName('type')?.type !== 'function_type') continue;
      const value = node.childForFieldName('value');
      const body = value?.type === 'lambda' ? value.childForFieldName('body') : null;
      if (value && body) edits.push({ start: value.startIndex, end: value.endIndex, text: text.slice(body.startIndex, body.endIndex) });
    }
    return edits;
  },
};

/**
 * `main = () => { … }` printed as `main = { … }`, and `f = () => expr` as `f
 * = { expr }`: the reference prints a binding's lambda without parameters as
 * its body alone, as a block (§4.3, "Statements"). That drops what the user
 * wrote, and changes meaning: `f = { … }` runs the block at once instead of
 * binding a function.
 */
const parameterlessLambdas: Rule = {
  name: 'reference prints `f = () => { … }` as `f = { … }` (and `f = () => x` as `f = { x }`)',
  sides: ['ours'],
  edits(tree, text) {
    return ofType(tree, 'assignment').flatMap((node) => {
      const value = node.childForFieldName('right');
      const body = value?.type === 'lambda' ? value.childForFieldName('body') : null;
      const parameters = value?.childForFieldName('parameters');
      if (!value || !body || (parameters && parameters.namedChildren.length > 0)) return [];
      const written = text.slice(body.startIndex, body.endIndex);
      return [{ start: value.startIndex, end: value.endIndex, text: body.type === 'block' ? written : `{ ${written} }` }];
    });
  },
};

/**
 * `f: (a: T) -> Void = {}`: the value `{}` is an empty dictionary to the
 * reference's parser, which the function printer wraps into a body, `{ {} }`
 * (semantics.md §4.5, golden pairs); ours keeps `{}`. This changes meaning.
 */
const emptyBodies: Rule = {
  name: 'reference wraps an empty function body `{}` as `{ {} }`',
  sides: ['reference'],
  edits(tree) {
    const edits: Edit[] = [];
    for (const block of ofType(tree, 'block')) {
      const inner = block.namedChildren.filter((c): c is Node => c !== null);
      const only = inner.length === 1 && inner[0]!.type === 'expression_statement' ? inner[0]!.namedChild(0) : null;
      if ((only?.type === 'block' || only?.type === 'dictionary') && only.namedChildren.length === 0) {
        edits.push({ start: block.startIndex, end: block.endIndex, text: '{}' });
      }
    }
    return edits;
  },
};

/**
 * `break ::outer` printed as `break outer`, which parses as `break` and then a
 * statement `outer` (§4.3, "Statements"). The reference's side, re-parsed,
 * has the label as an expression statement after the `break`.
 */
const labels: Rule = {
  name: 'reference prints `break ::l` as `break l`',
  sides: ['ours'],
  edits(tree) {
    return ofType(tree, 'break_expression', 'continue_expression').flatMap((node) => {
      const colons = node.children.find((c) => c?.type === '::');
      return colons ? [{ start: colons.startIndex, end: colons.endIndex + 0, text: '' }] : [];
    });
  },
};

/** A string literal's value, with `\u{…}`, `\n`, `\t`, `\r`, `\0`, `\\`, `\"` and `\'` read. */
function stringValue(body: string): string {
  return body.replace(/\\(u\{([0-9a-fA-F]+)\}|.)/g, (_, escape: string, hex: string | undefined) => {
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return ({ n: '\n', t: '\t', r: '\r', '0': '\0' } as Record<string, string>)[escape] ?? escape;
  });
}

/**
 * Literals as their values: the reference prints integers in decimal without
 * `_`, floats by Rust's `to_string`, and strings re-escaped (§4.3,
 * "Literals"). Both sides get the reference's spelling of the same value.
 */
const literals: Rule = {
  name: 'reference rewrites numeric literals and string escapes',
  sides: ['ours', 'reference'],
  edits(tree, text) {
    const edits: Edit[] = [];
    for (const node of ofType(tree, 'integer', 'float', 'string', 'multiline_string')) {
      const written = text.slice(node.startIndex, node.endIndex);
      let canonical = written;
      if (node.type === 'integer') {
        try {
          canonical = BigInt(written.replace(/_/g, '')).toString();
        } catch {
          continue;
        }
      } else if (node.type === 'float') {
        const value = Number(written.replace(/_/g, ''));
        canonical = Number.isInteger(value) ? `${value}.0` : String(value);
      } else if (node.type === 'multiline_string') {
        // `"""…"""` reads only the escapes `\\ \" \' \n \t \r`; any other `\c` stays as written.
        const value = written.slice(3, -3).replace(/\\([\\"'ntr])/g, (_, c: string) => ({ n: '\n', t: '\t', r: '\r' } as Record<string, string>)[c] ?? c);
        canonical = JSON.stringify(value).replace(/\\u00([0-9a-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      } else if (written.startsWith('"') && written.endsWith('"') && written.length >= 2) {
        canonical = JSON.stringify(stringValue(written.slice(1, -1))).replace(/\\u00([0-9a-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      }
      if (canonical !== written) edits.push({ start: node.startIndex, end: node.endIndex, text: canonical });
    }
    return edits;
  },
};

/** `pub mut x` printed as `pub x` (§4.3, "Statements"). */
const pubMut: Rule = {
  name: 'reference drops `mut` after `pub`',
  sides: ['ours'],
  edits(tree, text) {
    return ofType(tree, 'mutability').filter((m) => m.previousSibling?.type === 'visibility').map((m) => {
      let end = m.endIndex;
      while (text[end] === ' ') end++;
      return { start: m.startIndex, end, text: '' };
    });
  },
};

/**
 * `(x,)` printed as `(x)`: the reference's printer joins a tuple's elements
 * with `, ` and adds no comma after a single one (§4.3, "Expressions"), so the
 * one-element tuple comes back as a parenthesised expression. This changes
 * meaning (and the type).
 */
const singleTuples: Rule = {
  name: 'reference drops the comma of a one-element tuple',
  sides: ['ours'],
  edits(tree) {
    return ofType(tree, 'tuple').flatMap((node) => {
      const commas = node.children.filter((c) => c?.type === ',');
      const items = node.namedChildren.filter((c) => c !== null && !isComment(c));
      return items.length === 1 && commas.length === 1 ? [{ start: commas[0]!.startIndex, end: commas[0]!.endIndex, text: '' }] : [];
    });
  },
};

/** `(a, b) = rhs` printed as `a, b = rhs` (§4.3, "Statements"). */
const destructuring: Rule = {
  name: 'reference drops the parentheses of a destructuring',
  sides: ['ours'],
  edits(tree) {
    return ofType(tree, 'destructuring_assignment').flatMap((node) => {
      const open = node.child(0);
      const close = node.children.find((c) => c?.type === ')');
      if (open?.type !== '(' || !close) return [];
      return [{ start: open.startIndex, end: open.endIndex, text: '' }, { start: close.startIndex, end: close.endIndex, text: '' }];
    });
  },
};

/**
 * `mk: (Int, Int) -> Int = …` printed as `mk: () -> Int = …`, and `abs: (x:
 * Int) -> Int` (a signature without a value) as `abs: () -> Int`: the
 * reference prints a signature's parameters from the names its parser
 * records for the value, and unnamed parameter types have none, nor has a
 * signature without a value (§4.3, "Statements"). This changes the type.
 */
const unnamedSignatures: Rule = {
  name: 'reference drops a signature\'s parameters when they are unnamed or it has no value',
  sides: ['ours'],
  edits(tree) {
    const edits: Edit[] = [];
    for (const node of tree.rootNode.namedChildren) {
      if (node?.type !== 'declaration') continue;
      const type = node.childForFieldName('type');
      const parameters = type?.type === 'function_type' ? type.childForFieldName('parameters') : null;
      const items = parameters?.namedChildren.filter((c): c is Node => c !== null && !isComment(c)) ?? [];
      if (parameters && items.length > 0 && (items.every((i) => i.type !== 'parameter') || !node.childForFieldName('value'))) {
        edits.push({ start: parameters.startIndex, end: parameters.endIndex, text: '()' });
      }
    }
    return edits;
  },
};

/**
 * Types as the reference's AST keeps them (§4.3, "Types"): a function type
 * has parameter types only, so `(self: File) -> T` prints as `(File) -> T`
 * everywhere but in the signature of a binding with a value (the function
 * type it returns included, unless in parentheses); `Option(T)` is `T?`; and the
 * parentheses around a function type go (`-> ((a: A) -> B)` is `-> (A) ->
 * B`). The names are what the user wrote; the rest is the same type.
 */
const types: Rule = {
  name: 'reference prints function types without parameter names, `Option(T)` as `T?`',
  sides: ['ours'],
  edits(tree, text) {
    const edits: Edit[] = [];
    const options: Edit[] = [];
    for (const node of ofType(tree, 'function_type', 'generic_type', 'tuple_type')) {
      const inner = node.namedChildren.filter((c): c is Node => c !== null && !isComment(c));
      if (node.type === 'function_type') {
        // A binding's own signature keeps its names, and so does the function type it returns, unless in parentheses, when the binding has a value.
        let signature: Node = node;
        while (signature.parent?.type === 'function_type' && signature.parent.childForFieldName('return_type')?.id === signature.id) signature = signature.parent;
        const parent = signature.parent;
        if (parent?.type === 'declaration' && parent.childForFieldName('type')?.id === signature.id && parent.childForFieldName('value')) continue;
        for (const parameter of node.childForFieldName('parameters')?.namedChildren ?? []) {
          const type = parameter?.type === 'parameter' ? parameter.childForFieldName('type') : null;
          if (parameter && type) edits.push({ start: parameter.startIndex, end: parameter.endIndex, text: text.slice(type.startIndex, type.endIndex) });
        }
      } else if (node.type === 'generic_type') {
        const name = node.childForFieldName('name');
        const args = node.childForFieldName('arguments')?.namedChildren.filter((c): c is Node => c !== null && !isComment(c)) ?? [];
        if (name && text.slice(name.startIndex, name.endIndex) === 'Option' && args.length === 1) {
          options.push({ start: node.startIndex, end: node.endIndex, text: `${text.slice(args[0]!.startIndex, args[0]!.endIndex)}?` });
        }
      } else if (inner.length === 1 && inner[0]!.type === 'function_type' && !node.children.some((c) => c?.type === ',') &&
        // Names first (the next round), while the parentheses still say they go.
        !inner[0]!.childForFieldName('parameters')?.namedChildren.some((p) => p?.type === 'parameter' && p.childForFieldName('type'))) {
        edits.push({ start: node.startIndex, end: node.endIndex, text: text.slice(inner[0]!.startIndex, inner[0]!.endIndex) });
      }
    }
    // `T?` last: our grammar does not read it everywhere, and the names and parentheses are found by the tree.
    return edits.length > 0 ? edits : options;
  },
};

/** `pub Point: Type = …` printed as `Point: Type = …`: the reference's parser does not mark a type definition public. */
const pubTypes: Rule = {
  name: 'reference drops `pub` of a type definition',
  sides: ['ours'],
  edits(tree, text) {
    return ofType(tree, 'type_definition').flatMap((node) => {
      const visibility = node.children.find((c) => c?.type === 'visibility');
      if (!visibility) return [];
      let end = visibility.endIndex;
      while (text[end] === ' ') end++;
      return [{ start: visibility.startIndex, end, text: '' }];
    });
  },
};

/**
 * `= { return match op {⏎        "+" => …⏎    } }`: the reference prints a
 * block of one statement on the `{` line when the statement's text, line
 * breaks included, is shorter than the width (§4.3, "Blocks": it measures the
 * multi-line text as if it were one line, and not from the column where the
 * block starts), so a multi-line statement ends up between `{ ` and ` }` with
 * its lines indented for a broken block. Ours breaks the block. Compared with
 * the reference's block broken, its lines as they are.
 */
const huggedStatements: Rule = {
  name: 'reference prints a block\'s one multi-line statement on the `{` line',
  sides: ['reference'],
  edits(tree, text, original) {
    const edits: Edit[] = [];
    const unit = original?.options.use_tabs ? '\t' : ' '.repeat(original?.options.indent_width ?? 4);
    for (const block of ofType(tree, 'block')) {
      const inner = block.namedChildren.filter((c): c is Node => c !== null);
      const only = inner[0];
      if (inner.length !== 1 || !only || isComment(only)) continue;
      const open = block.child(0);
      const close = block.child(block.childCount - 1);
      if (open?.type !== '{' || close?.type !== '}') continue;
      if (only.startPosition.row !== open.startPosition.row || only.endPosition.row === only.startPosition.row || close.startPosition.row !== only.endPosition.row) continue;
      const lineStart = text.lastIndexOf('\n', open.startIndex) + 1;
      const outer = /^[ \t]*/.exec(text.slice(lineStart))![0];
      // Its lines are indented from the statement's own line (the last one, `    } }`, at the block's indentation
      // plus one level at the top level, but at the block's inside a lambda): moved to where a broken block puts them.
      const lastLine = text.lastIndexOf('\n', only.endIndex) + 1;
      const current = /^[ \t]*/.exec(text.slice(lastLine))![0];
      const wanted = outer + unit;
      const lines = text.slice(only.startIndex, only.endIndex).split('\n');
      const moved = lines.map((line, i) => {
        if (i === 0) return line;
        if (wanted.startsWith(current)) return wanted.slice(current.length) + line;
        return current.startsWith(wanted) && line.startsWith(current) ? wanted + line.slice(current.length) : line;
      }).join('\n');
      edits.push({ start: open.endIndex, end: close.startIndex, text: `\n${outer}${unit}${moved}\n${outer}` });
    }
    return edits;
  },
};

/** The rules applied before the layout rule, in order. */
export const TOKEN_RULES: readonly Rule[] = [
  comments, commentLayout, blankLinesInBlocks, blankAfterFunction, huggedStatements, unnamedSignatures, types, pubTypes, recordTypes, groupingParentheses, functionHeads, parameterlessLambdas,
  expressionBodies, emptyBodies, labels, literals, pubMut, destructuring, singleTuples,
];

/** The names of the last rules (format-compare.ts): the reference never breaks a statement it prints on one over-long line. */
export const OVERLONG_RULE = 'reference exceeds the line width (record types, parameter lists, if-chains)';
/** …and measures widths in UTF-8 bytes, so breaks a line ours, counting code points, finds fits. */
export const BYTES_RULE = 'reference measures widths in UTF-8 bytes, ours in code points';

/** The text with `edits` made; overlapping edits after the first that covers them are left for the next round. */
export function applyEdits(text: string, edits: readonly Edit[]): { text: string; skipped: number } {
  const sorted = [...edits].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Edit[] = [];
  let skipped = 0;
  for (const edit of sorted) {
    const last = kept[kept.length - 1];
    if (last && edit.start < last.end) {
      skipped++;
      continue;
    }
    kept.push(edit);
  }
  let out = '';
  let at = 0;
  for (const edit of kept) {
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return { text: out + text.slice(at), skipped };
}

/** One side's text with one rule applied until it edits nothing more (nested nodes take several rounds; 8 at most). */
/** `trees` parses each text once and keeps its tree; the rules only read trees. */
export function applyRule(parser: Parser, rule: Rule, text: string, side: Side, original: Original | undefined, trees: TreeCache): string {
  if (!rule.sides.includes(side)) return text;
  for (let round = 0; round < 8; round++) {
    const tree = trees.of(text);
    if (!tree) return text;
    const edits = rule.edits(tree, text, original, parser);
    if (edits.length === 0) return text;
    // Until it edits nothing more: a round may make edits of the next possible (the parentheses of a type once its names are gone).
    text = applyEdits(text, edits).text;
  }
  return text;
}

/**
 * The trees of the texts one comparison normalises, each parsed once: the
 * rules read trees and never edit them, and a comparison applies every rule
 * to the same few texts again and again (once per rule left out, to find
 * the rules it needs).
 */
export class TreeCache {
  readonly #parser: Parser;
  readonly #trees = new Map<string, Tree>();

  constructor(parser: Parser) {
    this.#parser = parser;
  }

  of(text: string): Tree | null {
    let tree = this.#trees.get(text);
    if (!tree) {
      const parsed = this.#parser.parse(text);
      if (!parsed) return null;
      this.#trees.set(text, (tree = parsed));
    }
    return tree;
  }

  delete(): void {
    for (const tree of this.#trees.values()) tree.delete();
    this.#trees.clear();
  }
}
