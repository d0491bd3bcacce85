// Syntax diagnostics with the reference's codes and message templates: the
// lexer's errors (replayed over the text), every ERROR and MISSING node of the
// tree, and the parser checks a context-free grammar cannot make. Unlike the
// reference, every error is reported, each with a range.
import type { Node, Tree } from 'web-tree-sitter';
import { LineIndex } from '../../syntax/positions.ts';
import { syntaxProblems, walk } from '../../syntax/inspect.ts';
import { lexicalErrors } from './lexical.ts';
import { NAME_KEYWORDS, nodeTokenName, tokenKindName } from './token-names.ts';
import type { Diagnostic } from './types.ts';
import { ItemMemo, local } from '../incremental/item-memo.ts';

const CLOSERS: Record<string, string> = {
  arguments: 'RParen', parameters: 'RParen', lambda_parameters: 'RParen', tuple: 'RParen',
  parenthesized_expression: 'RParen', type_arguments: 'RParen', unit: 'RParen',
  list: 'RBracket', index_expression: 'RBracket', list_comprehension: 'RBracket',
};

const OLD_FUNCTION_SYNTAX =
  "Old function syntax '(Type, Type) -> Ret' is no longer supported. Use RFC-010 syntax with named parameters: " +
  "'(param: Type, ...) -> Ret'. Example: 'add: (a: Int, b: Int) -> Int = a + b'";

const QUESTION_MARK_TYPE = "'?' 是 try 运算符，不是合法的类型。参数类型请使用类型名（如 Int、String、Any），或省略类型标注";

interface Found {
  code: string;
  message: string;
  start: number;
  end: number;
  help?: string;
  lexical: boolean;
}

/**
 * All syntax diagnostics of a file, lexer errors first (the reference stops at
 * the lexer, so its first error is a lexer error whenever there is one), then
 * parser errors in document order.
 */
export function syntaxDiagnostics(tree: Tree, text: string, lines = new LineIndex(text), memo?: SyntaxItemMemo): Diagnostic[] {
  const lexical: Found[] = lexicalErrors(text).map((e) => ({ ...e, lexical: true }));
  const covered = (start: number, end: number) => lexical.some((e) => e.start < Math.max(end, start + 1) && start <= e.end);
  // A tree without ERROR or MISSING nodes has balanced brackets.
  const hasError = tree.rootNode.hasError;
  const brackets = hasError ? bracketErrors(tree, text.length) : { found: [], unclosed: [] };

  const parser: Found[] = [];
  const keywordStatements: Array<[number, number]> = [];
  for (const found of statementChecks(tree, memo)) {
    parser.push(found);
    if (found.code === 'E0018') keywordStatements.push([found.start, found.statementEnd]);
  }
  parser.push(...brackets.found.filter((f) => !covered(f.start, f.end)));
  for (const problem of hasError ? syntaxProblems(tree, text, lines) : []) {
    if (covered(problem.startIndex, problem.endIndex)) continue;
    // An unclosed bracket explains the ERROR around it better than the ERROR does.
    if (brackets.unclosed.some((offset) => problem.startIndex <= offset && offset < problem.endIndex)) continue;
    if (problem.kind === 'MISSING' && /^[)\]}]$/.test(problem.type) && brackets.found.length > 0) continue;
    if (keywordStatements.some(([s, e]) => s <= problem.startIndex && problem.endIndex <= e)) continue;
    const node = tree.rootNode.descendantForIndex(problem.startIndex, Math.max(problem.startIndex, problem.endIndex - 1)) ?? tree.rootNode;
    parser.push(problem.kind === 'MISSING' ? missing(tree, problem.type, problem.startIndex) : unexpected(errorNodeAt(node, problem.startIndex, problem.endIndex)));
  }
  parser.sort((a, b) => a.start - b.start);

  return [...lexical, ...dedupe(parser)].map((f) => ({
    code: f.code,
    severity: 'error' as const,
    message: f.message,
    range: lines.humanRange(f.start, Math.max(f.end, f.start)),
    ...(f.help ? { help: f.help } : {}),
  }));
}

