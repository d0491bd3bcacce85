// The proof of per-item reuse: after each of many random edits, a checker that
// (and a syntax analysis) keeps its per-item memos from one edit to the next gives exactly the
// diagnostics (codes, ranges, messages, order) of a fresh checker that sees the
// file for the first time, and what editors read of its inference: the hover
// type at a sample of positions, the inlay hints, what each name resolved to
// and the receivers of member accesses; and the file's imports, listed per item, and its binding
// model, statements replayed. The edits splice in lines and fragments of real
// programs (../shared/corpus and the differential programs), delete lines and
// characters, and duplicate or swap statements, so items move, change, appear
// and vanish, and some edits break the syntax. A batch checker (no memos, no
// editor results: what `yaoxiang check` runs) must give the same diagnostics too.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { globbySync } from 'globby';
import type { Parser } from 'web-tree-sitter';
import { analyzeFile } from '../../src/analysis/analyze.ts';
import { syntaxMemo, type SyntaxMemo } from '../../src/analysis/diagnostics/syntax.ts';
import { listImports } from '../../src/analysis/imports.ts';
import { importItemMemo, listImportsPerItem } from '../../src/analysis/incremental/import-items.ts';
import { ModelMemo } from '../../src/analysis/incremental/model-items.ts';
import { topLevelItems } from '../../src/analysis/incremental/top-level.ts';
import { buildFileModel } from '../../src/analysis/model/build.ts';
import { TypeChecker, type CheckableFile } from '../../src/analysis/infer/index.ts';
import { SyntaxDocument } from '../../src/syntax/document.ts';
import { retainTablesFrom } from '../../src/syntax/node-table.ts';
import { createParser } from '../../src/syntax/language.ts';
import { repoRoot, sharedCorpusDir } from '../support/paths.ts';
import { mulberry32 } from '../support/random.ts';

const EDITS_PER_FILE = 12;
const FILES = 30;
const HOVER_SAMPLES = 25;
const LARGE_EDITS = 40;

const programsDir = path.join(repoRoot, 'test/differential/programs');
// Sorted by the path inside each folder, so where the checkout lives does not change which programs are edited.
const programsIn = (dir: string) => globbySync('**/*.yx', { cwd: dir }).sort().map((file) => readFileSync(path.join(dir, file), 'utf8'));
const sources = [...(sharedCorpusDir ? programsIn(sharedCorpusDir) : []), ...programsIn(programsDir)];
const donorLines = sources.flatMap((text) => text.split('\n')).filter((line) => line.trim() !== '');

/** One random edit of `text`, as a change of the document. */
function randomEdit(text: string, next: () => number): { start: number; end: number; text: string } {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const lineAt = (index: number) => lineStarts[Math.min(index, lineStarts.length - 1)]!;
  const line = Math.floor(next() * lineStarts.length);
  const kind = next();
  if (kind < 0.3) {
    // Lines of another program, between two lines of this one.
    const count = 1 + Math.floor(next() * 4);
    const inserted = Array.from({ length: count }, () => pick(donorLines)).join('\n') + '\n';
    return { start: lineAt(line), end: lineAt(line), text: inserted };
  }
  if (kind < 0.5) {
    // Whole lines removed.
    const count = 1 + Math.floor(next() * 3);
    return { start: lineAt(line), end: line + count >= lineStarts.length ? text.length : lineAt(line + count), text: '' };
  }
  if (kind < 0.65) {
    // A block of this file's own lines repeated elsewhere: a statement appears twice.
    const from = Math.floor(next() * lineStarts.length);
    const count = 1 + Math.floor(next() * 6);
    const copied = text.slice(lineAt(from), from + count >= lineStarts.length ? text.length : lineAt(from + count));
    return { start: lineAt(line), end: lineAt(line), text: copied.endsWith('\n') ? copied : `${copied}\n` };
  }
  // A keystroke's worth: a few characters typed or deleted inside a line.
  const at = Math.min(text.length, lineAt(line) + Math.floor(next() * 30));
  if (kind < 0.8) return { start: at, end: Math.min(text.length, at + 1 + Math.floor(next() * 3)), text: '' };
  const donor = pick(donorLines);
  const from = Math.floor(next() * donor.length);
  return { start: at, end: at, text: donor.slice(from, from + 1 + Math.floor(next() * 6)) };
}

