// The reference's ownership layer (semantics.md §5.7, rules R17-R21): one flat
// walk per top-level function over its statements, with move states, borrow
// tokens attributed to root variables, and a CFG made only at if/loop splits.
import type { Node, Tree } from 'web-tree-sitter';
import { isComment } from './annotations.ts';
import { cleanStatements, lambdaParameters, readBinding, signatureBoundBody, signatureParameters, topLevelStatements } from './declarations.ts';
import { binaryChain, Nesting } from './depth.ts';
import { TYPE_MESSAGES, type RawDiagnostic } from './messages.ts';
import { prune, type Type } from './types.ts';

export interface OwnershipEnv {
  /** The inference ledger: `statementStart:name` → type at declaration. */
  ledger: { get(key: string): Type | undefined };
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
  return topLevelStatements(tree).flatMap((statement) => statementOwnershipDiagnostics(statement, env));
}

/** The walk of one top-level function; it reads nothing of the file but the statement and `env`. */
export function statementOwnershipDiagnostics(statement: Node, env: OwnershipEnv): RawDiagnostic[] {
  const binding = readBinding(statement);
  if (!binding || binding.memberOf !== undefined || !binding.value) return [];
  const value = binding.value;
  let params: ReturnType<typeof lambdaParameters> = [];
  let body: Node[];
  let bare = false;
  if (value.type === 'lambda') {
    params = lambdaParameters(value);
    const b = value.childForFieldName('body');
    body = b ? (b.type === 'block' ? statementsOf(b) : [b]) : [];
    bare = b !== null && b.type !== 'block';
  } else if (value.type === 'block') {
    body = statementsOf(value);
  } else if (signatureBoundBody(value, binding.annotation)) {
    // `f: (a: Int) -> Int = expr`: the signature's parameters and one expression statement.
    params = signatureParameters(binding.annotation!);
    body = [value];
  } else {
    return [];
  }
  if (params.length === 0 && body.length === 0) return [];
  const found: RawDiagnostic[] = [];
  new FunctionWalk(env, found, statement.startIndex).run(params, body, bare);
  return found;
}

