// The reference's termination layer (semantics.md §5.8, rule R22): every
// `while` it reaches needs a recognisable measure, else E8001. Reached through
// expression statements, binding values (function bodies) and statement-level
// `if` branches; never inside statement-level `for` bodies.
import type { Node, Tree } from 'web-tree-sitter';
import { locate, nodeTableOf, type NodeTable } from '../../syntax/node-table.ts';
import { cleanStatementsAt, declaredValueAt } from './declarations.ts';
import { binaryChainAt, Nesting } from './depth.ts';
import { TYPE_MESSAGES, type RawDiagnostic } from './messages.ts';
import { brokenAt, fieldChild as child, fieldChildren, firstNamedAt, namedNonComments } from './table-reads.ts';

type BoundOp = '<' | '<=' | '>' | '>=';

interface Bound {
  variable: string;
  op: BoundOp;
  /** A constant bound, or undefined when the bound is a variable. */
  constant: number | undefined;
}

type Delta = { kind: 'add' | 'sub' | 'mul'; value: number };

export function terminationDiagnostics(tree: Tree): RawDiagnostic[] {
  const found: RawDiagnostic[] = [];
  const table = nodeTableOf(tree);
  const walker = new TerminationWalker(table, found);
  for (const s of cleanStatementsAt(table, 0)) walker.statement(s, false);
  return found;
}

/** The termination layer on one top-level statement: its nesting count starts and ends at zero there, so it depends on the statement alone. */
export function statementTerminationDiagnostics(statement: Node): RawDiagnostic[] {
  const found: RawDiagnostic[] = [];
  const { table, index } = locate(statement);
  new TerminationWalker(table, found).statement(index, false);
  return found;
}

/** Walks statements by node-table index (no Node per visit). */
class TerminationWalker {
  private readonly t: NodeTable;
  private readonly found: RawDiagnostic[];
  private readonly nesting: Nesting;

  constructor(table: NodeTable, found: RawDiagnostic[]) {
    this.t = table;
    this.found = found;
    this.nesting = new Nesting((d) => found.push(d));
  }

  statement(node: number, never: boolean): void {
    if (brokenAt(this.t, node)) return;
    this.nesting.enterAt(this.t, node, () => this.statementInner(node, never));
  }

  /** A block's statements, or the one expression that is a body. */
  private body(body: number, never: boolean): void {
    if (this.t.type(body) === 'block') for (const s of cleanStatementsAt(this.t, body)) this.statement(s, never);
    else this.expression(body, never);
  }

  private statementInner(node: number, never: boolean): void {
    const t = this.t;
    switch (t.type(node)) {
      case 'expression_statement': {
        const expr = firstNamedAt(t, node);
        if (expr === -1) return;
        if (t.type(expr) === 'if_expression') return this.ifBranches(expr, never);
        if (t.type(expr) === 'for_expression') return;
        this.expression(expr, never);
        return;
      }
      case 'declaration':
      case 'assignment': {
        const value = declaredValueAt(t, node);
        if (value === -1) return;
        const childNever = never || returnsNever(t, child(t, node, 'type'));
        if (t.type(value) === 'lambda') {
          const body = child(t, value, 'body');
          if (body !== -1) this.body(body, childNever);
        } else {
          this.body(value, childNever);
        }
        return;
      }
      default:
        return;
    }
  }

  private ifBranches(node: number, never: boolean): void {
    const t = this.t;
    const condition = child(t, node, 'condition');
    if (condition !== -1) this.expression(condition, never);
    for (const block of ifBlocks(t, node)) this.body(block, never);
    for (const clause of fieldChildren(t, node, 'alternative')) {
      const c = t.type(clause) === 'else_if_clause' ? child(t, clause, 'condition') : -1;
      if (c !== -1) this.expression(c, never);
    }
  }

  private expression(node: number, never: boolean): void {
    this.nesting.enterAt(this.t, node, () => this.expressionInner(node, never));
  }

