// The reference's termination layer (semantics.md §5.8, rule R22): every
// `while` it reaches needs a recognisable measure, else E8001. Reached through
// expression statements, binding values (function bodies) and statement-level
// `if` branches; never inside statement-level `for` bodies.
import type { Node, Tree } from 'web-tree-sitter';
import { isComment, innermostReturn } from './annotations.ts';
import { cleanStatements } from './declarations.ts';
import { binaryChain, Nesting } from './depth.ts';
import { TYPE_MESSAGES, type RawDiagnostic } from './messages.ts';

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
  const walker = new TerminationWalker(found);
  for (const s of statements(tree.rootNode)) walker.statement(s, false);
  return found;
}

/** The termination layer on one top-level statement: its nesting count starts and ends at zero there, so it depends on the statement alone. */
export function statementTerminationDiagnostics(statement: Node): RawDiagnostic[] {
  const found: RawDiagnostic[] = [];
  new TerminationWalker(found).statement(statement, false);
  return found;
}

class TerminationWalker {
  private readonly found: RawDiagnostic[];
  private readonly nesting: Nesting;

  constructor(found: RawDiagnostic[]) {
    this.found = found;
    this.nesting = new Nesting((d) => found.push(d));
  }

  statement(node: Node, never: boolean): void {
    if (node.hasError) return;
    this.nesting.enter(node, () => this.statementInner(node, never));
  }

  private statementInner(node: Node, never: boolean): void {
    switch (node.type) {
      case 'expression_statement': {
        const expr = firstNamed(node);
        if (!expr) return;
        if (expr.type === 'if_expression') return this.ifBranches(expr, never);
        if (expr.type === 'for_expression') return;
        this.expression(expr, never);
        return;
      }
      case 'declaration':
      case 'assignment': {
        const value = node.childForFieldName('value') ?? node.childForFieldName('right');
        if (!value) return;
        const annotation = node.childForFieldName('type');
        const childNever = never || returnsNever(annotation);
        if (value.type === 'lambda') {
          const body = value.childForFieldName('body');
          if (body?.type === 'block') for (const s of statements(body)) this.statement(s, childNever);
          else if (body) this.expression(body, childNever);
        } else if (value.type === 'block') {
          for (const s of statements(value)) this.statement(s, childNever);
        } else {
          this.expression(value, childNever);
        }
        return;
      }
      default:
        return;
    }
  }

  private ifBranches(node: Node, never: boolean): void {
    const condition = node.childForFieldName('condition');
    if (condition) this.expression(condition, never);
    for (const block of ifBlocks(node)) {
      if (block.type === 'block') for (const s of statements(block)) this.statement(s, never);
      else this.expression(block, never);
    }
    for (const clause of node.childrenForFieldName('alternative')) {
      const c = clause?.type === 'else_if_clause' ? clause.childForFieldName('condition') : null;
      if (c) this.expression(c, never);
    }
  }

  private expression(node: Node, never: boolean): void {
    this.nesting.enter(node, () => this.expressionInner(node, never));
  }

  private expressionInner(node: Node, never: boolean): void {
    switch (node.type) {
      case 'parenthesized_expression': {
        const inner = firstNamed(node);
        if (inner) this.expression(inner, never);
        return;
      }
      case 'while_expression': {
        const condition = node.childForFieldName('condition');
        const body = node.childForFieldName('body');
        if (!never && condition && body && !hasMeasure(condition, body)) {
          const keyword = node.child(0) ?? node;
          this.found.push({ code: 'E8001', message: TYPE_MESSAGES.E8001(), start: keyword.startIndex, end: keyword.endIndex });
        }
        if (body?.type === 'block') for (const s of statements(body)) this.statement(s, never);
        return;
      }
      case 'for_expression': {
        const body = node.childForFieldName('body');
        if (body?.type === 'block') for (const s of statements(body)) this.statement(s, never);
        const iterable = node.childForFieldName('iterable');
        if (iterable) this.expression(iterable, never);
        return;
      }
      case 'call_expression': {
        const args = node.childForFieldName('arguments');
        for (const a of args?.namedChildren ?? []) {
          if (!a || isComment(a)) continue;
          this.expression(a.type === 'named_argument' ? a.childForFieldName('value') ?? a : a, never);
        }
        return;
      }
      case 'binary_expression': {
        // Left to right along a left-leaning chain, in a loop: the first operand, then each right one from the innermost out.
        const chain = binaryChain(node);
        const first = chain[chain.length - 1]!.childForFieldName('left');
        if (first) this.expression(first, never);
        for (let i = chain.length - 1; i >= 0; i--) {
          const right = chain[i]!.childForFieldName('right');
          if (right) this.expression(right, never);
        }
        return;
      }
      case 'assignment_expression': {
        const left = node.childForFieldName('left');
        const right = node.childForFieldName('right');
        if (left) this.expression(left, never);
        if (right) this.expression(right, never);
        return;
      }
      case 'block':
        for (const s of statements(node)) this.statement(s, never);
        return;
      case 'if_expression':
        this.ifBranches(node, never);
        return;
      case 'lambda': {
        const body = node.childForFieldName('body');
        if (body?.type === 'block') for (const s of statements(body)) this.statement(s, never);
        else if (body) this.expression(body, never);
        return;
      }
      default:
        return;
    }
  }
}

