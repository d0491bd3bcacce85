// `renameInWorkspace`: a binding (or `Type.member`) and its references in
// every file, through `use m.{name}`, `use m.{name as alias}` and `m.name`.
import type { Tree } from 'web-tree-sitter';
import type { HumanPosition } from '../../syntax/positions.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import type { Binding } from '../model/types.ts';
import { resolvedFile, targetAt, targetsNamed, type AnalyzedFile, type Target } from '../navigation.ts';
import { executePlans } from './execute.ts';
import type { TreeOf } from './meaning.ts';
import { checkNewName } from './name.ts';
import { isMember, isModuleItem, type MemberOwnerOf } from './occurrences.ts';
import { reparser } from './parse.ts';
import { ambiguous, isAliasedImport, isModuleScope, planBinding, planMember, rangeOf, refused, type Planned } from './plan.ts';
import { receiverType, sameType, typeDefinition, type MembersOf } from '../receivers.ts';
import { inFile, refusal } from './refusal.ts';
import { RENAME_CODES, type FilePlan, type RenameFile, type RenameRefusal, type WorkspaceRenameResult } from './types.ts';

/** What World.files() holds; a tree is reused when the file has one. */
export type WorkspaceFile = AnalyzedFile & { tree?: Tree };

/**
 * Plans the rename of what `at` names in `file` (a 1-based position, or a
 * name: top-level in that file first, then any binding of it; `Type.member`
 * for a member) to `newName`, in every file. Writes nothing. `members`, the
 * checker's receiver types, places member uses on their receiver's type;
 * without it only the model's guesses (annotations, constructor calls) count.
 */
export async function renameInWorkspace(
  files: ReadonlyMap<string, WorkspaceFile>, file: string, at: HumanPosition | string, newName: string, members?: MembersOf,
): Promise<WorkspaceRenameResult> {
  const invalid = checkNewName(newName);
  if (invalid.length > 0) return { changes: [], diagnostics: invalid };
  return withPlan(files, file, at, newName, members, (planned, name, reparse, treeOf) => {
    // The name it already has: nothing to do, whoever imports it (a conflict with itself is none).
    if (name === newName) return { changes: [], diagnostics: [] };
    return planned.ok ? executePlans(planned.plans, newName, reparse, treeOf) : { changes: [], diagnostics: planned.diagnostics };
  });
}

export type PreparedRename = { ok: true; name: string } | { ok: false; diagnostics: Diagnostic[] };

/**
 * Whether what `at` names can be renamed at all, before a new name is chosen:
 * every refusal that does not depend on the new name (nothing there, imported,
 * syntax errors, members that may be the renamed one). Editors ask this first.
 */
export async function prepareRenameInWorkspace(files: ReadonlyMap<string, WorkspaceFile>, file: string, at: HumanPosition | string, members?: MembersOf): Promise<PreparedRename> {
  return withPlan<PreparedRename>(files, file, at, undefined, members, (planned, name) => (planned.ok ? { ok: true, name } : planned));
}

/** Resolves the target and plans its rename, then hands the plan to `use` while the trees it opened are alive. */
async function withPlan<T>(
  files: ReadonlyMap<string, WorkspaceFile>, file: string, at: HumanPosition | string, newName: string | undefined, members: MembersOf | undefined,
  use: (planned: Planned, name: string, reparse: Awaited<ReturnType<typeof reparser>>, treeOf: TreeOf) => T,
): Promise<T> {
  const reparse = await reparser();
  const refuse = (diagnostic: Diagnostic) => use(refused(diagnostic), '', reparse, () => undefined);
  const home = files.get(file);
  if (!home) return refuse(refusal(RENAME_CODES.notFound, `${file} is not a file of the workspace`));
  const target = typeof at === 'string' ? targetNamed(files, home, at, members) : targetAtPosition(files, home, at, members);
  if ('diagnostic' in target) return refuse(target.diagnostic);
  const owned: Tree[] = [];
  const open = new Map<string, RenameFile>();
  const renameFile = (f: WorkspaceFile): RenameFile => {
    let opened = open.get(f.path);
    if (!opened) {
      let tree = f.tree;
      if (!tree) owned.push((tree = reparse(f.text).tree));
      opened = { path: f.path, text: f.text, tree, model: f.model, imports: f.imports };
      open.set(f.path, opened);
    }
    return opened;
  };
  try {
    const broken = [...files.values()].find((f) => mentions(f, target.name) && renameFile(f).tree.rootNode.hasError);
    if (broken) return refuse(inFile(refusal(RENAME_CODES.syntaxError, `${broken.path} has syntax errors; fix them before renaming`), broken.path));
    const planned = target.kind === 'member'
      ? planMember([...files.values()].filter((f) => mentions(f, target.name)).map(renameFile), target.type, target.name, ownsType(files, target), memberOwner(files, target, members))
      : planExported(files, renameFile, target, newName);
    // What the checker sees of an imported project file, opened like an affected one.
    const treeOf = (path: string) => {
      const dependency = files.get(path);
      return dependency ? renameFile(dependency).tree : undefined;
    };
    return use(planned, target.name, reparse, treeOf);
  } finally {
    for (const tree of owned) tree.delete();
  }
}

