// The checker's types, their display names (what the reference prints inside
// `'…'`), and strict structural unification with mutable type variables.

export type Prim = 'int64' | 'int32' | 'int16' | 'int8' | 'float64' | 'float32' | 'bool' | 'char' | 'string' | 'void' | 'never' | 'bytes';

export interface Field {
  name: string;
  type: Type;
  mutable: boolean;
  hasDefault: boolean;
  /** Std and module exports: generic, instantiated afresh at each access. */
  scheme?: { generics: string[]; type: Type };
}

export type Type =
  | { k: 'prim'; name: Prim }
  | { k: 'list'; elem: Type }
  | { k: 'dict'; key: Type; value: Type }
  | { k: 'set'; elem: Type }
  | { k: 'option'; inner: Type }
  | { k: 'result'; ok: Type; err: Type }
  | { k: 'tuple'; items: Type[] }
  | { k: 'fn'; params: Type[]; ret: Type }
  | { k: 'ref'; mutable: boolean; inner: Type }
  | { k: 'struct'; name: string; fields: Field[]; interfaces: string[] }
  | {
    k: 'named'; name: string; /** `Box` of `Box(int64)`: a generic record applied to types. */ applied?: string;
    /**
     * A literal type (`int64::8`, an integer argument of a type) or a type applied to one (`Ring(int64, int64::8)`):
     * the reference's unification matches a literal type with nothing, not even itself, so neither these.
     */
    literal?: true;
  }
  | { k: 'range'; elem: Type }
  | { k: 'arc'; inner: Type }
  | { k: 'weak'; inner: Type }
  | { k: 'meta' }
  // A binding annotated with a proof function (`a: Adult(30) = 30`): the
  // reference's `Refined`, shown `int64 {Adult(30)}`, which its unification
  // matches with nothing but a type variable, not even its own base type.
  | { k: 'refined'; base: Type; constraint: string }
  | { k: 'var'; id: number; bound: Type | undefined }
  // The type of an expression that already produced a diagnostic: it agrees
  // with everything, so one mistake is reported once, not again downstream.
  | { k: 'error' };

export type TypeVar = Extract<Type, { k: 'var' }>;

export const INT: Type = { k: 'prim', name: 'int64' };
export const FLOAT: Type = { k: 'prim', name: 'float64' };
export const BOOL: Type = { k: 'prim', name: 'bool' };
export const CHAR: Type = { k: 'prim', name: 'char' };
export const STRING: Type = { k: 'prim', name: 'string' };
export const VOID: Type = { k: 'prim', name: 'void' };
export const NEVER: Type = { k: 'prim', name: 'never' };
export const META: Type = { k: 'meta' };
export const ERROR: Type = { k: 'error' };

export function isError(t: Type): boolean {
  return prune(t).k === 'error';
}

export function named(name: string): Type {
  return { k: 'named', name };
}

/** A type applied to others (`Box(int64)`, `Ring(int64, int64::8)`): nominal, by its text. */
export function appliedType(name: string, args: readonly Type[]): Type {
  const type: Type = { k: 'named', name: `${name}(${args.map(display).join(', ')})`, applied: name };
  if (args.some((a) => { const p = prune(a); return p.k === 'named' && p.literal; })) type.literal = true;
  return type;
}

/** Hands out type variables; one per check so that numbering is local. */
export class VarSupply {
  private next = 0;
  fresh(): TypeVar {
    return { k: 'var', id: this.next++, bound: undefined };
  }

  /** How many variables were handed out so far: the next one's number. */
  get issued(): number {
    return this.next;
  }

  /** Continues numbering at `issued`, as if the variables before it had been handed out (a memoised item's). */
  resume(issued: number): void {
    this.next = issued;
  }
}

/**
 * Told of every variable a unification binds, while set: the checker's
 * per-item memo learns whether an item bound a variable it did not create
 * (a write other items could see). Synchronous, so one observer at a time.
 */
