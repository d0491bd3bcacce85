// A request worker's edits heard while busy: many didChange batches become one,
// at the latest version, that gives the same text (and tree) as applying each.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createParser } from '../../src/ide/index.ts';
import { DocumentStore } from '../../src/lsp/documents.ts';
import { CoalescedEdits } from '../../src/lsp/threads/coalesced-edits.ts';

const uri = 'file:///project/a.yx';
const at = (line: number, character: number) => ({ line, character });
const KEYSTROKES = [
  { version: 2, changes: [{ range: { start: at(0, 4), end: at(0, 4) }, text: '1' }] },
  { version: 3, changes: [{ range: { start: at(0, 5), end: at(0, 5) }, text: '2' }, { range: { start: at(1, 0), end: at(1, 0) }, text: 'y = 3\n' }] },
  { version: 4, changes: [{ range: { start: at(0, 0), end: at(0, 1) }, text: 'z' }] },
];

describe('CoalescedEdits', () => {
  it('turns many batches into one at the latest version, with the text each in turn gives', async () => {
    const parser = await createParser();
    const oneByOne = new DocumentStore(parser, 'utf-16');
    const coalesced = new DocumentStore(parser, 'utf-16');
    for (const store of [oneByOne, coalesced]) store.open(uri, 'yaoxiang', 1, 'x = \nmain = { }\n');
    const edits = new CoalescedEdits();
    for (const keystroke of KEYSTROKES) {
      oneByOne.change(uri, keystroke.version, keystroke.changes);
      edits.add(uri, keystroke.version, keystroke.changes);
    }
    const taken = edits.take();
    assert.equal(taken.length, 1);
    const [takenUri, pending] = taken[0]!;
    assert.equal(takenUri, uri);
    assert.equal(pending.version, 4);
    const document = coalesced.change(uri, pending.version, pending.changes)!;
    assert.equal(document.text.getText(), 'z = 12\ny = 3\nmain = { }\n');
    assert.equal(document.text.getText(), oneByOne.get(uri)!.text.getText());
    assert.equal(document.syntax.tree.rootNode.toString(), oneByOne.get(uri)!.syntax.tree.rootNode.toString());
    assert.deepEqual(edits.take(), [], 'taken out');
    oneByOne.dispose();
    coalesced.dispose();
  });

  it('forgets the edits of a document opened afresh or closed', () => {
    const edits = new CoalescedEdits();
    edits.add(uri, 2, KEYSTROKES[0]!.changes);
    edits.add('file:///project/b.yx', 5, KEYSTROKES[2]!.changes);
    edits.drop(uri);
    assert.deepEqual(edits.take().map(([taken]) => taken), ['file:///project/b.yx']);
  });
});
