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
// - a type definition inside a block.
//
// The generator stops a function at its first such construct, in source
// order, and `check` reports the first one of the file. Constants'
// initialisers are folded, never generated, so nothing in them counts.
import type { Node } from 'web-tree-sitter';
import { walk } from '../../syntax/inspect.ts';
import { readBinding, isFunctionValue } from './declarations.ts';
import type { RawDiagnostic } from './messages.ts';

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
  // A cursor, pre-order, so a deeply nested body cannot overflow; parents'
  // types are kept by depth, as Node.parent costs the node's depth in WASM.
  const parentTypes: string[] = [];
  let found: RawDiagnostic | undefined;
  walk(root, (cursor, depth) => {
    const type = cursor.nodeType;
    parentTypes[depth] = type;
    if (!cursor.nodeIsNamed || type === 'line_comment' || type === 'block_comment') return false;
    if (!CANDIDATES.has(type)) return true;
    const place = depth === 0 ? placeOf(root) : `${parentTypes[depth - 1]}.${cursor.currentFieldName ?? 'null'}`;
    found = unhandled(cursor.currentNode, place);
    return found ? 'stop' : true;
  });
  return found;
}

const CANDIDATES = new Set(['break_expression', 'continue_expression', 'cast_expression', 'block', 'type_definition', 'assignment']);

/** `node` is a candidate; `place` is its `parent.field`. */
function unhandled(node: Node, place: string | undefined): RawDiagnostic | undefined {
  switch (node.type) {
    case 'break_expression': return expression(node, EXPRESSION_KIND.break);
    case 'continue_expression': return expression(node, EXPRESSION_KIND.continue);
    case 'cast_expression': return expression(node.children.find((c) => c?.type === 'as') ?? node, EXPRESSION_KIND.cast);
    case 'block': return place === undefined || BODY_PLACES.has(place) ? undefined : expression(node, EXPRESSION_KIND.block);
    case 'type_definition':
      return at(node, `IR generation error: type definition \`${node.childForFieldName('name')?.text ?? ''}\` inside a block is not supported; type definitions belong at the top level`);
    case 'assignment': {
      const target = node.childForFieldName('left');
      if (target?.type !== 'index_expression') return undefined;
      const bracket = target.children.findLast((c) => c?.type === '[') ?? target;
      return at(bracket, `IR generation error: 不支持的赋值目标: Index { ${target.text} }`);
    }
    default: return undefined;
  }
}

/** The `parent.field` of a node, undefined at the root. */
function placeOf(node: Node): string | undefined {
  const parent = node.parent;
  if (!parent) return undefined;
  for (let i = 0; i < parent.childCount; i++) {
    if (parent.child(i)?.id === node.id) return `${parent.type}.${parent.fieldNameForChild(i) ?? 'null'}`;
  }
  return 'null';
}

function expression(node: Node, kind: number): RawDiagnostic {
  return at(node, `IR generation error: unhandled expression in IR generation: Discriminant(${kind})`);
}

function at(node: Node, message: string): RawDiagnostic {
  return { code: 'E3005', message, start: node.startIndex, end: node.endIndex };
}
