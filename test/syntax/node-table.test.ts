// The node table holds what the Node API says of every node, in document
// order, whichever way it was walked (straight through the WASM binding or
// through the public TreeCursor), on every example and corpus file and on
// broken input.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Node, Tree } from 'web-tree-sitter';
import { hasDirectSteps } from '../../src/syntax/cursor-steps.ts';
import { parseOrThrow, SyntaxDocument } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { NodeTable, nodeTableOf, releaseNodeTable } from '../../src/syntax/node-table.ts';
import { examplesDir, sharedCorpusDir } from '../support/paths.ts';

const parser = await createParser();

function yxFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yx')).map((f) => path.join(dir, f));
}

/** Every node in document order through the Node API, with its parent's position in that order. */
function nodesOf(tree: Tree): Array<{ node: Node; parent: number; field: string | null }> {
  const out: Array<{ node: Node; parent: number; field: string | null }> = [];
  const cursor = tree.walk();
  const open: number[] = [];
  let depth = 0;
  for (;;) {
    out.push({ node: cursor.currentNode, parent: depth === 0 ? -1 : open[depth - 1]!, field: cursor.currentFieldName });
    open[depth] = out.length - 1;
    if (cursor.gotoFirstChild()) {
      depth++;
      continue;
    }
    while (!cursor.gotoNextSibling()) {
      if (depth === 0 || !cursor.gotoParent()) {
        cursor.delete();
        return out;
      }
      depth--;
    }
  }
}

function assertMatches(table: NodeTable, tree: Tree, text: string, label: string): void {
  const nodes = nodesOf(tree);
  assert.equal(table.count, nodes.length, label);
  nodes.forEach(({ node, parent, field }, i) => {
    const at = `${label} #${i} ${node.type}`;
    assert.equal(table.type(i), node.type, at);
    assert.equal(table.typeId(i), table.idOf(table.type(i)), at);
    assert.equal(table.parent(i), parent, at);
    assert.equal(table.field(i), field, at);
    assert.equal(table.isNamed(i), node.isNamed, at);
    assert.equal(table.isMissing(i), node.isMissing, at);
    assert.equal(table.isError(i), node.isError, at);
    assert.equal(table.hasError(i), node.hasError, at);
    assert.equal(table.start(i), node.startIndex, at);
    assert.equal(table.end(i), node.endIndex, at);
    assert.equal(table.text(i), text.slice(node.startIndex, node.endIndex), at);
    assert.equal(table.indexOf(node), i, at);
    // As the cursor moves (Node.nextSibling steps over a zero-width MISSING node at the end of its parent).
    const next = nodes.findIndex((other, j) => j > i && other.parent === parent);
    assert.equal(table.nextSibling(i), parent === -1 ? -1 : next, at);
    assert.equal(table.firstChild(i), node.childCount > 0 ? i + 1 : -1, at);
    assert.equal(table.subtreeEnd(i), i + 1 + node.descendantCount - 1, at);
  });
}

const BROKEN = [
  'f: (a: Int) -> Int = (a) => {\n  x = (1 + \n}\n',
  'main = () => {\n  if x { y = [1, 2\n',
  'use std.{io\nx = "unterminated\n',
  'Point: Type = { x: Int, y: }\n)))\n',
  '',
  '   // only a comment\n',
];

