// The formatter over the shared corpus: idempotent, keeps every token and
// comment, and never produces a syntax error. The formatter checks its own
// output (verify.ts) and gives FORMAT_SKIPPED when that fails, so every case
// asserts there is no diagnostic, then compares the tokens with an oracle of
// its own (leafTokens) that shares no code with the verifier.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Parser } from 'web-tree-sitter';
import { formatTree } from '../../src/analysis/format/index.ts';
import { syntaxDiagnostics } from '../../src/analysis/diagnostics/syntax.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { listYxFiles } from '../support/files.ts';
import { referenceRejected, repoRoot, sharedCorpusDir } from '../support/paths.ts';
import { walk } from '../../src/syntax/inspect.ts';
import { codeView } from '../../src/analysis/format/verify.ts';
import { leafTokens } from './tokens.ts';

const corpusFiles = sharedCorpusDir ? listYxFiles(sharedCorpusDir).filter((f) => !referenceRejected.has(relative(sharedCorpusDir!, f))) : [];
describe('formatting the shared corpus', { skip: sharedCorpusDir ? false : 'no ../shared/corpus' }, () => {
  formatterGuarantees(corpusFiles, sharedCorpusDir ?? '', 100, 90);
});

// The hand-written differential programs (test/differential/written), many in messy layouts on purpose
// (comments between any tokens, CRLF, tabs, ragged indentation, runs of blank lines): those that parse.
const writtenDir = join(repoRoot, 'test', 'differential', 'written');
describe('formatting the hand-written differential programs', () => {
  formatterGuarantees(listYxFiles(writtenDir), writtenDir, 100, 80);
});

/**
 * The guarantees on each of `files` (paths shown relative to `base`); a file
 * with a syntax error (a differential program broken on purpose) is left out,
 * as the formatter leaves it unchanged.
 */
function formatterGuarantees(all: readonly string[], base: string, atLeast: number, atLeastWithComments: number): void {
  let parser: Parser;
  let files: string[] = [];
  before(async () => {
    parser = await createParser();
    files = all.filter((file) => {
      const source = readFileSync(file, 'utf8');
      const tree = parseOrThrow(parser, source);
      try {
        return syntaxDiagnostics(tree, source).length === 0;
      } finally {
        tree.delete();
      }
    });
  });
  after(() => parser.delete());

  it('covers the files', () => {
    assert.ok(files.length >= atLeast, `only ${files.length} files`);
  });

  it('keeps every token at narrow widths, with tabs, and without import sorting', () => {
    const variants = [{ line_width: 40, indent_width: 2 }, { line_width: 16, use_tabs: true }, { line_width: 60, sort_imports: false }];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      const tree = parseOrThrow(parser, source);
      try {
        for (const options of variants) {
          const result = formatTree(parser, tree, source, options);
          const once = result.formatted;
          const formattedTree = parseOrThrow(parser, once);
          try {
            const where = `${relative(base, file)} with ${JSON.stringify(options)}`;
            assert.deepEqual(result.diagnostics, [], where);
            assert.deepEqual(syntaxDiagnostics(formattedTree, once), [], where);
            const hoisted = options.sort_imports !== false;
            assert.deepEqual(codeView(formattedTree, once, false), codeView(tree, source, hoisted), where);
            assert.deepEqual(leafTokens(formattedTree, once, hoisted), leafTokens(tree, source, hoisted), where);
            assert.equal(formatTree(parser, formattedTree, once, options).formatted, once, `${where}: not idempotent`);
          } finally {
            formattedTree.delete();
          }
        }
      } finally {
        tree.delete();
      }
    }
  });

  it('keeps comments inserted between any two tokens, each exactly once', () => {
    let tried = 0;
    for (const file of files) {
      const source = withComments(readFileSync(file, 'utf8'), parser);
      const tree = parseOrThrow(parser, source);
      if (syntaxDiagnostics(tree, source).length > 0) {
        tree.delete();
        continue;
      }
      tried++;
      const result = formatTree(parser, tree, source, { line_width: 50 });
      const once = result.formatted;
      const formattedTree = parseOrThrow(parser, once);
      try {
        const where = relative(base, file);
        assert.deepEqual(result.diagnostics, [], where);
        assert.deepEqual(syntaxDiagnostics(formattedTree, once), [], where);
        assert.deepEqual(inserted(once), inserted(source), where);
        assert.deepEqual(leafTokens(formattedTree, once, true), leafTokens(tree, source, true), where);
        assert.equal(formatTree(parser, formattedTree, once, { line_width: 50 }).formatted, once, `${where}: not idempotent`);
      } finally {
        tree.delete();
        formattedTree.delete();
      }
    }
    assert.ok(tried >= atLeastWithComments, `only ${tried} files stayed valid with comments`);
  });

  for (const file of all) {
    const name = relative(base, file);
    it(name, (t) => {
      if (!files.includes(file)) return t.skip('a syntax error: left unchanged');
      const source = readFileSync(file, 'utf8');
      const tree = parseOrThrow(parser, source);
      const once = formatTree(parser, tree, source);
      assert.deepEqual(once.diagnostics, []);
      const formattedTree = parseOrThrow(parser, once.formatted);
      try {
        assert.deepEqual(syntaxDiagnostics(formattedTree, once.formatted), [], `syntax errors in\n${once.formatted}`);
        assert.deepEqual(leafTokens(formattedTree, once.formatted, true), leafTokens(tree, source, true));
        const twice = formatTree(parser, formattedTree, once.formatted);
        assert.equal(twice.formatted, once.formatted, 'not idempotent');
        assert.ok(once.formatted.endsWith('\n') && !once.formatted.endsWith('\n\n'));
        assert.doesNotMatch(once.formatted, /[ \t]+\n/, 'trailing whitespace');
      } finally {
        tree.delete();
        formattedTree.delete();
      }
    });
  }
}


// The source with `/* bN */` after every 5th token and `// lN` at the end of every 3rd line that ends a token.
function withComments(source: string, parser: Parser): string {
  const tree = parseOrThrow(parser, source);
  const ends: number[] = [];
  walk(tree, (cursor) => {
    const node = cursor.currentNode;
    const atomic = node.childCount === 0 || ['string', 'fstring', 'multiline_string', 'char'].includes(node.type);
    if (!atomic) return true;
    if (node.endIndex > node.startIndex && node.type !== 'line_comment') ends.push(node.endIndex);
    return false;
  });
  tree.delete();
  let text = source;
  ends.reverse().forEach((end, i) => {
    const comment = text[end] === '\n' && i % 3 === 0 ? ` // l${i}` : i % 5 === 0 ? ` /* b${i} */` : '';
    text = text.slice(0, end) + comment + text.slice(end);
  });
  return text;
}

function inserted(text: string): string[] {
  return (text.match(/\/\/ l\d+|\/\* b\d+ \*\//g) ?? []).sort();
}
