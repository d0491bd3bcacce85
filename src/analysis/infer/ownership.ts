// The reference's ownership layer (semantics.md §5.7, rules R17-R21): one flat
// walk per top-level function over its statements, with move states, borrow
// tokens attributed to root variables, and a CFG made only at if/loop splits.
import type { Node, Tree } from 'web-tree-sitter';
import { nodeTableOf, type NodeTable } from '../../syntax/node-table.ts';
import { brokenAt, fieldChild, fieldChildren, firstNamedAt, hasMutabilityAt, namedNonComments } from './table-reads.ts';
import { cleanStatementsAt, declaredValueAt, lambdaParameters, namesItsParameters, readBinding, readBindingAt, signatureBoundBody, signatureParameters, topLevelStatements } from './declarations.ts';
import { binaryChainAt, Nesting } from './depth.ts';
import { TYPE_MESSAGES, type RawDiagnostic } from './messages.ts';
import { FixedTexts, prune, type Type } from './types.ts';
import type { LedgerReader } from './ledger.ts';

export interface OwnershipEnv {
  /** The inference ledger: a statement's start and a name → the type at declaration. */
  ledger: LedgerReader;
  /** A global value's type (prelude, pre-declared names, imports), for names the ledger lacks. */
  globalType(name: string): Type | undefined;
}

type CopyClass = 'dup' | 'linear' | 'value' | 'move';
type VarState = 'alive' | 'moved' | 'dropped';
type ParamMode = 'move' | 'read' | 'write';

interface Token {
  id: number;
  variable: string;
  write: boolean;
  consumers: Set<number>;
}

interface Span {
  start: number;
  end: number;
}

const STATEMENT_TYPES = new Set(['expression_statement', 'declaration', 'assignment', 'destructuring_assignment', 'use_statement', 'type_definition']);

export function ownershipDiagnostics(tree: Tree, env: OwnershipEnv): RawDiagnostic[] {
  return topLevelStatements(tree).flatMap((statement) => statementOwnershipDiagnostics(statement.node, env));
}

/** The walk of one top-level function; it reads nothing of the file but the statement and `env`. */
export function statementOwnershipDiagnostics(statement: Node, env: OwnershipEnv): RawDiagnostic[] {
  const binding = readBinding(statement);
  if (!binding || binding.memberOf !== undefined || !binding.value) return [];
  const value = binding.value;
  const table = nodeTableOf(statement.tree);
  let params: ReturnType<typeof lambdaParameters> = [];
  let body: number[];
  let bare = false;
  if (value.type === 'lambda') {
    params = lambdaParameters(value);
    const b = fieldChild(table, table.indexOf(value), 'body');
    body = b !== -1 ? (table.type(b) === 'block' ? cleanStatementsAt(table, b) : [b]) : [];
    bare = b !== -1 && table.type(b) !== 'block';
  } else if (value.type === 'block') {
    // `f: (a: Int) -> Int = { … }`: the reference's parser makes it a lambda over the signature's parameters.
    if (namesItsParameters(binding.annotation)) params = signatureParameters(binding.annotation!);
    body = cleanStatementsAt(table, table.indexOf(value));
  } else if (signatureBoundBody(value, binding.annotation)) {
    // `f: (a: Int) -> Int = expr`: the signature's parameters and one expression statement.
    params = signatureParameters(binding.annotation!);
    body = [table.indexOf(value)];
  } else {
    return [];
  }
  if (params.length === 0 && body.length === 0) return [];
  const found: RawDiagnostic[] = [];
  new FunctionWalk(table, env, found, statement.startIndex).run(params, body, bare);
  return found;
}

/** All the walk reads of a type from `env`: its copy class and, for a function, each parameter's mode ('' when absent). */
export function ownershipFacts(type: Type | undefined): string {
  if (!type) return '';
  const p = prune(type);
  return p.k === 'fn' ? functionFacts.of(p) : classifyType(p);
}

/** A function type's facts: the memo asks them again of every function an item calls, on every keystroke. */
const functionFacts = new FixedTexts((p: Type & { k: 'fn' }) => `${classifyType(p)}(${p.params.map(parameterMode).join(',')})`, (p) => p);