describe('NodeTable', () => {
  it('walks straight through the WASM binding here (else it falls back to the public cursor)', () => {
    assert.equal(hasDirectSteps(), true);
  });

  const files = [...yxFiles(examplesDir), ...(sharedCorpusDir ? yxFiles(sharedCorpusDir) : [])];
  it(`agrees with the Node API on ${files.length} files and ${BROKEN.length} broken inputs, walked both ways`, () => {
    const inputs = [...files.map((file) => ({ label: file, text: readFileSync(file, 'utf8') })), ...BROKEN.map((text, i) => ({ label: `broken ${i}`, text }))];
    for (const { label, text } of inputs) {
      const tree = parseOrThrow(parser, text);
      assertMatches(new NodeTable(tree, text), tree, text, `${label} (direct)`);
      assertMatches(new NodeTable(tree, text, 0, true), tree, text, `${label} (public cursor)`);
      tree.delete();
    }
  });

  it('reads text from the root when not given the source, and keeps one table per tree', () => {
    const text = '\n\n  x = 1\ny = "two"\n';
    const tree = parseOrThrow(parser, text);
    const table = nodeTableOf(tree);
    assert.equal(nodeTableOf(tree, text), table);
    const strings = Array.from({ length: table.count }, (_, i) => i).filter((i) => table.type(i) === 'string');
    assert.deepEqual(strings.map((i) => table.text(i)), ['"two"']);
    tree.delete();
  });

  it('copies the rows of top-level items an edited tree shares with the last one, and they are the rows a walk gives', () => {
    // A file over the size from which tables are retained, edited at seeded random places: typing, deleting, breaking lines and brackets.
    let text = files.slice(0, 40).map((file) => readFileSync(file, 'utf8')).join('\n');
    while (text.length < 40_000) text += '\n' + text;
    const document = new SyntaxDocument(parser, text);
    nodeTableOf(document.tree, document.text);
    let seed = 24;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
    const typed = ['x', ' ', '\n', '(', ')', '{', '}', '"', '1', '+', '//', ''];
    let reused = 0;
    let fromHeap = 0;
    for (let edit = 0; edit < 120; edit++) {
      const at = random(document.text.length);
      const removed = random(3);
      document.update([{ start: at, end: Math.min(at + removed, document.text.length), text: typed[random(typed.length)]! }]);
      // A copy, as the host gets it: another Tree object sharing the document's blocks.
      const tree = document.tree.copy();
      const table = nodeTableOf(tree, document.text);
      const fresh = new NodeTable(tree, document.text);
      assert.equal(table.count, fresh.count);
      for (let i = 0; i < fresh.count; i++) {
        const at = `edit ${edit} #${i}`;
        assert.equal(table.typeId(i), fresh.typeId(i), at);
        assert.equal(table.fieldId(i), fresh.fieldId(i), at);
        assert.equal(table.isNamed(i), fresh.isNamed(i), at);
        assert.equal(table.isMissing(i), fresh.isMissing(i), at);
        assert.equal(table.hasError(i), fresh.hasError(i), at);
        assert.equal(table.parent(i), fresh.parent(i), at);
        assert.equal(table.subtreeEnd(i), fresh.subtreeEnd(i), at);
        assert.equal(table.start(i), fresh.start(i), at);
        assert.equal(table.end(i), fresh.end(i), at);
        assert.equal(table.nodeId(i), fresh.nodeId(i), at);
      }
      if (edit % 40 === 0) assertMatches(table, tree, document.text, `edit ${edit}`);
      reused += table.reusedRows;
      if (table.fromHeapItems) fromHeap++;
      tree.delete();
    }
    // Most of each table is copied: an edit touches one or two of the file's items.
    assert.ok(reused > 0.8 * 120 * nodeTableOf(document.tree, document.text).count, `${reused} rows reused`);
    // And laid out from the items read off the heap (heap-items.ts), not by a walk of the root's children.
    assert.ok(fromHeap > 0.9 * 120, `${fromHeap} of 120 tables laid out from the heap's items`);
    document.dispose();
  });

  it('walks a tree parsed afresh whole, looking for no shared items, and it matches the Node API', () => {
    let text = files.slice(0, 40).map((file) => readFileSync(file, 'utf8')).join('\n');
    while (text.length < 40_000) text += '\n' + text;
    const first = parseOrThrow(parser, text);
    nodeTableOf(first, text);
    // Another text: no item of it is a subtree of the first tree.
    const other = text.replaceAll('(', '( ');
    const second = parseOrThrow(parser, other);
    const table = nodeTableOf(second, other);
    assert.equal(table.fromHeapItems, false);
    assert.equal(table.reusedRows, 0);
    assertMatches(table, second, other, 'parsed afresh');
    first.delete();
    second.delete();
  });

  it('releases a table at once: its rows are gone, the next table of its tree is built afresh, and no later table copies from it', () => {
    let text = files.slice(0, 40).map((file) => readFileSync(file, 'utf8')).join('\n');
    while (text.length < 40_000) text += '\n' + text;
    const document = new SyntaxDocument(parser, text);
    const released = nodeTableOf(document.tree, document.text);
    assert.ok(released.count > 4096, 'large enough to be retained for the next table to copy from');
    releaseNodeTable(document.tree);
    assert.equal(released.start(0), undefined, 'its columns are detached');
    const again = nodeTableOf(document.tree, document.text);
    assert.notEqual(again, released);
    assertMatches(again, document.tree, document.text, 'rebuilt');
    // Released while retained: the edited tree's table must not copy rows from it.
    releaseNodeTable(document.tree);
    document.update([{ start: 0, end: 0, text: 'x = 1\n' }]);
    const edited = nodeTableOf(document.tree, document.text);
    assert.equal(edited.reusedRows, 0);
    assertMatches(edited, document.tree, document.text, 'after a release');
    document.dispose();
  });

  it('walks 10,000 nested parentheses without overflowing the stack', () => {
    const depth = 10_000;
    const text = 'x = ' + '('.repeat(depth) + '1' + ')'.repeat(depth);
    const tree = parseOrThrow(parser, text);
    const table = new NodeTable(tree, text);
    assert.equal(table.count, tree.rootNode.descendantCount);
    const integer = Array.from({ length: table.count }, (_, i) => i).find((i) => table.type(i) === 'integer')!;
    let levels = 0;
    for (let i = integer; i !== -1; i = table.parent(i)) levels++;
    assert.ok(levels > depth);
    tree.delete();
  });
});
