// Passes 1 and 2 of the reference checker over one file's top level: type
// definitions (records, generic templates, proof functions), function
// signatures, `Type.method` bindings. The result is plain data, shared with
// other files through their imports (no tree nodes, no live type variables).
import type { Node, Tree } from 'web-tree-sitter';
import { isCommentAt, locate, nodeTableOf, type NodeTable } from '../../syntax/node-table.ts';
import { annotationType, innermostReturn, isComment, parameterAnnotation, parameterName, parameterNodes, signatureShape } from './annotations.ts';
import { instantiate, named, prune, VarSupply, type Field, type Type } from './types.ts';
import type { Scheme } from './signatures.ts';
import { topLevelItems, type TopLevelItem } from '../incremental/top-level.ts';
import { brokenAt, hasMutability, hasMutabilityAt } from './table-reads.ts';

export interface ConstConstraint {
  /** The constraint's source, e.g. `N > 0`, evaluated on literal arguments. */
  expression: ConstExpr;
}

export type ConstExpr =
  | { k: 'name'; name: string }
  | { k: 'int'; value: number }
  | { k: 'bool'; value: boolean }
  | { k: 'binary'; op: string; left: ConstExpr; right: ConstExpr }
  | { k: 'unary'; op: string; operand: ConstExpr };

export interface GenericTypeDef {
  name: string;
  typeParams: string[];
  /** Const parameters used in the body (`N: Int` with `Array(T, N)` or `Assert(N > 0)`). */
  constParams: string[];
  /** The literal kind each const parameter takes, by its annotation: `Int` (the default), `Bool` or `Float`. */
  constKinds: ConstKind[];
  fields: Field[];
  constraints: ConstConstraint[];
}

export type ConstKind = 'Int' | 'Bool' | 'Float';

/** The reference's `ConstKind::from_ast_type_name`, Int for any other name. */
function constKind(annotation: Node | null): ConstKind {
  const name = annotation?.text ?? '';
  if (name === 'Bool') return 'Bool';
  return name === 'Float' || name === 'Float64' || name === 'Float32' ? 'Float' : 'Int';
}

export interface ProofFunction {
  name: string;
  params: string[];
  /** The type a refined binding unifies with: the first parameter's. */
  base: Type;
}

/** What a file declares, as its readers see it (collected once, never written after). */
export interface FileDeclarations {
  /** Record types by name (non-generic). */
  readonly structs: ReadonlyMap<string, Type>;
  readonly generics: ReadonlyMap<string, GenericTypeDef>;
  readonly proofFunctions: ReadonlyMap<string, ProofFunction>;
  /** `Type.method` → its type. */
  readonly methods: ReadonlyMap<string, Scheme>;
  /** Pre-declared top-level values: functions, bare annotated declarations, method short names. */
  readonly values: ReadonlyMap<string, Scheme>;
  /** Names with more than one top-level function definition: calls to them are not checked (overloads). */
  readonly overloaded: ReadonlySet<string>;
  /** What another file sees after `use` of this one: every top-level type, function and annotated constant. */
  readonly exports: ReadonlyMap<string, Scheme>;
}

/** FileDeclarations while they are collected. */
export interface DeclarationMaps extends FileDeclarations {
  structs: Map<string, Type>;
  generics: Map<string, GenericTypeDef>;
  proofFunctions: Map<string, ProofFunction>;
  methods: Map<string, Scheme>;
  values: Map<string, Scheme>;
  overloaded: Set<string>;
  exports: Map<string, Scheme>;
}

const TYPE_VALUE = named('Type');

export function collectDeclarations(tree: Tree): FileDeclarations {
  const vars = new VarSupply();
  const result: DeclarationMaps = {
    structs: new Map(), generics: new Map(), proofFunctions: new Map(), methods: new Map(),
    values: new Map(), overloaded: new Set(), exports: new Map(),
  };
  const statements = topLevelStatements(tree);
  for (const statement of statements) if (statement.type === 'type_definition') collectTypeDefinition(statement.node, result);
  const functionCounts = new Map<string, number>();
  for (const statement of statements) collectSignature(statement.node, result, vars, functionCounts);
  for (const [name, count] of functionCounts) if (count > 1) result.overloaded.add(name);
  return result;
}

