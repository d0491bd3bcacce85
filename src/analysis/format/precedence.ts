// Binding strength of the binary operators, as the printer groups them: a
// left-leaning chain of one level breaks as one (`a⏎+ b⏎- c`).
export const PRECEDENCE: Readonly<Record<string, number>> = {
  '..': 1, or: 2, and: 3, '==': 4, '!=': 4, '<': 5, '<=': 5, '>': 5, '>=': 5, '+': 6, '-': 6, '*': 7, '/': 7, '%': 7,
};