type Resolved = (Target & { name: string }) | { diagnostic: Diagnostic };

function targetAtPosition(files: ReadonlyMap<string, WorkspaceFile>, home: WorkspaceFile, position: HumanPosition, members?: MembersOf): Resolved {
  const offset = home.lines.fromHuman(position);
  const inside = (span: { start: number; end: number }) => span.start <= offset && offset <= span.end;
  const { model } = home;
  const direct = model.bindings.find((b) => inside(b.span) || (b.importedSpan !== undefined && inside(b.importedSpan)));
  const used = model.uses.find((u) => u.binding !== undefined && inside(u.span));
  const local = direct ?? (used ? model.bindings[used.binding!] : undefined);
  // An alias is a name of this file: its uses and the alias change, not the item.
  if (local?.kind === 'import' && isAliasedImport(local) && !(local.importedSpan && inside(local.importedSpan))) {
    return { kind: 'binding', file: home.path, binding: local.id, name: local.name };
  }
  const target = targetAt(files, home.path, offset, members);
  if (!target) return { diagnostic: refusal(RENAME_CODES.notFound, `no binding at ${home.path}:${position.line}:${position.column}`) };
  return withName(files, target);
}

function targetNamed(files: ReadonlyMap<string, WorkspaceFile>, home: WorkspaceFile, name: string, members?: MembersOf): Resolved {
  const dot = name.indexOf('.');
  if (dot > 0) return { kind: 'member', type: name.slice(0, dot), name: name.slice(dot + 1) };
  const at = rangeOf(home);
  const topLevel = home.model.bindings.filter((b) => b.name === name && !isMember(b) && isModuleScope(home.model, b));
  if (topLevel.length > 1) return { diagnostic: ambiguous(name, topLevel, at) };
  if (topLevel.length === 1) return targetAtPosition(files, home, home.lines.toHuman(topLevel[0]!.span.start), members);
  const targets = targetsNamed(files, name, home.path);
  if (targets.length === 0) return { diagnostic: refusal(RENAME_CODES.notFound, `no binding named ${JSON.stringify(name)} in ${home.path}`) };
  if (targets.length > 1) {
    const bindings = targets.flatMap((t) => (t.kind === 'binding' ? [home.model.bindings[t.binding]!] : []));
    return { diagnostic: ambiguous(name, bindings, at) };
  }
  return withName(files, targets[0]!);
}

function withName(files: ReadonlyMap<string, WorkspaceFile>, target: Target): Resolved {
  if (target.kind === 'member') return target;
  return { ...target, name: files.get(target.file)!.model.bindings[target.binding]!.name };
}

/** The home file's plan, plus the importers of an exported binding. */
function planExported(files: ReadonlyMap<string, WorkspaceFile>, open: (f: WorkspaceFile) => RenameFile, target: Target & { kind: 'binding' }, newName: string | undefined): Planned {
  const home = files.get(target.file)!;
  const binding = home.model.bindings[target.binding]!;
  const planned = planBinding(open(home), binding);
  if (!planned.ok || !binding.exported || binding.kind === 'import') return planned;
  const plans: FilePlan[] = [...planned.plans];
  for (const importer of files.values()) {
    if (importer.path === home.path) continue;
    for (const imported of importer.model.bindings) {
      if (imported.kind !== 'import' || resolvedFile(importer, imported) !== home.path) continue;
      const conflict = newName === undefined ? undefined : importsNewName(importer, imported, newName);
      if (conflict) return refused(conflict);
      const plan = importerPlan(open(importer), imported, binding.name);
      if (plan) plans.push(plan);
    }
  }
  return { ok: true, plans: mergePlans(plans) };
}