class FunctionWalk {
  private readonly states = new Map<string, VarState>();
  private readonly mutability = new Map<string, boolean>();
  private readonly scopeVars: string[][] = [];
  private readonly scopeKeys: Map<string, number>[] = [new Map<string, number>()];
  private readonly tokens: Token[] = [];
  private readonly pending: { token: Token; node: number; span: Span }[] = [];
  private readonly predecessors: number[][] = [[]];
  private currentNode = 0;
  private currentSpan: Span = { start: 0, end: 0 };
  private statementKey: number;
  private insideUnsafe = false;
  private readonly nesting = new Nesting((d) => this.report(d.code, d.message, d));
  private readonly env: OwnershipEnv;
  private readonly found: RawDiagnostic[];

  /** The tree the walk reads: nodes are its indices. */
  private readonly t: NodeTable;

  constructor(table: NodeTable, env: OwnershipEnv, found: RawDiagnostic[], statementKey: number) {
    this.t = table;
    this.env = env;
    this.found = found;
    this.statementKey = statementKey;
  }

  private bareBody = false;

  run(params: ReadonlyArray<{ name: string; mutable: boolean }>, body: number[], bareBody: boolean): void {
    this.bareBody = bareBody;
    for (const p of params) {
      this.states.set(p.name, 'alive');
      this.mutability.set(p.name, p.mutable);
      this.recordBinding(p.name);
    }
    this.walkStatements(body, this.bareBody);
    for (const p of this.pending) {
      if (this.conflicts(p.token, p.node)) this.report('E2018', TYPE_MESSAGES.E2018(`#${p.token.id}`), p.span);
    }
  }

  private report(code: RawDiagnostic['code'], message: string, span: Span): void {
    if (this.found.some((d) => d.code === code && d.message === message && d.start === span.start)) return;
    this.found.push({ code, message, start: span.start, end: span.end });
  }

  // ---- CFG and tokens -----------------------------------------------------

  private newNode(): number {
    this.predecessors.push([]);
    return this.predecessors.length - 1;
  }

  private edge(from: number, to: number): void {
    this.predecessors[to]!.push(from);
  }

  /** A conflicting token is consumed at `node` or at a node reachable from it. */
  private conflicts(token: Token, node: number): boolean {
    const others = this.tokens.filter((t) => t !== token && t.variable === token.variable && (t.write || token.write));
    const reaching = new Set<number>();
    const queue: number[] = [];
    for (const t of others) for (const c of t.consumers) queue.push(c);
    while (queue.length > 0) {
      const current = queue.pop()!;
      if (reaching.has(current)) continue;
      reaching.add(current);
      for (const p of this.predecessors[current] ?? []) if (!reaching.has(p)) queue.push(p);
    }
    return reaching.has(node);
  }

  private createToken(variable: string, write: boolean): Token {
    const token: Token = { id: this.tokens.length, variable, write, consumers: new Set([this.currentNode]) };
    this.tokens.push(token);
    return token;
  }

  private hasConflicting(token: Token): boolean {
    return this.tokens.some((t) => t !== token && t.variable === token.variable && (t.write || token.write));
  }

  private consume(variable: string): void {
    for (const t of this.tokens) if (t.variable === variable) t.consumers.add(this.currentNode);
  }

  // ---- variables ----------------------------------------------------------

  private recordBinding(name: string): void {
    this.scopeKeys[this.scopeKeys.length - 1]!.set(name, this.statementKey);
  }

  private classify(name: string): CopyClass {
    for (let i = this.scopeKeys.length - 1; i >= 0; i--) {
      const key = this.scopeKeys[i]!.get(name);
      if (key === undefined) continue;
      const type = this.env.ledger.lookup(key, name);
      if (type) return classifyType(type);
    }
    const global = this.env.globalType(name);
    return global ? classifyType(global) : 'move';
  }

  private checkRead(name: string, span: Span): void {
    const state = this.states.get(name);
    if (state === 'moved') this.report('E2014', TYPE_MESSAGES.E2014(name), span);
    else if (state === 'dropped') this.report('E2020', TYPE_MESSAGES.E2020(name), span);
  }

  // ---- statements ---------------------------------------------------------

