// Zed's outline (editors/zed/languages/yaoxiang/outline.scm, generated from
// queries/definitions.scm) lists what our document outline lists: on every
// example and corpus file that parses, the same names at the same places.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { Query } from 'web-tree-sitter';
import { documentOutline, type OutlineItem } from '../../src/analysis/editor/outline.ts';
import { buildFileModel } from '../../src/analysis/model/build.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser, loadYaoXiang } from '../../src/syntax/language.ts';
import { listYxFiles } from '../support/files.ts';
import { examplesDir, repoRoot, sharedCorpusDir } from '../support/paths.ts';

describe("Zed's outline.scm and the document outline list the same items", async () => {
  const parser = await createParser();
  const query = new Query(await loadYaoXiang(), readFileSync(join(repoRoot, 'editors', 'zed', 'languages', 'yaoxiang', 'outline.scm'), 'utf8'));
  const files = [...listYxFiles(examplesDir), ...(sharedCorpusDir ? listYxFiles(sharedCorpusDir) : [])];

  it(`on ${files.length} example and corpus files`, () => {
    const differences: string[] = [];
    let items = 0;
    for (const file of files) {
      const tree = parseOrThrow(parser, readFileSync(file, 'utf8'));
      try {
        if (tree.rootNode.hasError) continue;
        const zed = new Set(query.matches(tree.rootNode).flatMap((m) => m.captures.filter((c) => c.name === 'name').map((c) => `${c.node.text}@${c.node.startIndex}`)));
        const ours = new Set<string>();
        // A method declared away from its type is `Type.name` in our outline; Zed shows the type as context.
        const add = (list: readonly OutlineItem[]) => list.forEach((item) => { ours.add(`${item.name.split('.').pop()}@${item.span.start}`); add(item.children); });
        add(documentOutline(buildFileModel(tree)));
        items += ours.size;
        const where = relative(repoRoot, file);
        for (const k of zed) if (!ours.has(k)) differences.push(`${where}: Zed only: ${k}`);
        for (const k of ours) if (!zed.has(k)) differences.push(`${where}: ours only: ${k}`);
      } finally {
        tree.delete();
      }
    }
    assert.deepEqual(differences, []);
    assert.ok(items > 100, `only ${items} outline items: the comparison saw too little`);
  });
});