/** An importer that already asks the home module for `newName` would get the renamed binding. */
function importsNewName(importer: WorkspaceFile, imported: Binding, newName: string): RenameRefusal | undefined {
  const at = rangeOf(importer);
  const where = (span: { start: number; end: number }) => `${importer.path}:${at(span).start.line}:${at(span).start.column}`;
  if (imported.importedName === newName) {
    const span = imported.importedSpan ?? imported.span;
    return inFile(refusal(RENAME_CODES.conflict, `${where(span)} imports ${JSON.stringify(newName)} from the same module, which would then be the renamed binding`, at(span)), importer.path);
  }
  if (imported.importedName === undefined) {
    const use = importer.model.uses.find((u) => u.kind === 'member' && u.objectBinding === imported.id && u.name === newName);
    if (use) return inFile(refusal(RENAME_CODES.conflict, `${where(use.span)} uses ${imported.name}.${newName}, which would then be the renamed binding`, at(use.span)), importer.path);
  }
  return undefined;
}

function importerPlan(file: RenameFile, imported: Binding, name: string): FilePlan | undefined {
  if (imported.importedName === name) {
    // `use m.{old as x}`: only `old` changes; `x` and its uses stay.
    if (imported.importedSpan) return { file, renamed: new Set(), spans: [imported.importedSpan] };
    const spans = [imported.span, ...file.model.uses.filter((u) => u.binding === imported.id).map((u) => u.span)];
    return { file, renamed: new Set([imported.id]), spans };
  }
  if (imported.importedName === undefined) {
    const spans = file.model.uses.filter((u) => u.kind === 'member' && u.objectBinding === imported.id && u.name === name).map((u) => u.span);
    return spans.length > 0 ? { file, renamed: new Set(), spans } : undefined;
  }
  return undefined;
}

/** One plan per file (a file may import the binding more than once). */
function mergePlans(plans: readonly FilePlan[]): FilePlan[] {
  const byFile = new Map<string, FilePlan>();
  for (const plan of plans) {
    const known = byFile.get(plan.file.path);
    if (!known) byFile.set(plan.file.path, { ...plan, renamed: new Set(plan.renamed), spans: [...plan.spans] });
    else {
      for (const id of plan.renamed) known.renamed.add(id);
      known.spans.push(...plan.spans);
    }
  }
  return [...byFile.values()];
}

/** For a member of a known type, the files whose `Type` is that definition (the same-named type of another file is another type). */
function ownsType(files: ReadonlyMap<string, WorkspaceFile>, target: Target & { kind: 'member' }): (file: RenameFile) => boolean {
  const { definition } = target;
  return definition ? (file) => sameType(typeDefinition(files, file.path, target.type), definition) : () => true;
}

/**
 * Whose member each use `.name` is. With the type's definition known, a use
 * belongs to it when its receiver's type (the checker's, else the model's
 * guess, resolved as that file sees the name) is that definition; a receiver
 * of a known other type, or a module, is someone else's; no type at all is
 * unknown. The checker knows records by name, like the reference: a name that
 * the file sees only through modules it imports, and that several of them
 * define, is unknown too. Without a definition, the type's name decides.
 */
function memberOwner(files: ReadonlyMap<string, WorkspaceFile>, target: Target & { kind: 'member' }, members: MembersOf | undefined): MemberOwnerOf {
  return (file, use) => {
    if (isModuleItem(file.model, use)) return 'other';
    const checked = members?.(file.path);
    const typeName = checked?.receivers.get(use.span.start) ?? use.objectType;
    if (typeName === undefined) return { unknown: `the type of the object is not known, so it may be a ${target.type}` };
    if (!target.definition) return typeName === target.type ? 'renamed' : 'other';
    const analyzed = files.get(file.path)!;
    if (typeDefinition(files, file.path, typeName) === undefined) {
      const homes = modulesDefining(files, analyzed, typeName);
      if (homes.length > 1) return { unknown: `the object is a ${typeName}, and ${homes.join(' and ')} each define one` };
    }
    return sameType(receiverType(files, analyzed, use, checked), target.definition) ? 'renamed' : 'other';
  };
}

/** The project files `file` imports that define a top-level type `name`. */
function modulesDefining(files: ReadonlyMap<string, WorkspaceFile>, file: WorkspaceFile, name: string): string[] {
  const homes = new Set<string>();
  for (const info of file.imports) {
    if (info.resolved.kind !== 'file') continue;
    const definition = typeDefinition(files, info.resolved.path, name);
    if (definition?.file === info.resolved.path) homes.add(info.resolved.path);
  }
  return [...homes].sort();
}

function mentions(file: WorkspaceFile, name: string): boolean {
  return file.model.bindings.some((b) => b.name === name) || file.model.uses.some((u) => u.name === name);
}