function returnsNever(annotation: Node | null): boolean {
  if (annotation?.type !== 'function_type') return false;
  const ret = annotation.childForFieldName('return_type');
  const inner = ret?.type === 'function_type' ? innermostReturn(annotation) : ret;
  return inner?.text === 'Never' || inner?.text === 'never';
}

function hasMeasure(condition: Node, body: Node): boolean {
  const test = unwrap(condition);
  const bounds = test ? boundsOf(test) : [];
  if (bounds.length === 0) return false;
  const assignments: { variable: string; delta: Delta }[] = [];
  if (body.type === 'block') for (const s of statements(body)) collectAssignments(s, assignments);
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

function boundsOf(condition: Node): Bound[] {
  if (condition.type !== 'binary_expression') return [];
  const op = condition.childForFieldName('operator')?.text;
  if (op !== '<' && op !== '<=' && op !== '>' && op !== '>=') return [];
  const left = unwrap(condition.childForFieldName('left'));
  const right = unwrap(condition.childForFieldName('right'));
  const bounds: Bound[] = [];
  const reversed: Record<BoundOp, BoundOp> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };
  if (left?.type === 'identifier' && right && isBound(right)) bounds.push({ variable: left.text, op, constant: constantOf(right) });
  if (right?.type === 'identifier' && left && isBound(left)) bounds.push({ variable: right.text, op: reversed[op], constant: constantOf(left) });
  return bounds;
}

function isBound(node: Node): boolean {
  return node.type === 'identifier' || node.type === 'integer' || node.type === 'float';
}

/** A literal as the reference's `i128` sees it: floats are truncated. */
function constantOf(node: Node): number | undefined {
  if (node.type !== 'integer' && node.type !== 'float') return undefined;
  const value = Number(node.text.replace(/_/g, ''));
  return Number.isFinite(value) ? Math.trunc(value) : undefined;
}

function collectAssignments(node: Node, out: { variable: string; delta: Delta }[]): void {
  if (node.hasError) return;
  if (node.type === 'assignment' || node.type === 'declaration') {
    const target = node.childForFieldName('left') ?? node.childForFieldName('target');
    const value = node.childForFieldName('right') ?? node.childForFieldName('value');
    if (target?.type === 'identifier' && value) {
      const delta = deltaOf(value, target.text);
      if (delta) out.push({ variable: target.text, delta });
    }
    if (value?.type === 'lambda') {
      const body = value.childForFieldName('body');
      if (body?.type === 'block') for (const s of statements(body)) collectAssignments(s, out);
    } else if (value?.type === 'block') {
      for (const s of statements(value)) collectAssignments(s, out);
    }
    return;
  }
  if (node.type === 'expression_statement') {
    const expr = firstNamed(node);
    if (expr?.type === 'if_expression') {
      for (const block of ifBlocks(expr)) if (block.type === 'block') for (const s of statements(block)) collectAssignments(s, out);
    } else if (expr?.type === 'assignment_expression') {
      const target = expr.childForFieldName('left');
      const value = expr.childForFieldName('right');
      if (target?.type === 'identifier' && value) {
        const delta = deltaOf(value, target.text);
        if (delta) out.push({ variable: target.text, delta });
      }
    }
  }
}

function deltaOf(value: Node, variable: string): Delta | undefined {
  const v = unwrap(value);
  if (v?.type !== 'binary_expression') return undefined;
  const op = v.childForFieldName('operator')?.text;
  const left = unwrap(v.childForFieldName('left'));
  const right = unwrap(v.childForFieldName('right'));
  const isVar = (n: Node | undefined) => n?.type === 'identifier' && n.text === variable;
  const constant = (n: Node | undefined) => (n ? constantOf(n) : undefined);
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

/** The reference's AST has no parentheses node. */
function unwrap(node: Node | null): Node | undefined {
  let current = node ?? undefined;
  while (current?.type === 'parenthesized_expression') current = firstNamed(current);
  return current;
}

function ifBlocks(node: Node): Node[] {
  const blocks: Node[] = [];
  const consequence = node.childForFieldName('consequence');
  if (consequence) blocks.push(consequence);
  for (const clause of node.childrenForFieldName('alternative')) {
    if (!clause) continue;
    const body = clause.type === 'else_if_clause' ? clause.childForFieldName('consequence') : clause.childForFieldName('body');
    if (body) blocks.push(body);
  }
  return blocks;
}

function statements(node: Node): Node[] {
  return cleanStatements(node);
}

function firstNamed(node: Node): Node | undefined {
  return node.namedChildren.find((c): c is Node => c !== null && !isComment(c));
}