const topLevelByTree = new WeakMap<Tree, readonly TopLevelItem[]>();

/** A tree's trusted top-level statements (`cleanStatements` of its root), listed once per tree: every layer, per item or whole-file, reads the same array and items. */
export function topLevelStatements(tree: Tree): readonly TopLevelItem[] {
  let statements = topLevelByTree.get(tree);
  if (!statements) {
    const table = nodeTableOf(tree);
    const items = topLevelItems(tree).filter((item) => !isCommentAt(table, item.index));
    topLevelByTree.set(tree, (statements = keepClean(table, items, (item) => item.index)));
  }
  return statements;
}

/**
 * The statements of a file or block that the checker can trust: not holding a
 * syntax error and not next to one (recovery often splits a broken statement
 * in two, and the half left over would only produce invented type errors).
 */
export function cleanStatements(parent: Node, namedChildren: readonly (Node | null)[] = parent.namedChildren): Node[] {
  const table = nodeTableOf(parent.tree);
  const children: Array<{ node: Node; index: number }> = [];
  for (const node of namedChildren) {
    if (!node) continue;
    const index = table.indexOf(node);
    if (!isCommentAt(table, index)) children.push({ node, index });
  }
  return keepClean(table, children, (c) => c.index).map((c) => c.node);
}

/** `cleanStatements` of node `parent` of `table`, as indices. */
export function cleanStatementsAt(table: NodeTable, parent: number): number[] {
  const children: number[] = [];
  for (let c = table.firstNamedChild(parent); c !== -1; c = table.nextSibling(c)) if (table.isNamed(c) && !isCommentAt(table, c)) children.push(c);
  return keepClean(table, children, (c) => c);
}

function keepClean<T>(table: NodeTable, children: readonly T[], indexOf: (child: T) => number): T[] {
  const isError = (child: T | undefined) => child !== undefined && table.isError(indexOf(child));
  return children.filter((c, i) => !brokenAt(table, indexOf(c)) && !isError(children[i - 1]) && !isError(children[i + 1]));
}

/**
 * The names a record type's body uses in types: its fields' types and its
 * other items (`Assert(N > 0)`, an interface), not its field names, defaults
 * or bindings. The reference's value parameters of a generic record that its
 * body uses so are its const parameters (collect_used_const_names): in
 * `(T: Type, rows: Int) -> Type = { rows: Int, data: List(T) }` the field
 * named `rows` does not make `rows` one.
 */
function namesInRecordTypes(record: Node): Set<string> {
  const used = new Set<string>();
  for (const item of record.namedChildren) {
    if (!item || item.type === 'field_binding' || item.type === 'line_comment' || item.type === 'block_comment') continue;
    const typed = item.type === 'field_declaration' ? item.childForFieldName('type') : item;
    if (!typed) continue;
    if (typed.type === 'identifier' || typed.type === 'type_identifier') used.add(typed.text);
    for (const name of typed.descendantsOfType(['identifier', 'type_identifier'])) if (name) used.add(name.text);
  }
  return used;
}

