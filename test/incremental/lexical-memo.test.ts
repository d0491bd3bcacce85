// The lexer's memo (LexicalMemo) must give, after any edit, exactly the errors
// a fresh lexer gives (codes, messages, offsets, order), while lexing only
// around the edit. The edits splice in what changes the lexer's state far
// ahead: quotes, triple quotes, comment openers and closers, f-string braces,
// stray characters, malformed numbers, newlines, into real programs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { globbySync } from 'globby';
import { lexicalErrors, LexicalMemo } from '../../src/analysis/diagnostics/lexical.ts';
import { repoRoot, sharedCorpusDir } from '../support/paths.ts';
import { mulberry32 } from '../support/random.ts';

const programsIn = (dir: string) => globbySync('**/*.yx', { cwd: dir }).sort().map((file) => readFileSync(path.join(dir, file), 'utf8'));
const sources = [...(sharedCorpusDir ? programsIn(sharedCorpusDir) : []), ...programsIn(path.join(repoRoot, 'test/differential/programs'))];

const FRAGMENTS = ['"', '"""', '/*', '*/', '//', 'f"{', '}', '{', "'", "''", '爻', '😀', '0x', '0b2', '1_', '1__0', '.5e', '\\q', '"\\u{110000}"', '&&', '||', '\n', '\n\n', 'x = "a\n', '/* /* */', 'f"a{b}"', '99999999999999999999999999999999999999999'];

function randomEdit(text: string, next: () => number): string {
  const at = Math.floor(next() * (text.length + 1));
  const kind = next();
  if (kind < 0.45) return text.slice(0, at) + FRAGMENTS[Math.floor(next() * FRAGMENTS.length)] + text.slice(at);
  if (kind < 0.7) return text.slice(0, at) + text.slice(Math.min(text.length, at + 1 + Math.floor(next() * 40)));
  if (kind < 0.85) {
    // A line of the file copied elsewhere.
    const from = Math.floor(next() * text.length);
    const lineStart = text.lastIndexOf('\n', from) + 1;
    const lineEnd = text.indexOf('\n', from);
    return text.slice(0, at) + text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd + 1) + text.slice(at);
  }
  // A keystroke typed and nothing else.
  return text.slice(0, at) + 'a' + text.slice(at);
}

describe('LexicalMemo', () => {
  it('gives a fresh lexer\'s errors after each of 3,000 random edits', () => {
    const next = mulberry32(38);
    let withErrors = 0;
    for (let round = 0; round < 100; round++) {
      // Several programs in one text: edits far from each other's errors.
      let text = Array.from({ length: 4 }, () => sources[Math.floor(next() * sources.length)]!).join('\n');
      const memo = new LexicalMemo();
      for (let i = 0; i < 30; i++) {
        if (i > 0) text = randomEdit(text, next);
        const expected = lexicalErrors(text);
        if (expected.length > 0) withErrors++;
        assert.deepEqual(memo.errors(text), expected, `round ${round}, edit ${i}`);
      }
    }
    assert.ok(withErrors > 500, `edits gave lexical errors (${withErrors})`);
  });

  it('lexes only around an edit of a large file, and moves the errors after it', () => {
    const line = 'x = 1 // a line of code\n';
    const body = line.repeat(20_000);
    const text = `${body}y = 爻\nz = "open\n${body}`;
    const memo = new LexicalMemo();
    assert.deepEqual(memo.errors(text), lexicalErrors(text));
    assert.equal(memo.lexed, text.length);
    const edited = `${line}${text}`;
    const errors = memo.errors(edited);
    assert.deepEqual(errors, lexicalErrors(edited));
    assert.ok(memo.lexed < 2_000, `lexed ${memo.lexed} of ${edited.length} code units`);
    assert.deepEqual(errors.map((e) => e.code), ['E0001', 'E0012']);
  });

  it('lexes again past an error whose message names its line, when lines move', () => {
    const text = `a = 1\n${'b = 2\n'.repeat(200)}s = "open\n${'c = 3\n'.repeat(200)}`;
    const memo = new LexicalMemo();
    memo.errors(text);
    const edited = `\n${text}`;
    assert.deepEqual(memo.errors(edited), lexicalErrors(edited));
    // (After the opening quote, where the reference began reading the text.)
    assert.match(memo.errors(edited)[0]!.message, /at 203:6/);
  });
});
