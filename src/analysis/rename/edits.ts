// Applying span edits to a text, and turning them into 1-based ranges.
import type { LineIndex } from '../../syntax/positions.ts';
import type { Span } from '../model/types.ts';
import type { SpanEdit, TextEdit } from './types.ts';

/** One edit per distinct span, in text order. */
export function spanEdits(spans: readonly Span[], newText: string): SpanEdit[] {
  const seen = new Set<number>();
  const edits: SpanEdit[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (seen.has(span.start)) continue;
    seen.add(span.start);
    edits.push({ start: span.start, end: span.end, newText });
  }
  return edits;
}

/** `edits` sorted and not overlapping. */
export function applyEdits(text: string, edits: readonly SpanEdit[]): string {
  let result = '';
  let at = 0;
  for (const edit of edits) {
    result += text.slice(at, edit.start) + edit.newText;
    at = edit.end;
  }
  return result + text.slice(at);
}

/** Where an offset of the old text ends up in the edited one (offsets inside an edit map to its start). */
export function offsetMapper(edits: readonly SpanEdit[]): (offset: number) => number {
  return (offset) => {
    let delta = 0;
    for (const edit of edits) {
      if (edit.end <= offset) delta += edit.newText.length - (edit.end - edit.start);
      else if (edit.start <= offset) return edit.start + delta;
      else break;
    }
    return offset + delta;
  };
}

export function textEdits(lines: LineIndex, edits: readonly SpanEdit[]): TextEdit[] {
  return edits.map((e) => ({ range: lines.humanRange(e.start, e.end), newText: e.newText }));
}
