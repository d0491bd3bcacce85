// Which binding a rename is about, and the plan for the file that defines it.
import type { HumanRange } from '../../syntax/positions.ts';
import { LineIndex } from '../../syntax/positions.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import type { Binding, FileModel, Span } from '../model/types.ts';
import { bindingSpans, isMember, linkedBindings, memberBindings, namedArgumentSpans, ownerByModel, structPatternFields, unresolvedMemberUses, type MemberOwnerOf } from './occurrences.ts';
import { inFile, refusal } from './refusal.ts';
import { RENAME_CODES, type FilePlan, type RenameFile, type RenameScope } from './types.ts';

export type Planned = { ok: true; plans: FilePlan[] } | { ok: false; diagnostics: Diagnostic[] };

export function refused(...diagnostics: Diagnostic[]): Planned {
  return { ok: false, diagnostics };
}

/**
 * The plan for `oldName` in `scope` of one file (`Type.member` names a method
 * or field; `receivers`, the checker's receiver types by member start, place its uses).
 */
export function planInFile(file: RenameFile, oldName: string, scope: RenameScope, receivers?: ReadonlyMap<number, string>): Planned {
  const at = rangeOf(file);
  if (scope === 'module') {
    const dot = oldName.indexOf('.');
    if (dot > 0) return planMember([file], oldName.slice(0, dot), oldName.slice(dot + 1), undefined, ownerByModel(oldName.slice(0, dot), receivers));
    const candidates = file.model.bindings.filter((b) => b.name === oldName && !isMember(b) && isModuleScope(file.model, b));
    if (candidates.length === 0) return refused(refusal(RENAME_CODES.notFound, `no top-level binding named ${JSON.stringify(oldName)}`));
    if (candidates.length > 1) return refused(ambiguous(oldName, candidates, at));
    return planBinding(file, candidates[0]!);
  }
  const functionName = scope.slice('function:'.length);
  const functions = file.model.bindings.filter((b) => isNamed(b, functionName) && definesFunction(file.model, b));
  if (functions.length === 0) return refused(refusal(RENAME_CODES.notFound, `no function named ${JSON.stringify(functionName)}`));
  if (functions.length > 1) return refused(ambiguous(functionName, functions, at));
  const owner = functions[0]!.declaration;
  const locals = file.model.bindings.filter((b) => b.name === oldName && !isMember(b) && !isModuleScope(file.model, b) && within(b.span, owner));
  if (locals.length === 0) return refused(refusal(RENAME_CODES.notFound, `no binding named ${JSON.stringify(oldName)} in function ${functionName}`));
  const groups = new Map<number, Binding>();
  for (const local of locals) {
    const key = Math.min(...linkedBindings(file.model, local).map((b) => b.id));
    if (!groups.has(key)) groups.set(key, local);
  }
  if (groups.size > 1) return refused(ambiguous(oldName, [...groups.values()], at, `function ${functionName} has several bindings named ${JSON.stringify(oldName)}`));
  return planBinding(file, locals[0]!);
}

/** A binding of its own file: the binding, linked parameters, their uses, named arguments. */
export function planBinding(file: RenameFile, binding: Binding): Planned {
  const at = rangeOf(file);
  if (binding.kind === 'import' && !isAliasedImport(binding)) {
    return refused(refusal(RENAME_CODES.imported, `${JSON.stringify(binding.name)} is imported from ${binding.modulePath}; rename it where it is defined`, at(binding.span)));
  }
  if (binding.kind === 'function' && binding.isPublic && isModuleScope(file.model, binding)) {
    const unresolved = unresolvedMemberUses(file.model, binding.name);
    if (unresolved.length > 0) return refused(unresolvedMember(binding.name, unresolved[0]!.span, at, 'a `pub` function is also a method of its first parameter\'s type'));
  }
  const group = linkedBindings(file.model, binding);
  const renamed = new Set(group.map((b) => b.id));
  const spans = bindingSpans(file.model, renamed);
  if (binding.kind === 'parameter') {
    const owner = enclosingFunction(file.model, binding);
    if (owner) spans.push(...namedArgumentSpans(file, binding.name, { ids: new Set([owner.id]) }));
  }
  return { ok: true, plans: [{ file, renamed, spans }] };
}

/**
 * `Type.name` in every file: declarations, member uses whose receiver is the
 * renamed type, `Type(name = …)` arguments. `ownsType(file)`: whether `type`
 * in that file is the renamed type (another file may define its own `Point`),
 * for declarations and constructor arguments. `ownerOf` places each member use
 * `.name` (the checker's receiver types, or the model's guesses); one whose
 * receiver is not known refuses the rename, since it may be the renamed member.
 */
