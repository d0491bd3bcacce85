// The reference's IR generation (`middle/core/ir_gen.rs`, v0.7.12) runs after
// type checking on the body of every function binding, and a few constructs
// the checker accepts have no IR: its expression generator falls through to
// "unhandled expression" and `check` reports E3005. Verified on the binary:
//
// - `break` and `continue`, anywhere in a body (Rust discriminants 13, 14);
// - `x as T` (15), at the `as`;
// - a block in expression position (11): a bare `{ … }` statement, a block
//   argument or operand. Blocks that are bodies (of a function, a nested
//   function `y = { … }`, a lambda, an `if`/`else`, a loop, a match arm,
//   `unsafe`, `spawn`) are generated as statement lists and are fine;
// - an assignment to an index, `a[i] = v` (at the target's last `[`);
// - a type definition inside a block;
// - a range `a..b` anywhere but as the iterable of a `for` (its operator
//   has IR only there; E3005 without a span);
// - E3004: a `for` over anything but a name, a range or a list, tuple or
//   dictionary literal (a call, a field, an index, …), at that expression's
//   token. Which names it iterates depends on their types: the checker
//   reports those (`checkIterable`).
//
// The generator stops a function at its first such construct, in source
// order, and `check` reports the first one of the file. Constants'
// initialisers are folded, never generated, so nothing in them counts.
import type { Node } from 'web-tree-sitter';
import { nodeTableOf, type NodeTable } from '../../syntax/node-table.ts';
import { ownCopy } from '../../syntax/own-text.ts';
import { readBinding, isFunctionValue } from './declarations.ts';
import { TYPE_MESSAGES, type RawDiagnostic } from './messages.ts';

/** Discriminants of the reference's `Expr` (declaration order in `parser/ast.rs`). */
const EXPRESSION_KIND = { block: 11, break: 13, continue: 14, cast: 15 } as const;

/** `parent.field` places where a block is a body the generator walks as statements. */
const BODY_PLACES = new Set([
  'assignment.right', 'declaration.value', 'lambda.body', 'if_expression.consequence', 'else_clause.body',
  'else_if_clause.consequence', 'while_expression.body', 'for_expression.body', 'match_arm.value',
  'unsafe_expression.body', 'spawn_expression.body',
]);

/** The first construct of a top-level function binding's body that IR generation rejects, if any. */
export function unhandledInFunctionBody(statement: Node): RawDiagnostic | undefined {
  const binding = readBinding(statement);
  // `Type.m = …` without a signature makes the reference's generator panic (ir_gen.rs:1003): nothing to predict.
  if (!binding?.value || (binding.memberOf !== undefined && !binding.annotation)) return undefined;
  if (!isFunctionValue(binding.value, binding.annotation)) return undefined;
  return firstUnhandled(binding.value);
}

function firstUnhandled(root: Node): RawDiagnostic | undefined {
  // Pre-order over the node table, so a deeply nested body cannot overflow
  // and no node is visited through the Node API.
  const table = nodeTableOf(root.tree);
  const top = table.indexOf(root);
  const candidates = new Set(CANDIDATES.map((type) => table.idOf(type)));
  const comments = new Set([table.idOf('line_comment'), table.idOf('block_comment')]);
  const end = table.subtreeEnd(top);
  for (let i = top; i < end; i++) {
    const type = table.typeId(i);
    if (!table.isNamed(i) || comments.has(type)) {
      i = table.subtreeEnd(i) - 1;
      continue;
    }
    if (!candidates.has(type)) continue;
    const found = unhandled(table, i, placeOf(table, i));
    if (found) return found;
  }
  return undefined;
}

const CANDIDATES = ['break_expression', 'continue_expression', 'cast_expression', 'block', 'type_definition', 'assignment', 'for_expression', 'binary_expression'] as const;

/** Iterables the generator takes by their syntax (a name's type decides: `checkIterable`). */
const ITERABLE_SYNTAX = new Set(['identifier', 'list', 'tuple', 'unit', 'dictionary']);

