// How a `didChange` batch turns into edits, exactly as LSP and the reference
// TextDocument read it: changes apply in order, each to the text the previous
// one left; a change without a range replaces the whole text; a range's ends
// are clamped into the text (lines past the end mean the end, characters past a
// line's end mean that end, never a point inside its line break) and a
// reversed range is read end first. Positions counted in UTF-8 (when that
// encoding was negotiated) are turned into UTF-16 on the line they name first.
import { TextDocument, type Range } from 'vscode-languageserver-textdocument';
import type { Position, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import type { TextChange } from '../ide/index.ts';
import { utf16Column, type Encoding } from './convert.ts';

/** What a batch did: the new text, and the edits of the old tree (none when it must be parsed afresh). */
export interface AppliedChanges {
  document: TextDocument;
  /** UTF-16 offsets, each against the text the previous edit left; meaningful only when `replaced` is false. */
  edits: TextChange[];
  /** Some change replaced the whole text: the tree cannot be edited, only rebuilt. */
  replaced: boolean;
}

export function applyContentChanges(document: TextDocument, changes: readonly TextDocumentContentChangeEvent[], version: number, encoding: Encoding): AppliedChanges {
  const edits: TextChange[] = [];
  let replaced = false;
  for (const change of changes) {
    if (!('range' in change) || change.range === undefined) {
      TextDocument.update(document, [{ text: change.text }], version);
      replaced = true;
      edits.length = 0;
      continue;
    }
    const range = wellFormed(inUtf16(document, change.range, encoding));
    // The offsets TextDocument itself will use, so that the tree's edit and the text cannot disagree.
    const start = document.offsetAt(range.start);
    const end = document.offsetAt(range.end);
    TextDocument.update(document, [{ range, text: change.text }], version);
    if (!replaced) edits.push({ start, end, text: change.text });
  }
  // A batch of no changes still moves the version on.
  if (changes.length === 0) TextDocument.update(document, [], version);
  return { document, edits, replaced };
}

function wellFormed(range: Range): Range {
  const { start, end } = range;
  const reversed = start.line > end.line || (start.line === end.line && start.character > end.character);
  return reversed ? { start: end, end: start } : range;
}

function inUtf16(document: TextDocument, range: Range, encoding: Encoding): Range {
  if (encoding === 'utf-16') return range;
  return { start: utf8ToUtf16(document, range.start), end: utf8ToUtf16(document, range.end) };
}

function utf8ToUtf16(document: TextDocument, position: Position): Position {
  if (position.line < 0 || position.line >= document.lineCount || position.character <= 0) return position;
  const line = document.getText({ start: { line: position.line, character: 0 }, end: { line: position.line, character: Number.MAX_SAFE_INTEGER } });
  return { line: position.line, character: utf16Column(line, position.character) };
}
