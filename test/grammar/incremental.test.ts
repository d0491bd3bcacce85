// Random edits to real programs: editing the old tree and reparsing must give
// exactly the tree a fresh parse gives (structure, anonymous nodes, positions),
// whether the edit leaves the file valid or broken. The edits are seeded, so a
// failure replays; its message names the edit.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, it } from 'node:test';
import { parseOrThrow, reparseChanged, SyntaxDocument } from '../../src/syntax/document.ts';
import { toSExpression } from '../../src/syntax/inspect.ts';
import { createParser } from '../../src/syntax/language.ts';
import { listYxFiles } from '../support/files.ts';
import { examplesDir, repoRoot, sharedCorpusDir } from '../support/paths.ts';
import { mulberry32 } from '../support/random.ts';

const EDITS_PER_FILE = 30;
// What an editor inserts: tokens, half-typed code, line breaks, non-ASCII text.
const FRAGMENTS = [
  ' ', '\n', '(', ')', '{', '}', '[', ']', '.', ',', ':', '=', '=>', '->', '+', '-', '?', '"', "'",
  'x', 'foo', 'if ', 'else', 'match ', 'for i in xs ', 'return ', 'mut ', 'pub ', 'Type',
  '1', '3.14', '0xFF', '"text"', 'f"{a}"', '// note\n', '/* c */', '\n    .len()', '(a, b) => a + b',
  'x: Int = 1\n', '名字', '😀', 'é',
];

const files = [...listYxFiles(examplesDir), ...(sharedCorpusDir ? listYxFiles(sharedCorpusDir) : [])];

describe('incremental reparse equals a fresh parse', async () => {
  const parser = await createParser();
  const random = mulberry32(0x5eed);
  let broken = 0;

  it('has real programs to edit', () => assert.ok(files.length >= 3));

  for (const file of files) {
    it(relative(repoRoot, file), () => {
      const original = readFileSync(file, 'utf8');
      // Half the edits apply to the pristine file (one keystroke away from valid
      // code), half accumulate, as in a real editing session.
      const session = new SyntaxDocument(parser, original);
      try {
        for (let i = 0; i < EDITS_PER_FILE; i++) {
          const accumulate = i % 2 === 1;
          const document = accumulate ? session : new SyntaxDocument(parser, original);
          try {
            const change = randomChange(document.text, random);
            document.update([change]);
            const fresh = parseOrThrow(parser, document.text);
            try {
              const incremental = toSExpression(document.tree, document.text, { all: true });
              const expected = toSExpression(fresh, document.text, { all: true });
              const message = `edit ${i}: replace [${change.start}, ${change.end}) with ${JSON.stringify(change.text)}`;
              if (fresh.rootNode.hasError) broken++;
              assert.equal(incremental, expected, message);
            } finally {
              fresh.delete();
            }
          } finally {
            if (!accumulate) document.dispose();
          }
        }
      } finally {
        session.dispose();
      }
    });
  }

  it('exercised error recovery as well as valid edits', (t) => {
    t.diagnostic(`${broken} of the edits left the file with a syntax error`);
    // At least a tenth of all edits, whether the corpus is there or only the examples.
    assert.ok(broken >= (files.length * EDITS_PER_FILE) / 10, `${broken} broken edits of ${files.length * EDITS_PER_FILE}`);
  });
});

describe('reparseChanged: several changes at once, the old tree kept', async () => {
  const parser = await createParser();
  const random = mulberry32(0xabc);
  for (const file of files) {
    it(relative(repoRoot, file), () => {
      const original = readFileSync(file, 'utf8');
      const old = parseOrThrow(parser, original);
      const before = toSExpression(old, original, { all: true });
      try {
        for (let round = 0; round < 5; round++) {
          // Up to five changes of the original text, sorted and apart, as a rename makes them.
          const changes: Array<ReturnType<typeof randomChange>> = [];
          for (const change of Array.from({ length: 1 + Math.floor(random() * 5) }, () => randomChange(original, random)).sort((a, b) => a.start - b.start)) {
            if (changes.length === 0 || change.start >= changes[changes.length - 1]!.end) changes.push(change);
          }
          let text = original;
          for (const change of [...changes].reverse()) text = text.slice(0, change.start) + change.text + text.slice(change.end);
          const reparsed = reparseChanged(parser, old, original, changes);
          const fresh = parseOrThrow(parser, text);
          try {
            assert.equal(toSExpression(reparsed, text, { all: true }), toSExpression(fresh, text, { all: true }), JSON.stringify(changes));
          } finally {
            reparsed.delete();
            fresh.delete();
          }
        }
        assert.equal(toSExpression(old, original, { all: true }), before, 'the old tree is unchanged');
      } finally {
        old.delete();
      }
    });
  }
});

function randomChange(text: string, random: () => number): { start: number; end: number; text: string } {
  const kind = random();
  let start = Math.floor(random() * (text.length + 1));
  let end = kind < 0.33 ? start : start + Math.floor(random() * Math.min(40, text.length - start + 1));
  const inserted = kind >= 0.33 && kind < 0.66 ? '' : FRAGMENTS[Math.floor(random() * FRAGMENTS.length)]!;
  // Editors edit whole characters: never split a surrogate pair.
  if (isLowSurrogate(text, start)) start--;
  if (isLowSurrogate(text, end)) end++;
  return { start, end: Math.max(start, end), text: inserted };
}

function isLowSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff;
}
