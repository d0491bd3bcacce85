// The VS Code package's TextMate grammar (editors/vscode/syntaxes), run as VS
// Code runs it (vscode-textmate + vscode-oniguruma). Two checks: scopes at
// chosen positions of real programs, and agreement with tree-sitter on every
// comment, string, escape, number, constant, keyword and name of the examples,
// the shared corpus and a sample of rarer tokens, so the colours without the
// server match the tree the server parses.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import type { Node } from 'web-tree-sitter';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { KEYWORDS } from '../../src/syntax/vocabulary.ts';
import { listYxFiles } from '../support/files.ts';
import { examplesDir, repoRoot, sharedCorpusDir } from '../support/paths.ts';
import { loadTextMateGrammar, scopesOf } from '../support/textmate.ts';

const grammarPath = join(repoRoot, 'editors', 'vscode', 'syntaxes', 'yaoxiang.tmLanguage.json');

/** Tokens the examples and corpus rarely have; tree-sitter, not this file, says what each is. */
const RARE_TOKENS = `/* outer /* nested */ still comment */
use std.io as io
c = 'x'
e = '\\n'
h = 0xFF_ff + 0o17 + 0b1010 + 1_000
f = 1.5e-3 + 2e10 + .25
s = "tab\\t quote\\" end"
m = """two
lines "quoted" here"""
t = f"[{h:>8}] and {s} done\\n"
ok = true and not_false or false
nothing = void
Pair: Type = { left: Int, right: Int }
Pair.sum: (self: Pair) -> Int = self.left + self.right
loop = () => {
    mut i = 0
    while i < 3 {
        i = i + 1
        if i == 2 { break } else { continue }
    }
    for k in 0..3 { io.println(k) }
    return ref i
}
`;

interface Mismatch {
  where: string;
  node: string;
  text: string;
  scopes: string;
}

const has = (scopes: readonly string[], prefix: string) => scopes.some((scope) => scope.startsWith(prefix));
const innermost = (scopes: readonly string[]) => scopes[scopes.length - 1] ?? '';
const keywords: ReadonlySet<string> = new Set(KEYWORDS);

/**
 * What the TextMate scope at a node's offsets must show, for the node types
 * whose colour does not depend on context; undefined for the others.
 */
function expectation(node: Node): ((scopes: readonly string[]) => boolean) | undefined {
  switch (node.type) {
    case 'line_comment':
    case 'block_comment':
      return (s) => has(s, 'comment.');
    case 'string':
    case 'multiline_string':
    case 'char':
      return (s) => has(s, 'string.');
    case 'string_content':
      return (s) => has(s, 'string.') && !has(s, 'meta.interpolation');
    case 'escape_sequence':
      return (s) => innermost(s).startsWith('constant.character.escape');
    case 'integer':
      return (s) => innermost(s).startsWith('constant.numeric.integer');
    case 'float':
      return (s) => innermost(s).startsWith('constant.numeric.float');
    case 'boolean':
      return (s) => innermost(s).startsWith('constant.language.boolean');
    case 'void':
      return (s) => innermost(s).startsWith('constant.language.void');
    case 'interpolation':
      return (s) => has(s, 'meta.interpolation');
    case 'identifier':
    case 'type_identifier':
      return (s) => !/^(comment|string|keyword|storage|constant)\./.test(innermost(s));
    default:
      if (!node.isNamed && keywords.has(node.type)) return (s) => /^(keyword|storage\.modifier|constant\.language)\./.test(innermost(s));
      return undefined;
  }
}

/** Every node of `text` whose TextMate scopes disagree with its tree-sitter type, at any of its offsets. */
function disagreements(file: string, text: string, scopes: string[][], root: Node): Mismatch[] {
  const found: Mismatch[] = [];
  const visit = (node: Node) => {
    const expected = expectation(node);
    if (expected) {
      for (let offset = node.startIndex; offset < node.endIndex; offset++) {
        const at = scopes[offset] ?? [];
        if (text[offset] === '\n' || expected(at)) continue;
        const line = text.slice(0, offset).split('\n').length;
        found.push({ where: `${file}:${line}`, node: node.type, text: node.text.slice(0, 40), scopes: at.join(' ') });
        break;
      }
    }
    for (const child of node.children) if (child) visit(child);
  };
  visit(root);
  return found;
}

