// Std checker types as written in the std catalogue (`fn(&string) -> int64`,
// `[A] fn(&List(A), Any) -> List(A)`) turned into types, and the prelude of a
// fresh checker (semantics.md §5.2, §6.5).
import { GLOBALS, STD_MODULES, stdModule, type StdModule } from '../std/index.ts';
import { BOOL, CHAR, FLOAT, INT, META, STRING, VOID, instantiate, instantiateShallow, named, type Prim, type Type, type VarSupply } from './types.ts';

/** A type with generic parameters, instantiated afresh at every use. */
export interface Scheme {
  generics: string[];
  type: Type;
  /**
   * The generics a user's signature names (`T: Type`): the reference puts a
   * fresh variable for them only where its substitution goes (`substitute_type_refs`:
   * not under `&`, `Set`, `Weak` or a generic record), and leaves the name elsewhere.
   */
  shallow?: readonly string[];
}

const PRIMS: Record<string, Prim> = {
  int64: 'int64', int32: 'int32', int16: 'int16', int8: 'int8', float64: 'float64', float32: 'float32',
  bool: 'bool', char: 'char', string: 'string', void: 'void', never: 'never', bytes: 'bytes',
};

/** Parses one checker-type string; unknown words are nominal types, `t` a generic. */
export function parseCheckerType(text: string): Scheme | undefined {
  const source = text.trim();
  if (source === '' || source.startsWith('TypeRef(')) return source === '' ? undefined : { generics: [], type: named('') };
  let rest = source;
  const generics: string[] = [];
  const prefix = /^\[([^\]]*)\]\s*/.exec(rest);
  if (prefix) {
    generics.push(...prefix[1]!.split(',').map((g) => g.trim()).filter(Boolean));
    rest = rest.slice(prefix[0].length);
  }
  const tokens = rest.match(/->|&mut|[A-Za-z_][A-Za-z0-9_]*|[()&?,]/g) ?? [];
  let i = 0;
  const peek = () => tokens[i];
  const next = () => tokens[i++];
  const list = (): Type[] => {
    const items: Type[] = [];
    if (peek() === ')') { next(); return items; }
    for (;;) {
      items.push(parseType());
      const t = next();
      if (t === ')') return items;
      if (t !== ',') throw new Error(`bad checker type ${text}`);
    }
  };
  const parseType = (): Type => {
    let t = parseBase();
    while (peek() === '?') { next(); t = { k: 'option', inner: t }; }
    return t;
  };
  const parseBase = (): Type => {
    const t = next();
    if (t === '&') return { k: 'ref', mutable: false, inner: parseType() };
    if (t === '&mut') return { k: 'ref', mutable: true, inner: parseType() };
    if (t === '(') {
      const items = list();
      return items.length === 0 ? VOID : items.length === 1 ? items[0]! : { k: 'tuple', items };
    }
    if (t === 'fn') {
      if (next() !== '(') throw new Error(`bad checker type ${text}`);
      const params = list();
      if (next() !== '->') throw new Error(`bad checker type ${text}`);
      return { k: 'fn', params, ret: parseType() };
    }
    if (t === undefined) throw new Error(`bad checker type ${text}`);
    const prim = PRIMS[t];
    if (prim) return { k: 'prim', name: prim };
    if (t === 't' && !generics.includes('t')) generics.push('t');
    if (peek() === '(') {
      next();
      const args = list();
      return containerType(t, args) ?? named(t);
    }
    return named(t);
  };
  const type = parseType();
  return { generics, type };
}

/** `List(T)`, `Dict(K, V)` and the other builtin containers; undefined for anything else. */
export function containerType(name: string, args: Type[]): Type | undefined {
  const [a, b] = args;
  switch (name) {
    case 'List': return a && args.length === 1 ? { k: 'list', elem: a } : undefined;
    case 'Set': return a && args.length === 1 ? { k: 'set', elem: a } : undefined;
    case 'Option': return a && args.length === 1 ? { k: 'option', inner: a } : undefined;
    case 'Arc': return a && args.length === 1 ? { k: 'arc', inner: a } : undefined;
    case 'Weak': return a && args.length === 1 ? { k: 'weak', inner: a } : undefined;
    case 'Range': return a && args.length === 1 ? { k: 'range', elem: a } : undefined;
    case 'Dict': return a && b && args.length === 2 ? { k: 'dict', key: a, value: b } : undefined;
    case 'Result': return a && b && args.length === 2 ? { k: 'result', ok: a, err: b } : undefined;
    default: return undefined;
  }
}

export function instantiateScheme(scheme: Scheme, vars: VarSupply): Type {
  if (scheme.generics.length === 0) return scheme.type;
  const shallow = scheme.shallow;
  if (!shallow) return instantiate(scheme.type, new Map(scheme.generics.map((g) => [g, vars.fresh()] as const)));
  const deep = new Map<string, Type>();
  const top = new Map<string, Type>();
  for (const g of scheme.generics) (shallow.includes(g) ? top : deep).set(g, vars.fresh());
  return instantiateShallow(instantiate(scheme.type, deep), top);
}

