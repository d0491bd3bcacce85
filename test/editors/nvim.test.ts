// Neovim as the client: the grammar built with gcc (ABI 14) is loaded by
// each Neovim of YAOXIANG_NVIM_BINS (Debian's 0.7.2 and a current 0.11 in CI),
// which highlights, folds and indents real programs with editors/nvim.
// Expected highlights come from our own tree (an oracle independent of the
// queries): keywords, strings, numbers, comments, function names, types and
// parameters at their first character. Neovim 0.7 is checked on the group it
// draws (the package maps capture names onto 0.7's groups); 0.9 and later on
// the capture that wins, since their groups come from the colour scheme.
//
// Needs nvim and gcc; skipped without them unless YAOXIANG_REQUIRE_NVIM=1
// (set by .ci/run, which installs Debian's neovim and the pinned 0.11).
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
import { listYxFiles } from '../support/files.ts';
import { examplesDir, grammarDir, repoRoot, sharedCorpusDir } from '../support/paths.ts';
import { atLeast, nvimBinaries, runLuaScript, skipUnlessRuns, type Nvim } from './headless-nvim.ts';

const haveGcc = spawnSync('gcc', ['--version']).status === 0;

const CORPUS_PROGRAMS = [
  '02-type-system/generics_matrix.yx',
  '05-ownership/ownership_deep.yx',
  '01-syntax/control-flow/if_else.yx',
];

/** Neovim 0.7's group and the capture (or its parent) of each keyword. */
const KEYWORDS: Record<string, [group: string, capture: string]> = {
  use: ['Include', 'keyword.import'],
  if: ['Conditional', 'keyword.conditional'], else: ['Conditional', 'keyword.conditional'], match: ['Conditional', 'keyword.conditional'],
  for: ['Repeat', 'keyword.repeat'], while: ['Repeat', 'keyword.repeat'], in: ['Repeat', 'keyword.repeat'],
  break: ['Repeat', 'keyword.repeat'], continue: ['Repeat', 'keyword.repeat'],
  return: ['Keyword', 'keyword.return'], spawn: ['Keyword', 'keyword.coroutine'],
  as: ['Keyword', 'keyword'], ref: ['Keyword', 'keyword'], unsafe: ['Keyword', 'keyword'],
  and: ['Operator', 'keyword.operator'], or: ['Operator', 'keyword.operator'],
};

interface Expectation { row: number; column: number; group: string; capture: string; what: string }

/** What a reader expects at the start of each interesting token, from the tree alone. */
function expectations(root: Node): Expectation[] {
  const found: Expectation[] = [];
  const add = (node: Node | null, [group, capture]: [string, string], what: string) => {
    if (node) found.push({ row: node.startPosition.row, column: node.startPosition.column, group, capture, what: `${what} ${JSON.stringify(node.text.slice(0, 20))}` });
  };
  walk(root, (cursor) => {
    const node = cursor.currentNode;
    const type = node.type;
    if (!node.isNamed && KEYWORDS[type]) add(node, KEYWORDS[type], 'keyword');
    else if (type === 'visibility' || type === 'mutability') add(node, ['Keyword', 'keyword'], 'modifier');
    else if (type === 'string' || type === 'multiline_string') add(node, ['String', 'string'], 'string');
    else if (type === 'integer') add(node, ['Number', 'number'], 'number');
    else if (type === 'float') add(node, ['Float', 'number.float'], 'float');
    else if (type === 'boolean') add(node, ['Boolean', 'boolean'], 'boolean');
    else if (type === 'line_comment' || type === 'block_comment') add(node, ['Comment', 'comment'], 'comment');
    else if (type === 'type_identifier') add(node, ['Type', 'type'], 'type');
    else if (type === 'parameter') add(node.childForFieldName('name'), ['Identifier', 'variable.parameter'], 'parameter');
    else if (type === 'declaration' && node.childForFieldName('type')?.type === 'function_type' && node.childForFieldName('target')?.type === 'identifier') {
      add(node.childForFieldName('target'), ['Function', 'function'], 'function name');
    }
    return !(type === 'string' || type === 'fstring' || type === 'line_comment' || type === 'block_comment');
  });
  return found;
}