export function collectTypeDefinition(node: Node, out: DeclarationMaps): void {
  const name = node.childForFieldName('name')?.text;
  const definition = node.childForFieldName('definition');
  if (!name || !definition) return;
  const parameters = node.childForFieldName('parameters');
  const record = definition.type === 'record_type' ? readRecord(definition) : undefined;
  if (!parameters) {
    if (record) {
      const struct: Type = { k: 'struct', name, fields: record.fields, interfaces: record.interfaces };
      out.structs.set(name, struct);
      out.values.set(name, { generics: [], type: struct });
      out.exports.set(name, { generics: [], type: struct });
    } else {
      // The reference registers any other defined type (`Meters: Type = Float`, `P: Type = Point(x: Int, y: Int)`)
      // both as a type, which a parameter annotated with the name resolves to, and as a value of that type:
      // `P(1, 2)` constructs a `Point`, `Meters(3.0)` calls a Float (an unknown result, no error).
      const type = annotationType(definition);
      out.structs.set(name, type);
      out.values.set(name, { generics: [], type });
      out.exports.set(name, { generics: [], type: TYPE_VALUE });
    }
    return;
  }
  const params = parameters.namedChildren.filter((c): c is Node => c !== null && c.type === 'parameter');
  const typeParams: string[] = [];
  const valueParams: string[] = [];
  const base = annotationType(params[0]?.childForFieldName('type') ?? null);
  for (const p of params) {
    const pname = p.childForFieldName('name')?.text ?? '';
    if (p.childForFieldName('type')?.type === 'meta_type') typeParams.push(pname);
    else valueParams.push(pname);
  }
  if (record && record.fields.length === 0 && record.refinements > 0 && typeParams.length === 0) {
    out.proofFunctions.set(name, { name, params: valueParams, base });
    out.exports.set(name, { generics: [], type: { k: 'fn', params: valueParams.map(() => named('Int')), ret: TYPE_VALUE } });
    return;
  }
  const used = record ? namesInRecordTypes(definition) : new Set<string>();
  const constParams = valueParams.filter((p) => used.has(p));
  const constKinds = constParams.map((c) => constKind(params.find((p) => p.childForFieldName('name')?.text === c)?.childForFieldName('type') ?? null));
  const generic: GenericTypeDef = {
    name, typeParams, constParams, constKinds, fields: record?.fields ?? [], constraints: record?.constraints ?? [],
  };
  out.generics.set(name, generic);
  const template: Type = { k: 'struct', name, fields: generic.fields, interfaces: [] };
  out.values.set(name, { generics: [], type: template });
  // An importer calls the record the reference exports, not the generic definition (its generic_type_defs stay in the
  // file): every declared field counts, `_assert_n: Assert(N > 0)` among them, and no constraint is checked.
  // Verified with `run`: `use m.{SafeArray}` then `SafeArray(Int)` is E1010 'expected 2 arguments', `SafeArray(Int, 0)` compiles.
  const declared = record?.declared ?? [];
  out.exports.set(name, { generics: [], type: declared.length === generic.fields.length ? template : { ...template, fields: declared } });
}

interface RecordShape {
  fields: Field[];
  /** Every field declared, in order, the `Assert(…)` ones (which `fields` leaves out) among them. */
  declared: Field[];
  interfaces: string[];
  constraints: ConstConstraint[];
  refinements: number;
}

function readRecord(record: Node): RecordShape {
  const shape: RecordShape = { fields: [], declared: [], interfaces: [], constraints: [], refinements: 0 };
  for (const item of record.namedChildren) {
    if (!item || isComment(item)) continue;
    switch (item.type) {
      case 'field_declaration': {
        const type = item.childForFieldName('type');
        const assertion = type?.type === 'generic_type' && type.childForFieldName('name')?.text === 'Assert' ? type : undefined;
        const field: Field = {
          name: item.childForFieldName('name')?.text ?? '',
          type: annotationType(type),
          mutable: hasMutability(item),
          hasDefault: item.childForFieldName('default') !== null,
        };
        shape.declared.push(field);
        if (assertion) {
          const arg = assertion.childForFieldName('arguments')?.namedChildren.find((c) => c && !isComment(c));
          const expression = arg ? constExpr(arg) : undefined;
          if (expression) shape.constraints.push({ expression });
          break;
        }
        shape.fields.push(field);
        break;
      }
      case 'type_identifier':
        shape.interfaces.push(item.text);
        break;
      case 'generic_type':
        if (item.childForFieldName('name')?.text === 'Assert') {
          const arg = item.childForFieldName('arguments')?.namedChildren.find((c) => c && !isComment(c));
          const expression = arg ? constExpr(arg) : undefined;
          if (expression) shape.constraints.push({ expression });
        }
        break;
      case 'const_expression':
        shape.refinements++;
        break;
      default:
        break;
    }
  }
  return shape;
}

