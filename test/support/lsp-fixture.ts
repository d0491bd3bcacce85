// What test/lsp/fixture/messy.yx becomes when formatted with a tab size of 2 (a blank line ends the import header).
export const FORMATTED_MESSY: readonly string[] = [
  'use std.io',
  '',
  'total = (a: Int, b: Int) => { return a + b }',
  '// Large numbers.',
  'numbers = [',
  ...['100000', '200000', '300000', '400000', '500000', '600000', '700000'].map((n) => `  ${n},`),
  ']',
];
