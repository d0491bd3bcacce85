// `renameInSource`: one file on its own, a top-level binding or a function's local.
import type { Tree } from 'web-tree-sitter';
import { LineIndex } from '../../syntax/positions.ts';
import { collectDeclarations } from '../infer/declarations.ts';
import { typecheckTree } from '../infer/index.ts';
import { checkNewName } from './name.ts';
import { planInFile } from './plan.ts';
import { reparser } from './parse.ts';
import { executePlans } from './execute.ts';
import { refusal } from './refusal.ts';
import { RENAME_CODES, type RenameResult, type RenameScope } from './types.ts';

/**
 * Renames `oldName` in `scope` of `source`: `module` (the top-level binding,
 * or `Type.member`) or `function:NAME` (a local or parameter of NAME).
 * Refused renames return the source unchanged, no edits and the reasons.
 */
export async function renameInSource(source: string, oldName: string, newName: string, scope: RenameScope = 'module'): Promise<RenameResult> {
  const unchanged = (diagnostics: RenameResult['diagnostics']): RenameResult => ({ source, edits: [], diagnostics });
  const invalid = checkNewName(newName);
  if (invalid.length > 0) return unchanged(invalid);
  if (scope !== 'module' && !scope.startsWith('function:')) return unchanged([refusal(RENAME_CODES.notFound, `unknown scope ${JSON.stringify(scope)}; use module or function:NAME`)]);
  const reparse = await reparser();
  const { tree, model } = reparse(source);
  try {
    if (tree.rootNode.hasError) return unchanged([refusal(RENAME_CODES.syntaxError, 'the source has syntax errors; fix them before renaming')]);
    const receivers = scope === 'module' && oldName.includes('.') ? receiverTypes(tree, source) : undefined;
    const planned = planInFile({ path: '<source>', text: source, tree, model, imports: [] }, oldName, scope, receivers);
    if (!planned.ok) return unchanged(planned.diagnostics);
    const { changes, diagnostics } = executePlans(planned.plans, newName, reparse, () => undefined);
    if (diagnostics.length > 0) return unchanged(diagnostics);
    const change = changes[0];
    return change ? { source: change.source, edits: change.edits, diagnostics: [] } : unchanged([]);
  } finally {
    tree.delete();
  }
}

/**
 * The checker's type of each member access's receiver (`view.x` where
 * `view = &p`, `w.view.x`, a method's result), by the start of the member:
 * a member rename needs them, the model only guesses from annotations and
 * constructor calls. One file alone: imported modules are unknown.
 */
function receiverTypes(tree: Tree, source: string): ReadonlyMap<number, string> {
  return typecheckTree(tree, new LineIndex(source), collectDeclarations(tree), () => undefined).inference.receivers;
}
