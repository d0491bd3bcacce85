// The pure editor functions in src/analysis/editor/, on fixtures.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { completionsAt } from '../../src/analysis/editor/completion.ts';
import { lineEdits } from '../../src/analysis/editor/edits.ts';
import { quickFixes } from '../../src/analysis/editor/fixes.ts';
import { declarationHead, docCommentAbove, hoverAt } from '../../src/analysis/editor/hover.ts';
import { inlayHints } from '../../src/analysis/editor/inlay.ts';
import { documentOutline } from '../../src/analysis/editor/outline.ts';
import { signatureAt } from '../../src/analysis/editor/signature.ts';
import { foldingRanges, selectionRanges } from '../../src/analysis/editor/structure.ts';
import { semanticTokens } from '../../src/analysis/editor/tokens.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { LineIndex } from '../../src/syntax/positions.ts';
import { kindAtUse } from '../../src/analysis/navigation.ts';
import { analyzeFixture, parseFixture } from '../support/fixture.ts';
import { buildFileModel } from '../../src/analysis/model/build.ts';
import { mulberry32 } from '../support/random.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { globbySync } from 'globby';
import { repoRoot, sharedCorpusDir } from '../support/paths.ts';

const parser = await createParser();

/** The shared corpus's programs (when it is there) and the differential programs, in path order. */
function corpusPrograms(): string[] {
  const dirs = [...(sharedCorpusDir ? [sharedCorpusDir] : []), path.join(repoRoot, 'test/differential/programs')];
  return dirs.flatMap((dir) => globbySync('**/*.yx', { cwd: dir }).sort().map((file) => readFileSync(path.join(dir, file), 'utf8')));
}

function setup(source: string) {
  const fixture = parseFixture(source);
  const files = analyzeFixture(fixture);
  const cursor = fixture.cursor!;
  const text = fixture.files.get(cursor.file)!;
  return { files, cursor, text, tree: parseOrThrow(parser, text) };
}

describe('hover', () => {
  it('gives the declaration head and the doc comment of an imported function', () => {
    const { files, cursor } = setup(`
//- /lib.yx
// Adds one.
// Twice documented.
pub inc: (n: Int) -> Int = (n) => n + 1
//- /main.yx
use lib.{inc}
x = in$0c(1)
`);
    const info = hoverAt(files, cursor.file, cursor.offset, () => 'fn(int64) -> int64');
    assert.deepEqual(info, { span: { start: 18, end: 21 }, name: 'inc', type: 'fn(int64) -> int64', kind: 'function', file: 'lib.yx', declaration: 'pub inc: (n: Int) -> Int = (n) => n + 1', docs: 'Adds one.\nTwice documented.' });
  });
  it('cuts an opening body from the head and reads block comments', () => {
    const text = '/* Area. */\narea = (w: Int) => {\n    return w\n}\n';
    assert.equal(declarationHead(text, { start: 12, end: text.length - 1 }), 'area = (w: Int)');
    assert.equal(docCommentAbove(text, 12), 'Area.');
    assert.equal(docCommentAbove('x = 1\n\ny = 2\n', 7), undefined);
  });
});

describe('outline', () => {
  it('nests fields and methods under their type', () => {
    const { files } = setup('P: Type = { x: Int }\nP.get = (self: P) => self.x\nf = () => 1\nn = 2$0\n');
    const outline = documentOutline(files.get('main.yx')!.model);
    assert.deepEqual(outline.map((i) => [i.name, i.kind, i.children.map((c) => c.name)]), [['P', 'record', ['x', 'get']], ['f', 'function', []], ['n', 'variable', []]]);
  });
});

describe('line edits', () => {
  it('replaces only changed runs of lines, optionally within a span', () => {
    const before = 'a\nb\nc\nd\n';
    const after = 'a\nB\nc\nD\n';
    assert.deepEqual(lineEdits(before, after), [{ start: 2, end: 4, newText: 'B\n' }, { start: 6, end: 8, newText: 'D\n' }]);
    assert.deepEqual(lineEdits(before, after, { start: 6, end: 7 }), [{ start: 6, end: 8, newText: 'D\n' }]);
    assert.deepEqual(lineEdits(before, before), []);
  });
});