const FOLD_TYPES = new Set(['block', 'record_type', 'match_block', 'use_list', 'arguments', 'list', 'dictionary', 'block_comment', 'multiline_string']);

/**
 * Expected fold level of each line: the multi-line fold nodes around it, where
 * a line that closes one fold and opens another (`} else {`) belongs to the
 * new one only, as Neovim's own tree-sitter foldexpr does it.
 */
function foldLevels(root: Node, lineCount: number): { levels: number[]; blocks: number } {
  const enter = new Array<number>(lineCount + 1).fill(0);
  const leave = new Array<number>(lineCount + 1).fill(0);
  const seen = new Set<string>();
  let blocks = 0;
  walk(root, (cursor) => {
    const node = cursor.currentNode;
    if (!FOLD_TYPES.has(node.type)) return true;
    const start = node.startPosition.row;
    const end = node.endPosition.column === 0 ? node.endPosition.row - 1 : node.endPosition.row;
    if (end > start && !seen.has(`${start}:${end}`)) {
      seen.add(`${start}:${end}`);
      if (node.type === 'block') blocks++;
      enter[start]!++;
      leave[end]!++;
    }
    return true;
  });
  const levels: number[] = [];
  let level = 0;
  for (let row = 0; row < lineCount; row++) {
    level += enter[row]!;
    if (enter[row]! > 0 && leave[row]! > 0) {
      level -= leave[row]!;
      leave[row] = 0;
    }
    levels.push(level);
    level -= leave[row]!;
  }
  return { levels, blocks };
}

/** A mismatch line when Neovim drew something other than expected; 0.9+ accept a more specific capture. */
function mismatch(nvim: Nvim, e: Expectation, group: string, capture: string): string | undefined {
  const modern = atLeast(nvim, 0, 9);
  const ok = modern ? capture === e.capture || capture.startsWith(`${e.capture}.`) : group === e.group;
  if (ok) return undefined;
  const wanted = modern ? `@${e.capture}` : e.group;
  const shown = modern ? (capture ? `@${capture} (${group})` : 'nothing') : group || 'nothing';
  return `${e.row + 1}:${e.column + 1} ${e.what}: expected ${wanted}, Neovim shows ${shown}`;
}

const programs = sharedCorpusDir
  ? CORPUS_PROGRAMS.map((name) => join(sharedCorpusDir!, name))
  : ['main.yx', 'utils.yx', 'geometry.yx'].map((name) => join(examplesDir, 'demo', name));

