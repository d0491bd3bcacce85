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

// The hover markdown on `distance` in test/lsp/fixture/main.yx (line 8): its type, its declaration, its doc comment, its kind.
export const HOVER_DISTANCE: string = [
  '```yaoxiang', 'distance: fn(&Point, &Point) -> float64', '```', '',
  '```yaoxiang', 'pub distance: (a: &Point, b: &Point) -> Float', '```', '',
  'Euclidean distance.', '', '*function in geometry.yx*',
].join('\n');

/** The one error of test/lsp/fixture/main.yx (line 11), as the server words it. */
export const IMMUTABLE_COUNT_MESSAGE = "Cannot assign to immutable variable 'count'\nhelp: Use 'mut' to declare a mutable variable";
