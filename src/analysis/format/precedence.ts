// Binding strength of the binary operators, as the printer groups them: a
// left-leaning chain of one level breaks as one (`a⏎+ b⏎- c`).
// Typed by the grammar's operators, so a new one must be given a level here.
import type { BinaryOperator } from '../../syntax/vocabulary.ts';

const LEVELS: Readonly<Record<BinaryOperator, number>> = {
  '..': 1, or: 2, and: 3, '==': 4, '!=': 4, '<': 5, '<=': 5, '>': 5, '>=': 5, '+': 6, '-': 6, '*': 7, '/': 7, '%': 7,
};

/** The level of a binary operator token, undefined for any other text. */
export const PRECEDENCE: Readonly<Record<string, number>> = LEVELS;