function missing(tree: Tree, type: string, at: number): Found {
  const expected = /^[a-z_]+$/.test(type) ? pascal(type) : tokenKindName(type);
  const next = nextToken(tree.rootNode, at);
  return {
    code: 'E0010',
    message: `Expected ${expected}, found ${nodeTokenName(next)}`,
    start: next?.startIndex ?? at,
    end: next?.endIndex ?? at,
    lexical: false,
  };
}

function unexpected(error: Node): Found {
  const first = firstToken(error) ?? error;
  // `?` where a type belongs (`(a: ?) -> Void`).
  if (first.text === '?' && insideType(error)) {
    return { code: 'E0012', message: `Invalid syntax: ${QUESTION_MARK_TYPE}`, start: first.startIndex, end: first.endIndex, lexical: false };
  }
  if (NAME_KEYWORDS.has(first.text) && startsStatement(first)) {
    return keywordAsName(first, error.endIndex);
  }
  const closer = error.parent ? CLOSERS[error.parent.type] : undefined;
  if (closer) {
    return { code: 'E0010', message: `Expected ${closer}, found ${nodeTokenName(first)}`, start: first.startIndex, end: first.endIndex, lexical: false };
  }
  return {
    code: 'E0011',
    message: `Unexpected token: '${nodeTokenName(first)}'`,
    start: first.startIndex,
    end: first.endIndex,
    lexical: false,
  };
}

function keywordAsName(keyword: Node, statementEnd: number): Found & { statementEnd: number } {
  return {
    code: 'E0018',
    message: `'${keyword.text}' is a keyword and cannot be used as a name`,
    start: keyword.startIndex,
    end: keyword.endIndex,
    lexical: false,
    statementEnd,
  };
}

/** Checks of the reference parser that the grammar accepts on purpose. */
type StatementFinding = Found & { statementEnd: number };

/** The parser checks per top-level item, kept from one analysis of a file to the next. */
export type SyntaxItemMemo = ItemMemo<undefined, StatementFinding>;

export function syntaxItemMemo(): SyntaxItemMemo {
  return new ItemMemo<undefined, StatementFinding>((f, delta) => ({ ...f, start: f.start + delta, end: f.end + delta, statementEnd: f.statementEnd + delta }));
}

/**
 * With a memo, the items without syntax errors are looked up by their text
 * (their checks read nothing outside them); the others, whose tree recovery
 * shaped, are always looked at. The caller sorts the findings by position.
 */
function statementChecks(tree: Tree, memo?: SyntaxItemMemo): StatementFinding[] {
  if (!memo) return checksWithin(tree.rootNode);
  const clean: Node[] = [];
  const broken: StatementFinding[] = [];
  for (const child of tree.rootNode.namedChildren) {
    if (!child) continue;
    if (child.hasError || child.type === 'ERROR') broken.push(...checksWithin(child));
    else clean.push(child);
  }
  return [...memo.run(clean, undefined, local(checksWithin)), ...broken];
}

function checksWithin(root: Node): StatementFinding[] {
  const found: StatementFinding[] = [];
  for (const node of root.descendantsOfType(['expression_statement', 'declaration'])) {
    if (!node) continue;
    if (node.type === 'expression_statement') {
      const expression = node.firstNamedChild;
      const type = expression?.type;
      // `unsafe { … }` and `ref x` are expressions but cannot start a statement (E0018).
      if (expression && (type === 'ref_expression' || type === 'unsafe_expression')) {
        const keyword = expression.firstChild;
        if (keyword) found.push(keywordAsName(keyword, node.endIndex));
      }
      // A `{` at statement start is a block, never a dictionary: `{"a": 1}` fails at `:`.
      if (expression && type === 'dictionary' && expression.namedChildCount > 0) {
        const colon = expression.namedChildren[0]?.children.find((c) => c?.type === ':');
        if (colon) found.push({ code: 'E0011', message: "Unexpected token: 'Colon'", start: colon.startIndex, end: colon.endIndex, lexical: false, statementEnd: node.endIndex });
      }
    } else {
      // `f: (List(Int)) -> Int`: the old unnamed function type at the top of an annotation.
      const annotation = node.childForFieldName('type');
      const firstEntry = annotation?.type === 'function_type' ? annotation.childForFieldName('parameters')?.firstNamedChild : null;
      if (annotation && firstEntry && !firstEntry.isError && !firstEntry.hasError && firstEntry.type !== 'parameter' && firstEntry.type !== 'type_identifier') {
        found.push({ code: 'E0012', message: `Invalid syntax: ${OLD_FUNCTION_SYNTAX}`, start: annotation.startIndex, end: annotation.endIndex, lexical: false, statementEnd: node.endIndex });
      }
    }
  }
  return found;
}

