// Quick fixes the core knows how to make: `mut` for an immutable variable
// that is assigned (E2010, E2016), `use std.<m>` for an unknown name that is a
// std module (E1001).
import type { Diagnostic } from '../diagnostics/types.ts';
import type { AnalyzedFile } from '../navigation.ts';
import { stdSubmodules } from '../std/index.ts';
import type { SpanEdit } from './edits.ts';
import { visibleBindings } from './scope.ts';

export interface QuickFix {
  title: string;
  /** The diagnostic it fixes. */
  diagnostic: Diagnostic;
  edits: SpanEdit[];
}

export function quickFixes(file: AnalyzedFile, diagnostics: readonly Diagnostic[]): QuickFix[] {
  const fixes: QuickFix[] = [];
  for (const diagnostic of diagnostics) {
    const start = file.lines.fromHuman(diagnostic.range.start);
    const name = file.text.slice(start, file.lines.fromHuman(diagnostic.range.end));
    if (diagnostic.code === 'E2010' || diagnostic.code === 'E2016') {
      const quoted = /'([^']+)'/.exec(diagnostic.message)?.[1] ?? name;
      const binding = visibleBindings(file.model, start).find((b) => b.name === quoted && !b.mutable);
      if (binding) fixes.push({ title: `Declare '${quoted}' as mut`, diagnostic, edits: [{ start: binding.span.start, end: binding.span.start, newText: 'mut ' }] });
    } else if (diagnostic.code === 'E1001' && stdSubmodules().includes(name)) {
      fixes.push({ title: `Import std.${name}`, diagnostic, edits: [{ ...importPoint(file), newText: `use std.${name}\n` }] });
    }
  }
  return fixes;
}

/** After the last top-level `use`, else at the top of the file. */
function importPoint(file: AnalyzedFile): { start: number; end: number } {
  const last = file.imports.at(-1);
  if (!last) return { start: 0, end: 0 };
  const lineEnd = file.text.indexOf('\n', last.span.end);
  const at = lineEnd === -1 ? file.text.length : lineEnd + 1;
  return { start: at, end: at };
}
