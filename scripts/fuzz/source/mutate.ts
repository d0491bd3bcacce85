// Source inputs for the `source` target: real programs mutated span by span,
// two programs spliced, token soup and raw characters. Positions are plain
// naturals taken modulo the text's length, so fast-check shrinks them (and the
// list of mutations) toward the unmutated seed.
import fc from 'fast-check';

/** The largest generated source; bigger inputs only slow the run down (size is the adversarial test's job). */
export const MAX_SOURCE_CHARS = 64 * 1024;

/** Words and punctuation of YaoXiang, plus the characters that trouble scanners. */
export const TOKENS: readonly string[] = [
  // keywords and keyword-like names
  'pub', 'use', 'spawn', 'ref', 'mut', 'if', 'else', 'match', 'while', 'for', 'in', 'return', 'break', 'continue',
  'as', 'unsafe', 'and', 'or', 'not', 'true', 'false', 'void', 'Type', 'Int', 'Float', 'String', 'Bool', 'List', 'Option',
  'std', 'io', 'println', 'self', '_',
  // brackets, operators, separators
  '(', ')', '[', ']', '{', '}', '=>', '->', ':', '::', '=', '==', '!=', '<', '<=', '>', '>=', '+', '-', '*', '/', '%',
  '!', '&', '&mut', '|', '|>', '.', '..', '...', ',', ';', '?', '@', '\\',
  // literals, quotes and strings
  '0', '1', '-1', '42', '0x1F', '0o17', '0b101', '1_000', '1.5', '1e10', '2.5e-3', '"', "'", '"""', 'f"', '"a"', "'c'",
  'f"{x}"', 'f"a {b + 1} c"', '"\\n"', '"\\u{1F600}"', '"""multi\nline"""',
  // comments
  '//', '// note\n', '/*', '*/', '/* block */', '/* /* nested */ */',
  // whitespace and line ends
  ' ', '  ', '    ', '\t', '\n', '\n\n', '\r\n', '\r', '\u00a0', '\u2028', '\f', '\v',
  // non-ASCII, invisible, broken UTF-16
  '爻象', 'é', 'ß', '😀', '\u{1F600}', '\u0301', '\u200b', '\ufeff', '\u0000', '\ud800', '\udc00', '\udbff\udfff',
];

const IDENTIFIERS = ['x', 'y', 'f', 'main', 'count', 'total', 'Point', 'p', 'xs', 'n', 'a', 'b', 'value', 'utils'];

export type Mutation =
  | { op: 'delete'; at: number; length: number }
  | { op: 'duplicate'; at: number; length: number; times: number }
  | { op: 'swap'; at: number; length: number; other: number }
  | { op: 'insert'; at: number; token: string }
  | { op: 'replace'; at: number; length: number; token: string }
  | { op: 'splice'; at: number; other: number; from: number; length: number }
  | { op: 'truncate'; at: number };

const position = fc.nat();
const spanLength = fc.nat({ max: 400 });
const token = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...TOKENS) }, { weight: 1, arbitrary: fc.constantFrom(...IDENTIFIERS) });

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('delete' as const), at: position, length: spanLength }),
  fc.record({ op: fc.constant('duplicate' as const), at: position, length: spanLength, times: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ op: fc.constant('swap' as const), at: position, length: spanLength, other: position }),
  { weight: 3, arbitrary: fc.record({ op: fc.constant('insert' as const), at: position, token }) },
  fc.record({ op: fc.constant('replace' as const), at: position, length: fc.nat({ max: 8 }), token }),
  fc.record({ op: fc.constant('splice' as const), at: position, other: position, from: position, length: fc.nat({ max: 2000 }) }),
  fc.record({ op: fc.constant('truncate' as const), at: position }),
);

/** One mutation applied to `text`; `seeds` is where `splice` takes its other program from. */
export function applyMutation(text: string, m: Mutation, seeds: readonly string[]): string {
  const at = text.length === 0 ? 0 : m.at % (text.length + 1);
  switch (m.op) {
    case 'delete':
      return text.slice(0, at) + text.slice(at + m.length);
    case 'duplicate': {
      const span = text.slice(at, at + m.length);
      return text.slice(0, at) + span.repeat(m.times + 1) + text.slice(at + m.length);
    }
    case 'swap': {
      const a = text.slice(at, at + m.length);
      const without = text.slice(0, at) + text.slice(at + m.length);
      const to = without.length === 0 ? 0 : m.other % (without.length + 1);
      return without.slice(0, to) + a + without.slice(to);
    }
    case 'insert':
      return text.slice(0, at) + m.token + text.slice(at);
    case 'replace':
      return text.slice(0, at) + m.token + text.slice(at + m.length);
    case 'splice': {
      const donor = seeds.length === 0 ? '' : seeds[m.other % seeds.length]!;
      const from = donor.length === 0 ? 0 : m.from % donor.length;
      return text.slice(0, at) + donor.slice(from, from + m.length) + text.slice(at);
    }
    case 'truncate':
      return text.slice(0, at);
  }
}

export function mutateSource(seed: string, mutations: readonly Mutation[], seeds: readonly string[]): string {
  let text = seed;
  for (const m of mutations) {
    text = applyMutation(text, m, seeds);
    if (text.length > MAX_SOURCE_CHARS) text = text.slice(0, MAX_SOURCE_CHARS);
  }
  return text;
}

/** Every kind of source input, mostly mutated seeds. */
export function sourceInput(seeds: readonly string[]): fc.Arbitrary<string> {
  const pool = seeds.length > 0 ? seeds : ['x = 1\n'];
  const mutated = fc
    .record({ seed: fc.nat({ max: pool.length - 1 }), mutations: fc.array(mutation, { minLength: 1, maxLength: 12 }) })
    .map(({ seed, mutations }) => mutateSource(pool[seed]!, mutations, pool));
  const soup = fc
    .array(fc.tuple(token, fc.constantFrom('', ' ', '\n')), { maxLength: 400 })
    .map((parts) => parts.map(([t, sep]) => t + sep).join(''));
  const chars = fc.string({ unit: 'binary', maxLength: 2000 });
  return fc.oneof({ weight: 12, arbitrary: mutated }, { weight: 2, arbitrary: soup }, { weight: 1, arbitrary: chars });
}