let bindingObserver: ((v: TypeVar) => void) | undefined;

/** Sets the observer; returns the one it replaces, to be put back. */
export function observeBindings(observer: ((v: TypeVar) => void) | undefined): ((v: TypeVar) => void) | undefined {
  const previous = bindingObserver;
  bindingObserver = observer;
  return previous;
}

/**
 * Told whenever a variable's number is written into a text (`display`): the
 * checker's per-item memo learns whether an item's messages depend on where
 * the variable supply stood when it began. Synchronous, one observer at a time.
 */
let numberObserver: (() => void) | undefined;

/** Sets the observer; returns the one it replaces, to be put back. */
export function observeNumbersShown(observer: (() => void) | undefined): (() => void) | undefined {
  const previous = numberObserver;
  numberObserver = observer;
  return previous;
}

/** Follows bound variables to the representative type. */
export function prune(t: Type): Type {
  let current = t;
  while (current.k === 'var' && current.bound !== undefined) current = current.bound;
  return current;
}

export function isPrim(t: Type, name?: Prim): boolean {
  const p = prune(t);
  return p.k === 'prim' && (name === undefined || p.name === name);
}

export function isInt(t: Type): boolean {
  const p = prune(t);
  return p.k === 'prim' && p.name.startsWith('int');
}

export function isFloat(t: Type): boolean {
  const p = prune(t);
  return p.k === 'prim' && p.name.startsWith('float');
}

/** Exactly `bool`: a type variable is not (the reference compares without resolving). */
export function isExactlyBool(t: Type): boolean {
  return t.k === 'prim' && t.name === 'bool';
}

export function display(t: Type): string {
  const p = prune(t);
  switch (p.k) {
    case 'prim': return p.name;
    case 'list': return `List(${display(p.elem)})`;
    case 'dict': return `Dict(${display(p.key)}, ${display(p.value)})`;
    case 'set': return `Set(${display(p.elem)})`;
    case 'option': return `${display(p.inner)}?`;
    case 'result': return `Result(${display(p.ok)}, ${display(p.err)})`;
    case 'tuple': return `(${p.items.map(display).join(', ')})`;
    case 'fn': return `fn(${p.params.map(display).join(', ')}) -> ${display(p.ret)}`;
    case 'ref': return `${p.mutable ? '&mut ' : '&'}${display(p.inner)}`;
    case 'struct': return p.name;
    case 'named': return p.name;
    case 'range': return `Range(${display(p.elem)})`;
    case 'arc': return `Arc(${display(p.inner)})`;
    case 'weak': return `Weak(${display(p.inner)})`;
    case 'meta': return 'Type';
    case 'refined': return `${display(p.base)} {${p.constraint}}`;
    case 'var':
      numberObserver?.();
      return `t${p.id}`;
    case 'error': return '{error}';
  }
}

/** Whether `t`, bound variables followed, is or holds a type `leaf` accepts (a record's fields are not looked into). */
function holdsLeaf(t: Type, leaf: (p: Type) => boolean): boolean {
  const p = prune(t);
  switch (p.k) {
    case 'list': case 'set': case 'range': return holdsLeaf(p.elem, leaf);
    case 'dict': return holdsLeaf(p.key, leaf) || holdsLeaf(p.value, leaf);
    case 'option': case 'arc': case 'weak': case 'ref': return holdsLeaf(p.inner, leaf);
    case 'result': return holdsLeaf(p.ok, leaf) || holdsLeaf(p.err, leaf);
    case 'tuple': return holdsLeafIn(p.items, leaf);
    case 'fn': return holdsLeafIn(p.params, leaf) || holdsLeaf(p.ret, leaf);
    default: return leaf(p);
  }
}

function holdsLeafIn(types: readonly Type[], leaf: (p: Type) => boolean): boolean {
  for (const t of types) if (holdsLeaf(t, leaf)) return true;
  return false;
}