function checkable(document: SyntaxDocument, syntaxItems?: SyntaxMemo): CheckableFile {
  return { ...analyzeFile(document.tree, 'main.yx', document.text, () => false, undefined, syntaxItems), tree: document.tree };
}

describe('a batch checker (yaoxiang check)', () => {
  it(`gives the diagnostics of an editor's checker on ${sources.length} real programs`, async () => {
    const parser = await createParser();
    try {
      for (const [i, text] of sources.entries()) {
        const document = new SyntaxDocument(parser, text);
        const files = new Map([['main.yx', checkable(document)]]);
        const options = { mode: 'fast', targets: ['main.yx'] } as const;
        assert.deepEqual(new TypeChecker({ batch: true }).check(files, options).diagnostics, new TypeChecker().check(files, options).diagnostics, `program ${i}`);
        document.dispose();
      }
    } finally {
      parser.delete();
    }
  });
});

/** Memos kept from one edit to the next, compared after each edit with fresh analyses; counts of what they reused. */
class EditedFile {
  readonly incremental = new TypeChecker();
  readonly syntaxItems = syntaxMemo();
  readonly importItems = importItemMemo();
  readonly modelItems = new ModelMemo();
  reused = 0;
  inferredReused = 0;
  hoversCompared = 0;
  importsReused = 0;
  modelReused = 0;
  /** Items whose subtree the parser shared with the tree before (the memos find those at their place). */
  shared = 0;

  /** Everything the memos give for the document as it is now, against a fresh analysis. */
  compare(document: SyntaxDocument, next: () => number, where: string): void {
    const { incremental, syntaxItems, importItems, modelItems } = this;
    // Some modules exist: resolution is looked up afresh for the imports kept.
    const exists = (candidate: string) => candidate.length % 3 === 0;
    const edited = new Map([['main.yx', checkable(document, syntaxItems)]]);
    const fast = incremental.check(edited, { mode: 'fast', targets: ['main.yx'] }).diagnostics;
    this.reused += incremental.lastItemReuse + syntaxItems.items.hits;
    const fresh = new Map([['main.yx', checkable(document)]]);
    const freshChecker = new TypeChecker();
    const full = freshChecker.check(fresh, { mode: 'fast', targets: ['main.yx'] }).diagnostics;
    assert.deepEqual(fast, full, where);
    // What `yaoxiang check` runs: no memos, no results for editors, the same diagnostics.
    assert.deepEqual(new TypeChecker({ batch: true }).check(fresh, { mode: 'fast', targets: ['main.yx'] }).diagnostics, full, `batch, ${where}`);
    for (let k = 0; k < HOVER_SAMPLES; k++) {
      const offset = Math.floor(next() * (document.text.length + 1));
      const hover = incremental.typeAt(edited, 'main.yx', offset);
      assert.deepEqual(hover, freshChecker.typeAt(fresh, 'main.yx', offset), `hover at ${offset}, ${where}`);
      if (hover) this.hoversCompared++;
    }
    assert.deepEqual(incremental.inferredBindings(edited, 'main.yx'), freshChecker.inferredBindings(fresh, 'main.yx'), `inlay hints, ${where}`);
    const kept = incremental.fileResult(edited, edited.get('main.yx')!).inference;
    const made = freshChecker.fileResult(fresh, fresh.get('main.yx')!).inference;
    assert.deepEqual([...kept.resolutions], [...made.resolutions], `resolutions, ${where}`);
    assert.deepEqual([...kept.receivers], [...made.receivers], `receivers, ${where}`);
    this.inferredReused += incremental.lastInferenceReuse;
    assert.deepEqual(listImportsPerItem(document.tree, 'main.yx', exists, importItems), listImports(document.tree, 'main.yx', exists), `imports, ${where}`);
    this.importsReused += importItems.hits;
    assert.deepEqual(buildFileModel(document.tree, modelItems), buildFileModel(document.tree), `binding model, ${where}`);
    this.modelReused += modelItems.hits;
    this.shared += topLevelItems(document.tree).filter((item) => item.previousSerial !== 0).length;
  }
}