describe('VS Code TextMate grammar', async () => {
  const grammar = await loadTextMateGrammar(grammarPath);
  const parser = await createParser();

  it('scopes chosen positions of examples/demo/geometry.yx and the corpus as a theme expects', () => {
    const text = readFileSync(join(examplesDir, 'demo', 'geometry.yx'), 'utf8');
    const scopes = scopesOf(grammar, text);
    const lines = text.split('\n');
    /** The innermost scope at the `nth` occurrence (1-based) of `needle` on 1-based line `line`. */
    const at = (line: number, needle: string, nth = 1) => {
      let column = -1;
      for (let n = 0; n < nth; n++) column = lines[line - 1]!.indexOf(needle, column + 1);
      assert.ok(column >= 0, `${needle} on line ${line}`);
      const offset = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0) + column;
      return innermost(scopes[offset]!);
    };
    assert.equal(at(1, 'Points'), 'comment.line.double-slash.yaoxiang');
    assert.equal(at(2, 'use'), 'keyword.control.import.yaoxiang');
    assert.equal(at(4, 'pub'), 'storage.modifier.visibility.yaoxiang');
    assert.equal(at(4, 'Point'), 'entity.name.type.yaoxiang');
    assert.equal(at(4, 'Type'), 'storage.type.type.yaoxiang');
    assert.equal(at(4, 'Float'), 'support.type.primitive.yaoxiang');
    assert.equal(at(6, 'origin'), 'entity.name.function.yaoxiang');
    assert.equal(at(6, '->'), 'keyword.operator.arrow.yaoxiang');
    assert.equal(at(6, '=>'), 'keyword.operator.arrow.yaoxiang');
    assert.equal(at(6, '0.0'), 'constant.numeric.float.yaoxiang');
    assert.equal(at(8, 'Point'), 'entity.name.type.yaoxiang');
    assert.equal(at(8, 'shift'), 'entity.name.function.yaoxiang');
    assert.equal(at(8, 'self'), 'variable.language.self.yaoxiang');
    assert.equal(at(8, '&mut'), 'keyword.operator.borrow.yaoxiang');
    assert.equal(at(13, 'Euclidean'), 'comment.block.yaoxiang');
    assert.equal(at(14, 'distance'), 'entity.name.function.yaoxiang');
    assert.equal(at(15, 'dx'), 'variable.other.yaoxiang');
    assert.equal(at(17, 'return'), 'keyword.control.return.yaoxiang');
    assert.equal(at(17, 'sqrt'), 'entity.name.function.call.yaoxiang');

    if (!sharedCorpusDir) return;
    const fstrings = readFileSync(join(sharedCorpusDir, '01-syntax', 'basics', 'fstrings.yx'), 'utf8');
    const fscopes = scopesOf(grammar, fstrings);
    // The last occurrence: the file's header comment quotes the code.
    const offsetOf = (needle: string) => fstrings.lastIndexOf(needle);
    assert.deepEqual(fscopes[offsetOf('f"hello')], ['source.yaoxiang', 'string.interpolated.yaoxiang', 'punctuation.definition.string.yaoxiang']);
    assert.equal(innermost(fscopes[offsetOf('hello {name}')]!), 'string.interpolated.yaoxiang');
    assert.equal(innermost(fscopes[offsetOf('{name}')]!), 'punctuation.section.interpolation.yaoxiang');
    assert.equal(innermost(fscopes[offsetOf('{name}') + 1]!), 'variable.other.yaoxiang');
    assert.ok(has(fscopes[offsetOf('{name}') + 1]!, 'meta.embedded.line.yaoxiang'));
    assert.equal(innermost(fscopes[offsetOf('assert(val')]!), 'entity.name.function.call.yaoxiang');
    assert.equal(innermost(fscopes[offsetOf('assert.assert(val')]!), 'variable.other.yaoxiang');
    assert.equal(innermost(fscopes[offsetOf('x = 42') + 4]!), 'constant.numeric.integer.decimal.yaoxiang');
  });

  it('agrees with tree-sitter on comments, strings, escapes, numbers, constants, keywords and names', () => {
    const files: Array<{ name: string; text: string }> = [{ name: 'RARE_TOKENS', text: RARE_TOKENS }];
    for (const dir of [examplesDir, sharedCorpusDir].filter((d): d is string => d !== undefined)) {
      for (const path of listYxFiles(dir)) files.push({ name: relative(repoRoot, path), text: readFileSync(path, 'utf8') });
    }
    let checked = 0;
    const found: Mismatch[] = [];
    for (const { name, text } of files) {
      const tree = parseOrThrow(parser, text);
      try {
        // Error recovery has no TextMate counterpart; the rare-token sample must parse.
        if (tree.rootNode.hasError) {
          assert.notEqual(name, 'RARE_TOKENS', 'the sample parses without errors');
          continue;
        }
        checked++;
        found.push(...disagreements(name, text, scopesOf(grammar, text), tree.rootNode));
      } finally {
        tree.delete();
      }
    }
    assert.ok(checked >= (sharedCorpusDir ? 80 : 3), `${checked} files checked`);
    assert.deepEqual(found.slice(0, 20), []);
  });
});
