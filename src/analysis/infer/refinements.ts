// Step 5 of the reference checker: arguments of proof-function annotations on
// bindings (`y: IsSmall(5) = …`), rule R24 (E1092, E1093; semantics.md §5.9).
import type { Node, Tree } from 'web-tree-sitter';
import { isComment, typeArguments } from './annotations.ts';
import type { FileDeclarations } from './declarations.ts';
import { TYPE_MESSAGES, type RawDiagnostic } from './messages.ts';
import { BUILTIN_TYPE_NAMES } from './signatures.ts';
import { brokenNode } from './table-reads.ts';

export function refinementDiagnostics(tree: Tree, decls: FileDeclarations): RawDiagnostic[] {
  if (decls.proofFunctions.size === 0) return [];
  const found: RawDiagnostic[] = [];
  // A stack, not recursion: blocks nest as deep as the file does.
  const pending = statementsIn(tree.rootNode);
  for (let statement = pending.pop(); statement; statement = pending.pop()) {
    for (const inner of visit(statement, decls, found)) pending.push(inner);
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * checker.rs's `build_dep_graph_and_check_init`: an annotated binding (`y: P(5) = …`, but also a function with a
 * signature, `f: (a: Int) -> Int = { … }`) has its annotation checked and its value is not entered; an unannotated
 * one whose value is a block or a lambda with a block body (`main = { … }`, `g = () => { … }`) is entered; so are
 * the blocks of a statement that is a block, an `if` (every branch), a `while` or a `for`. Nothing else is: not a
 * match arm, a lambda passed as an argument, or an `if` used as a value. Gives the statements to visit next.
 */
function visit(statement: Node, decls: FileDeclarations, found: RawDiagnostic[]): Node[] {
  if (brokenNode(statement)) return [];
  if (statement.type === 'declaration') {
    checkAnnotation(statement, decls, found);
    return [];
  }
  if (statement.type === 'assignment') {
    const value = statement.childForFieldName('right');
    const body = value?.type === 'lambda' ? value.childForFieldName('body') : value;
    return body?.type === 'block' ? statementsIn(body) : [];
  }
  if (statement.type !== 'expression_statement') return [];
  const expr = statement.namedChildren.find((c) => c && !isComment(c)) ?? null;
  return bodiesOf(expr).flatMap(statementsIn);
}

/** The blocks the walk enters of a statement's expression: a block itself, a loop's body, each branch of an `if`. */
function bodiesOf(expr: Node | null): Node[] {
  if (!expr) return [];
  if (expr.type === 'block') return [expr];
  if (expr.type === 'while_expression' || expr.type === 'for_expression') {
    const body = expr.childForFieldName('body');
    return body?.type === 'block' ? [body] : [];
  }
  const blocks: Node[] = [];
  for (let branch: Node | null = expr; branch && (branch.type === 'if_expression' || branch.type === 'else_if_clause' || branch.type === 'else_clause');) {
    const block = branch.childForFieldName(branch.type === 'else_clause' ? 'body' : 'consequence');
    if (block?.type === 'block') blocks.push(block);
    branch = branch.type === 'else_clause' ? null : branch.childForFieldName('alternative');
  }
  return blocks;
}

function statementsIn(node: Node): Node[] {
  return node.namedChildren.filter((c): c is Node => c !== null && !isComment(c));
}

/** R24 on one annotated binding: a proof function's arguments, as many as its parameters, each convertible. */
function checkAnnotation(node: Node, decls: FileDeclarations, found: RawDiagnostic[]): void {
  const annotation = node.childForFieldName('type');
  const proof = annotation?.type === 'generic_type' ? decls.proofFunctions.get(annotation.childForFieldName('name')?.text ?? '') : undefined;
  if (!annotation || !proof) return;
  const args = typeArguments(annotation.childForFieldName('arguments'));
  if (args.length !== proof.params.length) {
    found.push({ code: 'E1093', message: TYPE_MESSAGES.E1093(proof.name, proof.params.length, args.length), start: annotation.startIndex, end: annotation.endIndex });
  } else {
    const bad = args.find((a) => !convertible(a));
    if (bad) found.push({ code: 'E1092', message: TYPE_MESSAGES.E1092(proof.name), start: bad.startIndex, end: bad.endIndex });
  }
}

/**
 * What the reference can turn into a constant expression: a literal, a name, or
 * a one-argument application of something convertible. A builtin type name
 * (`Int` in `List(Int)`) is a type, not a constant.
 */
function convertible(node: Node): boolean {
  switch (node.type) {
    case 'integer': case 'float': case 'boolean':
      return true;
    case 'unary_expression':
      return node.childForFieldName('operand')?.type === 'integer';
    case 'type_identifier': case 'identifier':
      return !BUILTIN_TYPE_NAMES.has(node.text) && !/^(Int|Float|String|Bool|Char|Void)\d*$/.test(node.text);
    case 'generic_type': {
      const args = typeArguments(node.childForFieldName('arguments'));
      return args.length === 1 && convertible(args[0]!);
    }
    default:
      return false;
  }
}