  /** `bareIsReturn`: an expression standing for a statement is an `=> expr` body, i.e. `return expr`. */
  private walkStatements(statements: number[], bareIsReturn = false): void {
    this.scopeVars.push([]);
    this.scopeKeys.push(new Map());
    for (const s of statements) {
      if (STATEMENT_TYPES.has(this.t.type(s))) this.walkStatement(s);
      else if (bareIsReturn) this.walkReturnValue(s);
      else this.walkExpression(s);
    }
    const declared = this.scopeVars.pop() ?? [];
    for (const v of declared) if (this.states.get(v) === 'alive') this.states.set(v, 'dropped');
    this.scopeKeys.pop();
  }

  private walkStatement(node: number): void {
    if (brokenAt(this.t, node)) return;
    this.nesting.enterAt(this.t, node, () => this.walkStatementInner(node));
  }

  private walkStatementInner(node: number): void {
    const t = this.t;
    this.currentSpan = span(t, node);
    this.statementKey = t.start(node);
    switch (t.type(node)) {
      case 'expression_statement': {
        const expr = firstNamedAt(t, node);
        if (expr !== -1) this.walkExpression(expr);
        return;
      }
      case 'declaration':
      case 'assignment': {
        const binding = readBindingAt(t, node);
        if (!binding || binding.memberOf !== undefined) {
          // A field or index target (`m.x = v`) or a method binding: walked as an expression.
          const target = either(fieldChild(t, node, 'left'), fieldChild(t, node, 'target'));
          const value = declaredValueAt(t, node);
          if (t.type(node) === 'assignment' && target !== -1 && value !== -1) this.walkAssignment(target, value, span(t, node));
          else {
            if (target !== -1) this.walkExpression(target);
            if (value !== -1) this.walkExpression(value);
          }
          return;
        }
        this.walkBinding(binding.name, binding.value, binding.mutable);
        return;
      }
      default:
        return;
    }
  }

  private walkBinding(name: string, value: number, mutable: boolean): void {
    const t = this.t;
    this.recordBinding(name);
    const isNew = !this.states.has(name);
    this.states.set(name, 'alive');
    this.mutability.set(name, mutable);
    if (isNew) this.scopeVars[this.scopeVars.length - 1]?.push(name);
    if (value === -1) return;
    const init = unwrap(t, value);
    if (t.type(init) === 'assignment_expression') {
      const left = fieldChild(t, init, 'left');
      const right = fieldChild(t, init, 'right');
      if (left !== -1 && t.type(left) === 'identifier' && t.text(left) === name && right !== -1) {
        this.walkExpression(right);
        return;
      }
    }
    this.walkExpression(value);
    if (t.type(init) === 'identifier') {
      const text = t.text(init);
      const kind = this.classify(text);
      if (kind === 'linear') {
        this.report('E2003', TYPE_MESSAGES.E2003(text), this.currentSpan);
        return;
      }
      if (kind === 'move') this.states.set(text, 'moved');
    }
    if (t.type(value) === 'lambda') {
      const body = fieldChild(t, value, 'body');
      const statements = body === -1 ? [] : t.type(body) === 'block' ? cleanStatementsAt(t, body) : [body];
      if (statements.length > 0) {
        for (const p of lambdaParametersAt(t, value)) {
          this.states.set(p.name, 'alive');
          this.mutability.set(p.name, p.mutable);
          this.recordBinding(p.name);
        }
        this.walkStatements(statements, body !== -1 && t.type(body) !== 'block');
      }
    } else if (t.type(value) === 'block') {
      const statements = cleanStatementsAt(t, value);
      if (statements.length > 0) this.walkStatements(statements);
    }
  }

  // ---- expressions --------------------------------------------------------

  private walkExpression(node: number): void {
    this.nesting.enterAt(this.t, node, () => this.walkExpressionInner(node));
  }

