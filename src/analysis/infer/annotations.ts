// Type annotations in the tree (`Int`, `List(String)`, `(a: Int) -> Int`,
// `&mut Point`) as checker types (semantics.md §5.4 display names).
import type { Node, Tree } from 'web-tree-sitter';
import { isCommentAt, locate, subtreeOf, type NodeTable } from '../../syntax/node-table.ts';
import { MAX_CHECK_DEPTH, tooDeepAt } from './depth.ts';
import type { RawDiagnostic } from './messages.ts';
import { containerType, scalarAnnotation } from './signatures.ts';
import { ERROR, VOID, appliedType, named, type Field, type Type } from './types.ts';

const TYPE_NODES = new Set(['type_identifier', 'generic_type', 'tuple_type', 'function_type', 'reference_type', 'meta_type']);

/**
 * The checker type of an annotation. Past MAX_CHECK_DEPTH nested types the
 * rest is the error type (it agrees with everything), so no type the checker
 * builds is deeper than that and its recursions over types stay within the
 * stack; `tooDeepAnnotations` reports where it stopped.
 */
export function annotationType(node: Node | null, depth = 0): Type {
  if (!node) return named('');
  if (depth >= MAX_CHECK_DEPTH) return ERROR;
  const inner = (child: Node | null) => annotationType(child, depth + 1);
  switch (node.type) {
    case 'type_identifier':
    case 'identifier': {
      const text = node.text;
      return scalarAnnotation(text) ?? named(text);
    }
    case 'meta_type':
      return { k: 'meta' };
    case 'integer':
    case 'unary_expression':
      return integerLiteralType(integerArgument(node), node.text);
    case 'generic_type': {
      const name = node.childForFieldName('name')?.text ?? '';
      const args = typeArguments(node.childForFieldName('arguments'));
      if (args[0]?.type === 'parameter') return namedStruct(name, args, inner);
      const types = args.map(inner);
      // A record applied to types (`Box(Int)`, `Pair(A, B)`) is the reference's `Generic` type: nominal, by its
      // text (its arguments are never substituted), neither the record its constructor makes nor a record to read
      // fields of. An integer argument is its literal type (`Ring(Int, 8)` is `Ring(int64, int64::8)`, `Adult(5)`
      // `Adult(int64::5)`: a proof function applied in a signature is not refined); with another constant argument
      // it stays the name.
      const applied = args.length > 0 && args.every((a) => TYPE_NODES.has(a.type) || integerArgument(a) !== undefined);
      return containerType(name, types) ?? (applied ? appliedType(name, types) : named(name));
    }
    case 'tuple_type': {
      const items = node.namedChildren.filter((c): c is Node => c !== null && !isComment(c));
      if (items.length === 0) return VOID;
      const types = items.map((item) => inner(item.type === 'parameter' ? item.childForFieldName('type') : item));
      return types.length === 1 ? types[0]! : { k: 'tuple', items: types };
    }
    case 'function_type':
      return functionAnnotation(node, inner);
    case 'reference_type': {
      const mutable = node.child(0)?.type === '&mut';
      return { k: 'ref', mutable, inner: inner(node.childForFieldName('type')) };
    }
    case 'pointer_type':
      return named(`*${node.childForFieldName('type')?.text ?? ''}`);
    case 'record_type':
      return { k: 'struct', name: '', fields: [], interfaces: [] };
    case 'const_expression': {
      const bound = typeBound(node);
      return bound ? { k: 'tuple', items: bound } : named(CONSTANT_EXPRESSION);
    }
    default:
      return named(node.text);
  }
}

/** How the reference names the type of a constant expression in a type. */
const CONSTANT_EXPRESSION = '<const-expr>';

/**
 * The item types of `Type + Ord + …`, which the reference's signature parser
 * collects into a tuple (`(Type, Ord)`, never a type parameter: `Type` is not
 * an interface): `Type`, then one type after each `+`, where a name followed
 * by another operator starts a constant expression that takes the rest
 * (`Type + Ord + Eq` is `(Type, <const-expr>)`). Undefined for any other
 * constant expression, or one whose first operator is not `+` (a syntax error).
 * Read off the node table, operand by operand in written order with a stack of
 * its own, and only as far as the reference reads: a chain of thousands of
 * operators is a tree as deep.
 */