/** A constant expression over names and literals, or undefined when it is anything else. */
export function constExpr(node: Node): ConstExpr | undefined {
  switch (node.type) {
    case 'identifier':
    case 'type_identifier':
      return { k: 'name', name: node.text };
    case 'integer': {
      const value = Number(node.text.replace(/_/g, ''));
      return Number.isFinite(value) ? { k: 'int', value } : undefined;
    }
    case 'boolean':
      return { k: 'bool', value: node.text === 'true' };
    case 'parenthesized_expression': {
      const inner = node.namedChildren.find((c) => c && !isComment(c));
      return inner ? constExpr(inner) : undefined;
    }
    case 'unary_expression': {
      const operand = node.childForFieldName('operand');
      const value = operand ? constExpr(operand) : undefined;
      const op = node.childForFieldName('operator')?.text ?? '';
      return value ? { k: 'unary', op, operand: value } : undefined;
    }
    // `const_expression` is the top of a binary expression inside a type.
    case 'const_expression':
    case 'binary_expression': {
      const left = node.childForFieldName('left');
      const right = node.childForFieldName('right');
      const op = node.childForFieldName('operator')?.text ?? '';
      const l = left ? constExpr(left) : undefined;
      const r = right ? constExpr(right) : undefined;
      return l && r ? { k: 'binary', op, left: l, right: r } : undefined;
    }
    default:
      return undefined;
  }
}

export function collectSignature(node: Node, out: DeclarationMaps, vars: VarSupply, functionCounts: Map<string, number>): void {
  const binding = readBinding(node);
  if (!binding) return;
  const { name, annotation, value, memberOf } = binding;
  const isFunction = value !== null && isFunctionValue(value, annotation);
  if (memberOf !== undefined) {
    if (!annotation && !isFunction) return;
    const scheme = functionScheme(annotation, value, vars);
    out.methods.set(`${memberOf}.${name}`, scheme);
    out.values.set(name, scheme);
    return;
  }
  if (isFunction) {
    functionCounts.set(name, (functionCounts.get(name) ?? 0) + 1);
    const scheme = functionScheme(annotation, value, vars);
    // Pass 2 binds the function over a record's constructor of the same name
    // (pass 1 bound that first), so calls see the function; pass 3's E2002 for
    // a function named like a record only fires in a nested scope.
    out.values.set(name, scheme);
    out.exports.set(name, generalize(scheme));
    if (binding.isPublic && annotation?.type === 'function_type') autoBindMethod(name, annotation, scheme, out);
    return;
  }
  if (annotation && !value) {
    const scheme = { generics: [], type: signatureType(annotation) };
    out.values.set(name, scheme);
    out.exports.set(name, scheme);
    return;
  }
  if (annotation) out.exports.set(name, { generics: [], type: annotationType(annotation) });
}

/** RFC-004: a `pub` function whose first parameter is a type of this file is also `Type.fn`. */
function autoBindMethod(name: string, annotation: Node, scheme: Scheme, out: DeclarationMaps): void {
  const first = parameterNodes(annotation)[0];
  if (!first) return;
  const type = parameterAnnotation(first);
  const typeName = type?.type === 'reference_type' ? type.childForFieldName('type')?.text : type?.text;
  if (typeName && (out.structs.has(typeName) || out.generics.has(typeName))) out.methods.set(`${typeName}.${name}`, scheme);
}

export interface BindingStatement {
  name: string;
  nameNode: Node;
  /** For `Type.method: … = …`: the type name. */
  memberOf?: string;
  annotation: Node | null;
  value: Node | null;
  mutable: boolean;
  isPublic: boolean;
}