  private expressionInner(node: number, never: boolean): void {
    const t = this.t;
    switch (t.type(node)) {
      case 'parenthesized_expression': {
        const inner = firstNamedAt(t, node);
        if (inner !== -1) this.expression(inner, never);
        return;
      }
      case 'while_expression': {
        const condition = child(t, node, 'condition');
        const body = child(t, node, 'body');
        if (!never && condition !== -1 && body !== -1 && !hasMeasure(t, condition, body)) {
          const first = t.firstChild(node);
          const keyword = first === -1 ? node : first;
          this.found.push({ code: 'E8001', message: TYPE_MESSAGES.E8001(), start: t.start(keyword), end: t.end(keyword) });
        }
        if (body !== -1 && t.type(body) === 'block') this.body(body, never);
        return;
      }
      case 'for_expression': {
        const body = child(t, node, 'body');
        if (body !== -1 && t.type(body) === 'block') this.body(body, never);
        const iterable = child(t, node, 'iterable');
        if (iterable !== -1) this.expression(iterable, never);
        return;
      }
      case 'call_expression': {
        const args = child(t, node, 'arguments');
        for (const a of args === -1 ? [] : namedNonComments(t, args)) {
          this.expression(t.type(a) === 'named_argument' ? either(child(t, a, 'value'), a) : a, never);
        }
        return;
      }
      case 'binary_expression': {
        // Left to right along a left-leaning chain, in a loop: the first operand, then each right one from the innermost out.
        const chain = binaryChainAt(t, node);
        const first = child(t, chain[chain.length - 1]!, 'left');
        if (first !== -1) this.expression(first, never);
        for (let i = chain.length - 1; i >= 0; i--) {
          const right = child(t, chain[i]!, 'right');
          if (right !== -1) this.expression(right, never);
        }
        return;
      }
      case 'assignment_expression': {
        const left = child(t, node, 'left');
        const right = child(t, node, 'right');
        if (left !== -1) this.expression(left, never);
        if (right !== -1) this.expression(right, never);
        return;
      }
      case 'block':
        this.body(node, never);
        return;
      case 'if_expression':
        this.ifBranches(node, never);
        return;
      case 'lambda': {
        const body = child(t, node, 'body');
        if (body !== -1) this.body(body, never);
        return;
      }
      default:
        return;
    }
  }
}

function either(first: number, second: number): number {
  return first !== -1 ? first : second;
}

function returnsNever(t: NodeTable, annotation: number): boolean {
  if (annotation === -1 || t.type(annotation) !== 'function_type') return false;
  let ret = child(t, annotation, 'return_type');
  // The innermost declared return type of a curried signature.
  while (ret !== -1 && t.type(ret) === 'function_type') ret = child(t, ret, 'return_type');
  const text = ret === -1 ? undefined : t.text(ret);
  return text === 'Never' || text === 'never';
}

function hasMeasure(t: NodeTable, condition: number, body: number): boolean {
  const test = unwrap(t, condition);
  const bounds = test !== -1 ? boundsOf(t, test) : [];
  if (bounds.length === 0) return false;
  const assignments: { variable: string; delta: Delta }[] = [];
  if (t.type(body) === 'block') for (const s of cleanStatementsAt(t, body)) collectAssignments(t, s, assignments);
  for (const a of assignments) {
    for (const b of bounds) {
      if (a.variable !== b.variable) continue;
      const step = a.delta.kind === 'sub' ? -a.delta.value : a.delta.value;
      if (step === 0) continue;
      if ((b.op === '<' || b.op === '<=') && step > 0) return true;
      if ((b.op === '>' || b.op === '>=') && step < 0) return true;
    }
  }
  return assignments.some((a) => a.delta.kind === 'mul' && a.delta.value > 1
    && bounds.some((b) => b.variable === a.variable && (b.op === '<' || b.op === '<=') && b.constant !== undefined && b.constant > 0));
}

function boundsOf(t: NodeTable, condition: number): Bound[] {
  if (t.type(condition) !== 'binary_expression') return [];
  const op = textOf(t, child(t, condition, 'operator'));
  if (op !== '<' && op !== '<=' && op !== '>' && op !== '>=') return [];
  const left = unwrap(t, child(t, condition, 'left'));
  const right = unwrap(t, child(t, condition, 'right'));
  const bounds: Bound[] = [];
  const reversed: Record<BoundOp, BoundOp> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };
  if (left !== -1 && t.type(left) === 'identifier' && right !== -1 && isBound(t, right)) bounds.push({ variable: t.text(left), op, constant: constantOf(t, right) });
  if (right !== -1 && t.type(right) === 'identifier' && left !== -1 && isBound(t, left)) bounds.push({ variable: t.text(right), op: reversed[op], constant: constantOf(t, left) });
  return bounds;
}

