// What test/lsp/fixture/messy.yx becomes when formatted with a tab size of 2 (a blank line ends the import header).
export const FORMATTED_MESSY: readonly string[] = [
  'use std.io',
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

/** The inlay hints of test/lsp/fixture/main.yx: [line, UTF-16 character, label, kind (1 type, 2 parameter)]. */
export const INLAY_HINTS_MAIN: ReadonlyArray<readonly [number, number, string, number]> = [
  [5, 12, ': string', 1], [5, 25, ': Point', 1], [6, 5, ': Point', 1], [6, 14, 'x:', 2], [6, 19, 'y:', 2],
  [7, 5, ': float64', 1], [7, 17, 'a:', 2], [7, 21, 'b:', 2], [8, 9, ': int64', 1],
];

/** The first semantic tokens of test/lsp/fixture/geometry.yx (an ASCII file), `line:character+length type/modifiers`. */
export const SEMANTIC_TOKENS_GEOMETRY_HEAD: readonly string[] = [
  '0:0+24 comment/0', '1:0+3 keyword/0', '1:4+3 namespace/0', '1:8+4 namespace/0', '1:14+4 function/3',
  '3:0+24 comment/0', '4:0+3 keyword/0', '4:4+5 struct/3', '4:11+4 keyword/0', '4:20+1 property/3', '4:23+5 type/0', '4:30+1 property/3',
];

/** The folding ranges of test/lsp/fixture/geometry.yx, [start line, end line]: the two function bodies. */
export const FOLDS_GEOMETRY: ReadonlyArray<readonly [number, number]> = [[7, 10], [13, 17]];

/**
 * A UTF-16 column of `line` in the unit an editor counts in: UTF-8 bytes
 * (Neovim) or characters (Emacs), to compare what a client shows with what
 * the server sent.
 */
export function columnIn(unit: 'byte' | 'character', line: string, utf16: number): number {
  const before = line.slice(0, utf16);
  return unit === 'byte' ? Buffer.byteLength(before, 'utf8') : [...before].length;
}