  private walkExpressionInner(node: number): void {
    const t = this.t;
    const type = t.type(node);
    if (type === 'parenthesized_expression') {
      const inner = firstNamedAt(t, node);
      if (inner !== -1) this.walkExpression(inner);
      return;
    }
    this.currentSpan = span(t, node);
    switch (type) {
      case 'identifier': {
        const text = t.text(node);
        this.checkRead(text, this.currentSpan);
        this.consume(text);
        return;
      }
      case 'unary_expression': {
        const operatorAt = fieldChild(t, node, 'operator');
        const operator = operatorAt === -1 ? undefined : t.text(operatorAt);
        const operand = fieldChild(t, node, 'operand');
        if (operand === -1) return;
        if (operator === '&' || operator === '&mut') return this.walkBorrow(operand, operator === '&mut');
        if (operator === '*' && !this.insideUnsafe) this.report('E2027', TYPE_MESSAGES.E2027(), span(t, node));
        this.walkExpression(operand);
        return;
      }
      case 'member_expression': {
        const object = fieldChild(t, node, 'object');
        if (object === -1) return;
        this.walkExpression(object);
        const root = rootVariable(t, object);
        if (root) this.consume(root);
        return;
      }
      case 'binary_expression': {
        // Left to right along a left-leaning chain, in a loop, as nested calls would:
        // the innermost link's span is current when the first operand is walked,
        // then each right operand from the innermost out.
        const chain = binaryChainAt(t, node);
        this.currentSpan = span(t, chain[chain.length - 1]!);
        const first = fieldChild(t, chain[chain.length - 1]!, 'left');
        if (first !== -1) this.walkExpression(first);
        for (let i = chain.length - 1; i >= 0; i--) {
          const right = fieldChild(t, chain[i]!, 'right');
          if (right !== -1) this.walkExpression(right);
        }
        return;
      }
      case 'assignment_expression': {
        const left = fieldChild(t, node, 'left');
        const right = fieldChild(t, node, 'right');
        if (left !== -1 && right !== -1) this.walkAssignment(left, right, this.currentSpan);
        return;
      }
      case 'cast_expression':
      case 'try_expression':
      case 'ref_expression': {
        const value = fieldChild(t, node, 'value');
        if (value !== -1) this.walkExpression(value);
        return;
      }
      case 'index_expression': {
        const value = fieldChild(t, node, 'value');
        if (value !== -1) this.walkExpression(value);
        for (const index of fieldChildren(t, node, 'index')) this.walkExpression(index);
        return;
      }
      case 'tuple':
      case 'list':
        for (const e of namedNonComments(t, node)) this.walkExpression(e);
        return;
      case 'call_expression':
        this.walkCall(node);
        return;
      case 'return_expression': {
        const value = fieldChild(t, node, 'value');
        if (value !== -1) this.walkReturnValue(value);
        return;
      }
      case 'block':
        this.walkStatements(cleanStatementsAt(t, node));
        return;
      case 'if_expression':
        this.walkIf(node);
        return;
      case 'while_expression':
        this.walkWhile(node);
        return;
      case 'for_expression':
        this.walkFor(node);
        return;
      case 'spawn_expression': {
        // `spawn for v in xs { … }`: only the body is walked, not `xs`.
        const body = fieldChild(t, node, 'body');
        if (body !== -1) this.walkStatements(cleanStatementsAt(t, body));
        return;
      }
      case 'unsafe_expression': {
        const body = fieldChild(t, node, 'body');
        if (body === -1) return;
        const was = this.insideUnsafe;
        this.insideUnsafe = true;
        this.walkStatements(this.bodyStatements(body));
        this.insideUnsafe = was;
        return;
      }
      default:
        // Lambdas, match, f-strings, dictionaries and literals are not walked.
        return;
    }
  }

  /** A block's clean statements, or the one expression that stands for a body. */
  private bodyStatements(body: number): number[] {
    return this.t.type(body) === 'block' ? cleanStatementsAt(this.t, body) : [body];
  }

  private walkReturnValue(value: number): void {
    this.walkExpression(value);
    const v = unwrap(this.t, value);
    if (this.t.type(v) !== 'identifier') return;
    const text = this.t.text(v);
    const kind = this.classify(text);
    if (kind === 'move' || kind === 'linear') this.states.set(text, 'moved');
  }

