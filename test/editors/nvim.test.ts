// Neovim as the client: the grammar built with gcc (ABI 14) is loaded by
// Debian's Neovim 0.7, which highlights, folds and indents real programs with
// editors/nvim. Expected groups come from our own tree (an oracle independent
// of the queries): keywords, strings, numbers, comments, function names,
// types and parameters at their first character.
//
// Needs nvim and gcc; skipped without them unless YAOXIANG_REQUIRE_NVIM=1
// (set by .ci/run, which installs Debian's neovim).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import type { Node } from 'web-tree-sitter';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { walk } from '../../src/syntax/inspect.ts';
import { examplesDir, grammarDir, repoRoot, sharedCorpusDir } from '../support/paths.ts';

const required = process.env.YAOXIANG_REQUIRE_NVIM === '1';
const haveNvim = spawnSync('nvim', ['--version']).status === 0 && spawnSync('gcc', ['--version']).status === 0;
const skip = !haveNvim && !required ? 'needs nvim and gcc' : false;

const CORPUS_PROGRAMS = [
  '02-type-system/generics_matrix.yx',
  '05-ownership/ownership_deep.yx',
  '01-syntax/control-flow/if_else.yx',
];

const KEYWORD_GROUPS: Record<string, string> = {
  use: 'Include',
  if: 'Conditional', else: 'Conditional', match: 'Conditional',
  for: 'Repeat', while: 'Repeat', in: 'Repeat', break: 'Repeat', continue: 'Repeat',
  return: 'Keyword', spawn: 'Keyword', as: 'Keyword', ref: 'Keyword', unsafe: 'Keyword',
  and: 'Operator', or: 'Operator',
};

interface Expectation { row: number; column: number; group: string; what: string }

/** What a reader expects at the start of each interesting token, from the tree alone. */
function expectations(root: Node): Expectation[] {
  const found: Expectation[] = [];
  const add = (node: Node | null, group: string, what: string) => {
    if (node) found.push({ row: node.startPosition.row, column: node.startPosition.column, group, what: `${what} ${JSON.stringify(node.text.slice(0, 20))}` });
  };
  walk(root, (cursor) => {
    const node = cursor.currentNode;
    const type = node.type;
    if (!node.isNamed && KEYWORD_GROUPS[type]) add(node, KEYWORD_GROUPS[type]!, 'keyword');
    else if (type === 'visibility' || type === 'mutability') add(node, 'Keyword', 'modifier');
    else if (type === 'string' || type === 'multiline_string') add(node, 'String', 'string');
    else if (type === 'integer') add(node, 'Number', 'number');
    else if (type === 'float') add(node, 'Float', 'float');
    else if (type === 'boolean') add(node, 'Boolean', 'boolean');
    else if (type === 'line_comment' || type === 'block_comment') add(node, 'Comment', 'comment');
    else if (type === 'type_identifier') add(node, 'Type', 'type');
    else if (type === 'parameter') add(node.childForFieldName('name'), 'Identifier', 'parameter');
    else if (type === 'declaration' && node.childForFieldName('type')?.type === 'function_type' && node.childForFieldName('target')?.type === 'identifier') {
      add(node.childForFieldName('target'), 'Function', 'function name');
    }
    return !(type === 'string' || type === 'fstring' || type === 'line_comment' || type === 'block_comment');
  });
  return found;
}

const FOLD_TYPES = new Set(['block', 'record_type', 'match_block', 'use_list', 'arguments', 'list', 'dictionary', 'block_comment', 'multiline_string']);

/** Expected fold level of each line: the multi-line fold nodes around it. */
function foldLevels(root: Node, lineCount: number): { levels: number[]; blocks: number } {
  const levels = new Array<number>(lineCount).fill(0);
  let blocks = 0;
  walk(root, (cursor) => {
    const node = cursor.currentNode;
    if (!FOLD_TYPES.has(node.type)) return true;
    const start = node.startPosition.row;
    const end = node.endPosition.column === 0 ? node.endPosition.row - 1 : node.endPosition.row;
    if (end > start) {
      if (node.type === 'block') blocks++;
      for (let row = start; row <= end; row++) levels[row]!++;
    }
    return true;
  });
  return { levels, blocks };
}

describe('Neovim (headless) with editors/nvim', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'yaoxiang-nvim-'));
  const parserPath = join(dir, 'yaoxiang.so');
  const parser = await createParser();

  it('builds the parser with gcc for Neovim', () => {
    execFileSync('gcc', ['-O2', '-shared', '-fPIC', '-I', join(grammarDir, 'src'), join(grammarDir, 'src', 'parser.c'), join(grammarDir, 'src', 'scanner.c'), '-o', parserPath]);
  });

  const programs = sharedCorpusDir
    ? CORPUS_PROGRAMS.map((name) => join(sharedCorpusDir!, name))
    : ['main.yx', 'utils.yx', 'geometry.yx'].map((name) => join(examplesDir, 'demo', name));

  for (const file of programs) {
    it(`highlights, folds and indents ${relative(repoRoot, file)}`, () => {
      const text = readFileSync(file, 'utf8');
      const tree = parseOrThrow(parser, text);
      const expected = expectations(tree.rootNode);
      const folds = foldLevels(tree.rootNode, text.split('\n').length - (text.endsWith('\n') ? 1 : 0));
      tree.delete();
      // The corpus programs are larger than the demo files this falls back to without ../shared.
      const enough = sharedCorpusDir ? 30 : 20;
      assert.ok(expected.length >= enough, `only ${expected.length} positions to check`);

      const work = join(dir, relative(repoRoot, file).replace(/[^\w.-]+/g, '_'));
      mkdirSync(work, { recursive: true });
      const requestPath = join(work, 'request.json');
      const resultPath = join(work, 'result.json');
      writeFileSync(requestPath, JSON.stringify({
        file,
        positions: expected.map((e) => [e.row, e.column]),
        indent_probe: ['main = {', '}', 'xs = [', ']', 'Point: Type = {', '}'],
        indent_after: [1, 3, 5],
      }));
      const run = spawnSync('nvim', [
        '--headless', '-u', 'NONE', '-i', 'NONE', '-n',
        '--cmd', `set rtp^=${join(repoRoot, 'editors', 'nvim')}`,
        '--cmd', 'filetype plugin on',
        '-c', `luafile ${join(repoRoot, 'test', 'editors', 'nvim-check.lua')}`,
        '-c', 'qa!',
      ], {
        env: { ...process.env, YAOXIANG_PARSER: parserPath, YAOXIANG_REQUEST: requestPath, YAOXIANG_RESULT: resultPath },
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(run.status, 0, run.stderr);
      const result = JSON.parse(readFileSync(resultPath, 'utf8'));
      assert.deepEqual(result.errors, []);
      assert.equal(result.filetype, 'yaoxiang', 'ftdetect maps *.yx to yaoxiang');

      const mismatches = expected
        .map((e, i) => ({ ...e, actual: result.groups[i] as string }))
        .filter((e, i) => result.groups[i] !== e.group)
        .map((e) => `${e.row + 1}:${e.column + 1} ${e.what}: expected ${e.group}, Neovim shows ${e.actual || 'nothing'}`);
      assert.deepEqual(mismatches, []);

      assert.equal(result.foldmethod, 'expr');
      assert.ok(folds.blocks > 0, 'the program has multi-line blocks');
      assert.deepEqual(result.folds, folds.levels, 'fold level of every line');

      assert.deepEqual(result.indents, [4, 4, 4], 'a line opened after {, [ is indented one level');
    });
  }
});