export function planMember(
  files: readonly RenameFile[], type: string, name: string, ownsType: (file: RenameFile) => boolean = () => true, ownerOf: MemberOwnerOf = ownerByModel(type),
): Planned {
  const plans: FilePlan[] = [];
  const isField = files.some((f) => ownsType(f) && f.model.bindings.some((b) => b.kind === 'field' && b.container === type && b.name === name));
  for (const file of files) {
    const at = rangeOf(file);
    // Across files, a refusal says which file it is in.
    const located = (d: Diagnostic) => (files.length > 1 ? inFile(d, file.path) : d);
    const uses = file.model.uses.filter((u) => u.kind === 'member' && u.name === name);
    const owners = uses.map((u) => ownerOf(file, u));
    const unknown = owners.findIndex((owner) => typeof owner === 'object');
    if (unknown !== -1) return refused(located(unresolvedMember(name, uses[unknown]!.span, at, (owners[unknown] as { unknown: string }).unknown)));
    const spans = uses.filter((_, i) => owners[i] === 'renamed').map((u) => u.span);
    const bindings = ownsType(file) ? memberBindings(file.model, type, name) : [];
    if (ownsType(file)) {
      const patterns = isField ? structPatternFields(file, name) : [];
      if (patterns.length > 0) return refused(located(unresolvedMember(name, patterns[0]!, at, 'a `{ field }` pattern is not tied to a type')));
      spans.push(...bindings.map((b) => b.span), ...namedArgumentSpans(file, name, { text: type }));
    }
    if (spans.length > 0) plans.push({ file, renamed: new Set(bindings.map((b) => b.id)), member: { type, name }, spans });
  }
  if (!plans.some((p) => p.renamed.size > 0)) return refused(refusal(RENAME_CODES.notFound, `no method or field ${type}.${name}`));
  return { ok: true, plans };
}

export function isModuleScope(model: FileModel, binding: Binding): boolean {
  return model.scopes[binding.scope]?.kind === 'module';
}

/** `use m.{a as x}` or `use a.b as m`: the local name is an alias and can change alone. */
export function isAliasedImport(binding: Binding): boolean {
  if (binding.importedSpan) return true;
  return binding.importedName === undefined && binding.name !== binding.modulePath?.split('.').pop();
}

export function rangeOf(file: { text: string }): (span: Span) => HumanRange {
  const lines = new LineIndex(file.text);
  return (span) => lines.humanRange(span.start, span.end);
}

export function ambiguous(name: string, bindings: readonly Binding[], at: (span: Span) => HumanRange, lead = `${JSON.stringify(name)} names several bindings`): Diagnostic {
  const places = bindings.map((b) => `${b.kind} at ${at(b.span).start.line}:${at(b.span).start.column}`).join(', ');
  return refusal(RENAME_CODES.ambiguous, `${lead}: ${places}`, at(bindings[0]!.span), 'rename by position, or narrow the scope with --scope function:NAME');
}

function unresolvedMember(name: string, span: Span, at: (span: Span) => HumanRange, why: string): Diagnostic {
  const range = at(span);
  return refusal(RENAME_CODES.unresolvedMember, `\`.${name}\` at ${range.start.line}:${range.start.column} may refer to the renamed member: ${why}`, range);
}

/** `NAME` or `Type.member`. */
function isNamed(binding: Binding, name: string): boolean {
  const dot = name.indexOf('.');
  if (dot > 0) return isMember(binding) && binding.container === name.slice(0, dot) && binding.name === name.slice(dot + 1);
  return binding.name === name && !isMember(binding) && binding.kind !== 'import' && binding.kind !== 'parameter';
}

/** A binding whose declaration opens a function, lambda or block scope (a function), or a generic type's parameter scope. */
function definesFunction(model: FileModel, binding: Binding): boolean {
  return model.scopes.some((s) => (s.kind === 'function' || s.kind === 'lambda' || s.kind === 'block' || s.kind === 'type') && within(s, binding.declaration) && s.start >= binding.span.start);
}

/** The innermost binding named like a parameter's function whose declaration holds the parameter. */
function enclosingFunction(model: FileModel, parameter: Binding): Binding | undefined {
  let best: Binding | undefined;
  for (const b of model.bindings) {
    if (b.name !== parameter.container || isMember(b) || b.id === parameter.id || !within(parameter.span, b.declaration)) continue;
    if (!best || b.declaration.end - b.declaration.start < best.declaration.end - best.declaration.start) best = b;
  }
  return best;
}

function within(inner: Span, outer: Span): boolean {
  return outer.start <= inner.start && inner.end <= outer.end;
}