function typeBound(node: Node): Type[] | undefined {
  const { table, index } = locate(node);
  let leftmost = index;
  for (let parts = chainParts(table, leftmost); parts; parts = chainParts(table, leftmost)) leftmost = parts[0];
  if (table.type(leftmost) !== 'meta_type') return undefined;
  const pending = [index];
  /** The next operand or operator in written order, or -1 at the end. */
  const next = (): number => {
    while (pending.length > 0) {
      const row = pending.pop()!;
      const parts = chainParts(table, row);
      if (!parts) return row;
      pending.push(parts[2], parts[1], parts[0]);
    }
    return -1;
  };
  next();
  const items: Type[] = [{ k: 'meta' }];
  for (;;) {
    const operator = next();
    const operand = operator === -1 ? -1 : next();
    if (operand === -1) return items;
    if (table.type(operator) !== '+') return items.length === 1 ? undefined : items;
    if (table.type(operand) === 'identifier' && pending.length > 0) return [...items, named(CONSTANT_EXPRESSION)];
    items.push(operandType(table, operand));
  }
}

/** A binary operator's left operand, operator and right operand rows, comments left out; undefined for any other row. */
function chainParts(table: NodeTable, row: number): [number, number, number] | undefined {
  const type = table.type(row);
  if (type !== 'const_expression' && type !== 'binary_expression') return undefined;
  const parts: number[] = [];
  for (let child = table.firstChild(row); child !== -1; child = table.nextSibling(child)) if (!isCommentAt(table, child)) parts.push(child);
  return parts.length === 3 ? [parts[0]!, parts[1]!, parts[2]!] : undefined;
}

/** What `annotationType` makes of an operand of a bound: a name, an integer (a literal type), or the text. */
function operandType(table: NodeTable, row: number): Type {
  const text = table.text(row);
  switch (table.type(row)) {
    case 'identifier':
      return scalarAnnotation(text) ?? named(text);
    case 'integer':
      return integerLiteralType(integerValue(text, ''), text);
    case 'unary_expression': {
      const operator = table.firstChild(row);
      const operand = operator === -1 ? -1 : table.nextSibling(operator);
      const negative = operand !== -1 && table.type(operator) === '-' && table.type(operand) === 'integer';
      return integerLiteralType(negative ? integerValue(table.text(operand), '-') : undefined, text);
    }
    default:
      return named(text);
  }
}

/** The literal type of an integer constant in a type (`int64::8`), or the name its text makes when it has no value. */
function integerLiteralType(value: string | undefined, text: string): Type {
  return value === undefined ? named(text) : { k: 'named', name: `int64::${value}`, literal: true };
}

/** An integer literal's value as the reference prints it, with `sign`; undefined when its digits do not parse. */
function integerValue(digits: string, sign: string): string | undefined {
  try {
    return `${sign}${BigInt(digits.replaceAll('_', ''))}`;
  } catch {
    return undefined;
  }
}

/** The value of an integer constant in a type's arguments (`8`, `-8`, `0x10`), as the reference prints it. */
function integerArgument(node: Node): string | undefined {
  let sign = '';
  let literal = node;
  if (node.type === 'unary_expression') {
    const operand = node.childForFieldName('operand');
    if (node.child(0)?.type !== '-' || operand?.type !== 'integer') return undefined;
    sign = '-';
    literal = operand;
  } else if (node.type !== 'integer') {
    return undefined;
  }
  return integerValue(literal.text, sign);
}

/** The parameter types of a function type, in order (a bare type counts as an unnamed parameter). */
export function parameterNodes(fnType: Node): Node[] {
  const params = fnType.childForFieldName('parameters');
  if (!params) return [];
  const named = params.namedChildren.filter((c): c is Node => c !== null);
  // Comments are named too; a list rarely holds one, and finding each child's row to ask costs a search per child.
  const { table, index } = locate(params);
  for (let c = table.firstChild(index); c !== -1; c = table.nextSibling(c)) {
    if (isCommentAt(table, c)) return named.filter((p) => !isComment(p));
  }
  return named;
}

export function parameterName(param: Node): string | undefined {
  return param.type === 'parameter' ? param.childForFieldName('name')?.text : undefined;
}

export function parameterAnnotation(param: Node): Node | null {
  return param.type === 'parameter' ? param.childForFieldName('type') : param;
}

function functionAnnotation(node: Node, inner: (child: Node | null) => Type): Type {
  const params = parameterNodes(node).map((p) => inner(parameterAnnotation(p)));
  return { k: 'fn', params, ret: inner(node.childForFieldName('return_type')) };
}

