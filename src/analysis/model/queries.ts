// The analysis queries of the top-level queries/ folder, loaded at run time
// through web-tree-sitter's Query. queries/definitions.scm says what a
// definition of each kind is; the grammar's tags.scm is generated from it
// (scripts/queries.ts), so editors and `yaoxiang symbols` agree.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Query, type Language, type Node, type Tree } from 'web-tree-sitter';
import { loadYaoXiang } from '../../syntax/language.ts';
import { linearMatches } from './linear-query.ts';
import type { Span, SymbolKind } from './types.ts';

/** queries/ at the package root, from src/ or dist/src/. */
export const queriesDir: string = fileURLToPath(new URL(import.meta.url.includes('/dist/src/') ? '../../../../queries/' : '../../../queries/', import.meta.url));

export type QueryName = 'definitions' | 'scopes' | 'imports' | 'references' | 'members';

const loaded = new Map<QueryName, Query>();

/** One query of queries/, compiled once per process. */
export async function analysisQuery(name: QueryName): Promise<Query> {
  let query = loaded.get(name);
  if (!query) {
    query = new Query(await loadYaoXiang(), readFileSync(`${queriesDir}${name}.scm`, 'utf8'));
    loaded.set(name, query);
  }
  return query;
}

export interface QueriedDefinition {
  name: string;
  kind: SymbolKind;
  /** The name token. */
  span: Span;
}

const DEFINITION_KINDS: ReadonlySet<string> = new Set(['function', 'method', 'record', 'interface', 'generic', 'type']);

/** Every definition queries/definitions.scm captures in a tree (or under a node), in match order. */
export function queriedDefinitions(query: Query, tree: Tree | Node): QueriedDefinition[] {
  const found: QueriedDefinition[] = [];
  for (const match of linearMatches(query, 'rootNode' in tree ? tree.rootNode : tree)) {
    const name = match.captures.find((c) => c.name === 'name')?.node;
    const kind = match.captures.find((c) => c.name.startsWith('definition.'))?.name.slice('definition.'.length);
    if (!name || !kind || !DEFINITION_KINDS.has(kind)) continue;
    found.push({ name: name.text, kind: kind as SymbolKind, span: { start: name.startIndex, end: name.endIndex } });
  }
  return found;
}

const definitionsByLanguage = new WeakMap<Language, Query>();

/**
 * The kind queries/definitions.scm gives each definition under `node` (a
 * tree's root, or one top-level statement: no pattern reaches above one), by
 * the start of its name: what the binding model calls it. Synchronous (the
 * tree's language is loaded), compiled once per language.
 */
export function definitionKinds(node: Node): Map<number, SymbolKind> {
  const language = node.tree.language;
  let query = definitionsByLanguage.get(language);
  if (!query) {
    query = new Query(language, readFileSync(`${queriesDir}definitions.scm`, 'utf8'));
    definitionsByLanguage.set(language, query);
  }
  const kinds = new Map<number, SymbolKind>();
  for (const d of queriedDefinitions(query, node)) if (!kinds.has(d.span.start)) kinds.set(d.span.start, d.kind);
  return kinds;
}

/** The queries the binding model is built from, as one query (one pass over the tree). */
const MODEL_SOURCES: readonly QueryName[] = ['scopes', 'imports', 'references', 'members'];

export interface ModelQuery {
  query: Query;
  /** The node type a pattern matches (`declaration`, `parameter`, …), by pattern index. */
  rootOf(patternIndex: number): string;
}

const modelByLanguage = new WeakMap<Language, ModelQuery>();

/** scopes, imports, references and members of queries/, compiled once per language. */
export function modelQuery(language: Language): ModelQuery {
  let model = modelByLanguage.get(language);
  if (!model) {
    const source = MODEL_SOURCES.map((name) => readFileSync(`${queriesDir}${name}.scm`, 'utf8')).join('\n');
    const query = new Query(language, source);
    const roots: string[] = [];
    for (let i = 0; i < query.patternCount(); i++) {
      const text = source.slice(query.startIndexForPattern(i), query.endIndexForPattern(i));
      roots.push(/^\(+\s*(\w+)/.exec(text)?.[1] ?? '');
    }
    model = { query, rootOf: (index) => roots[index] ?? '' };
    modelByLanguage.set(language, model);
  }
  return model;
}
