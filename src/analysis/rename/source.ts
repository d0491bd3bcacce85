// `renameInSource`: one file on its own, a top-level binding or a function's local.
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
    const planned = planInFile({ path: '<source>', text: source, tree, model, imports: [] }, oldName, scope);
    if (!planned.ok) return unchanged(planned.diagnostics);
    const { changes, diagnostics } = executePlans(planned.plans, newName, reparse, () => undefined);
    if (diagnostics.length > 0) return unchanged(diagnostics);
    const change = changes[0];
    return change ? { source: change.source, edits: change.edits, diagnostics: [] } : unchanged([]);
  } finally {
    tree.delete();
  }
}