  private walkAssignment(left: number, right: number, at: Span): void {
    const t = this.t;
    const source = unwrap(t, right);
    if (t.type(source) === 'identifier' && this.classify(t.text(source)) === 'linear') {
      this.report('E2003', TYPE_MESSAGES.E2003(t.text(source)), at);
      this.walkExpression(right);
      return;
    }
    if (t.type(left) === 'identifier') {
      const name = t.text(left);
      const known = this.mutability.get(name);
      if (known !== undefined) {
        this.walkExpression(left);
        this.walkExpression(right);
        if (!known) this.report('E2016', TYPE_MESSAGES.E2016(name), this.currentSpan);
        this.consume(name);
        return;
      }
      this.walkExpression(right);
      this.walkExpression(left);
      this.states.set(name, 'alive');
      this.mutability.set(name, false);
      this.scopeVars[this.scopeVars.length - 1]?.push(name);
      return;
    }
    this.walkExpression(left);
    this.walkExpression(right);
  }

  private walkBorrow(operand: number, write: boolean): void {
    this.walkExpression(operand);
    const root = rootVariable(this.t, operand);
    if (!root) return;
    this.checkRead(root, this.currentSpan);
    this.consume(root);
    if (write && this.mutability.get(root) === false) {
      this.report('E2016', TYPE_MESSAGES.E2016(root), this.currentSpan);
      return;
    }
    const token = this.createToken(root, write);
    if (this.hasConflicting(token)) this.pending.push({ token, node: this.currentNode, span: this.currentSpan });
  }

  private walkCall(node: number): void {
    const t = this.t;
    const callee = fieldChild(t, node, 'function');
    if (callee !== -1) this.walkExpression(callee);
    const list = fieldChild(t, node, 'arguments');
    const args = list === -1 ? [] : namedNonComments(t, list).filter((a) => t.type(a) !== 'named_argument');
    const modes = this.parameterModes(callee !== -1 ? callPath(t, callee) : undefined, args.length);
    args.forEach((arg, i) => {
      this.walkExpression(arg);
      const a = unwrap(t, arg);
      if (t.type(a) !== 'identifier') return;
      const text = t.text(a);
      this.checkRead(text, this.currentSpan);
      this.consume(text);
      this.applyMode(text, modes[i] ?? 'move');
    });
  }

  private parameterModes(path: string | undefined, count: number): ParamMode[] {
    if (path === undefined) return new Array<ParamMode>(count).fill('move');
    const type =
      this.env.globalType(path) ??
      (path.includes('.') && !path.startsWith('std.') ? this.env.globalType(`std.${path}`) : undefined);
    const fn = type ? prune(type) : undefined;
    if (fn?.k !== 'fn') return new Array<ParamMode>(count).fill('move');
    return fn.params.slice(0, count).map(parameterMode);
  }

  private applyMode(name: string, mode: ParamMode): void {
    if (mode === 'move') {
      const kind = this.classify(name);
      if (kind === 'move' || kind === 'linear') this.states.set(name, 'moved');
      return;
    }
    const token = this.createToken(name, mode === 'write');
    if (mode === 'write' || this.hasConflicting(token)) this.pending.push({ token, node: this.currentNode, span: this.currentSpan });
  }

  private walkIf(node: number): void {
    const t = this.t;
    const split = this.currentNode;
    const condition = fieldChild(t, node, 'condition');
    if (condition !== -1) this.walkExpression(condition);
    const merge = this.newNode();
    const branch = (body: number) => {
      const start = this.newNode();
      this.edge(split, start);
      this.currentNode = start;
      if (body !== -1) this.walkStatements(this.bodyStatements(body));
      this.edge(this.currentNode, merge);
    };
    branch(fieldChild(t, node, 'consequence'));
    const alternatives = fieldChildren(t, node, 'alternative');
    for (const clause of alternatives.filter((a) => t.type(a) === 'else_if_clause')) {
      const c = fieldChild(t, clause, 'condition');
      if (c !== -1) this.walkExpression(c);
      branch(fieldChild(t, clause, 'consequence'));
    }
    const elseClause = alternatives.find((a) => t.type(a) === 'else_clause');
    if (elseClause !== undefined) branch(fieldChild(t, elseClause, 'body'));
    else this.edge(split, merge);
    this.currentNode = merge;
  }

