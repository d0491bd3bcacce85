// walkFlat lists exactly the nodes toJson nests, in the same order, on every
// example and corpus file, and stops where it is told to.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { walkFlat, type FlatNode } from '../../src/syntax/flat-tree.ts';
import { toJson, type JsonNode } from '../../src/syntax/inspect.ts';
import { createParser } from '../../src/syntax/language.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { nodeTableOf } from '../../src/syntax/node-table.ts';
import { examplesDir, sharedCorpusDir } from '../support/paths.ts';

const parser = await createParser();

function yxFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yx')).map((f) => path.join(dir, f));
}

/** toJson's tree in document order, with parent indices: what walkFlat should give. */
function flattened(root: JsonNode): Array<Omit<FlatNode, 'text'> & { text?: string }> {
  const out: Array<Omit<FlatNode, 'text'> & { text?: string }> = [];
  const visit = (node: JsonNode, parent: number) => {
    const index = out.length;
    out.push({ parent, type: node.type, named: node.named, field: node.field ?? null, missing: node.missing === true, start: node.start, end: node.end, ...(node.text !== undefined ? { text: node.text } : {}) });
    for (const child of node.children ?? []) visit(child, index);
  };
  visit(root, -1);
  return out;
}

function collect(text: string, options: { all?: boolean; maxDepth?: number }, limit = Number.POSITIVE_INFINITY) {
  const tree = parseOrThrow(parser, text);
  const nodes: Array<Omit<FlatNode, 'text'> & { text?: string }> = [];
  const walked = walkFlat(nodeTableOf(tree, text), text, options, ({ text: leaf, ...node }) => {
    if (nodes.length >= limit) return false;
    nodes.push(leaf === undefined ? node : { ...node, text: leaf });
    return true;
  });
  const expected = toJson(tree, text, { ...options, maxNodes: limit });
  tree.delete();
  return { nodes, walked, expected };
}

describe('walkFlat', () => {
  const files = [...yxFiles(examplesDir), ...(sharedCorpusDir ? yxFiles(sharedCorpusDir) : [])];
  it(`agrees with toJson on ${files.length} files, named only and all nodes, cut by depth`, () => {
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const options of [{}, { all: true }, { maxDepth: 3 }]) {
        const { nodes, walked, expected } = collect(text, options);
        assert.deepEqual(nodes, flattened(expected.root), `${file} ${JSON.stringify(options)}`);
        assert.equal(walked.count, expected.nodeCount);
        assert.equal(walked.truncated, expected.truncated, `${file} ${JSON.stringify(options)}`);
      }
    }
  });

  it('agrees with toJson on broken text: ERROR and MISSING nodes, stray and astral characters', () => {
    const broken = ['x: Int = \n', 'f(1, \n', '爻 爻 = 1\n', 'main = () => { if a { \n', 's = "héllo 😀" +\n', ')))\n(((\n', 'x = [1, 2\ny = {\n', '\tt: 😀 = 1 */ 2\n'];
    for (const text of broken) {
      for (const options of [{}, { all: true }, { maxDepth: 2 }]) {
        const { nodes, walked, expected } = collect(text, options);
        assert.deepEqual(nodes, flattened(expected.root), `${JSON.stringify(text)} ${JSON.stringify(options)}`);
        assert.equal(walked.truncated, expected.truncated);
      }
    }
  });

  it('stops when take refuses a node, and says the tree was cut', () => {
    const { nodes, walked, expected } = collect('x = f(g(h(1)))\n', {}, 3);
    assert.equal(walked.count, 3);
    assert.equal(walked.truncated, true);
    assert.deepEqual(nodes, flattened(expected.root));
  });

  it('walks 10,000 nested parentheses without overflowing the stack', () => {
    const depth = 10_000;
    const { walked } = collect('x = ' + '('.repeat(depth) + '1' + ')'.repeat(depth), {});
    assert.ok(walked.count > depth);
  });
});
