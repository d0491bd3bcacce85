// The codes nearest to one that does not exist, for "did you mean" lists.

/**
 * Normalises what a person types for a code: surrounding space is ignored,
 * case does not matter, and a number of up to four digits is zero-padded,
 * meaning an E code unless it carries a `W` (`10` and `e10` are `E0010`,
 * `w1001` is `W1001`). Returns undefined for anything else.
 */
export function normalizeCode(input: string): string | undefined {
  const match = /^([EW]?)(\d{1,4})$/.exec(input.trim().toUpperCase());
  if (!match) return undefined;
  return (match[1] || 'E') + match[2]!.padStart(4, '0');
}

/**
 * Up to `limit` known codes near `input`, best first:
 * 1. codes one edit away (a changed, added, dropped or swapped character) from
 *    the normalised input, those with the input's letter first, then by how
 *    close their numbers are;
 * 2. then the codes with the same letter, by numeric distance.
 * Input that does not look like a code gets the codes at most two edits away
 * from its upper-cased text, by distance.
 */
export function nearestCodes(input: string, codes: readonly string[], limit = 5): string[] {
  const text = input.trim().toUpperCase();
  const shaped = /^([EW]?)(\d+)$/.exec(text);
  if (!shaped) {
    return codes
      .map((code) => ({ code, distance: editDistance(text, code) }))
      .filter((c) => c.distance <= 2)
      .sort((a, b) => a.distance - b.distance || compare(a.code, b.code))
      .slice(0, limit)
      .map((c) => c.code);
  }
  const letter = shaped[1] || 'E';
  const digits = shaped[2]!;
  const canonical = letter + (digits.length < 4 ? digits.padStart(4, '0') : digits);
  const number = Number(digits);
  const byCloseness = (a: string, b: string) =>
    Number(b[0] === letter) - Number(a[0] === letter) ||
    Math.abs(Number(a.slice(1)) - number) - Math.abs(Number(b.slice(1)) - number) ||
    compare(a, b);
  const typos = codes.filter((code) => editDistance(canonical, code) === 1).sort(byCloseness);
  const sameLetter = codes.filter((code) => code[0] === letter).sort(byCloseness);
  return [...new Set([...typos, ...sameLetter])].filter((code) => code !== canonical).slice(0, limit);
}

/** Optimal-string-alignment distance: Levenshtein plus adjacent transpositions. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  const at = (i: number, j: number) => d[i * cols + j]!;
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      d[i * cols + j] = best;
    }
  }
  return at(a.length, b.length);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
