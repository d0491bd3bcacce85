// The reference's IR generation accepts only definitions at module level:
// bindings, type definitions and imports. Any other top-level statement (a
// call, a loop, an `if`, a bare block, a destructuring) is E3005, after type
// checking, at the statement's first token (`middle/core/ir_gen.rs`,
// `generate_stmt_ir`). The message names the statement's kind by the Rust
// discriminant of its AST node, which is what the reference prints. A function
// binding's body is generated too, and stops at its first construct without
// IR (`ir-bodies.ts`); one error per top-level statement, in source order.
import type { Node, Tree } from 'web-tree-sitter';
import { firstToken } from './checker.ts';
import { cleanStatements } from './declarations.ts';
import { recordFieldStarts, unhandledInFunctionBody, type RecordFieldStarts } from './ir-bodies.ts';
import type { ItemFindings } from '../incremental/item-memo.ts';
import { TYPE_MESSAGES, type RawDiagnostic } from './messages.ts';
import type { Type } from './types.ts';

/** Discriminants of the reference's `StmtKind` (declaration order in `parser/ast.rs`). */
const STATEMENT_KIND = { expression: 0, for: 2, if: 5, destructuring: 6 } as const;

export function topLevelStatementDiagnostics(tree: Tree, localImports: readonly Type[] = []): RawDiagnostic[] {
  const fields = recordFieldStarts(tree.rootNode, localImports);
  return cleanStatements(tree.rootNode).flatMap((statement) => statementIrDiagnostics(statement, fields).found);
}

/**
 * The IR layer's refusal of one top-level statement, if any. It depends on
 * the statement and, for the fields its body reads, on whether a record
 * defined before it has them: `holds` says whether that is still so.
 */
export function statementIrDiagnostics(statement: Node, fields: RecordFieldStarts): ItemFindings<RecordFieldStarts> {
  const kind = statementKind(statement);
  if (kind === undefined) {
    const { found, fieldsAsked } = unhandledInFunctionBody(statement, fields);
    const result: ItemFindings<RecordFieldStarts> = { found: found ? [found] : [] };
    if (fieldsAsked.length > 0) {
      const before = statement.startIndex;
      const answers = fieldsAsked.map((name) => (fields.get(name) ?? Infinity) < before);
      result.holds = (now, start) => fieldsAsked.every((name, i) => ((now.get(name) ?? Infinity) < start) === answers[i]);
    }
    return result;
  }
  const token = firstToken(statement);
  return { found: [{ code: 'E3005', message: TYPE_MESSAGES.E3005(kind), start: token.startIndex, end: token.endIndex }] };
}

function statementKind(statement: Node): number | undefined {
  if (statement.type === 'destructuring_assignment') return STATEMENT_KIND.destructuring;
  // As a file's first statement, `(a, b) = …` and `(a) = …` come out of the grammar as assignments to a tuple or a
  // parenthesized name. The reference's parser destructures names only: `(a.b) = 1` and `((a)) = 1` are expressions.
  if (statement.type === 'assignment') {
    const left = statement.childForFieldName('left');
    if (left?.type === 'tuple') return STATEMENT_KIND.destructuring;
    // A statement that starts with an operator (`+Ord = 1`, `-x = 1`, `*p = 1`) is no binding: an expression.
    if (left?.type === 'unary_expression') return STATEMENT_KIND.expression;
    if (left?.type === 'parenthesized_expression') {
      const inner = left.namedChildren.filter((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment');
      return inner.length === 1 && inner[0]!.type === 'identifier' ? STATEMENT_KIND.destructuring : STATEMENT_KIND.expression;
    }
  }
  if (statement.type !== 'expression_statement') return undefined;
  // The reference's parser makes a statement-level `if`/`for` their own kinds; the rest are expressions.
  const expression = statement.namedChildren.find((c) => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment');
  if (expression?.type === 'if_expression') return STATEMENT_KIND.if;
  if (expression?.type === 'for_expression') return STATEMENT_KIND.for;
  return STATEMENT_KIND.expression;
}