  private walkLoop(body: number): void {
    const head = this.newNode();
    this.edge(this.currentNode, head);
    return this.loopBody(head, body);
  }

  private loopBody(head: number, body: number): void {
    const start = this.newNode();
    this.edge(head, start);
    this.currentNode = start;
    if (body !== -1) this.walkStatements(this.bodyStatements(body));
    this.edge(this.currentNode, head);
    const after = this.newNode();
    this.edge(head, after);
    this.currentNode = after;
  }

  private walkWhile(node: number): void {
    const head = this.newNode();
    this.edge(this.currentNode, head);
    const condition = fieldChild(this.t, node, 'condition');
    if (condition !== -1) this.walkExpression(condition);
    this.loopBody(head, fieldChild(this.t, node, 'body'));
  }

  private walkFor(node: number): void {
    const t = this.t;
    const iterable = fieldChild(t, node, 'iterable');
    if (iterable !== -1) this.walkExpression(iterable);
    const variable = fieldChild(t, node, 'variable');
    if (variable !== -1) {
      const name = t.text(variable);
      this.states.set(name, 'alive');
      this.mutability.set(name, hasMutabilityAt(t, node));
      this.recordBinding(name);
    }
    this.walkLoop(fieldChild(t, node, 'body'));
  }
}

function parameterMode(parameter: Type): ParamMode {
  const t = prune(parameter);
  return t.k === 'ref' ? (t.mutable ? 'write' : 'read') : 'move';
}

function classifyType(t: Type): CopyClass {
  const p = prune(t);
  switch (p.k) {
    case 'ref': return p.mutable ? 'linear' : 'dup';
    case 'arc': return 'dup';
    case 'prim':
      return p.name.startsWith('int') || p.name.startsWith('float') || p.name === 'bool' || p.name === 'char' ? 'value' : 'move';
    case 'error': return 'value';
    default: return 'move';
  }
}

/** The variable a borrow or field access is attributed to: `arr` in `&mut arr[0]`, `p` in `&p.f`. */
function rootVariable(t: NodeTable, node: number): string | undefined {
  let current = node;
  while (current !== -1) {
    switch (t.type(current)) {
      case 'identifier': return t.text(current);
      case 'parenthesized_expression': current = firstNamedAt(t, current); break;
      case 'member_expression': current = fieldChild(t, current, 'object'); break;
      case 'index_expression': current = fieldChild(t, current, 'value'); break;
      case 'unary_expression': {
        const operator = fieldChild(t, current, 'operator');
        if (operator === -1 || t.text(operator) !== '*') return undefined;
        current = fieldChild(t, current, 'operand');
        break;
      }
      default: return undefined;
    }
  }
  return undefined;
}

function callPath(t: NodeTable, node: number): string | undefined {
  if (t.type(node) === 'identifier') return t.text(node);
  if (t.type(node) === 'member_expression') {
    const object = fieldChild(t, node, 'object');
    const field = fieldChild(t, node, 'field');
    const base = object !== -1 ? callPath(t, object) : undefined;
    return base !== undefined && field !== -1 ? `${base}.${t.text(field)}` : undefined;
  }
  return undefined;
}

function unwrap(t: NodeTable, node: number): number {
  let current = node;
  while (t.type(current) === 'parenthesized_expression') {
    const inner = firstNamedAt(t, current);
    if (inner === -1) break;
    current = inner;
  }
  return current;
}

function span(t: NodeTable, node: number): Span {
  return { start: t.start(node), end: t.end(node) };
}

function either(first: number, second: number): number {
  return first !== -1 ? first : second;
}

/** A lambda's parameters' names and mutability (`lambdaParameters`). */
function lambdaParametersAt(t: NodeTable, lambda: number): Array<{ name: string; mutable: boolean }> {
  const params = fieldChild(t, lambda, 'parameters');
  if (params === -1) return [];
  const list = t.type(params) === 'parameter' ? [params] : namedNonComments(t, params).filter((p) => t.type(p) === 'parameter');
  return list.map((p) => {
    const name = fieldChild(t, p, 'name');
    return { name: name === -1 ? '_' : t.text(name), mutable: hasMutabilityAt(t, p) };
  });
}
