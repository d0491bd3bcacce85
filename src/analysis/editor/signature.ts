// Signature help: the call around the cursor, its callee's signature and
// which parameter the cursor is in.
import type { Tree } from 'web-tree-sitter';
import { ancestorsAt } from '../../syntax/ancestors.ts';
import type { AnalyzedFile } from '../navigation.ts';
import { calleeSignature, type CalleeSignature } from './callee.ts';

export interface SignatureHelpInfo extends CalleeSignature {
  activeParameter: number;
}

export function signatureAt(files: ReadonlyMap<string, AnalyzedFile>, path: string, tree: Tree, offset: number): SignatureHelpInfo | undefined {
  for (const node of ancestorsAt(tree, Math.max(0, offset - 1), offset)) {
    if (node.type !== 'call_expression') continue;
    const args = node.childForFieldName('arguments');
    if (!args || offset <= args.startIndex || offset >= args.endIndex) continue;
    const callee = node.childForFieldName('function');
    const signature = callee ? calleeSignature(files, path, callee) : undefined;
    if (!signature) return undefined;
    const commas = args.children.filter((c) => c?.type === ',' && c.endIndex <= offset).length;
    return { ...signature, activeParameter: Math.min(commas, Math.max(0, signature.parameters.length - 1)) };
  }
  return undefined;
}
