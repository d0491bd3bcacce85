// Inlay hints: the inferred type after an unannotated binding (`x: Int`) and
// the parameter name before a positional argument (`a:`).
import type { Node, Tree } from 'web-tree-sitter';
import type { AnalyzedFile } from '../navigation.ts';
import type { Span } from '../model/types.ts';
import { nodeAt, nodeTableOf } from '../../syntax/node-table.ts';
import { calleeSignature } from './callee.ts';

export interface InlayHintInfo {
  offset: number;
  label: string;
  kind: 'type' | 'parameter';
}

/** `inferred`: the checker's types of unannotated bindings (TypeChecker.inferredBindings). */
export function inlayHints(files: ReadonlyMap<string, AnalyzedFile>, path: string, tree: Tree, inferred: ReadonlyArray<{ end: number; type: string }>, within: Span): InlayHintInfo[] {
  const hints: InlayHintInfo[] = inferred
    .filter((b) => within.start <= b.end && b.end <= within.end)
    .map((b) => ({ offset: b.end, label: `: ${b.type}`, kind: 'type' as const }));
  // Calls found on the tree's table and made `Node`s only in the range asked for (an editor's visible lines, after every keystroke).
  const table = nodeTableOf(tree);
  const callType = table.idOf('call_expression');
  for (let row = 0; row < table.count; row++) {
    if (table.typeId(row) !== callType || table.end(row) < within.start || table.start(row) > within.end) continue;
    const call = nodeAt(tree, row);
    const callee = call.childForFieldName('function');
    const args = call.childForFieldName('arguments')?.namedChildren.filter((a): a is Node => a !== null) ?? [];
    if (!callee || args.length === 0 || args.every((a) => a.type === 'named_argument')) continue;
    const signature = calleeSignature(files, path, callee);
    if (!signature) continue;
    args.forEach((arg, i) => {
      const name = signature.parameters[i]?.name;
      if (!name || arg.type === 'named_argument' || name.startsWith('...') || name === arg.text.replace(/^&(mut\s+)?/, '')) return;
      hints.push({ offset: arg.startIndex, label: `${name}:`, kind: 'parameter' });
    });
  }
  return hints.sort((a, b) => a.offset - b.offset);
}