const PAIRS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Brackets that never close (E0010 `Expected RBrace, found Eof`) or close with the wrong kind. */
function bracketErrors(tree: Tree, textLength: number): { found: Found[]; unclosed: number[] } {
  // Read off the cursor: a Node is made only for named nodes, to skip those
  // without ERROR or MISSING inside, whose brackets pair up among themselves.
  const stack: Array<{ type: string; start: number }> = [];
  const found: Found[] = [];
  const abandoned: number[] = [];
  walk(tree, (cursor) => {
    const type = cursor.nodeType;
    if (type === 'string' || type === 'line_comment' || type === 'block_comment') return false;
    if (cursor.nodeIsNamed && !cursor.currentNode.hasError) return false;
    const opens = Object.hasOwn(PAIRS, type);
    if (!opens && type !== ')' && type !== ']' && type !== '}') return true;
    if (cursor.nodeIsMissing) return true;
    if (opens) {
      stack.push({ type, start: cursor.startIndex });
      return true;
    }
    const open = stack[stack.length - 1];
    if (open && PAIRS[open.type] === type) {
      stack.pop();
    } else if (open) {
      found.push({ code: 'E0010', message: `Expected ${tokenKindName(PAIRS[open.type]!)}, found ${tokenKindName(type)}`, start: cursor.startIndex, end: cursor.endIndex, lexical: false });
      abandoned.push(...stack.map((n) => n.start));
      stack.length = 0;
      return false;
    }
    return true;
  });
  const innermost = stack[stack.length - 1];
  if (innermost && found.length === 0) {
    found.push({ code: 'E0010', message: `Expected ${tokenKindName(PAIRS[innermost.type]!)}, found Eof`, start: textLength, end: textLength, lexical: false });
  }
  return { found, unclosed: [...abandoned, ...stack.map((n) => n.start)] };
}

function errorNodeAt(node: Node, start: number, end: number): Node {
  for (let current: Node | null = node; current; current = current.parent) {
    if (current.isError && current.startIndex === start && current.endIndex === end) return current;
  }
  return node;
}

function firstToken(node: Node): Node | undefined {
  let current: Node | null = node;
  while (current && current.childCount > 0) {
    const child: Node | null = current.children.find((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment') ?? null;
    if (!child) break;
    current = child;
  }
  return current && current !== node ? current : node.childCount === 0 ? node : undefined;
}

function nextToken(root: Node, offset: number): Node | null {
  let node = root.descendantForIndex(offset, offset);
  while (node && node.childCount > 0) node = node.firstChild;
  while (node && (node.endIndex <= offset && !(node.startIndex === offset && node.endIndex === offset) || node.isMissing || node.type === 'line_comment' || node.type === 'block_comment')) {
    let next: Node | null = node.nextSibling;
    let parent = node.parent;
    while (!next && parent) {
      next = parent.nextSibling;
      parent = parent.parent;
    }
    node = next;
    while (node && node.childCount > 0) node = node.firstChild;
  }
  return node && node.type !== 'source_file' ? node : null;
}

function insideType(node: Node): boolean {
  for (let current: Node | null = node.parent; current; current = current.parent) {
    if (['parameters', 'function_type', 'type_arguments', 'parameter', 'declaration'].includes(current.type)) return true;
    if (current.type === 'block' || current.type === 'source_file') return false;
  }
  return false;
}

function startsStatement(node: Node): boolean {
  const previous = node.previousSibling;
  return !previous || previous.type === ';' || previous.endPosition.row < node.startPosition.row;
}

function dedupe(found: Found[]): Found[] {
  const seen = new Set<string>();
  return found.filter((f) => {
    const key = `${f.code}:${f.start}:${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function pascal(type: string): string {
  return type.split('_').map((part) => part[0]!.toUpperCase() + part.slice(1)).join('');
}
