// Turns plans into per-file edits once every affected file passes verification:
// first the model (verify.ts), then, over all edited files together, the checker (meaning.ts).
import { LineIndex } from '../../syntax/positions.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import { spanEdits, textEdits } from './edits.ts';
import { typeDiagnosticChanges, type EditedFile, type TreeOf } from './meaning.ts';
import { verifyPlan } from './verify.ts';
import { runtimeNameRefusals } from './runtime.ts';
import { inFile } from './refusal.ts';
import type { FileChange, FilePlan, RenameRefusal, Reparse } from './types.ts';

/** `treeOf` gives the trees of project files the edited ones import, as they are now. */
export function executePlans(plans: readonly FilePlan[], newName: string, reparse: Reparse, treeOf: TreeOf): { changes: FileChange[]; diagnostics: RenameRefusal[] } {
  const edited: EditedFile[] = [];
  const diagnostics: RenameRefusal[] = [];
  // Across files, a refusal says which file it is in (and its message too, for front ends that show only the message).
  const ofPlan = (plan: FilePlan, d: Diagnostic) => (plans.length > 1 ? inFile({ ...d, message: `${plan.file.path}: ${d.message}` }, plan.file.path) : d);
  try {
    for (const plan of plans) {
      const edits = spanEdits(plan.spans, newName).filter((e) => plan.file.text.slice(e.start, e.end) !== newName);
      if (edits.length === 0) continue;
      const verified = verifyPlan(plan, edits, newName, reparse);
      if (verified.tree) edited.push({ plan, edits, source: verified.source, tree: verified.tree });
      // A rename the scopes allow may still change what the reference's runtime calls.
      const runtime = verified.diagnostics.length === 0 ? runtimeNameRefusals(plan, newName) : [];
      diagnostics.push(...[...verified.diagnostics, ...runtime].map((d) => ofPlan(plan, d)));
    }
    if (diagnostics.length > 0) return { changes: [], diagnostics };
    const meaning = typeDiagnosticChanges(edited, treeOf, newName);
    if (meaning.length > 0) return { changes: [], diagnostics: meaning.map((m) => ofPlan(m.plan, m.refusal)) };
    const changes: FileChange[] = edited.map((e) => ({ file: e.plan.file.path, edits: textEdits(new LineIndex(e.plan.file.text), e.edits), source: e.source }));
    return { changes: changes.sort((a, b) => a.file.localeCompare(b.file)), diagnostics };
  } finally {
    for (const e of edited) e.tree.delete();
  }
}
