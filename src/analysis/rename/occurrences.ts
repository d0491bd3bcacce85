// Where a symbol occurs in one file: the spans a rename rewrites.
import type { Node } from 'web-tree-sitter';
import type { Binding, FileModel, NameUse, Span } from '../model/types.ts';
import type { RenameFile } from './types.ts';

/**
 * The bindings that are one symbol with `binding`: a parameter of a function
 * signature and the same-named parameter of the lambda that implements it
 * (`add: (a: Int) -> Int = (a) => a + 1`) are renamed together.
 */
export function linkedBindings(model: FileModel, binding: Binding): Binding[] {
  if (binding.kind !== 'parameter') return [binding];
  const scope = model.scopes[binding.scope]!;
  const linked = [binding];
  for (const other of model.bindings) {
    if (other.id === binding.id || other.kind !== 'parameter' || other.name !== binding.name) continue;
    const otherScope = model.scopes[other.scope]!;
    const signatureOf = (lambda: typeof scope, fn: typeof scope) =>
      lambda.kind === 'lambda' && fn.kind === 'function' && lambda.parent === fn.id && implementingLambda(model, fn.id) === lambda.id;
    if (signatureOf(otherScope, scope) || signatureOf(scope, otherScope)) linked.push(other);
  }
  return linked;
}

/** The first lambda scope directly inside a function declaration's scope: its value. */
function implementingLambda(model: FileModel, functionScope: number): number | undefined {
  let first: number | undefined;
  for (const scope of model.scopes) {
    if (scope.parent !== functionScope || scope.kind !== 'lambda') continue;
    if (first === undefined || scope.start < model.scopes[first]!.start) first = scope.id;
  }
  return first;
}

/** Name spans of the bindings and of every use that resolves to one of them. */
export function bindingSpans(model: FileModel, ids: ReadonlySet<number>): Span[] {
  const spans: Span[] = [];
  for (const id of ids) spans.push(model.bindings[id]!.span);
  for (const use of model.uses) if (use.binding !== undefined && ids.has(use.binding)) spans.push(use.span);
  return spans;
}

/** `Type.name`'s declarations in one file: methods and fields of `type` named `name`. */
export function memberBindings(model: FileModel, type: string, name: string): Binding[] {
  return model.bindings.filter((b) => isMember(b) && b.container === type && b.name === name);
}

/** Whose member a use `.name` is: the renamed type's, another type's (or a module's item), or not known and why. */
export type MemberOwner = 'renamed' | 'other' | { unknown: string };

/** Decides the owner of each member use of a file; the checker's receiver types or the model's guesses. */
export type MemberOwnerOf = (file: RenameFile, use: NameUse) => MemberOwner;

/**
 * One file on its own: the checker's receiver type of the use (by the start of
 * the member's name), else the model's guess `objectType`, names the type.
 */
export function ownerByModel(type: string, receivers?: ReadonlyMap<number, string>): MemberOwnerOf {
  return (file, use) => {
    const typeName = receivers?.get(use.span.start) ?? use.objectType;
    if (typeName !== undefined) return typeName === type ? 'renamed' : 'other';
    return isModuleItem(file.model, use) ? 'other' : { unknown: `the type of the object is not known, so it may be a ${type}` };
  };
}

/** `io.println`, `utils.total`: a module's item, not a method. */
export function isModuleItem(model: FileModel, use: NameUse): boolean {
  const object = use.objectBinding === undefined ? undefined : model.bindings[use.objectBinding];
  return object?.kind === 'import';
}

export function isMember(binding: Binding): boolean {
  return binding.kind === 'method' || binding.kind === 'field';
}

/**
 * Member uses named `name` that a rename of a member (or of a `pub` function,
 * which the reference also binds as a method of its first parameter's type)
 * cannot prove are someone else's: the object's type is unknown.
 */
export function unresolvedMemberUses(model: FileModel, name: string): NameUse[] {
  return model.uses.filter((use) => use.kind === 'member' && use.name === name && use.objectType === undefined && !isModuleItem(model, use));
}

/**
 * `f(name = …)` where the callee is one of `callees` (binding ids), or is
 * spelled `calleeText` (a record constructor `Point(x = …)`): the argument names.
 */
export function namedArgumentSpans(file: RenameFile, name: string, callees: { ids?: ReadonlySet<number>; text?: string }): Span[] {
  const spans: Span[] = [];
  const useAt = new Map(file.model.uses.map((u) => [u.span.start, u]));
  for (const argument of file.tree.rootNode.descendantsOfType('named_argument')) {
    const argName = argument?.childForFieldName('name');
    if (!argument || argName?.text !== name) continue;
    const callee = calleeOf(argument);
    if (!callee) continue;
    const binding = useAt.get(callee.startIndex)?.binding;
    if ((binding !== undefined && callees.ids?.has(binding)) || (callees.text !== undefined && callee.text === callees.text)) {
      spans.push({ start: argName.startIndex, end: argName.endIndex });
    }
  }
  return spans;
}

function calleeOf(argument: Node): Node | undefined {
  const call = argument.parent?.type === 'arguments' ? argument.parent.parent : null;
  const callee = call?.type === 'call_expression' ? call.childForFieldName('function') : null;
  return callee?.type === 'identifier' ? callee : undefined;
}

/** `{ name, … }` patterns: a field pattern cannot be tied to a type here. */
export function structPatternFields(file: RenameFile, name: string): Span[] {
  const spans: Span[] = [];
  for (const pattern of file.tree.rootNode.descendantsOfType('struct_pattern')) {
    for (const field of pattern?.childrenForFieldName('field') ?? []) {
      if (field?.text === name) spans.push({ start: field.startIndex, end: field.endIndex });
    }
  }
  return spans;
}
