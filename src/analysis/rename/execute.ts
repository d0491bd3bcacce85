// Turns plans into per-file edits once every affected file passes verification.
import { LineIndex } from '../../syntax/positions.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import { spanEdits, textEdits } from './edits.ts';
import { verifyPlan } from './verify.ts';
import type { FileChange, FilePlan, Reparse } from './types.ts';

export function executePlans(plans: readonly FilePlan[], newName: string, reparse: Reparse): { changes: FileChange[]; diagnostics: Diagnostic[] } {
  const changes: FileChange[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const plan of plans) {
    const edits = spanEdits(plan.spans, newName).filter((e) => plan.file.text.slice(e.start, e.end) !== newName);
    if (edits.length === 0) continue;
    const verified = verifyPlan(plan, edits, newName, reparse);
    if (verified.diagnostics.length > 0) {
      diagnostics.push(...verified.diagnostics.map((d) => (plans.length > 1 ? { ...d, message: `${plan.file.path}: ${d.message}` } : d)));
      continue;
    }
    changes.push({ file: plan.file.path, edits: textEdits(new LineIndex(plan.file.text), edits), source: verified.source });
  }
  if (diagnostics.length > 0) return { changes: [], diagnostics };
  return { changes: changes.sort((a, b) => a.file.localeCompare(b.file)), diagnostics };
}
