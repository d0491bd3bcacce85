// `node dist/scripts/queries.js` (or `-- --check`): writes the grammar's
// tags.scm and locals.scm, Neovim's locals.scm and Zed's outline.scm, from
// the analysis queries in queries/. Those are the
// one source: what Neovim, Zed and `tree-sitter tags` call a definition is
// what `yaoxiang symbols` calls one. test/queries/generated.test.ts fails
// when the committed files are stale.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../test/support/paths.ts';

export const analysisQueriesDir = path.join(repoRoot, 'queries');

interface Output {
  /** Path of the generated file, relative to the repository root. */
  file: string;
  header: string;
  sources: string[];
  /** Whether a pattern (by its capture names) belongs in the output. */
  keeps: (captures: readonly string[]) => boolean;
  rename: (text: string) => string;
  /** Patterns the output needs that are none of the analysis queries' (Zed's outline shows fields and values too). */
  tail?: () => string;
}

/** The node a pattern matches: its first node name, inside any predicate wrapper. */
const rootNode = (pattern: string) => /^\(+\s*([\w]+)/.exec(pattern.replace(/^(?:;.*\n)*/, ''))?.[1];

/**
 * nvim-treesitter's definition kind (`@local.definition.KIND`) of a pattern of
 * queries/scopes.scm or imports.scm: what the pattern binds, judged from its
 * node, since the analysis queries have one untyped `@definition.local`.
 */
function neovimDefinitionKind(pattern: string): string {
  switch (rootNode(pattern)) {
    case 'parameter': return 'parameter';
    case 'type_definition': return 'type';
    case 'use_item': case 'use_statement': return 'import';
    case 'declaration': return /type:\s*\(function_type\)/.test(pattern) ? 'function' : 'var';
    default: return 'var';
  }
}

const toLocals = (text: string, definition: string) =>
  text.replace(/@scope(?![\w.])/g, '@local.scope').replace(/@definition\.local(?![\w.])/g, definition).replace(/@reference(?![\w.])/g, '@local.reference');

const LOCALS_SOURCES = ['scopes', 'imports', 'references'];
const keepsLocals = (captures: readonly string[]) => captures.some((c) => c === 'scope' || c === 'definition.local' || c === 'reference');

/** The subtypes of a supertype of the grammar (`_type`, `_expression`) but `except`, as a query alternation. */
function subtypesBut(supertype: string, except: string): string {
  const nodeTypes = JSON.parse(readFileSync(path.join(repoRoot, 'tree-sitter-yaoxiang', 'src', 'node-types.json'), 'utf8')) as Array<{ type: string; subtypes?: Array<{ type: string }> }>;
  const names = nodeTypes.find((t) => t.type === supertype)?.subtypes?.map((t) => t.type).filter((name) => name !== except) ?? [];
  if (names.length === 0) throw new Error(`node-types.json has no subtypes of ${supertype}`);
  return `[${names.map((name) => `(${name})`).join(' ')}]`;
}

/**
 * A top-level definition as a Zed outline item (our document outline lists
 * top-level symbols): the definition is the `@item`, with its `pub` and, for
 * a method, its type as `@context` (`pub Point shift`).
 */
function toOutlineItem(pattern: string): string {
  const comments = /^(?:;.*\n)*/.exec(pattern)![0];
  const item = pattern.slice(comments.length)
    .replace(/@definition\.\w+/g, '@item')
    .replace(/^(\(+)(declaration|assignment|type_definition)\b/, '$1$2\n  (visibility)? @context')
    .replace(/\(member_expression(\s+)field:/g, '(member_expression$1object: (_) @context$1field:');
  return `${comments}(source_file\n  ${item.replace(/\n/g, '\n  ')})`;
}

/**
 * What Zed's outline shows besides the definitions, as our document outline
 * does: record fields, and top-level values (a declaration or assignment that
 * is no function: its type is no signature, its value no lambda; the grammar's
 * own lists, so that no item is listed twice).
 */
function outlineValues(): string {
  return [
    '; Not from queries/: record fields, and top-level values that are no function definition.',
    '(field_declaration\n  name: (identifier) @name) @item',
    `(source_file\n  (declaration\n    (visibility)? @context\n    target: (identifier) @name\n    type: ${subtypesBut('_type', 'function_type')}) @item)`,
    '(source_file\n  (declaration\n    (visibility)? @context\n    target: (identifier) @name\n    !type) @item)',
    `(source_file\n  (assignment\n    (visibility)? @context\n    left: (identifier) @name\n    right: ${subtypesBut('_expression', 'lambda')}) @item)`,
  ].join('\n\n');
}

const OUTPUTS: readonly Output[] = [
  {
    file: 'tree-sitter-yaoxiang/queries/tags.scm',
    header: '; Code navigation tags for YaoXiang (tree-sitter CLI names).',
    sources: ['definitions', 'imports', 'references'],
    keeps: (captures) => captures.some((c) => (c.startsWith('definition.') && c !== 'definition.local') || c === 'reference.call' || c === 'reference.module'),
    // Our records and generic records are what tags calls classes.
    rename: (text) => text.replace(/@definition\.(record|generic)(?![\w.])/g, '@definition.class'),
  },
  {
    file: 'tree-sitter-yaoxiang/queries/locals.scm',
    header: '; Scopes, definitions and references for YaoXiang (tree-sitter CLI names).\n; The analyzer resolves names in TypeScript; editors that only understand\n; locals queries get the same scopes and definitions from these.',
    sources: LOCALS_SOURCES,
    keeps: keepsLocals,
    rename: (text) => toLocals(text, '@local.definition'),
  },
  {
    file: 'editors/nvim/queries/yaoxiang/locals.scm',
    header: '; Neovim locals for YaoXiang (nvim-treesitter capture names: @local.scope,\n; @local.definition.KIND, @local.reference).',
    sources: LOCALS_SOURCES,
    keeps: keepsLocals,
    rename: (text) => toLocals(text, `@local.definition.${neovimDefinitionKind(text)}`),
  },
  {
    file: 'editors/zed/languages/yaoxiang/outline.scm',
    header: "; Zed's outline panel: what `yaoxiang symbols` calls a definition (types,\n; functions, methods), with record fields and top-level values.",
    sources: ['definitions'],
    keeps: (captures) => captures.some((c) => c.startsWith('definition.') && c !== 'definition.local'),
    rename: toOutlineItem,
    tail: outlineValues,
  },
];

/** Blank-line separated blocks of a query file; a block without a pattern (a header comment) is dropped. */
function patterns(text: string): { text: string; captures: string[] }[] {
  return text.split(/\n\s*\n/).map((block) => block.trim()).filter((block) => block.split('\n').some((line) => line.trim() !== '' && !line.trim().startsWith(';')))
    .map((block) => ({ text: block, captures: [...block.replace(/;.*$/gm, '').matchAll(/@([\w.]+)/g)].map((m) => m[1]!) }));
}

/** The generated text of every output file, by its path from the repository root. */
export function renderGrammarQueries(read: (name: string) => string = (name) => readFileSync(path.join(analysisQueriesDir, `${name}.scm`), 'utf8')): Map<string, string> {
  const rendered = new Map<string, string>();
  for (const output of OUTPUTS) {
    const from = output.sources.length === 1 ? `${output.sources[0]}` : `{${output.sources.join(',')}}`;
    const parts = [`${output.header}\n; Generated by scripts/queries.ts from queries/${from}.scm: edit those, not this file.`];
    for (const source of output.sources) {
      const kept = patterns(read(source)).filter((p) => output.keeps(p.captures)).map((p) => output.rename(p.text));
      if (kept.length > 0) parts.push(`; From queries/${source}.scm\n\n${kept.join('\n\n')}`);
    }
    if (output.tail) parts.push(output.tail());
    rendered.set(output.file, `${parts.join('\n\n')}\n`);
  }
  return rendered;
}

function main(args: readonly string[]): number {
  const check = args.includes('--check');
  let stale = 0;
  for (const [file, text] of renderGrammarQueries()) {
    const target = path.join(repoRoot, file);
    if (readFileSync(target, 'utf8') === text) continue;
    if (check) {
      console.error(`${path.relative(repoRoot, target)} is stale: run node dist/scripts/queries.js`);
      stale++;
    } else {
      writeFileSync(target, text);
      console.error(`wrote ${path.relative(repoRoot, target)}`);
    }
  }
  return stale > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main(process.argv.slice(2));
