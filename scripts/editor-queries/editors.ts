// Each editor's highlights.scm, generated from the one source,
// tree-sitter-yaoxiang/queries/highlights.scm (the tree-sitter CLI's capture
// names), by renaming its captures into the names the editor's themes know.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renameCaptures, type CaptureRenamer, type CaptureSite } from './rename-captures.ts';

/**
 * The captures Zed themes colour (Zed's docs, "Language Extensions", syntax
 * highlighting). Zed ignores any other name, so the Zed query uses only these.
 */
export const ZED_THEME_CAPTURES: ReadonlySet<string> = new Set([
  'attribute', 'boolean', 'comment', 'comment.doc', 'constant', 'constructor', 'embedded',
  'emphasis', 'emphasis.strong', 'enum', 'function', 'hint', 'keyword', 'label', 'link_text',
  'link_uri', 'number', 'operator', 'predictive', 'preproc', 'primary', 'property', 'punctuation',
  'punctuation.bracket', 'punctuation.delimiter', 'punctuation.list_marker', 'punctuation.special',
  'string', 'string.escape', 'string.regex', 'string.special', 'string.special.symbol', 'tag',
  'tag.doctype', 'text.literal', 'title', 'type', 'variable', 'variable.special', 'variant',
]);

const is = (site: CaptureSite, on: string) => site.on.length === 1 && site.on[0] === on;

/** Neovim's names (`:h treesitter-highlight-groups`): calls, members, definitions and literals are told apart. */
const neovim: CaptureRenamer = (site) => {
  if (site.name === 'property') return 'variable.member';
  if (site.name === 'function' && site.within.at(-1) === 'call_expression') return 'function.call';
  if (site.name === 'function.method' && site.within.includes('call_expression')) return 'function.method.call';
  if (site.name === 'type' && site.within.at(-1) === 'type_definition') return 'type.definition';
  if (site.name === 'number' && is(site, 'float')) return 'number.float';
  if (site.name === 'constant.builtin' && is(site, 'boolean')) return 'boolean';
  if (site.name === 'string' && is(site, 'char')) return 'character';
  if (site.name === 'keyword' && is(site, '"use"')) return 'keyword.import';
  // Neovim has no group for a whole interpolation; its braces keep theirs.
  if (site.name === 'embedded') return null;
  return site.name;
};

/** Zed's theme captures: the nearest one up the dotted name, with its special names for builtins. */
const zed: CaptureRenamer = (site) => {
  if (site.name === 'variable.builtin') return 'variable.special';
  if (site.name === 'constant.builtin' && is(site, 'boolean')) return 'boolean';
  // Zed themes have no module colour (`@namespace` is none of theirs); module paths read as types.
  if (site.name === 'module') return 'type';
  let name = site.name;
  while (!ZED_THEME_CAPTURES.has(name)) {
    const dot = name.lastIndexOf('.');
    if (dot === -1) throw new Error(`no Zed theme capture for @${site.name}`);
    name = name.slice(0, dot);
  }
  return name;
};

export interface EditorQuery {
  editor: string;
  /** Path of the generated file, relative to the repository root. */
  path: string;
  rename: CaptureRenamer;
}

export const SOURCE = 'tree-sitter-yaoxiang/queries/highlights.scm';

export const EDITOR_QUERIES: readonly EditorQuery[] = [
  { editor: 'Neovim', path: 'editors/nvim/queries/yaoxiang/highlights.scm', rename: neovim },
  { editor: 'Zed', path: 'editors/zed/languages/yaoxiang/highlights.scm', rename: zed },
];

/** The source's opening comment block: it describes the source, not the copies. */
function withoutHeader(source: string): string {
  return source.replace(/^(?:;[^\n]*\n)+\n*/, '');
}

/** The text of one editor's highlights.scm for the source's text. */
export function generateEditorQuery(source: string, target: EditorQuery): string {
  const header = [
    `; GENERATED from ${SOURCE} with ${target.editor}'s capture names: edit the source,`,
    '; then run `npm run generate:editor-queries`.',
    '; When several patterns capture the same node, the last one wins.',
    '',
  ].join('\n');
  return `${header}\n${renameCaptures(withoutHeader(source), target.rename)}`;
}

/** Every editor's file as generated from the source in `repoRoot`. */
export function generateAll(repoRoot: string): Array<{ target: EditorQuery; text: string }> {
  const source = readFileSync(join(repoRoot, SOURCE), 'utf8');
  return EDITOR_QUERIES.map((target) => ({ target, text: generateEditorQuery(source, target) }));
}
