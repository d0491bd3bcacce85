// The Zed extension: extension.toml and config.toml against Zed's manifest
// schema, the captures of each query against what Zed reads, the override
// scopes, the grammar commit, the outline, and the Rust code that starts the
// language server built to WebAssembly when that target is installed. (Every
// Zed query compiling against the grammar is checked in test/queries.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse as parseToml } from 'smol-toml';
import { Query } from 'web-tree-sitter';
import { ZED_THEME_CAPTURES } from '../../scripts/editor-queries/editors.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser, loadYaoXiang } from '../../src/syntax/language.ts';
import { examplesDir, repoRoot } from '../support/paths.ts';
import { capturesOf, nodesOf } from '../support/query-text.ts';
import { grammarVocabulary, ZED_QUERY_CAPTURES, zedLanguageConfig, zedManifest } from './zed-schema.ts';

const zedDir = join(repoRoot, 'editors', 'zed');
const languageDir = join(zedDir, 'languages', 'yaoxiang');
const readToml = (path: string) => parseToml(readFileSync(path, 'utf8'));
const queryFiles = () => readdirSync(languageDir).filter((file) => file.endsWith('.scm'));
// Node's WebAssembly, which the ES2023 lib (no DOM) does not declare.
const { WebAssembly: wasmApi } = globalThis as unknown as {
  WebAssembly: { Module: { new (bytes: Uint8Array): object; exports(m: object): Array<{ name: string }>; imports(m: object): Array<{ name: string }> } };
};
const git = (...args: string[]) => spawnSync('git', ['-C', repoRoot, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });

/** Outline items as Zed builds them: @context and @name texts joined by spaces, nested by range. */
function outline(source: string, parser: Awaited<ReturnType<typeof createParser>>, query: Query): string[] {
  const tree = parseOrThrow(parser, source);
  try {
    const items = query.matches(tree.rootNode).flatMap((match) => {
      const item = match.captures.find((c) => c.name === 'item')?.node;
      if (!item) return [];
      const words = match.captures
        .filter((c) => c.name === 'name' || c.name === 'context')
        .sort((a, b) => a.node.startIndex - b.node.startIndex)
        .map((c) => c.node.text);
      return [{ start: item.startIndex, end: item.endIndex, label: words.join(' ') }];
    });
    items.sort((a, b) => a.start - b.start || b.end - a.end);
    const open: Array<{ end: number }> = [];
    return items.map((item) => {
      while (open.length > 0 && open[open.length - 1]!.end <= item.start) open.pop();
      const line = '  '.repeat(open.length) + item.label;
      open.push(item);
      return line;
    });
  } finally {
    tree.delete();
  }
}