/** Type nodes that `annotationType` enters one level deeper. */
const NESTING_TYPES = ['generic_type', 'tuple_type', 'function_type', 'reference_type'] as const;

/**
 * TYPECHECK_TOO_DEEP at each annotation's type nested MAX_CHECK_DEPTH levels
 * deep, where `annotationType` stops (`List(List(…))`, `(Int) -> (Int) -> …`).
 * Read off the node table, so any depth is safe.
 */
export function tooDeepAnnotations(tree: Tree | Node): RawDiagnostic[] {
  const { table, first, end } = subtreeOf(tree);
  const nesting = new Set(NESTING_TYPES.map((type) => table.idOf(type)));
  const found: RawDiagnostic[] = [];
  /** Per node: the type nesting at that node (parents come first). */
  const levels = new Uint16Array(end - first);
  for (let i = first; i < end; i++) {
    const parent = table.parent(i);
    const level = (parent < first ? 0 : levels[parent - first]!) + (nesting.has(table.typeId(i)) ? 1 : 0);
    if (level <= MAX_CHECK_DEPTH) {
      levels[i - first] = level;
      continue;
    }
    found.push(tooDeepAt(table, i));
    i = table.subtreeEnd(i) - 1;
  }
  return found;
}

/**
 * `Point(x: Int, y: Int)`, a type whose first argument is `name: Type`: the reference's NamedStruct, a record
 * named `Point` with fields up to the first argument that is not one. Its constructor never says which fields
 * have defaults, so the reference counts none as required (`P(1)` of a two-field one is accepted, `P(1, 2, 3)`
 * is E1010); every field is marked as having one to say so.
 */
function namedStruct(name: string, args: readonly Node[], inner: (child: Node | null) => Type): Type {
  const fields: Field[] = [];
  for (const arg of args) {
    const fieldName = arg.type === 'parameter' ? arg.childForFieldName('name') : null;
    if (!fieldName || fieldName.type !== 'identifier') break;
    fields.push({ name: fieldName.text, type: inner(arg.childForFieldName('type')), mutable: false, hasDefault: true });
  }
  return { k: 'struct', name, fields, interfaces: [] };
}

export function typeArguments(node: Node | null): Node[] {
  if (!node) return [];
  return node.namedChildren.filter((c): c is Node => c !== null && !isComment(c));
}

export function isComment(node: Node): boolean {
  const { table, index } = locate(node);
  return isCommentAt(table, index);
}

/**
 * A curried signature's value level: `(T: Type) -> (x: T) -> T` has the
 * type-level parameter `T` and the value function `(x: T) -> T`. Parameters
 * typed `Type` are generic names; the innermost function is what calls see.
 */
export interface SignatureShape {
  generics: string[];
  /** The function type whose parameters are values (innermost curried level). */
  valueFunction: Node;
  /** Every named parameter of every level, with its annotation. */
  allParameters: Node[];
}

export function signatureShape(fnType: Node): SignatureShape {
  const generics: string[] = [];
  const allParameters: Node[] = [];
  let level = fnType;
  for (;;) {
    const params = parameterNodes(level);
    const typeLevel = params.length > 0 && params.every((p) => p.type === 'parameter' && parameterAnnotation(p)?.type === 'meta_type');
    allParameters.push(...params.filter((p) => p.type === 'parameter'));
    const ret = level.childForFieldName('return_type');
    if (typeLevel && ret?.type === 'function_type') {
      for (const p of params) generics.push(parameterName(p) ?? '');
      level = ret;
      continue;
    }
    if (ret?.type === 'function_type' && params.some((p) => parameterAnnotation(p)?.type === 'meta_type')) {
      for (const p of params) if (parameterAnnotation(p)?.type === 'meta_type') generics.push(parameterName(p) ?? '');
    }
    return { generics, valueFunction: innermostValueFunction(level), allParameters };
  }
}

function innermostValueFunction(level: Node): Node {
  let current = level;
  for (;;) {
    const ret = current.childForFieldName('return_type');
    if (ret?.type !== 'function_type') return current;
    current = ret;
  }
}

/** The innermost declared return type of a (curried) function type. */
export function innermostReturn(fnType: Node): Node | null {
  return innermostValueFunction(fnType).childForFieldName('return_type');
}