/** `x = v`, `mut x = v`, `x: T = v`, `x: T`, `mut x`, `Type.m: T = v`, or undefined for any other statement. */
export function readBinding(node: Node): BindingStatement | undefined {
  const { table, index } = locate(node);
  const binding = readBindingAt(table, index);
  if (!binding) return undefined;
  const { nameAt, annotation, value } = binding;
  const holder = table.parent(nameAt) === index ? node : table.childNode(node, table.parent(nameAt))!;
  // Written out rather than `...rest`: an object rest copies through a slow generic path, and this runs for every statement.
  const read: BindingStatement = {
    name: binding.name,
    nameNode: table.childNode(holder, nameAt)!,
    annotation: table.childNode(node, annotation),
    value: table.childNode(node, value),
    mutable: binding.mutable,
    isPublic: binding.isPublic,
  };
  if (binding.memberOf !== undefined) read.memberOf = binding.memberOf;
  return read;
}

/** `readBinding` of node `index` of `table`: nodes as indices, -1 for none. */
export interface BindingAt extends Omit<BindingStatement, 'nameNode' | 'annotation' | 'value'> {
  nameAt: number;
  annotation: number;
  value: number;
}

/**
 * The value of declaration or assignment `index` as the reference parses it: none for `y: Int > 0 = 6`, whose
 * type parser takes `= 6` into the annotation's constant expression. -1 for none.
 */
export function declaredValueAt(table: NodeTable, index: number): number {
  const type = table.type(index);
  if (type === 'assignment') return table.childInField(index, table.fieldIdOf('right'));
  if (type !== 'declaration') return -1;
  const annotation = table.childInField(index, table.fieldIdOf('type'));
  return annotation !== -1 && table.type(annotation) === 'const_expression' ? -1 : table.childInField(index, table.fieldIdOf('value'));
}

export function readBindingAt(table: NodeTable, index: number): BindingAt | undefined {
  const type = table.type(index);
  if (type !== 'declaration' && type !== 'assignment') return undefined;
  const mutable = hasMutabilityAt(table, index);
  const isPublic = table.childOfType(index, table.idOf('visibility')) !== -1;
  const field = (name: string) => table.childInField(index, table.fieldIdOf(name));
  if (type === 'declaration') {
    const target = field('target');
    if (target === -1) return undefined;
    const annotation = field('type');
    const value = declaredValueAt(table, index);
    const targetType = table.type(target);
    if (targetType === 'identifier') return { name: table.text(target), nameAt: target, annotation, value, mutable, isPublic };
    if (targetType === 'member_expression') {
      const object = table.childInField(target, table.fieldIdOf('object'));
      const member = table.childInField(target, table.fieldIdOf('field'));
      if (object !== -1 && table.type(object) === 'identifier' && member !== -1) {
        return { name: table.text(member), nameAt: member, memberOf: table.text(object), annotation, value, mutable, isPublic };
      }
    }
    return undefined;
  }
  const left = field('left');
  if (left === -1 || table.type(left) !== 'identifier') return undefined;
  return { name: table.text(left), nameAt: left, annotation: -1, value: field('right'), mutable, isPublic };
}

/**
 * A lambda or block binds a function; so does `= {}` after a function-type
 * annotation (elsewhere `{}` is an empty dictionary, as in the reference), and
 * any value after a signature that names its parameters.
 */
export function isFunctionValue(value: Node, annotation: Node | null): boolean {
  if (value.type === 'lambda' || value.type === 'block') return true;
  if (namesItsParameters(annotation)) return true;
  return value.type === 'dictionary' && annotation?.type === 'function_type' && !value.namedChildren.some((c) => c?.type === 'pair');
}

/**
 * RFC-010: in `add: (a: Int, b: Int) -> Int = a + b` the signature names the
 * parameters, and a value that is not a lambda is the body of a function
 * taking them (the reference's parser makes it `(a, b) => { a + b }`: an
 * expression statement, not a return). The reference reads a signature this
 * way when its parameter list is empty or starts with `mut` or a plain name.
 */
