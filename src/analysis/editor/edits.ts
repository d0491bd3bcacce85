// Text edits between two versions of a file: whole lines replaced, so an
// editor keeps its cursor and marks on the lines that did not change.
import { diffLines } from 'diff';
import { MAX_EDIT_LENGTH, oneRun } from '../line-diff.ts';
import type { Span } from '../model/types.ts';

/** Replace `[start, end)` (UTF-16 offsets into the old text) with `newText`. */
export interface SpanEdit extends Span {
  newText: string;
}

/**
 * The edits that turn `before` into `after`, one per changed run of lines.
 * With `within` (offsets into `before`), only the runs that touch it; none
 * when more than MAX_EDIT_LENGTH lines change (see ../line-diff.ts).
 */
export function lineEdits(before: string, after: string, within?: Span): SpanEdit[] {
  if (before === after) return [];
  const changes = diffLines(before, after, { maxEditLength: MAX_EDIT_LENGTH });
  // Too different to diff line by line: one edit over the whole changed run. A range
  // gets none, since that edit would change far more than the range.
  if (!changes) return within ? [] : [wholeRun(before, after)];
  const edits: SpanEdit[] = [];
  let offset = 0;
  let pending: SpanEdit | undefined;
  for (const part of changes) {
    if (part.added) {
      pending ??= { start: offset, end: offset, newText: '' };
      pending.newText += part.value;
    } else if (part.removed) {
      pending ??= { start: offset, end: offset, newText: '' };
      offset += part.value.length;
      pending.end = offset;
    } else {
      if (pending) edits.push(pending);
      pending = undefined;
      offset += part.value.length;
    }
  }
  if (pending) edits.push(pending);
  return onlyWithin(edits, within);
}

function onlyWithin(edits: SpanEdit[], within: Span | undefined): SpanEdit[] {
  if (!within) return edits;
  return edits.filter((e) => e.start <= within.end && within.start <= e.end);
}

/** One edit from the first changed line to the last, for texts too different to diff line by line. */
function wholeRun(before: string, after: string): SpanEdit {
  const { head, removed, added } = oneRun(before, after);
  const start = head.reduce((sum, line) => sum + line.length, 0);
  return { start, end: start + removed.reduce((sum, line) => sum + line.length, 0), newText: added.join('') };
}
