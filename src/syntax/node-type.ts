// Typed access to a node's type. web-tree-sitter types `node.type` as any
// string, so comparing it with a misspelt name compiles and is silently
// false; through `nodeType` / `isNodeType` the comparison is checked against
// the grammar's node types (src/syntax/vocabulary.ts, generated).
import type { Node } from 'web-tree-sitter';
import { KEYWORDS, type AnonymousNodeType, type Keyword, type NamedNodeType } from './vocabulary.ts';

/** A node type the grammar can produce, or `ERROR` for what error recovery skipped. */
export type NodeType = NamedNodeType | AnonymousNodeType | 'ERROR';

/** The type of `node`, as a member of the grammar's node types. */
export function nodeType(node: Node): NodeType {
  return node.type as NodeType;
}

/** Whether `node` exists and has one of `types`. */
export function isNodeType(node: Node | null | undefined, ...types: readonly NodeType[]): node is Node {
  return node !== null && node !== undefined && types.includes(node.type as NodeType);
}

const KEYWORD_SET: ReadonlySet<string> = new Set(KEYWORDS);

/** Whether `word` is reserved: the scanner never lexes it as an identifier. */
export function isReservedWord(word: string): word is Keyword {
  return KEYWORD_SET.has(word);
}
