// What the reference's runtime binds by name, outside the scopes the model and
// the checker follow: a rename of such a top-level binding type-checks the same
// and runs differently.
import type { Node } from 'web-tree-sitter';
import { LineIndex } from '../../syntax/positions.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import { STD_MODULES } from '../std/index.ts';
import { isModuleScope } from './plan.ts';
import { refusal } from './refusal.ts';
import { RENAME_CODES, type FilePlan } from './types.ts';
import type { Binding, FileModel } from '../model/types.ts';

/**
 * The names of the std modules' functions and constants. The reference's IR
 * generation (`resolve_function_name`) turns a call `f(…)` of a global `f`
 * into a call of the std export of that short name when there is one, before
 * the program's own `f`: a top-level `first` defined and called in a program
 * runs `std.list.first` (E6007 "first expects a List"), though the checker
 * typed the call against the program's `first`.
 */
const STD_CALL_NAMES: ReadonlySet<string> = new Set(
  STD_MODULES.flatMap((m) => m.exports.filter((e) => e.kind !== 'type' && /^[A-Za-z_]\w*$/.test(e.name)).map((e) => e.name)),
);

/** The program starts at its top-level `main` (`run` looks it up by name). */
const ENTRY_POINT = 'main';

/** The callee `f` of `f(…)`. */
function isCallee(node: Node | null): boolean {
  const call = node?.parent;
  return call?.type === 'call_expression' && call.childForFieldName('function')?.startIndex === node!.startIndex;
}

/** Whether scope `inner` is `outer` or inside it. */
function within(model: FileModel, inner: number, outer: number): boolean {
  for (let s: number | undefined = inner; s !== undefined; s = model.scopes[s]!.parent) if (s === outer) return true;
  return false;
}

/** Two bindings the reference confuses when they share a name, though each is its own to the scopes and the checker. */
interface Confusion {
  a: Binding;
  b: Binding;
  why: string;
}

const TYPE_KINDS: ReadonlySet<string> = new Set(['record', 'generic', 'type', 'interface']);

const isMemberOrImport = (b: Binding) => b.kind === 'import' || b.kind === 'method' || b.kind === 'field';

/**
 * - a comprehension's variable and a local of an enclosing scope: the
 *   comprehension writes the local (`x = 7` then `[x * 2 for x in items]`
 *   leaves `x` at 2; `x = [x * 2 for x in xs]` leaves `x` void);
 * - a `for` variable and a top-level function: inside a `while` body the
 *   checker accepts it and code generation fails (E3017 "invalid operand"),
 *   elsewhere it is E2013; a `for` variable and a generic function's
 *   parameter (`for j in 0..3` beside `echo: (T: Type) -> (j: T) -> T`: E3017);
 * - a record and its own field: `self.x` on a `&x` is E1053 "Cannot access
 *   field on non-struct type";
 * - a local and an annotated top-level constant of a non-record type, unless
 *   the local is known to be of that type: the local shadows it as the
 *   checker says, but code generation types the name from both (`K: Int = 1`
 *   then `K = P(5)` and `K.w` is E3017, `K.get()` prints void, `edit = &mut
 *   item` over `LIMIT: Bool` fails; `K = 1` unannotated, `K: Q`, a function
 *   `K` run as the scopes say);
 * - a local and a top-level type (`mut Under = 0` under a refinement type
 *   `Under` is E2010); a method and a top-level type (a method `Holder`
 *   takes the calls `Holder(76)` of `Holder: (T: Type) -> Type`: E1053).
 */
/**
 * The scopes of generic functions (`echo: (T: Type) -> (x: T) -> T = (x) => x`): a function scope with a
 * parameter declared `: Type`. Found in one pass over the bindings.
 */
function genericFunctionScopes(model: FileModel, text: string): Set<number> {
  const scopes = new Set<number>();
  for (const b of model.bindings) {
    if (b.kind === 'parameter' && model.scopes[b.scope]!.kind === 'function' && /:\s*Type\s*$/.test(text.slice(b.declaration.start, b.declaration.end))) scopes.add(b.scope);
  }
  return scopes;
}

/** A parameter's function scope: its own, or the one the lambda it belongs to implements. */
function functionScopeOf(model: FileModel, parameter: Binding): number {
  const scope = model.scopes[parameter.scope]!;
  return scope.kind === 'lambda' && scope.parent !== undefined && model.scopes[scope.parent]!.kind === 'function' ? scope.parent : parameter.scope;
}

/**
 * The pairs of the comment above among the bindings named like a renamed one
 * or like the new name, each with a renamed side (a pair without one is
 * neither joined nor parted), as they are found: the caller stops at the
 * first the rename changes. Each binding is paired with every candidate only
 * when it is renamed itself, else with the renamed ones alone, so many
 * bindings of one name (a loop variable `i` in each of a thousand functions)
 * cost their number, not its square.
 */
