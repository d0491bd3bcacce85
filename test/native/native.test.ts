// The generated C parser, compiled with gcc and linked against the system's
// libtree-sitter (Debian's 0.20 in CI), gives the same trees as the WASM build
// under web-tree-sitter, on every corpus program.
//
// Needs gcc and libtree-sitter-dev; skipped without them unless
// YAOXIANG_REQUIRE_NATIVE=1 (set by .ci/run, which installs both).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { listYxFiles } from '../support/files.ts';
import { examplesDir, grammarDir, repoRoot, sharedCorpusDir } from '../support/paths.ts';

const required = process.env.YAOXIANG_REQUIRE_NATIVE === '1';
const haveToolchain = spawnSync('gcc', ['--version']).status === 0 && existsSync('/usr/include/tree_sitter/api.h');
const skip = !haveToolchain && !required ? 'needs gcc and libtree-sitter-dev' : false;

describe('native C parser (libtree-sitter) agrees with web-tree-sitter', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'yaoxiang-native-'));
  const binary = join(dir, 'parse-files');

  it('compiles parser.c and scanner.c with gcc and links libtree-sitter', () => {
    execFileSync('gcc', [
      '-O2', '-Wall', '-Werror=implicit-function-declaration', '-o', binary,
      '-I', join(grammarDir, 'src'),
      join(repoRoot, 'test', 'native', 'parse-files.c'),
      join(grammarDir, 'src', 'parser.c'),
      join(grammarDir, 'src', 'scanner.c'),
      '-ltree-sitter',
    ], { stdio: 'pipe' });
  });

  const files = [...listYxFiles(examplesDir), ...(sharedCorpusDir ? listYxFiles(sharedCorpusDir) : [])];
  const parser = await createParser();

  it(`parses ${files.length} programs to the same S-expressions`, () => {
    const output = execFileSync(binary, files, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const native = new Map<string, string>();
    for (const chunk of output.split(/^== /m).filter(Boolean)) {
      const newline = chunk.indexOf('\n');
      native.set(chunk.slice(0, newline), chunk.slice(newline + 1).trim());
    }
    assert.equal(native.size, files.length);
    for (const file of files) {
      const tree = parseOrThrow(parser, readFileSync(file, 'utf8'));
      try {
        assert.equal(native.get(file), tree.rootNode.toString(), relative(repoRoot, file));
      } finally {
        tree.delete();
      }
    }
  });
});