describe('completion', () => {
  it('offers visible names, not later locals, and std functions after a module', () => {
    const { files, cursor } = setup('use std.io\nmain = {\n    a = 1\n    $0\n    b = 2\n}\n');
    const labels = completionsAt(files, cursor.file, cursor.offset).map((c) => c.label);
    assert.ok(labels.includes('a') && labels.includes('io') && labels.includes('if'));
    assert.ok(!labels.includes('b'));
    const member = setup('use std.io\nmain = {\n    io.pr$0\n}\n');
    assert.deepEqual(completionsAt(member.files, member.cursor.file, member.cursor.offset).slice(0, 2).map((c) => c.label), ['print', 'println']);
  });
  it('offers as keywords only words the grammar does not take for a name', () => {
    const { files, cursor } = setup('main = {\n    $0\n}\n');
    const keywords = completionsAt(files, cursor.file, cursor.offset).filter((c) => c.kind === 'keyword').map((c) => c.label);
    const assignsTo = (word: string) => {
      const tree = parseOrThrow(parser, `${word} = 1\n`);
      const statement = tree.rootNode.namedChild(0);
      const target = statement?.type === 'assignment' ? statement.childForFieldName('left') ?? statement.namedChild(0) : null;
      return !tree.rootNode.hasError && target?.type === 'identifier' && target.text === word;
    };
    assert.ok(assignsTo('not'), 'the grammar parses `not = 1` as an assignment to a name');
    assert.ok(!keywords.includes('not'));
    assert.deepEqual(keywords.filter(assignsTo), []);
    assert.ok(keywords.includes('while') && keywords.includes('match'));
  });
});

describe('signature help', () => {
  it('finds the callee and the active parameter', () => {
    const { files, cursor, tree } = setup('add: (a: Int, b: Int) -> Int = (a, b) => a + b\nx = add(1, $0)\n');
    const info = signatureAt(files, cursor.file, tree, cursor.offset);
    assert.deepEqual(info, { label: 'add(a: Int, b: Int) -> Int', parameters: [{ label: 'a: Int', name: 'a' }, { label: 'b: Int', name: 'b' }], activeParameter: 1 });
  });
});

describe('method calls', () => {
  const methods = `Point: Type = { x: Int, y: Int }
Point.shift: (self: &mut Point, dx: Int, dy: Int) -> Void = {
    self.x = self.x + dx
}
main = {
    mut q: Point = Point(x = 1, y = 2)
`;
  it('skip self in signature help on a value, not on the type', () => {
    const { files, cursor, tree } = setup(`${methods}    q.shift($0)
}
`);
    assert.deepEqual(signatureAt(files, cursor.file, tree, cursor.offset), {
      label: 'shift(dx: Int, dy: Int) -> Void', parameters: [{ label: 'dx: Int', name: 'dx' }, { label: 'dy: Int', name: 'dy' }], activeParameter: 0,
    });
    const onType = setup(`${methods}    Point.shift($0)
}
`);
    assert.equal(signatureAt(onType.files, onType.cursor.file, onType.tree, onType.cursor.offset)?.parameters[0]?.name, 'self');
  });
  it('skip self in parameter inlay hints', () => {
    const { files, cursor, tree, text } = setup(`${methods}    q.shift(1, 1)$0
}
`);
    const hints = inlayHints(files, cursor.file, tree, [], { start: 0, end: text.length });
    assert.deepEqual(hints.map((h) => [text.slice(h.offset, h.offset + 1), h.label]), [['1', 'dx:'], ['1', 'dy:']]);
  });
});

describe('structure', () => {
  it('folds multi-line blocks and consecutive imports; selection grows outward', () => {
    const { tree, text } = setup('use std.io\nuse std.math\nmain = {\n    x = 1$0\n}\n');
    assert.deepEqual(foldingRanges(tree, new LineIndex(text)), [{ startLine: 0, endLine: 1, kind: 'imports' }, { startLine: 2, endLine: 4 }]);
    const [chain] = selectionRanges(tree, [37]);
    assert.deepEqual(chain!.slice(0, 2), [{ start: 37, end: 38 }, { start: 37, end: 42 }]);
  });
});

