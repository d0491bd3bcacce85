// The safety net of every rename: the edited file is parsed again and each
// binding and use must correspond one to one with the original, resolving to
// the same binding. Any difference means a capture, in either direction.
// (meaning.ts then asks the checker.)
import type { Tree } from 'web-tree-sitter';
import { LineIndex, type HumanRange } from '../../syntax/positions.ts';
import { lexicalErrors } from '../diagnostics/lexical.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import type { Binding, FileModel, NameUse, Span } from '../model/types.ts';
import { applyEdits, offsetMapper } from './edits.ts';
import { isMember } from './occurrences.ts';
import { refusal } from './refusal.ts';
import { RENAME_CODES, type FilePlan, type Reparse, type SpanEdit } from './types.ts';

/**
 * The edited text of a plan and the refusals its re-analysis gives (empty when
 * it is safe). A safe plan also returns the edited tree, which the caller deletes.
 */
export function verifyPlan(plan: FilePlan, edits: readonly SpanEdit[], newName: string, reparse: Reparse): { source: string; tree?: Tree; diagnostics: Diagnostic[] } {
  const { file } = plan;
  const source = applyEdits(file.text, edits);
  const lines = new LineIndex(file.text);
  const at = (span: Span) => lines.humanRange(span.start, span.end);
  const clashes = sameScopeClashes(file.model, plan, newName);
  if (clashes.length > 0) {
    return { source, diagnostics: clashes.map((b) => refusal(RENAME_CODES.conflict, `${JSON.stringify(newName)} is already defined in the same scope (${b.kind} at ${at(b.span).start.line}:${at(b.span).start.column})`, at(b.span))) };
  }
  // Only names changed, so the old tree is reused: the reparse costs little next to the model.
  const { tree, model } = reparse(source, { tree: file.tree, text: file.text, edits });
  const refused = (diagnostic: Diagnostic) => {
    tree.delete();
    return { source, diagnostics: [diagnostic] };
  };
  if (tree.rootNode.hasError && !file.tree.rootNode.hasError) return refused(refusal(RENAME_CODES.syntaxError, `the renamed file ${file.path} would not parse`));
  // The grammar may read a name where the reference's lexer reads part of another
  // token (`5e` is one malformed number to it, `5` and `e` to the grammar): such a
  // name is no binding to the reference, and renaming it changes what its lexer reads.
  const malformed = lexicalErrors(file.text);
  const touched = malformed.find((error) => edits.some((edit) => error.start <= edit.end && edit.start <= error.end));
  if (touched) {
    return refused(refusal(RENAME_CODES.syntaxError, `a renamed name touches a malformed token (${touched.code}: ${touched.message}); fix it before renaming`, at(touched)));
  }
  const lexicalBefore = malformed.map((e) => e.code).join(' ');
  const lexicalAfter = lexicalErrors(source).map((e) => e.code).join(' ');
  if (lexicalBefore !== lexicalAfter) {
    return refused(refusal(RENAME_CODES.syntaxError, `the renamed file ${file.path} would lex differently (lexer errors ${lexicalBefore || 'none'} would become ${lexicalAfter || 'none'})`));
  }
  const problem = firstDifference(file.model, model, edits, newName);
  return problem ? refused(describe(problem, file.model, newName, at)) : { source, tree, diagnostics: [] };
}

/** Other bindings named `newName` in a scope that gets a renamed binding. */
function sameScopeClashes(model: FileModel, plan: FilePlan, newName: string): Binding[] {
  const clashes: Binding[] = [];
  for (const id of plan.renamed) {
    const renamed = model.bindings[id]!;
    for (const other of model.bindings) {
      if (other.name !== newName || plan.renamed.has(other.id) || other.scope !== renamed.scope) continue;
      // Members clash with members of their type; other names with other names.
      if (isMember(renamed) !== isMember(other) || (isMember(renamed) && renamed.container !== other.container)) continue;
      clashes.push(other);
    }
  }
  return clashes;
}

