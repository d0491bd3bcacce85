// Semantic token classification: every keyword, literal, comment and name of
// a file, names classified by what they resolve to in the binding model.
import type { Tree } from 'web-tree-sitter';
import { walk } from '../../syntax/inspect.ts';
import type { Binding, FileModel, SymbolKind } from '../model/types.ts';
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

/**
 * Tokens in document order, never overlapping. `kindOf` says what a binding
 * is where it is used (navigation's kindAtUse: an imported function is a function).
 */
export function semanticTokens(tree: Tree, model: FileModel, kindOf: (binding: Binding) => SymbolKind = (b) => b.kind): SemanticToken[] {
  const bindingAt = new Map<number, Binding>();
  for (const b of model.bindings) bindingAt.set(b.span.start, b);
  const useAt = new Map(model.uses.map((u) => [u.span.start, u] as const));
  const tokens: SemanticToken[] = [];
  // The types of the nodes around the current one, by depth: `Node.parent` would
  // start again from the root for every name, quadratic in deeply nested code.
  const typesAbove: string[] = [];
  walk(tree, (cursor, depth) => {
    const node = cursor.currentNode;
    const type = node.type;
    typesAbove[depth] = type;
    const parent = typesAbove[depth - 1];
    const literal = LITERALS[type];
    if (literal) {
      tokens.push({ start: node.startIndex, end: node.endIndex, type: literal, modifiers: [] });
      return false;
    }
    if (!node.isNamed && /^([a-z]+|Type)$/.test(type)) {
      tokens.push({ start: node.startIndex, end: node.endIndex, type: 'keyword', modifiers: [] });
      return false;
    }
    if (type === 'type_identifier') {
      tokens.push({ start: node.startIndex, end: node.endIndex, type: globalName(node.text) ? 'type' : classifyType(model, node.text, kindOf), modifiers: [] });
      return false;
    }
    if (type !== 'identifier') return true;
    if (parent === 'module_path') {
      tokens.push({ start: node.startIndex, end: node.endIndex, type: 'namespace', modifiers: [] });
      return false;
    }
    const declared = bindingAt.get(node.startIndex);
    if (declared) {
      tokens.push({ start: node.startIndex, end: node.endIndex, type: BY_KIND[kindOf(declared)], modifiers: ['declaration', ...(declared.mutable ? [] : ['readonly' as const])] });
      return false;
    }
    const use = useAt.get(node.startIndex);
    const target = use?.binding === undefined ? undefined : model.bindings[use.binding];
    let kind: TokenType;
    const modifiers: TokenModifier[] = [];
    if (target) kind = BY_KIND[kindOf(target)];
    else if (use?.kind === 'member') kind = typesAbove[depth - 2] === 'call_expression' && cursor.currentFieldName === 'field' ? 'method' : 'property';
    else if (globalName(node.text)) {
      kind = parent === 'call_expression' ? 'function' : 'variable';
      modifiers.push('defaultLibrary');
    } else kind = 'variable';
    tokens.push({ start: node.startIndex, end: node.endIndex, type: kind, modifiers });
    return false;
  });
  return tokens.sort((a, b) => a.start - b.start);
}

const TYPE_KINDS: ReadonlySet<SymbolKind> = new Set(['record', 'interface', 'generic', 'type']);

function classifyType(model: FileModel, name: string, kindOf: (binding: Binding) => SymbolKind): TokenType {
  for (const binding of model.bindings) {
    if (binding.name !== name || (binding.kind !== 'import' && !TYPE_KINDS.has(binding.kind))) continue;
    const kind = kindOf(binding);
    if (TYPE_KINDS.has(kind)) return BY_KIND[kind];
  }
  return 'type';
}