describe('semantic tokens', () => {
  it('within a range, are the file\'s tokens that overlap it, on every program of the corpus', () => {
    const next = mulberry32(11);
    let compared = 0;
    for (const text of corpusPrograms()) {
      const tree = parseOrThrow(parser, text);
      const model = buildFileModel(tree);
      const all = semanticTokens(tree, model);
      for (let k = 0; k < 5; k++) {
        const a = Math.floor(next() * (text.length + 1));
        const b = Math.floor(next() * (text.length + 1));
        const within = { start: Math.min(a, b), end: Math.max(a, b) };
        const expected = all.filter((t) => t.start < within.end && t.end > within.start);
        assert.deepEqual(semanticTokens(tree, model, undefined, within), expected, `${within.start}-${within.end} of:\n${text}`);
        compared += expected.length;
      }
      tree.delete();
    }
    assert.ok(compared > 1_000, `only ${compared} tokens compared`);
  });

  it('classifies declarations, uses, literals and keywords without overlap', () => {
    const { files, tree } = setup('mut n = 1$0\nf = (a: Int) => a + n\n');
    const tokens = semanticTokens(tree, files.get('main.yx')!.model).map((t) => `${t.start}-${t.end}:${t.type}:${t.modifiers.join(',')}`);
    assert.deepEqual(tokens, ['0-3:keyword:', '4-5:variable:declaration', '8-9:number:', '10-11:function:declaration,readonly', '15-16:parameter:declaration,readonly', '18-21:type:', '26-27:parameter:', '30-31:variable:']);
  });
});

describe('imported names keep their kind', () => {
  const source = `
//- /geo.yx
pub Point: Type = { x: Int, y: Int }
pub total: (xs: List(Int)) -> Int = (xs) => 0
//- /main.yx
use geo.{Point, total}
use std.io.{println}
use std.io
main = {
    p: Point = Point(x = 1, y = 2)
    println(total([p.x]))
    $0
}
`;
  it('in semantic tokens, at the use statement and at every use', () => {
    const { files, tree, text } = setup(source);
    const kindOf = (b: Parameters<typeof kindAtUse>[2]) => kindAtUse(files, 'main.yx', b);
    const tokens = semanticTokens(tree, files.get('main.yx')!.model, kindOf)
      .filter((t) => ['Point', 'total', 'println', 'io'].includes(text.slice(t.start, t.end)))
      .map((t) => `${text.slice(t.start, t.end)}:${t.type}`);
    assert.deepEqual(tokens, ['Point:struct', 'total:function', 'io:namespace', 'println:function', 'io:namespace', 'Point:struct', 'Point:struct', 'println:function', 'total:function']);
  });
  it('in completion and hover', () => {
    const { files, cursor, text } = setup(source);
    const kinds = new Map(completionsAt(files, cursor.file, cursor.offset).map((c) => [c.label, c.kind]));
    assert.deepEqual(['Point', 'total', 'println', 'io'].map((n) => kinds.get(n)), ['record', 'function', 'function', 'import']);
    const at = text.indexOf('total([');
    assert.equal(hoverAt(files, cursor.file, at, () => undefined)?.kind, 'function');
    assert.equal(hoverAt(files, cursor.file, text.indexOf('println('), () => 'fn')?.kind, 'function');
  });
});

describe('quick fixes', () => {
  it('adds mut for E2010 and imports a std module for E1001', () => {
    const { files } = setup('main = {\n    i = 0\n    while i < 3 {\n        i = i + 1\n    }\n    io.println(i)$0\n}\n');
    const file = files.get('main.yx')!;
    const fixes = quickFixes(file, [
      { code: 'E2010', severity: 'error', message: "Cannot assign to immutable variable 'i'", range: { start: { line: 4, column: 9 }, end: { line: 4, column: 10 } } },
      { code: 'E1001', severity: 'error', message: "Unknown variable: 'io'", range: { start: { line: 6, column: 5 }, end: { line: 6, column: 7 } } },
    ]);
    assert.deepEqual(fixes.map((f) => [f.title, f.edits]), [
      ["Declare 'i' as mut", [{ start: 13, end: 13, newText: 'mut ' }]],
      ['Import std.io', [{ start: 0, end: 0, newText: 'use std.io\n' }]],
    ]);
  });
});
