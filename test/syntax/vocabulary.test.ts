// src/syntax/vocabulary.ts is generated from the grammar (scripts/vocabulary.ts):
// it must be up to date, the C scanner's hand-kept keyword table must say the
// same, and the node-type helpers must turn a misspelt type into a compile error.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { readVocabulary, renderVocabulary, vocabularyPath } from '../../scripts/vocabulary.ts';
import { ANONYMOUS_NODE_TYPES, BINARY_OPERATORS, KEYWORDS, NAMED_NODE_TYPES, UNARY_OPERATORS } from '../../src/syntax/vocabulary.ts';
import { grammarDir, repoRoot } from '../support/paths.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('the vocabulary generated from the grammar', () => {
  it('is up to date (run npm run generate:vocabulary after a grammar change)', () => {
    assert.equal(readFileSync(vocabularyPath, 'utf8'), renderVocabulary(readVocabulary()));
  });

  it('has the keywords of the reference lexer, as scanner.c lists them', () => {
    const scanner = readFileSync(join(grammarDir, 'src', 'scanner.c'), 'utf8');
    const table = /static const char \*const KEYWORDS\[\] = \{([^}]*)\}/.exec(scanner);
    assert.ok(table, 'scanner.c has a KEYWORDS table');
    const words = [...table[1]!.matchAll(/"([^"]*)"/g)].map((m) => m[1]!).sort();
    assert.deepEqual(words, [...KEYWORDS]);
  });

  it('knows every node type the sources compare with', () => {
    const known = new Set<string>([...NAMED_NODE_TYPES, ...ANONYMOUS_NODE_TYPES, 'ERROR']);
    const unknown: string[] = [];
    for (const file of sourceFiles(join(repoRoot, 'src'))) {
      const text = readFileSync(file, 'utf8');
      // Only code that handles trees compares node types; elsewhere `.type` is a message's (threads/pool-worker.ts).
      if (!text.includes("from 'web-tree-sitter'")) continue;
      for (const match of text.matchAll(/\.type\s*[!=]==\s*'([^']*)'/g)) {
        if (!known.has(match[1]!)) unknown.push(`${relative(repoRoot, file)}: ${match[1]}`);
      }
    }
    assert.deepEqual(unknown, []);
  });
});

describe('highlighting covers the vocabulary', () => {
  // Every keyword and operator is named in each highlights.scm, as a token or
  // through the one node it makes up as a whole (a `pub` is a visibility).
  const WHOLE_NODES: Readonly<Record<string, string>> = { true: 'boolean', false: 'boolean', void: 'void', pub: 'visibility', mut: 'mutability' };
  const queries = [join(grammarDir, 'queries'), join(repoRoot, 'editors', 'nvim', 'queries', 'yaoxiang'), join(repoRoot, 'editors', 'zed', 'languages', 'yaoxiang')]
    .map((dir) => join(dir, 'highlights.scm'))
    .filter((file) => existsSync(file));
  for (const file of queries) {
    it(relative(repoRoot, file), () => {
      const text = readFileSync(file, 'utf8');
      const quoted = new Set([...text.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1')));
      const covered = (token: string) => quoted.has(token) || (WHOLE_NODES[token] !== undefined && text.includes(`(${WHOLE_NODES[token]})`));
      assert.deepEqual([...KEYWORDS, ...BINARY_OPERATORS, ...UNARY_OPERATORS].filter((token) => !covered(token)), []);
    });
  }
});

describe('typed node types', () => {
  // A probe file beside the sources, compiled in memory with the project's options.
  const probePath = join(repoRoot, 'src', 'syntax', '__probe__.ts');
  function compileErrors(body: string): string[] {
    const options: ts.CompilerOptions = { strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, allowImportingTsExtensions: true, skipLibCheck: true, types: [] };
    const text = `import { isNodeType, nodeType } from './node-type.ts';\ndeclare const node: Parameters<typeof nodeType>[0];\n${body}\n`;
    const host = ts.createCompilerHost(options);
    const readFile = host.readFile.bind(host);
    const getSourceFile = host.getSourceFile.bind(host);
    host.readFile = (name) => (name === probePath ? text : readFile(name));
    host.fileExists = (name) => name === probePath || ts.sys.fileExists(name);
    host.getSourceFile = (name, version, ...rest) => (name === probePath ? ts.createSourceFile(name, text, version) : getSourceFile(name, version, ...rest));
    const program = ts.createProgram([probePath], options, host);
    return ts.getPreEmitDiagnostics(program, program.getSourceFile(probePath)).map((d) => `TS${d.code}`);
  }

  it('compiles comparisons with real node types', () => {
    assert.deepEqual(compileErrors("export const a = nodeType(node) === 'identifier' || isNodeType(node, 'ERROR', 'binary_expression', '&mut');"), []);
  });

  it('rejects a misspelt node type at compile time', () => {
    assert.deepEqual(compileErrors("export const a = nodeType(node) === 'identifer';"), ['TS2367']);
    assert.deepEqual(compileErrors("export const b = isNodeType(node, 'binary_expresion');"), ['TS2345']);
  });
});
