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
//   reports those (`checkIterable`);
// - a field read or written, `e.f`, when no record defined earlier in the
//   file has a field `f` (`resolve_field_index`: the generator knows the
//   records whose definitions it has passed, and takes a field's index from
//   any of them that has one of that name): `math.PI`, a method or a
//   module's function as a value (`c.area`, `io.println`), a field of a
//   record defined after the function. At the object's token. Not a call's
//   callee (`p.m()`, `io.println(x)`: its object is generated, unless it is
//   a module), nor a path from `std` (`std.math.PI`, a native name).
//
// The generator stops a function at its first such construct, in source
// order, and `check` reports the first one of the file. Constants'
// initialisers are folded, never generated, so nothing in them counts.
import type { Node } from 'web-tree-sitter';
import { nodeTableOf, type NodeTable } from '../../syntax/node-table.ts';
import { ownCopy } from '../../syntax/own-text.ts';
import { stdSubmodules } from '../std/index.ts';
import { cleanStatementsAt, readBinding, isFunctionValue } from './declarations.ts';
import { TYPE_MESSAGES, type RawDiagnostic } from './messages.ts';
import { firstNamedAt, namedNonComments } from './table-reads.ts';
import { prune, type Type } from './types.ts';

/** Discriminants of the reference's `Expr` (declaration order in `parser/ast.rs`). */
const EXPRESSION_KIND = { block: 11, break: 13, continue: 14, cast: 15 } as const;

/** `parent.field` places where a block is a body the generator walks as statements. */
const BODY_PLACES = new Set([
  'assignment.right', 'declaration.value', 'lambda.body', 'if_expression.consequence', 'else_clause.body',
  'else_if_clause.consequence', 'while_expression.body', 'for_expression.body', 'match_arm.value',
  'unsafe_expression.body', 'spawn_expression.body',
]);

/**
 * Where each record field name is first declared: the start of the first
 * top-level type definition with a field of that name (a record's fields,
 * or the parameters of the named form `P: Type = Point(x: Int)`).
 */
export type RecordFieldStarts = ReadonlyMap<string, number>;

export function recordFieldStarts(root: Node, imported: Iterable<Type> = []): RecordFieldStarts {
  const table = nodeTableOf(root.tree);
  const starts = new Map<string, number>();
  // Records imported from project files are known from the start, as the reference's project build seeds them
  // (`seed_cross_file_types`), the records of a `use m`'s module among them; the module record's own fields are not.
  const seen = new Set<Type>();
  const seed = (type: Type, depth: number): void => {
    const t = prune(type);
    if (t.k !== 'struct' || seen.has(t) || depth > 1) return;
    seen.add(t);
    for (const f of t.fields) {
      starts.set(f.name, -1);
      seed(f.type, depth + 1);
    }
  };
  for (const type of imported) seed(type, 0);
  const fieldId = table.fieldIdOf('name');
  for (const statement of cleanStatementsAt(table, table.indexOf(root))) {
    if (table.type(statement) !== 'type_definition') continue;
    const definition = table.childInField(statement, table.fieldIdOf('definition'));
    if (definition === -1) continue;
    const items = table.type(definition) === 'record_type' ? definition : table.type(definition) === 'generic_type' ? table.childInField(definition, table.fieldIdOf('arguments')) : -1;
    if (items === -1) continue;
    const itemType = table.type(definition) === 'record_type' ? 'field_declaration' : 'parameter';
    for (let c = table.firstChild(items); c !== -1; c = table.nextSibling(c)) {
      if (table.type(c) !== itemType) continue;
      const name = table.childInField(c, fieldId);
      if (name === -1) continue;
      const text = ownCopy(table.text(name));
      if (!starts.has(text)) starts.set(text, table.start(statement));
    }
  }
  return starts;
}

/** A body's first refusal, and the field names whose resolution it asked (they depend on the records before the statement). */
export interface BodyRefusal {
  found: RawDiagnostic | undefined;
  fieldsAsked: readonly string[];
}

const NOTHING: BodyRefusal = { found: undefined, fieldsAsked: [] };

/** The first construct of a top-level function binding's body that IR generation rejects, if any. */
export function unhandledInFunctionBody(statement: Node, fields: RecordFieldStarts): BodyRefusal {
  const binding = readBinding(statement);
  // `Type.m = …` without a signature makes the reference's generator panic (ir_gen.rs:1003): nothing to predict.
  if (!binding?.value || (binding.memberOf !== undefined && !binding.annotation)) return NOTHING;
  if (!isFunctionValue(binding.value, binding.annotation)) return NOTHING;
  const table = nodeTableOf(statement.tree);
  const before = statement.startIndex;
  const fieldsAsked: string[] = [];
  const known = (name: string) => {
    // Kept by the memo across edits: a copy, since a long name is a view of the whole source.
    fieldsAsked.push(ownCopy(name));
    return (fields.get(name) ?? Infinity) < before;
  };
  const root = table.indexOf(binding.value);
  return { found: firstUnhandled(table, root, table.subtreeEnd(root), known), fieldsAsked };
}

/** Whether a record defined before the function has a field of this name. */
type FieldKnown = (name: string) => boolean;