/** Node `i` is a candidate; `place` is its `parent.field`. */
function unhandled(table: NodeTable, i: number, place: string | undefined): RawDiagnostic | undefined {
  switch (table.type(i)) {
    case 'break_expression': return expression(table, i, EXPRESSION_KIND.break);
    case 'continue_expression': return expression(table, i, EXPRESSION_KIND.continue);
    case 'cast_expression': {
      const as = table.childOfType(i, table.idOf('as'));
      return expression(table, as === -1 ? i : as, EXPRESSION_KIND.cast);
    }
    case 'block': return place === undefined || BODY_PLACES.has(place) ? undefined : expression(table, i, EXPRESSION_KIND.block);
    case 'type_definition': {
      const name = table.childInField(i, table.fieldIdOf('name'));
      return at(table, i, `IR generation error: type definition \`${name === -1 ? '' : table.text(name)}\` inside a block is not supported; type definitions belong at the top level`);
    }
    case 'assignment': {
      const target = table.childInField(i, table.fieldIdOf('left'));
      if (target === -1 || table.type(target) !== 'index_expression') return undefined;
      const bracket = lastChildOfType(table, target, table.idOf('['));
      // Copied: a target past a name's length is a view of the source, and the memo keeps the message across edits.
      return at(table, bracket === -1 ? target : bracket, `IR generation error: 不支持的赋值目标: Index { ${ownCopy(table.text(target))} }`);
    }
    case 'for_expression': {
      const iterable = unparenthesized(table, table.childInField(i, table.fieldIdOf('iterable')));
      if (iterable === -1 || ITERABLE_SYNTAX.has(table.type(iterable)) || isRange(table, iterable)) return undefined;
      const token = referenceToken(table, iterable);
      return { code: 'E3004', message: TYPE_MESSAGES.E3004('<unknown>'), start: table.start(token), end: table.end(token) };
    }
    case 'binary_expression': {
      if (!isRange(table, i)) return undefined;
      let outer = i;
      while (table.parent(outer) !== -1 && table.type(table.parent(outer)) === 'parenthesized_expression') outer = table.parent(outer);
      if (placeOf(table, outer) === 'for_expression.iterable') return undefined;
      const operator = table.childInField(i, table.fieldIdOf('operator'));
      return at(table, operator === -1 ? i : operator, 'IR generation error: unhandled binary operator: Range');
    }
    default: return undefined;
  }
}

function isRange(table: NodeTable, i: number): boolean {
  if (table.type(i) !== 'binary_expression') return false;
  const operator = table.childInField(i, table.fieldIdOf('operator'));
  return operator !== -1 && table.text(operator) === '..';
}

/** The expression inside any parentheses around node `i` (the reference's parser drops them). */
function unparenthesized(table: NodeTable, i: number): number {
  while (i !== -1 && table.type(i) === 'parenthesized_expression') i = table.firstNamedChild(i);
  return i;
}

/** The one token the reference gives an expression as its span: a call's `(`, a field's name, an operator, else the first token. */
function referenceToken(table: NodeTable, i: number): number {
  let token = -1;
  switch (table.type(i)) {
    case 'call_expression': {
      const args = table.childInField(i, table.fieldIdOf('arguments'));
      token = args === -1 ? -1 : table.firstChild(args);
      break;
    }
    case 'index_expression': token = table.childOfType(i, table.idOf('[')); break;
    case 'member_expression': token = table.childInField(i, table.fieldIdOf('field')); break;
    case 'try_expression': token = table.childOfType(i, table.idOf('?')); break;
    case 'binary_expression': case 'unary_expression': token = table.childInField(i, table.fieldIdOf('operator')); break;
    case 'cast_expression': token = table.childOfType(i, table.idOf('as')); break;
    case 'lambda': token = table.childOfType(i, table.idOf('=>')); break;
    case 'assignment_expression': token = table.childOfType(i, table.idOf('=')); break;
    default: break;
  }
  if (token !== -1) return token;
  let first = i;
  while (table.firstChild(first) !== -1) first = table.firstChild(first);
  return first;
}

function lastChildOfType(table: NodeTable, i: number, typeId: number): number {
  let last = -1;
  for (let c = table.firstChild(i); c !== -1; c = table.nextSibling(c)) if (table.typeId(c) === typeId) last = c;
  return last;
}

/** The `parent.field` of node `i`, undefined at the root. */
function placeOf(table: NodeTable, i: number): string | undefined {
  const parent = table.parent(i);
  return parent === -1 ? undefined : `${table.type(parent)}.${table.field(i) ?? 'null'}`;
}

function expression(table: NodeTable, i: number, kind: number): RawDiagnostic {
  return at(table, i, `IR generation error: unhandled expression in IR generation: Discriminant(${kind})`);
}

function at(table: NodeTable, i: number, message: string): RawDiagnostic {
  return { code: 'E3005', message, start: table.start(i), end: table.end(i) };
}