describe('Zed extension', async () => {
  const language = await loadYaoXiang();
  const parser = await createParser();

  it('declares the grammar, the .yx suffix, comments and brackets', () => {
    const extension = readFileSync(join(zedDir, 'extension.toml'), 'utf8');
    assert.match(extension, /^\[grammars\.yaoxiang\]$/m);
    assert.match(extension, /^path = "tree-sitter-yaoxiang"$/m);
    const config = readFileSync(join(zedDir, 'languages', 'yaoxiang', 'config.toml'), 'utf8');
    assert.match(config, /^grammar = "yaoxiang"$/m);
    assert.match(config, /^path_suffixes = \["yx"\]$/m);
    assert.match(config, /^line_comments = \["\/\/ "\]$/m);
    for (const pair of ['"{"', '"["', '"("']) assert.ok(config.includes(`start = ${pair}`), `bracket ${pair}`);
  });

  it('extension.toml and config.toml follow Zed\'s manifest schema and refer to each other', () => {
    const manifest = zedManifest.parse(readToml(join(zedDir, 'extension.toml')));
    const config = zedLanguageConfig.parse(readToml(join(languageDir, 'config.toml')));
    assert.ok(manifest.grammars?.[config.grammar], `grammar ${config.grammar} is declared`);
    const servers = Object.entries(manifest.language_servers ?? {});
    assert.deepEqual(
      servers.map(([id, server]) => [id, server.languages]),
      [['yaoxiang', [config.name]]],
    );
  });

  it('highlights use only Zed theme captures; the other queries only the captures Zed reads', () => {
    for (const file of queryFiles()) {
      const kind = file.replace(/\.scm$/, '');
      const allowed = kind === 'highlights' ? ZED_THEME_CAPTURES : ZED_QUERY_CAPTURES[kind];
      assert.ok(allowed, `${file} is not a query Zed reads`);
      if (allowed === 'any') continue;
      const foreign = [...capturesOf(readFileSync(join(languageDir, file), 'utf8'))].filter((name) => !name.startsWith('_') && !allowed.has(name));
      assert.deepEqual(foreign, [], file);
    }
  });

  it('overrides.scm scopes strings and comments, so quotes do not auto-close there', () => {
    const config = zedLanguageConfig.parse(readToml(join(languageDir, 'config.toml')));
    const overrides = new Query(language, readFileSync(join(languageDir, 'overrides.scm'), 'utf8'));
    try {
      const scopes = new Set(overrides.captureNames);
      for (const bracket of config.brackets ?? []) {
        for (const scope of bracket.not_in ?? []) assert.ok(scopes.has(scope), `not_in ${scope} of ${bracket.start} is a scope of overrides.scm`);
      }
      const source = `// it's a "comment"\ns = "it's"\nc = 'x'\nf = f"{s}'s"\n/* a "block" */\nt = 1\n`;
      const tree = parseOrThrow(parser, source);
      try {
        assert.equal(tree.rootNode.hasError, false);
        const scopeAt = (row: number, column: number) =>
          overrides
            .captures(tree.rootNode)
            .filter(({ node }) => node.startPosition.row <= row && row <= node.endPosition.row && (row !== node.startPosition.row || column >= node.startPosition.column) && (row !== node.endPosition.row || column < node.endPosition.column))
            .map((capture) => capture.name);
        assert.deepEqual(scopeAt(0, 5), ['comment']);
        assert.deepEqual(scopeAt(1, 7), ['string']);
        assert.deepEqual(scopeAt(2, 5), ['string']);
        assert.deepEqual(scopeAt(3, 9), ['string']);
        assert.deepEqual(scopeAt(4, 6), ['comment']);
        assert.deepEqual(scopeAt(5, 0), []);
        assert.deepEqual(scopeAt(1, 0), []);
      } finally {
        tree.delete();
      }
    } finally {
      overrides.delete();
    }
  });

  it('the grammar at `rev` has every node type, token and field the queries name', (t) => {
    const { rev } = zedManifest.parse(readToml(join(zedDir, 'extension.toml'))).grammars!['yaoxiang']!;
    if (git('rev-parse', '--is-shallow-repository').stdout.trim() !== 'false') {
      t.skip('not a full git clone: the commit cannot be looked up');
      return;
    }
    const shown = git('show', `${rev}:tree-sitter-yaoxiang/src/node-types.json`);
    assert.equal(shown.status, 0, `commit ${rev} with tree-sitter-yaoxiang/ is in this repository's history: ${shown.stderr}`);
    const grammar = grammarVocabulary(shown.stdout);
    for (const file of queryFiles()) {
      const used = nodesOf(readFileSync(join(languageDir, file), 'utf8'));
      for (const kind of ['named', 'anonymous', 'fields'] as const) {
        const missing = [...used[kind]].filter((name) => !grammar[kind].has(name));
        assert.deepEqual(missing, [], `${file}: ${kind} missing from the grammar at ${rev}`);
      }
    }
  });

  it('the extension builds to wasm32-wasip1 with a language_server_command that looks up `yaoxiang`', (t) => {
    const targets = spawnSync('rustup', ['target', 'list', '--installed'], { encoding: 'utf8' });
    const installed = targets.status === 0 && targets.stdout.split('\n').includes('wasm32-wasip1');
    if (!installed && process.env.YAOXIANG_REQUIRE_ZED_WASM !== '1') {
      t.skip('rustup target wasm32-wasip1 is not installed');
      return;
    }
    // One build folder for every checkout: the first build takes minutes, later ones seconds.
    const targetDir = process.env.CARGO_TARGET_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'yaoxiang', 'zed-extension-target');
    const build = spawnSync('cargo', ['build', '--release', '--quiet', '--target', 'wasm32-wasip1'], {
      cwd: zedDir,
      encoding: 'utf8',
      timeout: 15 * 60_000,
      env: { ...process.env, CARGO_TARGET_DIR: targetDir },
    });
    assert.equal(build.status, 0, build.stderr);
    const wasm = new wasmApi.Module(readFileSync(join(targetDir, 'wasm32-wasip1', 'release', 'zed_yaoxiang.wasm')));
    const exports = wasmApi.Module.exports(wasm).map((e) => e.name);
    for (const name of ['init-extension', 'language-server-command']) assert.ok(exports.includes(name), `exports ${name}`);
    const imports = wasmApi.Module.imports(wasm).map((i) => i.name);
    for (const name of ['[method]worktree.which', '[method]worktree.shell-env', 'get-settings']) assert.ok(imports.includes(name), `imports ${name}`);
  });

  it('outline.scm lists types with their fields, functions and methods', () => {
    const query = new Query(language, readFileSync(join(zedDir, 'languages', 'yaoxiang', 'outline.scm'), 'utf8'));
    const source = readFileSync(join(examplesDir, 'demo', 'geometry.yx'), 'utf8');
    assert.deepEqual(outline(source, parser, query), [
      'pub Point',
      '  x',
      '  y',
      'pub origin',
      'pub Point shift',
      'pub distance',
    ]);
    const main = readFileSync(join(examplesDir, 'demo', 'main.yx'), 'utf8');
    assert.deepEqual(outline(main, parser, query), ['main']);
    query.delete();
  });
});