type Difference =
  | { kind: 'shape'; lost?: Binding; gained?: Binding }
  | { kind: 'binding'; index: number }
  | { kind: 'use'; use: NameUse; now: number | undefined };

function firstDifference(before: FileModel, after: FileModel, edits: readonly SpanEdit[], newName: string): Difference | undefined {
  const map = offsetMapper(edits);
  if (before.bindings.length !== after.bindings.length || before.uses.length !== after.uses.length) return shapeChange(before, after, map);
  const edited = new Set(edits.map((e) => e.start));
  const expectedName = (name: string, span: Span) => (edited.has(span.start) ? newName : name);
  const sameSpan = (a: Span, b: Span) => map(a.start) === b.start;
  for (let i = 0; i < before.bindings.length; i++) {
    const old = before.bindings[i]!;
    const now = after.bindings[i]!;
    if (!sameSpan(old.span, now.span) || now.name !== expectedName(old.name, old.span) || now.kind !== old.kind || now.scope !== old.scope) return { kind: 'binding', index: i };
  }
  for (let i = 0; i < before.uses.length; i++) {
    const old = before.uses[i]!;
    const now = after.uses[i]!;
    if (!sameSpan(old.span, now.span) || now.kind !== old.kind || now.name !== expectedName(old.name, old.span)) return { kind: 'shape' };
    if (now.binding !== old.binding || now.objectBinding !== old.objectBinding) return { kind: 'use', use: old, now: now.binding ?? now.objectBinding };
  }
  return undefined;
}

/** The first binding that disappears (becomes an assignment) or appears. */
function shapeChange(before: FileModel, after: FileModel, map: (offset: number) => number): Difference {
  const now = new Set(after.bindings.map((b) => b.span.start));
  const lost = before.bindings.find((b) => !now.has(map(b.span.start)));
  if (lost) return { kind: 'shape', lost };
  const was = new Set(before.bindings.map((b) => map(b.span.start)));
  const gained = after.bindings.find((b) => !was.has(b.span.start));
  return gained ? { kind: 'shape', gained } : { kind: 'shape' };
}

function describe(problem: Difference, model: FileModel, newName: string, at: (span: Span) => HumanRange): Diagnostic {
  const where = (span: Span) => `${at(span).start.line}:${at(span).start.column}`;
  if (problem.kind === 'shape') {
    if (problem.lost) return refusal(RENAME_CODES.conflict, `the ${problem.lost.kind} ${JSON.stringify(problem.lost.name)} at ${where(problem.lost.span)} would no longer be a binding of its own but an assignment to another ${JSON.stringify(newName)}`, at(problem.lost.span));
    if (problem.gained) return refusal(RENAME_CODES.conflict, `an assignment to ${JSON.stringify(problem.gained.name)} would become a new binding`);
    return refusal(RENAME_CODES.conflict, `renaming to ${JSON.stringify(newName)} would change what the names of this file bind`);
  }
  if (problem.kind === 'binding') {
    const binding = model.bindings[problem.index]!;
    return refusal(RENAME_CODES.conflict, `renaming to ${JSON.stringify(newName)} would change the binding at ${where(binding.span)}`, at(binding.span));
  }
  const { use, now } = problem;
  const was = use.binding === undefined ? undefined : model.bindings[use.binding];
  const target = now === undefined ? 'no binding of this file' : `the ${model.bindings[now]!.kind} at ${where(model.bindings[now]!.span)}`;
  const message = use.name === newName
    ? `the existing ${JSON.stringify(newName)} at ${where(use.span)} would refer to ${target} instead of ${was ? `the ${was.kind} at ${where(was.span)}` : 'what it refers to now'}`
    : `${JSON.stringify(use.name)} at ${where(use.span)} would be captured by ${target}`;
  return refusal(RENAME_CODES.conflict, message, at(use.span));
}
