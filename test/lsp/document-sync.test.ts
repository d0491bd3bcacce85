// Document synchronisation against the reference text: every didChange batch
// (full replacements and ranged edits mixed, reversed and out-of-range ranges,
// UTF-16 surrogate pairs, CRLF and lone CR line breaks) must leave the open
// document, and the tree the analysis sees, exactly as vscode-languageserver-
// textdocument's own TextDocument.update leaves its copy.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent, TextEdit } from 'vscode-languageserver-protocol';
import type { Parser } from 'web-tree-sitter';
import { DocumentStore } from '../../src/lsp/documents.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { copyFixture, startClient } from '../support/lsp-client.ts';
import { repoRoot } from '../support/paths.ts';
import { mulberry32 } from '../support/random.ts';

const URI = 'file:///fuzz/main.yx';
const SEQUENCES = 10_000;
// Pieces chosen to land positions inside surrogate pairs and between \r and \n.
const PIECES = ['a', 'x = 1', ' ', '\n', '\r\n', '\r', '😀', '爻', '{', '}', '(', ')', '"', '// c', 'total', '𝒳y'];

type Random = () => number;

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function integer(random: Random, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

function randomText(random: Random): string {
  let text = '';
  for (let i = integer(random, 0, 12); i > 0; i--) text += pick(random, PIECES);
  return text;
}

/** Anywhere, and a little beyond: negative and past-the-end lines and characters included. */
function randomPosition(random: Random, document: TextDocument): { line: number; character: number } {
  const line = integer(random, -1, document.lineCount);
  const length = document.getText({ start: { line, character: 0 }, end: { line, character: Number.MAX_SAFE_INTEGER } }).length;
  return { line, character: integer(random, -1, length + 2) };
}

function randomChange(random: Random, current: TextDocument): TextDocumentContentChangeEvent {
  if (random() < 0.15) return { text: randomText(random) };
  // Two independent ends: about half of the ranges come reversed.
  const range = { start: randomPosition(random, current), end: randomPosition(random, current) };
  const text = random() < 0.3 ? '' : randomText(random);
  return random() < 0.2 ? { range, rangeLength: integer(random, 0, 5), text } : { range, text };
}

describe('document sync: didChange batches against the reference TextDocument', () => {
  let parser: Parser;
  before(async () => {
    parser = await createParser();
  });
  after(() => parser.delete());

  it('a full replacement followed by an edit applies both, in order (issue 22 item 4)', () => {
    const store = new DocumentStore(parser, 'utf-16');
    store.open(URI, 'yaoxiang', 1, 'old = 2\nstale = 3\n');
    const document = store.change(URI, 2, [{ text: 'fresh = 1\n' }, { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '// c\n' }]);
    assert.equal(document?.text.getText(), '// c\nfresh = 1\n');
    assert.equal(document?.syntax?.text, '// c\nfresh = 1\n');
    assert.equal(document?.syntax?.version, 2);
    store.dispose();
  });

  it('a reversed range is read end first, in the text and in the tree alike', () => {
    const store = new DocumentStore(parser, 'utf-16');
    store.open(URI, 'yaoxiang', 1, 'abc = 1\n');
    const document = store.change(URI, 2, [{ range: { start: { line: 0, character: 3 }, end: { line: 0, character: 0 } }, text: 'x' }]);
    assert.equal(document?.text.getText(), 'x = 1\n');
    assert.equal(document?.syntax?.text, 'x = 1\n');
    store.dispose();
  });

  it('UTF-8 positions (when negotiated) name the same places as their UTF-16 counterparts', () => {
    const store = new DocumentStore(parser, 'utf-8');
    store.open(URI, 'yaoxiang', 1, '爻😀 = 1\r\nb = 2\n');
    // Byte 7 is after 爻 (3 bytes) and 😀 (4 bytes); byte 5 lies inside 😀 and moves past it; 99 is past the line's end.
    const document = store.change(URI, 2, [
      { range: { start: { line: 0, character: 7 }, end: { line: 0, character: 7 } }, text: 'x' },
      { range: { start: { line: 0, character: 5 }, end: { line: 0, character: 5 } }, text: 'y' },
      { range: { start: { line: 0, character: 99 }, end: { line: 1, character: 0 } }, text: ';' },
    ]);
    assert.equal(document?.text.getText(), '爻😀yx = 1;b = 2\n');
    assert.equal(document?.syntax?.text, document?.text.getText());
    store.dispose();
  });

  it(`${SEQUENCES} random mixed sequences: the server's text equals the reference after every batch, and its tree is the fresh parse`, () => {
    const random = mulberry32(22_4);
    const store = new DocumentStore(parser, 'utf-16');
    let batches = 0;
    for (let sequence = 0; sequence < SEQUENCES; sequence++) {
      const initial = randomText(random);
      const reference = TextDocument.create(URI, 'yaoxiang', 0, initial);
      store.open(URI, 'yaoxiang', 0, initial);
      for (let version = 1, n = integer(random, 1, 4); version <= n; version++) {
        // Each change is drawn against the text the previous ones leave, as a client sends them.
        const scratch = TextDocument.create(URI, 'yaoxiang', 0, reference.getText());
        const changes: TextDocumentContentChangeEvent[] = [];
        for (let k = integer(random, 1, 4); k > 0; k--) {
          const change = randomChange(random, scratch);
          changes.push(change);
          TextDocument.update(scratch, [change], 0);
        }
        TextDocument.update(reference, changes, version);
        const document = store.change(URI, version, changes)!;
        batches++;
        const context = `sequence ${sequence}, version ${version}: ${JSON.stringify({ initial, changes })}`;
        assert.equal(document.text.getText(), reference.getText(), context);
        assert.equal(document.syntax?.text, reference.getText(), context);
        assert.equal(document.text.version, version, context);
      }
      const document = store.get(URI)!;
      const fresh = parseOrThrow(parser, reference.getText());
      assert.equal(document.syntax?.tree.rootNode.toString(), fresh.rootNode.toString(), `sequence ${sequence}: the incrementally edited tree`);
      fresh.delete();
    }
    store.dispose();
    assert.ok(batches > SEQUENCES, `${batches} batches`);
  });
});

describe('document sync through the real server', () => {
  it('formatting after a full-then-incremental didChange edits the text the client has, not a stale one', async () => {
    const dir = copyFixture(join(repoRoot, 'test', 'lsp', 'fixture'));
    const client = await startClient(dir);
    try {
      const uri = client.uri('messy.yx');
      const before = readFileSync(join(dir, 'messy.yx'), 'utf8');
      await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaoxiang', version: 1, text: before } });
      const changes = [{ text: 'fresh   =   1\n' }, { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '// c\n' }];
      await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: changes });
      const edits = await client.connection.sendRequest<TextEdit[] | null>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
      const inEditor = TextDocument.create(uri, 'yaoxiang', 2, '// c\nfresh   =   1\n');
      assert.equal(TextDocument.applyEdits(inEditor, edits ?? []), '// c\nfresh = 1\n');
      assert.equal(await client.stop(), 0);
    } finally {
      client.child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
