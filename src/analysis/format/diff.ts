// Unified hunks between a file and its formatted text, from the `diff` package.
import { createTwoFilesPatch, structuredPatch } from 'diff';

export interface Hunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: string[];
}

export function formatDiff(before: string, after: string, fileName = 'source.yx'): Hunk[] {
  return structuredPatch(fileName, fileName, before, after, '', '', { context: 3 }).hunks.map((hunk) => ({
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
  const patch = createTwoFilesPatch(oldName, newName, before, after, '', '', { context: 3 });
  // The package opens with a line of `=`, which `git apply` and `patch` do not expect.
  return patch.replace(/^=+\n/, '');
}