function* confusions(model: FileModel, text: string, names: ReadonlySet<string>, renamed: ReadonlySet<number>): Generator<Confusion> {
  // Only bindings a rename can join or part: those named like the renamed ones or like the new name.
  const named = model.bindings.filter((b) => names.has(b.name));
  const topLevel = named.filter((b) => !isMemberOrImport(b) && isModuleScope(model, b));
  const partnersIn = (list: readonly Binding[]) => {
    const renamedOnes = list.filter((b) => renamed.has(b.id));
    return (b: Binding) => (renamed.has(b.id) ? list : renamedOnes);
  };
  const namedPartners = partnersIn(named);
  const topLevelPartners = partnersIn(topLevel);
  // Generic records (`Wrapper: (T: Type) -> Type = { value: T }`) too.
  const records = new Set(model.bindings.filter((b) => (b.kind === 'record' || b.kind === 'generic') && isModuleScope(model, b)).map((b) => b.name));
  const recordsNamed = named.filter((b) => b.kind === 'record' && isModuleScope(model, b));
  let genericScopes: Set<number> | undefined;
  const isGenericParameter = (p: Binding) => p.kind === 'parameter' && (genericScopes ??= genericFunctionScopes(model, text)).has(functionScopeOf(model, p));
  for (const b of named) {
    // A method named like a top-level type (`Vec2.Holder` beside `Holder: (T: Type) -> Type`: `Holder(76)` calls the method, E1053 on its void).
    if (b.kind === 'method') for (const t of topLevelPartners(b)) if (TYPE_KINDS.has(t.kind)) yield { a: b, b: t, why: 'a method named like a top-level type takes its calls (`Holder(76)` is the method, E1053 on its void result)' };
    // A field and its own record: the record is named like the field, so it is among `named`.
    if (b.kind === 'field' && b.container !== undefined) {
      for (const r of recordsNamed) if (r.name === b.container && (renamed.has(b.id) || renamed.has(r.id))) yield { a: b, b: r, why: 'a field named like its own record is E1053 through a reference (`self.x` on a `&x`)' };
    }
    if (isMemberOrImport(b) || isModuleScope(model, b)) continue;
    const kind = model.scopes[b.scope]!.kind;
    if (kind === 'comprehension') {
      const parent = model.scopes[b.scope]!.parent;
      for (const o of namedPartners(b)) {
        if (o.id === b.id || isMemberOrImport(o) || isModuleScope(model, o)) continue;
        if (parent !== undefined && model.scopes[o.scope]!.kind !== 'comprehension' && within(model, parent, o.scope)) {
          yield { a: b, b: o, why: 'a comprehension\'s variable writes the enclosing local of its name when the program runs' };
        }
      }
    } else if (kind === 'loop') {
      for (const f of topLevelPartners(b)) if (f.kind === 'function') yield { a: b, b: f, why: 'a `for` variable named like a top-level function fails when the program runs' };
      for (const p of namedPartners(b)) {
        if (isGenericParameter(p)) yield { a: b, b: p, why: 'a `for` variable named like a generic function\'s parameter fails when the program is compiled to run (E3017)' };
      }
    }
    for (const g of topLevelPartners(b)) {
      // An annotated constant of a non-record type under a local not known to be of that type (a record, `&mut` of one: the reference's run fails).
      if (g.kind === 'variable' && g.typeName !== undefined && !records.has(g.typeName) && b.typeName !== g.typeName) {
        yield { a: b, b: g, why: 'a local named like an annotated top-level constant of another type is typed from both when the program is compiled to run (E3017, or the wrong method)' };
      }
      // A type's name: the local is read as the type (`mut Under = 0` under a refinement type `Under` is E2010).
      if (TYPE_KINDS.has(g.kind)) yield { a: b, b: g, why: 'a local named like a top-level type is confused with the type by the reference (E2010 for a refinement type\'s name)' };
    }
  }
}

/**
 * Refusals for renames the reference's runtime sees and the scopes do not: the
 * entry point `main`, a called top-level function whose old or new name is a
 * std function's (its calls run the std one), and the pairs of
 * `confusions` that the rename makes or parts.
 */
export function runtimeNameRefusals(plan: FilePlan, newName: string): Diagnostic[] {
  const { model, text, tree } = plan.file;
  const lines = new LineIndex(text);
  const at = (b: Binding) => lines.humanRange(b.span.start, b.span.end);
  for (const id of plan.renamed) {
    const binding = model.bindings[id]!;
    if (binding.kind === 'import') continue;
    // Also a local, loop variable or method named main: the reference's run fails on each (E3017, E6006, no output).
    if (newName === ENTRY_POINT || binding.name === ENTRY_POINT) {
      return [refusal(RENAME_CODES.conflict, `\`${ENTRY_POINT}\` is where the program starts: \`run\` looks it up by name, and fails on other bindings of that name`, at(binding))];
    }
    if (binding.kind === 'method' || binding.kind === 'field' || !isModuleScope(model, binding)) continue;
    const std = [binding.name, newName].find((n) => STD_CALL_NAMES.has(n));
    if (std === undefined) continue;
    const call = model.uses.find((u) => u.binding === id && isCallee(tree.rootNode.descendantForIndex(u.span.start, u.span.end)));
    if (call) {
      return [refusal(RENAME_CODES.conflict, `a call of a top-level function named \`${std}\` runs the standard library's \`${std}\`, not the program's (the reference resolves a called name to a std function first)`, lines.humanRange(call.span.start, call.span.end))];
    }
  }
  const nameOf = (b: Binding) => (plan.renamed.has(b.id) ? newName : b.name);
  const names = new Set([newName, ...[...plan.renamed].map((id) => model.bindings[id]!.name)]);
  for (const { a, b, why } of confusions(model, text, names, plan.renamed)) {
    const before = a.name === b.name;
    const after = nameOf(a) === nameOf(b);
    if (before === after) continue;
    return [refusal(RENAME_CODES.conflict, `${why} (${JSON.stringify(nameOf(a))} at ${at(a).start.line}:${at(a).start.column}, ${JSON.stringify(nameOf(b))} at ${at(b).start.line}:${at(b).start.column}); the rename would ${before ? 'part' : 'join'} them`, at(plan.renamed.has(a.id) ? a : b))];
  }
  return [];
}