describe('incremental checking after random edits', () => {
  let parser: Parser | undefined;
  after(() => parser?.delete());

  // Every table retained, so that these small programs' edited trees share their items and the memos find them by place.
  let retainedFrom: number | undefined;
  before(() => { retainedFrom = retainTablesFrom(0); });
  after(() => { if (retainedFrom !== undefined) retainTablesFrom(retainedFrom); });

  it(`gives a fresh check's diagnostics after each of ${FILES * EDITS_PER_FILE} edits of real programs`, async () => {
    const own = await createParser();
    parser = own;
    const next = mulberry32(24);
    const file = new EditedFile();
    let edits = 0;
    for (let round = 0; round < FILES; round++) {
      const document = new SyntaxDocument(own, sources[Math.floor(next() * sources.length)]!);
      try {
        for (let i = 0; i <= EDITS_PER_FILE; i++) {
          // The first pass sees the file unedited: later passes reuse what it memoised.
          if (i > 0) {
            document.update([randomEdit(document.text, next)]);
            edits++;
          }
          file.compare(document, next, `round ${round}, edit ${i}:\n${document.text}`);
        }
      } finally {
        document.dispose();
      }
    }
    assert.equal(edits, FILES * EDITS_PER_FILE);
    // Most statements survive an edit: the memos must have been used, not just kept.
    assert.ok(file.reused > edits, `only ${file.reused} statements reused over ${edits} edits`);
    // Inference too: most items it infers are taken from its memo. The programs are drawn from the fixtures, so the
    // count moves when fixtures are added (711 for 720 once long programs, whose use lines make items impure, joined).
    assert.ok(file.inferredReused > 1.9 * edits, `only ${file.inferredReused} items' inference reused over ${edits} edits`);
    assert.ok(file.hoversCompared > edits, `only ${file.hoversCompared} hover types compared`);
    assert.ok(file.importsReused > edits, `only ${file.importsReused} items' imports reused`);
    assert.ok(file.modelReused > 2 * edits, `only ${file.modelReused} statements of the model replayed`);
    // The programs drawn move with the fixtures here too (693 for 720 once short one-mistake programs joined).
    assert.ok(file.shared > 1.9 * edits, `only ${file.shared} items shared with the tree before`);
  });

  it(`does so on a file large enough that the parser shares its items with the tree before (${LARGE_EDITS} edits)`, async () => {
    const own = (parser ??= await createParser());
    const next = mulberry32(7);
    // Programs one after another until the tree is well past the size whose table is kept for the next tree to share.
    const parts: string[] = [];
    while (parts.join('\n').split('\n').length < 1_500) parts.push(sources[Math.floor(next() * sources.length)]!);
    const document = new SyntaxDocument(own, parts.join('\n'));
    const file = new EditedFile();
    try {
      for (let i = 0; i <= LARGE_EDITS; i++) {
        if (i > 0) document.update([randomEdit(document.text, next)]);
        file.compare(document, next, `large file, edit ${i} (${document.text.length} characters)`);
      }
    } finally {
      document.dispose();
    }
    assert.ok(file.shared > LARGE_EDITS * 50, `only ${file.shared} items shared with the tree before over ${LARGE_EDITS} edits`);
    assert.ok(file.inferredReused > LARGE_EDITS * 20, `only ${file.inferredReused} items' inference reused`);
    assert.ok(file.modelReused > LARGE_EDITS * 20, `only ${file.modelReused} statements of the model replayed`);
  });
});