const isVariableOrError = (p: Type): boolean => p.k === 'var' || p.k === 'error';
const isVariable = (p: Type): boolean => p.k === 'var';

/** True when the type still contains an unbound variable: messages would not be reproducible. */
export function hasVariables(t: Type): boolean {
  return holdsLeaf(t, isVariableOrError);
}

/** True when `t` still holds a variable no binding resolved: its number would show where `display` writes the type (a record shows its name only). */
export function holdsUnboundVariable(t: Type): boolean {
  return holdsLeaf(t, isVariable);
}

/**
 * A text made of an object holding a type (a scheme, a function type), kept
 * while the object lives when the type holds no variable: nothing can change
 * it then. The memo layers ask the same texts of every item on every
 * keystroke, and the declaration memo hands an unchanged item's schemes and
 * types to every check, so only the edited item's are made again.
 */
export class FixedTexts<O extends object> {
  readonly #texts = new WeakMap<O, string>();
  readonly #make: (owner: O) => string;
  readonly #typeOf: (owner: O) => Type;

  constructor(make: (owner: O) => string, typeOf: (owner: O) => Type) {
    this.#make = make;
    this.#typeOf = typeOf;
  }

  of(owner: O): string {
    let text = this.#texts.get(owner);
    if (text === undefined) {
      text = this.#make(owner);
      if (!hasVariables(this.#typeOf(owner))) this.#texts.set(owner, text);
    }
    return text;
  }
}

function occurs(v: TypeVar, t: Type): boolean {
  const p = prune(t);
  if (p === v) return true;
  switch (p.k) {
    case 'list': case 'set': case 'range': return occurs(v, p.elem);
    case 'dict': return occurs(v, p.key) || occurs(v, p.value);
    case 'option': case 'arc': case 'weak': case 'ref': return occurs(v, p.inner);
    case 'result': return occurs(v, p.ok) || occurs(v, p.err);
    case 'tuple': return p.items.some((i) => occurs(v, i));
    case 'fn': return p.params.some((i) => occurs(v, i)) || occurs(v, p.ret);
    default: return false;
  }
}

/**
 * Strict structural unification (the reference's `solver.rs::unify`): no
 * widening, `&T` and `&mut T` differ, structs match by name, a struct matches a
 * nominal type of its own name or of an interface it lists. Bindings made by a
 * failed unification are undone, so a failure leaves both sides as they were.
 */
export function unify(a: Type, b: Type): boolean {
  const trail: TypeVar[] = [];
  const ok = unifyInto(a, b, trail);
  if (!ok) for (const v of trail) v.bound = undefined;
  return ok;
}

function unifyInto(a: Type, b: Type, trail: TypeVar[]): boolean {
  const x = prune(a);
  const y = prune(b);
  if (x.k === 'error' || y.k === 'error') return true;
  if (x.k === 'var') return bindVar(x, y, trail);
  if (y.k === 'var') return bindVar(y, x, trail);
  if (x.k === 'refined' || y.k === 'refined' || (x.k === 'named' && x.literal) || (y.k === 'named' && y.literal)) return false;
  if (x === y) return true;
  switch (x.k) {
    case 'prim': return y.k === 'prim' && x.name === y.name;
    case 'meta': return y.k === 'meta';
    case 'list': return y.k === 'list' && unifyInto(x.elem, y.elem, trail);
    case 'set': return y.k === 'set' && unifyInto(x.elem, y.elem, trail);
    case 'range': return y.k === 'range' && unifyInto(x.elem, y.elem, trail);
    case 'option': return y.k === 'option' && unifyInto(x.inner, y.inner, trail);
    case 'arc': return y.k === 'arc' && unifyInto(x.inner, y.inner, trail);
    case 'weak': return y.k === 'weak' && unifyInto(x.inner, y.inner, trail);
    case 'ref': return y.k === 'ref' && x.mutable === y.mutable && unifyInto(x.inner, y.inner, trail);
    case 'dict': return y.k === 'dict' && unifyInto(x.key, y.key, trail) && unifyInto(x.value, y.value, trail);
    case 'result': return y.k === 'result' && unifyInto(x.ok, y.ok, trail) && unifyInto(x.err, y.err, trail);
    case 'tuple':
      return y.k === 'tuple' && x.items.length === y.items.length && x.items.every((item, i) => unifyInto(item, y.items[i]!, trail));
    case 'fn':
      return y.k === 'fn' && x.params.length === y.params.length
        && x.params.every((p, i) => unifyInto(p, y.params[i]!, trail)) && unifyInto(x.ret, y.ret, trail);
    case 'struct':
      if (y.k === 'struct') return x.name === y.name;
      if (y.k === 'named') return x.name === y.name || x.interfaces.includes(y.name);
      return false;
    case 'named':
      if (y.k === 'named') return x.name === y.name;
      if (y.k === 'struct') return x.name === y.name || y.interfaces.includes(x.name);
      return false;
  }
  return false;
}

function bindVar(v: TypeVar, t: Type, trail: TypeVar[]): boolean {
  if (t.k === 'var' && t === v) return true;
  if (occurs(v, t)) return false;
  v.bound = t;
  trail.push(v);
  bindingObserver?.(v);
  return true;
}

/** Replaces the named generic parameters of a signature by fresh variables (one instantiation). */
export function instantiate(t: Type, generics: ReadonlyMap<string, Type>, underReferences = true): Type {
  if (generics.size === 0) return t;
  const go = (u: Type): Type => {
    const p = prune(u);
    switch (p.k) {
      case 'named': return generics.get(p.name) ?? p;
      case 'list': return { k: 'list', elem: go(p.elem) };
      case 'set': return underReferences ? { k: 'set', elem: go(p.elem) } : p;
      case 'range': return { k: 'range', elem: go(p.elem) };
      case 'option': return { k: 'option', inner: go(p.inner) };
      case 'arc': return { k: 'arc', inner: go(p.inner) };
      case 'weak': return underReferences ? { k: 'weak', inner: go(p.inner) } : p;
      case 'ref': return underReferences ? { k: 'ref', mutable: p.mutable, inner: go(p.inner) } : p;
      case 'dict': return { k: 'dict', key: go(p.key), value: go(p.value) };
      case 'result': return { k: 'result', ok: go(p.ok), err: go(p.err) };
      case 'tuple': return { k: 'tuple', items: p.items.map(go) };
      case 'fn': return { k: 'fn', params: p.params.map(go), ret: go(p.ret) };
      default: return p;
    }
  };
  return go(t);
}

/** `instantiate` as the reference substitutes a signature's generics (`substitute_type_refs`): not under `&`, `Set` or `Weak`. */
export function instantiateShallow(t: Type, generics: ReadonlyMap<string, Type>): Type {
  return instantiate(t, generics, false);
}

/** Like {@link display}, but records show their fields: two types with the same text are interchangeable. */
export function describe(t: Type): string {
  const p = prune(t);
  if (p.k === 'struct') {
    const fields = p.fields.map((f) => `${f.mutable ? 'mut ' : ''}${f.name}${f.hasDefault ? '?' : ''}:${describe(f.scheme?.type ?? f.type)}`);
    return `${p.name}{${fields.join(',')}}[${p.interfaces.join(',')}]`;
  }
  if (p.k === 'fn') return `fn(${p.params.map(describe).join(', ')}) -> ${describe(p.ret)}`;
  if (p.k === 'list') return `List(${describe(p.elem)})`;
  if (p.k === 'tuple') return `(${p.items.map(describe).join(', ')})`;
  if (p.k === 'ref') return `${p.mutable ? '&mut ' : '&'}${describe(p.inner)}`;
  return display(p);
}
