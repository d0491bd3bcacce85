// How deep the checker's layers follow nested code. Inference, termination and
// ownership each recurse once per statement or expression nested in another;
// past MAX_CHECK_DEPTH a layer reports TYPECHECK_TOO_DEEP at that node and does
// not look inside it, so deeply nested input cannot overflow the stack, and the
// rest of the file is still checked.
import type { Node } from 'web-tree-sitter';
import type { NodeTable } from '../../syntax/node-table.ts';
import { CHECKER_MESSAGES, type RawDiagnostic } from './messages.ts';

/**
 * Statements and expressions inside one another, as each layer counts them.
 * Real code stays far below it (no corpus file is more than 12 tree levels
 * deep); Node's default stack first overflows at about 750 (`if`s inside a
 * function; nested calls at about 930), so this leaves a margin of three. Operands of
 * a left-leaning operator chain (`a + b + c …`) are followed in a loop and do
 * not count.
 */
export const MAX_CHECK_DEPTH = 256;

/** A layer's count of how deep it is; each recursive visit goes through `enter`. */
export class Nesting {
  #depth = 0;
  readonly #report: (diagnostic: RawDiagnostic) => void;

  constructor(report: (diagnostic: RawDiagnostic) => void) {
    this.#report = report;
  }

  /** `visit()` one level deeper; past MAX_CHECK_DEPTH, TYPECHECK_TOO_DEEP at `node` instead, and undefined. */
  enter<T>(node: Node, visit: () => T): T | undefined {
    return this.#enter(() => tooDeep(node), visit);
  }

  /** `enter` for node `index` of `table`. */
  enterAt<T>(table: NodeTable, index: number, visit: () => T): T | undefined {
    return this.#enter(() => tooDeepAt(table, index), visit);
  }

  #enter<T>(tooDeepHere: () => RawDiagnostic, visit: () => T): T | undefined {
    if (this.#depth >= MAX_CHECK_DEPTH) {
      this.#report(tooDeepHere());
      return undefined;
    }
    this.#depth++;
    try {
      return visit();
    } finally {
      this.#depth--;
    }
  }
}

/** TYPECHECK_TOO_DEEP on the first token of the node a layer did not enter. */
export function tooDeep(node: Node): RawDiagnostic {
  let token = node;
  for (let first = token.child(0); first; first = token.child(0)) token = first;
  return tooDeepSpan(token.startIndex, token.endIndex);
}

/** TYPECHECK_TOO_DEEP on the first token of node `index` of `table`. */
export function tooDeepAt(table: NodeTable, index: number): RawDiagnostic {
  let token = index;
  for (let first = table.firstChild(token); first !== -1; first = table.firstChild(token)) token = first;
  return tooDeepSpan(table.start(token), table.end(token));
}

function tooDeepSpan(start: number, end: number): RawDiagnostic {
  return { code: 'TYPECHECK_TOO_DEEP', message: CHECKER_MESSAGES.TYPECHECK_TOO_DEEP(MAX_CHECK_DEPTH), start, end };
}

/**
 * A left-leaning chain of binary operators (`a + b - c …`, whatever the
 * operators), from the top node down to the innermost one; the innermost
 * node's left operand is the chain's first operand.
 */
export function binaryChainAt(table: NodeTable, index: number): number[] {
  const chain = [index];
  const left = table.fieldIdOf('left');
  const binary = table.idOf('binary_expression');
  for (let l = table.childInField(index, left); l !== -1 && table.typeId(l) === binary; l = table.childInField(l, left)) chain.push(l);
  return chain;
}

export function binaryChain(node: Node): Node[] {
  const chain = [node];
  for (let left = node.childForFieldName('left'); left?.type === 'binary_expression'; left = left.childForFieldName('left')) chain.push(left);
  return chain;
}
