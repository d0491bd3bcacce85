// Line diffs that stay affordable when two texts differ almost everywhere.
// The `diff` package's Myers diff costs about D² steps for D changed lines
// (plus the common runs it walks), so formatting a file never formatted
// before, where every line changes, took six minutes to diff at 1 MB. Past
// MAX_EDIT_LENGTH changed lines the package gives up (it returns undefined)
// and `oneRun` takes over: the texts differ in one run between their common
// first and last lines. That is exact when everything in between changed, and
// otherwise a larger change than needed, never a wrong one.

/** Changed lines (removed plus added) past which the diff gives up: about 4 million steps, a third of a second. */
export const MAX_EDIT_LENGTH = 2_000;

/** The lines of `text`, each with its `\n` (the last may have none), as the `diff` package splits them. */
function linesOf(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
    lines.push(text.slice(start, end + 1));
    start = end + 1;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

/** Two texts as common first lines, the lines only one of them has, and common last lines. */
export interface OneRun {
  head: string[];
  removed: string[];
  added: string[];
  tail: string[];
}

export function oneRun(before: string, after: string): OneRun {
  const a = linesOf(before);
  const b = linesOf(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return {
    head: a.slice(0, head),
    removed: a.slice(head, a.length - tail),
    added: b.slice(head, b.length - tail),
    tail: a.slice(a.length - tail),
  };
}