for (const nvim of nvimBinaries()) {
  const skip = skipUnlessRuns(nvim, haveGcc);
  describe(`Neovim ${nvim.version ?? nvim.bin} (headless) with editors/nvim`, { skip }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'yaoxiang-nvim-'));
    const parserPath = join(dir, 'yaoxiang.so');
    const parser = await createParser();

    it('builds the parser with gcc for Neovim', () => {
      execFileSync('gcc', ['-O2', '-shared', '-fPIC', '-I', join(grammarDir, 'src'), join(grammarDir, 'src', 'parser.c'), join(grammarDir, 'src', 'scanner.c'), '-o', parserPath]);
    });

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
        const result = runLuaScript<CheckResult>(nvim, 'nvim-check.lua', work, {
          file,
          positions: expected.map((e) => [e.row, e.column]),
          indent_probe: ['main = {', '}', 'xs = [', ']', 'Point: Type = {', '}'],
          indent_after: [1, 3, 5],
        }, { env: { YAOXIANG_PARSER: parserPath } });
        assert.equal(result.version, nvim.version);
        assert.equal(result.filetype, 'yaoxiang', 'ftdetect maps *.yx to yaoxiang');

        const mismatches = expected.flatMap((e, i) => mismatch(nvim, e, result.groups[i] ?? '', result.captures[i] ?? '') ?? []);
        assert.deepEqual(mismatches, []);

        assert.equal(result.foldmethod, 'expr');
        assert.ok(folds.blocks > 0, 'the program has multi-line blocks');
        assert.deepEqual(result.folds, folds.levels, 'fold level of every line');

        assert.deepEqual(result.indents, [4, 4, 4], 'a line opened after {, [ is indented one level');
      });
    }

    it('reindents every program as written, sets the editing options and folds without leaking them', () => {
      const work = mkdtempSync(join(dir, 'package-'));
      const other = join(work, 'other.ts');
      writeFileSync(other, 'export const x = {\n  y: 1,\n};\n');
      const reindent = listYxFiles(sharedCorpusDir ?? examplesDir);
      const result = runLuaScript<PackageResult>(nvim, 'nvim-package.lua', work, {
        parser: parserPath,
        reindent,
        yx_file: programs[0],
        other_file: other,
        typed: ['main = {', '    y = [', '    ]', '}'],
      });
      // Block-comment bodies (comments.yx:9), continuation lines (statement-termination.yx:19, 41)
      // and arguments aligned after `(` (statement-termination.yx:24) keep their indentation.
      const changed = Object.entries(result.reindented).filter(([, lines]) => lines.length > 0).map(([file, lines]) => `${relative(repoRoot, file)}: ${lines.join(',')}`);
      assert.deepEqual(changed, [], 'gg=G changes no line');
      assert.equal(Object.keys(result.reindented).length, reindent.length);

      const { closed_lines: closed, fold_lines: folded, ...yx } = result.yx;
      assert.deepEqual(yx, {
        foldmethod: 'expr',
        foldexpr: atLeast(nvim, 0, 10) ? 'v:lua.vim.treesitter.foldexpr()' : "v:lua.require'yaoxiang'.foldexpr()",
        foldlevel: 99,
        expandtab: true, shiftwidth: 4, softtabstop: 4,
      });
      assert.ok(folded > 0, 'the program has folds');
      assert.equal(closed, 0, 'the file opens unfolded');
      const defaults = { foldmethod: 'manual', foldexpr: '0', foldlevel: 0 };
      assert.deepEqual(result.other_same_window, defaults, 'another file in the same window gets no YaoXiang folds');
      assert.deepEqual(result.new_window, defaults, 'a new window gets no YaoXiang folds');
      assert.deepEqual(result.yx_in_new_window, { foldmethod: 'expr', foldexpr: yx.foldexpr, foldlevel: 99 }, 'the YaoXiang buffer folds in any window');

      assert.deepEqual(result.typed, ['main = {', '    x', '    y = [', '        x', '    ]', '}'], '`o` indents with four spaces');
    });

    it('without a parser, still sets the editing options and says how to build one', () => {
      const work = mkdtempSync(join(dir, 'no-parser-'));
      const result = runLuaScript<PackageResult>(nvim, 'nvim-package.lua', work, { parser: false, yx_file: programs[0] });
      assert.equal(result.filetype, 'yaoxiang');
      assert.equal(result.expandtab, true);
      assert.equal(result.shiftwidth, 4);
      assert.equal(result.notified.length, 1, JSON.stringify(result.notified));
      assert.match(result.notified[0]!.message, /^yaoxiang: no tree-sitter parser for YaoXiang .*; build it from tree-sitter-yaoxiang\/.* -o \.\.\/editors\/nvim\/parser\/yaoxiang\.so$/s);
    });
  });
}

interface WindowOptions { foldmethod: string; foldexpr: string; foldlevel: number }

interface PackageResult {
  errors: string[];
  reindented: Record<string, number[]>;
  yx: WindowOptions & { expandtab: boolean; shiftwidth: number; softtabstop: number; closed_lines: number; fold_lines: number };
  other_same_window: WindowOptions;
  new_window: WindowOptions;
  yx_in_new_window: WindowOptions;
  typed: string[];
  notified: Array<{ message: string; level: number }>;
  filetype: string;
  expandtab: boolean;
  shiftwidth: number;
}

interface CheckResult {
  version: string;
  filetype: string;
  groups: string[];
  captures: string[];
  folds: number[];
  foldmethod: string;
  indents: number[];
  errors: string[];
  [key: string]: unknown;
}