/** All the walk reads of a type from `env`: its copy class and, for a function, each parameter's mode ('' when absent). */
export function ownershipFacts(type: Type | undefined): string {
  if (!type) return '';
  const p = prune(type);
  return p.k === 'fn' ? `${classifyType(p)}(${p.params.map(parameterMode).join(',')})` : classifyType(p);
}

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

  constructor(env: OwnershipEnv, found: RawDiagnostic[], statementKey: number) {
    this.env = env;
    this.found = found;
    this.statementKey = statementKey;
  }

  private bareBody = false;

  run(params: ReturnType<typeof lambdaParameters>, body: Node[], bareBody: boolean): void {
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
      const type = this.env.ledger.get(`${key}:${name}`);
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
  private walkStatements(statements: Node[], bareIsReturn = false): void {
    this.scopeVars.push([]);
    this.scopeKeys.push(new Map());
    for (const s of statements) {
      if (STATEMENT_TYPES.has(s.type)) this.walkStatement(s);
      else if (bareIsReturn) this.walkReturnValue(s);
      else this.walkExpression(s);
    }
    const declared = this.scopeVars.pop() ?? [];
    for (const v of declared) if (this.states.get(v) === 'alive') this.states.set(v, 'dropped');
    this.scopeKeys.pop();
  }

  private walkStatement(node: Node): void {
    if (node.hasError) return;
    this.nesting.enter(node, () => this.walkStatementInner(node));
  }

  private walkStatementInner(node: Node): void {
    this.currentSpan = span(node);
    this.statementKey = node.startIndex;
    switch (node.type) {
      case 'expression_statement': {
        const expr = firstNamed(node);
        if (expr) this.walkExpression(expr);
        return;
      }
      case 'declaration':
      case 'assignment': {
        const binding = readBinding(node);
        if (!binding || binding.memberOf !== undefined) {
          // A field or index target (`m.x = v`) or a method binding: walked as an expression.
          const target = node.childForFieldName('left') ?? node.childForFieldName('target');
          const value = node.childForFieldName('right') ?? node.childForFieldName('value');
          if (node.type === 'assignment' && target && value) this.walkAssignment(target, value, span(node));
          else {
            if (target) this.walkExpression(target);
            if (value) this.walkExpression(value);
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

  private walkBinding(name: string, value: Node | null, mutable: boolean): void {
    this.recordBinding(name);
    const isNew = !this.states.has(name);
    this.states.set(name, 'alive');
    this.mutability.set(name, mutable);
    if (isNew) this.scopeVars[this.scopeVars.length - 1]?.push(name);
    if (!value) return;
    const init = unwrap(value);
    if (init.type === 'assignment_expression') {
      const left = init.childForFieldName('left');
      const right = init.childForFieldName('right');
      if (left?.type === 'identifier' && left.text === name && right) {
        this.walkExpression(right);
        return;
      }
    }
    this.walkExpression(value);
    if (init.type === 'identifier') {
      const kind = this.classify(init.text);
      if (kind === 'linear') {
        this.report('E2003', TYPE_MESSAGES.E2003(init.text), this.currentSpan);
        return;
      }
      if (kind === 'move') this.states.set(init.text, 'moved');
    }
    if (value.type === 'lambda') {
      const body = value.childForFieldName('body');
      const statements = body ? (body.type === 'block' ? statementsOf(body) : [body]) : [];
      if (statements.length > 0) {
        for (const p of lambdaParameters(value)) {
          this.states.set(p.name, 'alive');
          this.mutability.set(p.name, p.mutable);
          this.recordBinding(p.name);
        }
        this.walkStatements(statements, body !== null && body.type !== 'block');
      }
    } else if (value.type === 'block') {
      const statements = statementsOf(value);
      if (statements.length > 0) this.walkStatements(statements);
    }
  }

  // ---- expressions --------------------------------------------------------

  private walkExpression(node: Node): void {
    this.nesting.enter(node, () => this.walkExpressionInner(node));
  }

  private walkExpressionInner(node: Node): void {
    if (node.type === 'parenthesized_expression') {
      const inner = firstNamed(node);
      if (inner) this.walkExpression(inner);
      return;
    }
    this.currentSpan = span(node);
    switch (node.type) {
      case 'identifier':
        this.checkRead(node.text, this.currentSpan);
        this.consume(node.text);
        return;
      case 'unary_expression': {
        const operator = node.childForFieldName('operator')?.text;
        const operand = node.childForFieldName('operand');
        if (!operand) return;
        if (operator === '&' || operator === '&mut') return this.walkBorrow(operand, operator === '&mut');
        if (operator === '*' && !this.insideUnsafe) this.report('E2027', TYPE_MESSAGES.E2027(), span(node));
        this.walkExpression(operand);
        return;
      }
      case 'member_expression': {
        const object = node.childForFieldName('object');
        if (!object) return;
        this.walkExpression(object);
        const root = rootVariable(object);
        if (root) this.consume(root);
        return;
      }
      case 'binary_expression': {
        // Left to right along a left-leaning chain, in a loop, as nested calls would:
        // the innermost link's span is current when the first operand is walked,
        // then each right operand from the innermost out.
        const chain = binaryChain(node);
        this.currentSpan = span(chain[chain.length - 1]!);
        const first = chain[chain.length - 1]!.childForFieldName('left');
        if (first) this.walkExpression(first);
        for (let i = chain.length - 1; i >= 0; i--) {
          const right = chain[i]!.childForFieldName('right');
          if (right) this.walkExpression(right);
        }
        return;
      }
      case 'assignment_expression': {
        const left = node.childForFieldName('left');
        const right = node.childForFieldName('right');
        if (left && right) this.walkAssignment(left, right, this.currentSpan);
        return;
      }
      case 'cast_expression':
      case 'try_expression':
      case 'ref_expression': {
        const value = node.childForFieldName('value');
        if (value) this.walkExpression(value);
        return;
      }
      case 'index_expression': {
        const value = node.childForFieldName('value');
        if (value) this.walkExpression(value);
        for (const index of node.childrenForFieldName('index')) if (index) this.walkExpression(index);
        return;
      }
      case 'tuple':
      case 'list':
        for (const e of node.namedChildren) if (e && !isComment(e)) this.walkExpression(e);
        return;
      case 'call_expression':
        this.walkCall(node);
        return;
      case 'return_expression': {
        const value = node.childForFieldName('value');
        if (value) this.walkReturnValue(value);
        return;
      }
      case 'block':
        this.walkStatements(statementsOf(node));
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
        const body = node.childForFieldName('body');
        if (body) this.walkStatements(statementsOf(body));
        return;
      }
      case 'unsafe_expression': {
        const body = node.childForFieldName('body');
        if (!body) return;
        const was = this.insideUnsafe;
        this.insideUnsafe = true;
        this.walkStatements(body.type === 'block' ? statementsOf(body) : [body]);
        this.insideUnsafe = was;
        return;
      }
      default:
        // Lambdas, match, f-strings, dictionaries and literals are not walked.
        return;
    }
  }

  private walkReturnValue(value: Node): void {
    this.walkExpression(value);
    const v = unwrap(value);
    if (v.type !== 'identifier') return;
    const kind = this.classify(v.text);
    if (kind === 'move' || kind === 'linear') this.states.set(v.text, 'moved');
  }

  private walkAssignment(left: Node, right: Node, at: Span): void {
    const source = unwrap(right);
    if (source.type === 'identifier' && this.classify(source.text) === 'linear') {
      this.report('E2003', TYPE_MESSAGES.E2003(source.text), at);
      this.walkExpression(right);
      return;
    }
    if (left.type === 'identifier') {
      const known = this.mutability.get(left.text);
      if (known !== undefined) {
        this.walkExpression(left);
        this.walkExpression(right);
        if (!known) this.report('E2016', TYPE_MESSAGES.E2016(left.text), this.currentSpan);
        this.consume(left.text);
        return;
      }
      this.walkExpression(right);
      this.walkExpression(left);
      this.states.set(left.text, 'alive');
      this.mutability.set(left.text, false);
      this.scopeVars[this.scopeVars.length - 1]?.push(left.text);
      return;
    }
    this.walkExpression(left);
    this.walkExpression(right);
  }

  private walkBorrow(operand: Node, write: boolean): void {
    this.walkExpression(operand);
    const root = rootVariable(operand);
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

  private walkCall(node: Node): void {
    const callee = node.childForFieldName('function');
    if (callee) this.walkExpression(callee);
    const args = (node.childForFieldName('arguments')?.namedChildren ?? [])
      .filter((a): a is Node => a !== null && !isComment(a) && a.type !== 'named_argument');
    const modes = this.parameterModes(callee ? callPath(callee) : undefined, args.length);
    args.forEach((arg, i) => {
      this.walkExpression(arg);
      const a = unwrap(arg);
      if (a.type !== 'identifier') return;
      this.checkRead(a.text, this.currentSpan);
      this.consume(a.text);
      this.applyMode(a.text, modes[i] ?? 'move');
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

  private walkIf(node: Node): void {
    const split = this.currentNode;
    const condition = node.childForFieldName('condition');
    if (condition) this.walkExpression(condition);
    const merge = this.newNode();
    const branch = (body: Node | null) => {
      const start = this.newNode();
      this.edge(split, start);
      this.currentNode = start;
      if (body) this.walkStatements(body.type === 'block' ? statementsOf(body) : [body]);
      this.edge(this.currentNode, merge);
    };
    branch(node.childForFieldName('consequence'));
    const alternatives = node.childrenForFieldName('alternative').filter((a): a is Node => a !== null);
    for (const clause of alternatives.filter((a) => a.type === 'else_if_clause')) {
      const c = clause.childForFieldName('condition');
      if (c) this.walkExpression(c);
      branch(clause.childForFieldName('consequence'));
    }
    const elseClause = alternatives.find((a) => a.type === 'else_clause');
    if (elseClause) branch(elseClause.childForFieldName('body'));
    else this.edge(split, merge);
    this.currentNode = merge;
  }

  private walkLoop(body: Node | null): void {
    const head = this.newNode();
    this.edge(this.currentNode, head);
    return this.loopBody(head, body);
  }

  private loopBody(head: number, body: Node | null): void {
    const start = this.newNode();
    this.edge(head, start);
    this.currentNode = start;
    if (body) this.walkStatements(body.type === 'block' ? statementsOf(body) : [body]);
    this.edge(this.currentNode, head);
    const after = this.newNode();
    this.edge(head, after);
    this.currentNode = after;
  }

  private walkWhile(node: Node): void {
    const head = this.newNode();
    this.edge(this.currentNode, head);
    const condition = node.childForFieldName('condition');
    if (condition) this.walkExpression(condition);
    this.loopBody(head, node.childForFieldName('body'));
  }

  private walkFor(node: Node): void {
    const iterable = node.childForFieldName('iterable');
    if (iterable) this.walkExpression(iterable);
    const variable = node.childForFieldName('variable');
    if (variable) {
      this.states.set(variable.text, 'alive');
      this.mutability.set(variable.text, node.children.some((c) => c?.type === 'mutability'));
      this.recordBinding(variable.text);
    }
    this.walkLoop(node.childForFieldName('body'));
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
function rootVariable(node: Node): string | undefined {
  let current: Node | null = node;
  while (current) {
    switch (current.type) {
      case 'identifier': return current.text;
      case 'parenthesized_expression': current = firstNamed(current) ?? null; break;
      case 'member_expression': current = current.childForFieldName('object'); break;
      case 'index_expression': current = current.childForFieldName('value'); break;
      case 'unary_expression':
        if (current.childForFieldName('operator')?.text !== '*') return undefined;
        current = current.childForFieldName('operand');
        break;
      default: return undefined;
    }
  }
  return undefined;
}

function callPath(node: Node): string | undefined {
  if (node.type === 'identifier') return node.text;
  if (node.type === 'member_expression') {
    const object = node.childForFieldName('object');
    const field = node.childForFieldName('field');
    const base = object ? callPath(object) : undefined;
    return base !== undefined && field ? `${base}.${field.text}` : undefined;
  }
  return undefined;
}

function unwrap(node: Node): Node {
  let current = node;
  while (current.type === 'parenthesized_expression') {
    const inner = firstNamed(current);
    if (!inner) break;
    current = inner;
  }
  return current;
}

function span(node: Node): Span {
  return { start: node.startIndex, end: node.endIndex };
}

function statementsOf(node: Node): Node[] {
  return cleanStatements(node);
}

function firstNamed(node: Node): Node | undefined {
  return node.namedChildren.find((c): c is Node => c !== null && !isComment(c));
}
