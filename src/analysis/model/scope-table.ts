// The scopes, bindings and uses of one file as they are found, and name
// resolution over them: a name resolves to the innermost open scope's latest
// binding visible at the use (a module's and a comprehension's everywhere in
// them, a block's after it is made).
import type { Binding, NameUse, Scope, ScopeKind, Span, SymbolKind, UseKind } from './types.ts';

const TYPE_KINDS: ReadonlySet<SymbolKind> = new Set(['record', 'interface', 'generic', 'type']);

export class ScopeTable {
  readonly scopes: Scope[] = [];
  readonly bindings: Binding[] = [];
  readonly uses: NameUse[] = [];
  /** Per scope: name → binding ids, latest last. */
  readonly #names = new Map<number, Map<string, number[]>>();
  /**
   * Per name: the open scopes (outermost first) that bind it. A name is
   * resolved against these alone, not against every scope around it, so
   * that uses deep in nested blocks cost the bindings of their name, not the
   * depth (10,000 nested `if`s were quadratic).
   */
  readonly #visible = new Map<string, number[]>();

  /**
   * `hidesParent`: while this scope is open its parent's names are not
   * visible (a lambda that implements a signature binds its own parameters:
   * in `f: (a: Int, b: Int) -> Int = (a) => b` the `b` is no parameter).
   */
  open(kind: ScopeKind, start: number, end: number, parent: number | undefined, hidesParent = false): number {
    const id = this.scopes.length;
    this.scopes.push({ id, kind, start, end, parent });
    this.#names.set(id, new Map());
    if (hidesParent && parent !== undefined) {
      this.#hiddenBy.set(id, parent);
      this.#hidden.set(parent, (this.#hidden.get(parent) ?? 0) + 1);
    }
    return id;
  }

  /** Scope → the parent it hides while open. */
  readonly #hiddenBy = new Map<number, number>();
  /** Scopes hidden by an open scope, with how many hide them. */
  readonly #hidden = new Map<number, number>();

  /** A scope is left: its names are no longer visible. */
  close(id: number): void {
    const parent = this.#hiddenBy.get(id);
    if (parent !== undefined) {
      this.#hiddenBy.delete(id);
      const count = this.#hidden.get(parent)! - 1;
      if (count === 0) this.#hidden.delete(parent);
      else this.#hidden.set(parent, count);
    }
    for (const name of this.#names.get(id)!.keys()) {
      const scopes = this.#visible.get(name)!;
      const at = scopes.lastIndexOf(id);
      if (at !== -1) scopes.splice(at, 1);
    }
  }

  bind(name: string, span: Span, kind: SymbolKind, scope: number, declaration: Span, extra: Partial<Binding> = {}): number {
    const id = this.bindings.length;
    this.bindings.push({
      id,
      name,
      kind,
      span,
      declaration,
      scope,
      mutable: false,
      isPublic: false,
      exported: this.scopes[scope]?.kind === 'module',
      ...extra,
    });
    const names = this.#names.get(scope)!;
    const list = names.get(name);
    if (list) {
      list.push(id);
    } else {
      names.set(name, [id]);
      this.#makeVisible(name, scope);
    }
    return id;
  }

  /** Adds `scope` to the open scopes binding `name`, in nesting order (ids grow inwards). */
  #makeVisible(name: string, scope: number): void {
    let scopes = this.#visible.get(name);
    if (!scopes) this.#visible.set(name, (scopes = []));
    let at = scopes.length;
    while (at > 0 && scopes[at - 1]! > scope) at--;
    scopes.splice(at, 0, scope);
  }

  /**
   * The binding `name` reads at `at`. A scope hidden by an open one (a
   * signature's, under the lambda that implements it) still gives the names
   * of types: in `f: (T: Type, x: T) -> T = (x) => { y: T = x }` the body's
   * `T` is the signature's, while a value read of `T` there binds nothing.
   */
  resolve(name: string, at: number, asType = false): number | undefined {
    const scopes = this.#visible.get(name) ?? [];
    for (let k = scopes.length - 1; k >= 0; k--) {
      const current = scopes[k]!;
      if (!asType && this.#hidden.has(current)) continue;
      const ids = this.#names.get(current)!.get(name)!;
      const kind = this.scopes[current]!.kind;
      // In blocks a binding is visible after it is made; at module level everywhere, and in
      // a comprehension too: `[x * x for x in xs]` uses `x` before the `for` that binds it.
      const everywhere = kind === 'module' || kind === 'comprehension';
      for (let i = ids.length - 1; i >= 0; i--) {
        const binding = this.bindings[ids[i]!]!;
        if (binding.kind === 'method' || binding.kind === 'field') continue;
        if (everywhere || binding.span.start <= at) return binding.id;
      }
    }
    return undefined;
  }

  /**
   * What an assignment in `scope` writes: the nearest binding of the name,
   * unless that is a module-level one seen from a body. A body's `helper = 40`
   * makes a local even where a top-level `helper` exists: the reference runs
   * it as a local of the function and the top-level binding keeps its value.
   */
  localTarget(name: string, scope: number, at: number, hoisted: boolean): number | undefined {
    const existing = this.resolve(name, at);
    if (hoisted || existing === undefined) return existing;
    const home = this.scopes[this.bindings[existing]!.scope]!;
    return home.kind === 'module' && this.scopes[scope]!.kind !== 'module' ? undefined : existing;
  }

  use(name: string, span: Span, kind: UseKind, binding: number | undefined = this.resolve(name, span.start, kind === 'type')): void {
    this.uses.push({ name, span, kind, binding });
  }

  /** `object.field`: the object's binding and type when the object is a name. */
  member(field: string, span: Span, object: { text: string; start: number } | undefined): void {
    let objectBinding: number | undefined;
    let objectType: string | undefined;
    if (object) {
      objectBinding = this.resolve(object.text, object.start);
      const binding = objectBinding === undefined ? undefined : this.bindings[objectBinding];
      if (binding && TYPE_KINDS.has(binding.kind)) objectType = binding.name;
      else if (binding?.typeName) objectType = binding.typeName;
      else if (!binding && /^[A-Z]/.test(object.text)) objectType = object.text;
    }
    this.uses.push({
      name: field,
      span,
      kind: 'member',
      binding: undefined,
      ...(objectBinding !== undefined ? { objectBinding } : {}),
      ...(objectType ? { objectType } : {}),
    });
  }
}