function firstUnhandled(table: NodeTable, top: number, end: number, known: FieldKnown): RawDiagnostic | undefined {
  // Pre-order over the node table, so a deeply nested body cannot overflow
  // and no node is visited through the Node API.
  const candidates = new Set(CANDIDATES.map((type) => table.idOf(type)));
  const comments = new Set([table.idOf('line_comment'), table.idOf('block_comment')]);
  const member = table.idOf('member_expression');
  const objectField = table.fieldIdOf('object');
  // A field the generator cannot resolve is refused only once its object is
  // generated without a refusal (the object comes first, in pre-order right
  // after the access): held here until the scan leaves the object, innermost
  // last. A loop, not a recursion, since a chain `a.b.c…` nests once a link.
  const pending: Array<{ objectEnd: number; refusal: RawDiagnostic }> = [];
  const chains = new Map<number, Chain>();
  for (let i = top; i < end; i++) {
    const waiting = pending.at(-1);
    if (waiting && i >= waiting.objectEnd) return waiting.refusal;
    const type = table.typeId(i);
    if (!table.isNamed(i) || comments.has(type)) {
      i = table.subtreeEnd(i) - 1;
      continue;
    }
    if (!candidates.has(type)) continue;
    if (type === member) {
      const refusal = unresolvedField(table, i, known, chainOf(table, i, chains));
      if (refusal) pending.push({ objectEnd: table.subtreeEnd(table.childInField(i, objectField)), refusal });
      continue;
    }
    const found = unhandled(table, i, placeOf(table, i));
    if (found) return found;
  }
  return pending.at(-1)?.refusal;
}

const CANDIDATES = ['break_expression', 'continue_expression', 'cast_expression', 'block', 'dictionary', 'type_definition', 'assignment', 'for_expression', 'binary_expression', 'member_expression'] as const;

const STD_SUBMODULES = new Set(stdSubmodules());

/** The path `a.b.c` a member access belongs to: its outermost access, and the name it starts from. */
interface Chain {
  outer: number;
  headName: string | undefined;
}

/**
 * The chain of access `i`, walked once per chain: the scan meets the
 * outermost access first, and each access inside takes its parent's.
 */
function chainOf(table: NodeTable, i: number, chains: Map<number, Chain>): Chain {
  const parent = table.parent(i);
  const enclosing = parent !== -1 && table.field(i) === 'object' ? chains.get(parent) : undefined;
  if (enclosing) {
    chains.set(i, enclosing);
    return enclosing;
  }
  let outer = i;
  while (table.parent(outer) !== -1 && table.type(table.parent(outer)) === 'member_expression' && table.field(outer) === 'object') outer = table.parent(outer);
  let head = i;
  while (head !== -1 && table.type(head) === 'member_expression') head = table.childInField(head, table.fieldIdOf('object'));
  const chain = { outer, headName: head !== -1 && table.type(head) === 'identifier' ? table.text(head) : undefined };
  chains.set(i, chain);
  return chain;
}

/**
 * `e.f` where the generator resolves a field index (ir_gen.rs, `FieldAccess`
 * and field assignment): the refusal of `f`, if the generator makes one once
 * `e` is generated (the caller looks inside `e` first).
 */
function unresolvedField(table: NodeTable, i: number, known: FieldKnown, chain: Chain): RawDiagnostic | undefined {
  const field = table.childInField(i, table.fieldIdOf('field'));
  const object = table.childInField(i, table.fieldIdOf('object'));
  if (field === -1 || object === -1 || table.type(field) !== 'identifier') return undefined;
  const { outer, headName } = chain;
  if (headName === 'std') return undefined;
  if (placeOf(table, outer) === 'call_expression.function' && (i === outer || (headName !== undefined && STD_SUBMODULES.has(headName)))) return undefined;
  const name = table.text(field);
  if (known(name)) return undefined;
  // From the object's token, where the reference points, to the field: the checker's E1042 or E1053 on that field ends there too.
  return { code: 'E3005', message: unresolvedFieldMessage(ownCopy(name)), start: table.start(referenceToken(table, object)), end: table.end(field) };
}

const UNRESOLVED_FIELD = 'IR generation error: 无法解析字段索引: ';

function unresolvedFieldMessage(name: string): string {
  return `${UNRESOLVED_FIELD}'${name}'`;
}

/**
 * Drops the refusal of a field the checker already reported (E1042, E1053 end
 * where it ends): the reference generates no IR for a file that does not
 * type-check, so it is one mistake, reported once.
 */
export function withoutFieldRefusalsCheckerReported(found: RawDiagnostic[]): RawDiagnostic[] {
  const reported = new Set(found.filter((d) => d.code === 'E1042' || d.code === 'E1053').map((d) => d.end));
  if (reported.size === 0) return found;
  return found.filter((d) => !(d.code === 'E3005' && reported.has(d.end) && d.message.startsWith(UNRESOLVED_FIELD)));
}

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
    // `{}` at statement start is an empty block to the reference's statement parser (a dictionary only as a value).
    case 'dictionary': return place === 'expression_statement.null' && namedNonComments(table, i).length === 0 ? expression(table, i, EXPRESSION_KIND.block) : undefined;
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
  // The expression inside, not a comment before it (`( /* c */ xs )`).
  while (i !== -1 && table.type(i) === 'parenthesized_expression') i = firstNamedAt(table, i);
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
