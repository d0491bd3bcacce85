// Unified hunks between a file and its formatted text, from the `diff` package;
// one hunk over the whole changed run when the texts differ too much for it
// (../line-diff.ts).
import { formatPatch, structuredPatch, type StructuredPatch, type StructuredPatchHunk } from 'diff';
import { MAX_EDIT_LENGTH, oneRun, type OneRun } from '../line-diff.ts';

export interface Hunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: string[];
}

const CONTEXT = 3;

export function formatDiff(before: string, after: string, fileName = 'source.yx'): Hunk[] {
  return patchOf(fileName, fileName, before, after).hunks.map((hunk) => ({
    oldStart: hunk.oldStart,
    oldLines: hunk.oldLines,
    newStart: hunk.newStart,
    newLines: hunk.newLines,
    lines: hunk.lines,
  }));
}

/** `--- a/file` / `+++ b/file` text, as `git diff` shows it; empty when nothing changes. */
export function unifiedDiff(before: string, after: string, fileName: string): string {
  if (before === after) return '';
  // An absolute path gets no a/ b/ prefix, which would make it relative.
  const [oldName, newName] = fileName.startsWith('/') ? [fileName, fileName] : [`a/${fileName}`, `b/${fileName}`];
  // The package opens with a line of `=`, which `git apply` and `patch` do not expect.
  return formatPatch(patchOf(oldName, newName, before, after)).replace(/^=+\n/, '');
}

function patchOf(oldName: string, newName: string, before: string, after: string): StructuredPatch {
  const exact = structuredPatch(oldName, newName, before, after, '', '', { context: CONTEXT, maxEditLength: MAX_EDIT_LENGTH });
  if (exact) return exact;
  return { oldFileName: oldName, newFileName: newName, oldHeader: '', newHeader: '', hunks: [oneHunk(oneRun(before, after))] };
}

/** The hunk the package would make of a single changed run. */
function oneHunk({ head, removed, added, tail }: OneRun): StructuredPatchHunk {
  const above = head.slice(head.length - Math.min(CONTEXT, head.length));
  const below = tail.slice(0, CONTEXT);
  const marked = [...above.map((l) => ' ' + l), ...removed.map((l) => '-' + l), ...added.map((l) => '+' + l), ...below.map((l) => ' ' + l)];
  const lines: string[] = [];
  for (const line of marked) {
    if (line.endsWith('\n')) lines.push(line.slice(0, -1));
    else lines.push(line, '\\ No newline at end of file');
  }
  const start = head.length - above.length + 1;
  return { oldStart: start, oldLines: above.length + removed.length + below.length, newStart: start, newLines: above.length + added.length + below.length, lines };
}