function textOf(t: NodeTable, node: number): string | undefined {
  return node === -1 ? undefined : t.text(node);
}

function isBound(t: NodeTable, node: number): boolean {
  const type = t.type(node);
  return type === 'identifier' || type === 'integer' || type === 'float';
}

/** A literal as the reference's `i128` sees it: floats are truncated. */
function constantOf(t: NodeTable, node: number): number | undefined {
  if (node === -1 || (t.type(node) !== 'integer' && t.type(node) !== 'float')) return undefined;
  const value = Number(t.text(node).replace(/_/g, ''));
  return Number.isFinite(value) ? Math.trunc(value) : undefined;
}

function collectAssignments(t: NodeTable, node: number, out: { variable: string; delta: Delta }[]): void {
  if (brokenAt(t, node)) return;
  const type = t.type(node);
  if (type === 'assignment' || type === 'declaration') {
    const target = either(child(t, node, 'left'), child(t, node, 'target'));
    const value = declaredValueAt(t, node);
    pushDelta(t, target, value, out);
    if (value !== -1 && t.type(value) === 'lambda') {
      const body = child(t, value, 'body');
      if (body !== -1 && t.type(body) === 'block') for (const s of cleanStatementsAt(t, body)) collectAssignments(t, s, out);
    } else if (value !== -1 && t.type(value) === 'block') {
      for (const s of cleanStatementsAt(t, value)) collectAssignments(t, s, out);
    }
    return;
  }
  if (type === 'expression_statement') {
    const expr = firstNamedAt(t, node);
    const exprType = expr === -1 ? undefined : t.type(expr);
    if (exprType === 'if_expression') {
      for (const block of ifBlocks(t, expr)) if (t.type(block) === 'block') for (const s of cleanStatementsAt(t, block)) collectAssignments(t, s, out);
    } else if (exprType === 'assignment_expression') {
      pushDelta(t, child(t, expr, 'left'), child(t, expr, 'right'), out);
    }
  }
}

/** `target = target ± k` (or `* k`) as a step of `target`. */
function pushDelta(t: NodeTable, target: number, value: number, out: { variable: string; delta: Delta }[]): void {
  if (target === -1 || t.type(target) !== 'identifier' || value === -1) return;
  const delta = deltaOf(t, value, t.text(target));
  if (delta) out.push({ variable: t.text(target), delta });
}

function deltaOf(t: NodeTable, value: number, variable: string): Delta | undefined {
  const v = unwrap(t, value);
  if (v === -1 || t.type(v) !== 'binary_expression') return undefined;
  const op = textOf(t, child(t, v, 'operator'));
  const left = unwrap(t, child(t, v, 'left'));
  const right = unwrap(t, child(t, v, 'right'));
  const isVar = (n: number) => n !== -1 && t.type(n) === 'identifier' && t.text(n) === variable;
  const constant = (n: number) => constantOf(t, n);
  if (op === '+') {
    if (isVar(left) && constant(right) !== undefined) return { kind: 'add', value: constant(right)! };
    if (isVar(right) && constant(left) !== undefined) return { kind: 'add', value: constant(left)! };
  }
  if (op === '-' && isVar(left) && constant(right) !== undefined) return { kind: 'sub', value: constant(right)! };
  if (op === '*') {
    if (isVar(left) && constant(right) !== undefined) return { kind: 'mul', value: constant(right)! };
    if (isVar(right) && constant(left) !== undefined) return { kind: 'mul', value: constant(left)! };
  }
  return undefined;
}

/** The reference's AST has no parentheses node; -1 stays -1. */
function unwrap(t: NodeTable, node: number): number {
  let current = node;
  while (current !== -1 && t.type(current) === 'parenthesized_expression') current = firstNamedAt(t, current);
  return current;
}

function ifBlocks(t: NodeTable, node: number): number[] {
  const blocks: number[] = [];
  const consequence = child(t, node, 'consequence');
  if (consequence !== -1) blocks.push(consequence);
  for (const clause of fieldChildren(t, node, 'alternative')) {
    const body = t.type(clause) === 'else_if_clause' ? child(t, clause, 'consequence') : child(t, clause, 'body');
    if (body !== -1) blocks.push(body);
  }
  return blocks;
}