export function namesItsParameters(annotation: Node | null): boolean {
  if (annotation?.type !== 'function_type') return false;
  const first = parameterNodes(annotation)[0];
  return first === undefined || first.type === 'parameter' || first.type === 'type_identifier' || first.type === 'identifier';
}

/** The value of a binding whose signature names its parameters, when that value is the whole body. */
export function signatureBoundBody(value: Node, annotation: Node | null): Node | undefined {
  if (value.type === 'lambda' || value.type === 'block' || value.type === 'dictionary') return undefined;
  return namesItsParameters(annotation) ? value : undefined;
}

/**
 * The value parameters a signature names, at every curried level that names
 * its own (`(x: Int) -> (y: Int) -> Int` has `x` and `y`); type-level
 * `T: Type` ones are left out.
 */
export function signatureParameters(annotation: Node): LambdaParameter[] {
  const generics = signatureShape(annotation).generics;
  const found: LambdaParameter[] = [];
  for (let level: Node | null = annotation; level?.type === 'function_type' && namesItsParameters(level); level = level.childForFieldName('return_type')) {
    for (const p of parameterNodes(level)) {
      const name = p.type === 'parameter' ? p.childForFieldName('name') : null;
      if (!name || generics.includes(name.text) || found.some((q) => q.name === name.text)) continue;
      found.push({ name: name.text, node: name, annotation: p.childForFieldName('type'), mutable: hasMutability(p) });
    }
  }
  return found;
}

/**
 * The type written for each of a lambda's parameters by the signature it is
 * bound to, when the reference's parser merges them: as soon as one lambda
 * parameter is named like a parameter of any curried level (type parameters
 * included), each lambda parameter takes the type of the signature parameter
 * of its name, the last of that name winning (`parser/statements/declarations.rs`;
 * a count or order mismatch is E0012 there). So in
 * `f: (T: Type, lo: Int) -> Int = (lo) => lo`, `lo` is an Int, not the `Type`
 * its position would give. Undefined when no name is shared: then the
 * checker pairs them by position.
 */
export function signatureTypesByName(annotation: Node, lambdaParams: readonly LambdaParameter[]): (Node | null)[] | undefined {
  const byName = new Map<string, Node | null>();
  for (let level: Node | null = annotation; level?.type === 'function_type' && namesItsParameters(level); level = level.childForFieldName('return_type')) {
    for (const p of parameterNodes(level)) {
      const name = p.type === 'parameter' ? p.childForFieldName('name') : null;
      if (name) byName.set(name.text, p.childForFieldName('type'));
    }
  }
  if (!lambdaParams.some((p) => byName.has(p.name))) return undefined;
  return lambdaParams.map((p) => byName.get(p.name) ?? null);
}

/** The type calls see for a function binding: from its annotation, else from its lambda's parameters. */
export function functionScheme(annotation: Node | null, value: Node | null, vars: VarSupply): Scheme {
  if (annotation?.type === 'function_type') {
    const shape = signatureShape(annotation);
    const ret = annotation.childForFieldName('return_type');
    if (shape.generics.length > 0 && ret?.type === 'function_type') {
      return { generics: shape.generics, type: signatureType(ret), shallow: shape.generics };
    }
    const constTypes = constParameterTypes(annotation);
    const type = signatureType(annotation);
    if (constTypes.size === 0) return { generics: [], type };
    return { generics: [], type: instantiate(type, constTypes) };
  }
  if (annotation) return { generics: [], type: annotationType(annotation) };
  const params = value?.type === 'lambda' ? lambdaParameters(value) : [];
  return {
    generics: [],
    type: { k: 'fn', params: params.map((p) => (p.annotation ? annotationType(p.annotation) : vars.fresh())), ret: vars.fresh() },
  };
}