const schemeCache = new Map<string, Scheme | undefined>();
function cachedScheme(text: string): Scheme | undefined {
  if (!schemeCache.has(text)) schemeCache.set(text, parseCheckerType(text));
  return schemeCache.get(text);
}

/** Builtin type names in expression position evaluate to the meta-type (never E1001). */
export const BUILTIN_TYPE_NAMES: ReadonlySet<string> = new Set([
  'Int', 'int', 'Float', 'float', 'Bool', 'bool', 'String', 'string', 'Void', 'void', 'Never', 'never', 'Char', 'char', 'Type',
]);

/** The names every file sees without a `use`: std short names and full paths, `Native`, const functions. */
export function preludeValues(): ReadonlyMap<string, Scheme> {
  const values = new Map<string, Scheme>();
  for (const g of GLOBALS) {
    if (g.kind === 'type') continue;
    if (g.name === 'Native') {
      values.set(g.name, {
        generics: [],
        type: {
          k: 'struct', name: 'Native', interfaces: [], fields: [
            { name: 'c', type: { k: 'fn', params: [STRING], ret: named('LibraryRef') }, mutable: false, hasDefault: false },
            { name: 'rs', type: { k: 'fn', params: [STRING], ret: named('ExternRef') }, mutable: false, hasDefault: false },
          ],
        },
      });
      continue;
    }
    if (g.name === 'true' || g.name === 'false') continue;
    const scheme = cachedScheme(g.checkerType) ?? { generics: ['t'], type: named('t') };
    values.set(g.name, scheme);
  }
  return values;
}

/** Whether a name is a std native function name (short or full path): exempt from the arity rule R5. */
export function isNativeName(name: string): boolean {
  return NATIVE_NAMES.has(name);
}
const NATIVE_NAMES: ReadonlySet<string> = new Set(GLOBALS.filter((g) => g.module !== undefined).map((g) => g.name));

/** A std module as the record `use std.m` binds: a struct named by its binding, fields are the exports. */
export function stdModuleRecord(module: StdModule, bindingName: string, vars: VarSupply): Type {
  const fields = module.exports
    .filter((e) => e.kind !== 'type' && !e.name.includes('.') && !e.name.includes('::'))
    .map((e) => {
      const scheme = cachedScheme(e.checkerType);
      return scheme
        ? { name: e.name, type: scheme.type, scheme, mutable: false, hasDefault: false }
        : { name: e.name, type: vars.fresh(), mutable: false, hasDefault: false };
    });
  return { k: 'struct', name: bindingName, fields, interfaces: [] };
}

/** The record `use std` binds: one field per sub-module. */
export function stdRootRecord(bindingName: string, vars: VarSupply): Type {
  const fields = STD_MODULES.map((m) => ({ name: m.name, type: stdModuleRecord(m, m.name, vars), mutable: false, hasDefault: false }));
  return { k: 'struct', name: bindingName, fields, interfaces: [] };
}

/** The checker type of one std export, instantiated. */
export function stdExportType(modulePath: string, name: string, vars: VarSupply): Type | undefined {
  const module = stdModule(modulePath);
  const exported = module?.exports.find((e) => e.name === name);
  if (!exported || exported.kind === 'type') return undefined;
  return schemeType(exported.checkerType, vars);
}

function schemeType(text: string, vars: VarSupply): Type {
  const scheme = cachedScheme(text);
  return scheme ? instantiateScheme(scheme, vars) : vars.fresh();
}

/** Annotation names of the builtin scalar types (semantics.md §5.4). */
export function scalarAnnotation(name: string): Type | undefined {
  switch (name) {
    case 'Int': case 'int': case 'Int64': case 'int64': case 'i64': return INT;
    case 'Int32': case 'int32': case 'i32': return { k: 'prim', name: 'int32' };
    case 'Int16': case 'int16': case 'i16': return { k: 'prim', name: 'int16' };
    case 'Int8': case 'int8': case 'i8': return { k: 'prim', name: 'int8' };
    case 'Float': case 'float': case 'Float64': case 'float64': case 'f64': return FLOAT;
    case 'Float32': case 'float32': case 'f32': return { k: 'prim', name: 'float32' };
    case 'String': case 'string': case 'str': return STRING;
    case 'Bool': case 'bool': return BOOL;
    case 'Char': case 'char': return CHAR;
    case 'Void': case 'void': return VOID;
    case 'Never': case 'never': return { k: 'prim', name: 'never' };
    case 'Bytes': case 'bytes': return { k: 'prim', name: 'bytes' };
    case 'Type': return META;
    default: return undefined;
  }
}
