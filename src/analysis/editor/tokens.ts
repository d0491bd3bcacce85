// Semantic token classification: every keyword, literal, comment and name of
// a file, names classified by what they resolve to in the binding model.
import type { Tree } from 'web-tree-sitter';
import { nodeTableOf, type NodeTable } from '../../syntax/node-table.ts';
import type { NodeType } from '../../syntax/node-type.ts';
import type { Binding, FileModel, Span, SymbolKind } from '../model/types.ts';
import { globalName } from '../std/index.ts';

export const TOKEN_TYPES = [
  'namespace', 'type', 'struct', 'interface', 'typeParameter', 'parameter', 'variable', 'property',
  'function', 'method', 'keyword', 'comment', 'string', 'number',
] as const;
export const TOKEN_MODIFIERS = ['declaration', 'readonly', 'defaultLibrary'] as const;

export type TokenType = (typeof TOKEN_TYPES)[number];
export type TokenModifier = (typeof TOKEN_MODIFIERS)[number];

export interface SemanticToken {
  start: number;
  end: number;
  type: TokenType;
  modifiers: TokenModifier[];
}

const BY_KIND: Record<SymbolKind, TokenType> = {
  function: 'function', method: 'method', record: 'struct', interface: 'interface', generic: 'typeParameter',
  type: 'type', variable: 'variable', parameter: 'parameter', field: 'property', import: 'namespace',
};

const LITERALS: Record<string, TokenType> = {
  string_content: 'string', char: 'string', integer: 'number', float: 'number',
  line_comment: 'comment', block_comment: 'comment', boolean: 'keyword', visibility: 'keyword', mutability: 'keyword',
};

const KEYWORD = /^([a-z]+|Type)$/;

/**
 * Tokens in document order, never overlapping. `kindOf` says what a binding
 * is where it is used (navigation's kindAtUse: an imported function is a
 * function). Read off the tree's node table, row by row: an editor asks again
 * after every keystroke, and a cursor walk that made a `Node` per visit cost
 * 40 ms on 10,000 lines. `within`: only the tokens that overlap it (what an
 * editor shows), the walk stepping over whole subtrees before it and stopping
 * after it.
 */
export function semanticTokens(tree: Tree, model: FileModel, kindOf: (binding: Binding) => SymbolKind = (b) => b.kind, within?: Span): SemanticToken[] {
  const table = nodeTableOf(tree);
  const from = within?.start ?? 0;
  const to = within?.end ?? Infinity;
  const inside = (span: Span) => span.start < to && span.end >= from;
  const bindingAt = new Map<number, Binding>();
  for (const b of model.bindings) if (inside(b.span)) bindingAt.set(b.span.start, b);
  const useAt = new Map<number, FileModel['uses'][number]>();
  for (const u of model.uses) if (inside(u.span)) useAt.set(u.span.start, u);
  const typeNames = new TypeNames(model, kindOf);
  const ids = tokenIds(table);
  const tokens: SemanticToken[] = [];
  const push = (i: number, type: TokenType, modifiers: TokenModifier[] = []) => tokens.push({ start: table.start(i), end: table.end(i), type, modifiers });
  for (let i = 0; i < table.count; ) {
    // Rows are in document order: a subtree that ends before the range is stepped over, and the first row starting after it ends the walk.
    if (table.start(i) >= to && i > 0) break;
    const after = table.subtreeEnd(i);
    if (table.end(i) <= from && i > 0) {
      i = after;
      continue;
    }
    const type = table.typeId(i);
    // Every branch but the last classifies a leaf, or a node whose inside is not looked at: the walk goes on past its subtree.
    const literal = ids.literals.get(type);
    if (literal) {
      push(i, literal);
      i = after;
      continue;
    }
    if (!table.isNamed(i) && ids.keywords.has(type)) {
      push(i, 'keyword');
      i = after;
      continue;
    }
    if (type === ids.typeIdentifier) {
      const text = table.text(i);
      push(i, globalName(text) ? 'type' : typeNames.classify(text));
      i = after;
      continue;
    }
    if (type !== ids.identifier) {
      i++;
      continue;
    }
    const parent = table.parent(i);
    if (table.typeId(parent) === ids.modulePath) push(i, 'namespace');
    else push(i, ...identifierToken(i));
    i = after;
  }
  return tokens.sort((a, b) => a.start - b.start);

  function identifierToken(i: number): [TokenType, TokenModifier[]] {
    const start = table.start(i);
    const declared = bindingAt.get(start);
    if (declared) return [BY_KIND[kindOf(declared)], declared.mutable ? ['declaration'] : ['declaration', 'readonly']];
    const use = useAt.get(start);
    const target = use?.binding === undefined ? undefined : model.bindings[use.binding];
    if (target) return [BY_KIND[kindOf(target)], []];
    const parent = table.parent(i);
    if (use?.kind === 'member') {
      const grandparent = table.parent(parent);
      return [grandparent !== -1 && table.typeId(grandparent) === ids.callExpression && table.fieldId(i) === ids.fieldField ? 'method' : 'property', []];
    }
    if (globalName(table.text(i))) return [table.typeId(parent) === ids.callExpression ? 'function' : 'variable', ['defaultLibrary']];
    return ['variable', []];
  }
}

/** The type ids the classification compares, per table (the language's). */
function tokenIds(table: NodeTable) {
  const literals = new Map<number, TokenType>();
  for (const [name, token] of Object.entries(LITERALS)) literals.set(table.idOf(name as NodeType), token);
  const keywords = new Set<number>();
  for (let id = 0; id < table.typeCount; id++) if (KEYWORD.test(table.typeName(id))) keywords.add(id);
  return {
    literals, keywords, typeIdentifier: table.idOf('type_identifier'), identifier: table.idOf('identifier'), modulePath: table.idOf('module_path'),
    callExpression: table.idOf('call_expression'), fieldField: table.fieldIdOf('field'),
  };
}

const TYPE_KINDS: ReadonlySet<SymbolKind> = new Set(['record', 'interface', 'generic', 'type']);

/** What a type name stands for: the first of its bindings that is a type where used, each name asked once. */
class TypeNames {
  readonly #candidates = new Map<string, Binding[]>();
  readonly #known = new Map<string, TokenType>();
  readonly #kindOf: (binding: Binding) => SymbolKind;

  constructor(model: FileModel, kindOf: (binding: Binding) => SymbolKind) {
    this.#kindOf = kindOf;
    for (const binding of model.bindings) {
      if (binding.kind !== 'import' && !TYPE_KINDS.has(binding.kind)) continue;
      let named = this.#candidates.get(binding.name);
      if (!named) this.#candidates.set(binding.name, (named = []));
      named.push(binding);
    }
  }

  classify(name: string): TokenType {
    let token = this.#known.get(name);
    if (token === undefined) this.#known.set(name, (token = this.#firstType(name)));
    return token;
  }

  #firstType(name: string): TokenType {
    for (const binding of this.#candidates.get(name) ?? []) {
      const kind = this.#kindOf(binding);
      if (TYPE_KINDS.has(kind)) return BY_KIND[kind];
    }
    return 'type';
  }
}