/**
 * The type of a binding's annotation as the reference's parser reads a
 * signature that names its parameters (`parse_fn_type_with_names`): a level's
 * parameters are those written `name: Type`; one written as a bare name is a
 * parameter without a type and has no place in the function type. A later
 * level is read the same way when it too starts with a name followed by `:`,
 * `,` or `)`: so `(n: Int) -> (Int) -> Int` is `fn(int64) -> fn() -> int64`.
 * Any other annotation is an ordinary type.
 */
export function signatureType(annotation: Node): Type {
  if (annotation.type !== 'function_type' || !namesItsParameters(annotation)) return annotationType(annotation);
  const params = parameterNodes(annotation).flatMap((p) => {
    const type = p.type === 'parameter' ? p.childForFieldName('type') : null;
    return type ? [annotationType(type)] : [];
  });
  const ret = annotation.childForFieldName('return_type');
  return { k: 'fn', params, ret: ret?.type === 'function_type' ? signatureType(ret) : annotationType(ret) };
}

/**
 * The const parameters of a signature's first level that a later level uses
 * as a type (`N` of `(N: Int) -> (n: N) -> Int`, `m` of `(m: Int) -> (n: m)`),
 * each with its own annotated type: the reference types `n` as an Int, so a
 * call `f(42)("s")` is E1002 'found string' and `return n` is an Int.
 */
export function constParameterTypes(annotation: Node): Map<string, Type> {
  const found = new Map<string, Type>();
  const later = annotation.childForFieldName('return_type');
  if (later?.type !== 'function_type') return found;
  const usedLater = new Set(later.descendantsOfType('type_identifier').map((t) => t?.text));
  for (const p of parameterNodes(annotation)) {
    const name = p.type === 'parameter' ? parameterName(p) : undefined;
    const kind = p.type === 'parameter' ? p.childForFieldName('type') : null;
    if (name && kind && kind.type !== 'meta_type' && usedLater.has(name)) found.set(name, annotationType(kind));
  }
  return found;
}

export interface LambdaParameter {
  name: string;
  node: Node;
  annotation: Node | null;
  mutable: boolean;
}

export function lambdaParameters(lambda: Node): LambdaParameter[] {
  const params = lambda.childForFieldName('parameters');
  if (!params) return [];
  const list = params.type === 'parameter' ? [params] : params.namedChildren.filter((c): c is Node => c !== null && c.type === 'parameter');
  return list.map((p) => {
    const name = p.childForFieldName('name');
    return { name: name?.text ?? '_', node: name ?? p, annotation: p.childForFieldName('type'), mutable: hasMutability(p) };
  });
}

/** Free type variables become generic parameters, so another file instantiates them afresh. */
export function generalize(scheme: Scheme): Scheme {
  const names = new Map<number, string>();
  const go = (t: Type): Type => {
    const p = prune(t);
    switch (p.k) {
      case 'var': {
        let n = names.get(p.id);
        if (n === undefined) { n = `'${names.size}`; names.set(p.id, n); }
        return named(n);
      }
      case 'list': return { k: 'list', elem: go(p.elem) };
      case 'set': return { k: 'set', elem: go(p.elem) };
      case 'range': return { k: 'range', elem: go(p.elem) };
      case 'option': return { k: 'option', inner: go(p.inner) };
      case 'arc': return { k: 'arc', inner: go(p.inner) };
      case 'weak': return { k: 'weak', inner: go(p.inner) };
      case 'ref': return { k: 'ref', mutable: p.mutable, inner: go(p.inner) };
      case 'dict': return { k: 'dict', key: go(p.key), value: go(p.value) };
      case 'result': return { k: 'result', ok: go(p.ok), err: go(p.err) };
      case 'tuple': return { k: 'tuple', items: p.items.map(go) };
      case 'fn': return { k: 'fn', params: p.params.map(go), ret: go(p.ret) };
      default: return p;
    }
  };
  const type = go(scheme.type);
  return { generics: [...scheme.generics, ...names.values()], type, ...(scheme.shallow ? { shallow: scheme.shallow } : {}) };
}

export { innermostReturn };
