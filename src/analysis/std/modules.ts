/**
 * The YaoXiang v0.7.12 standard library as the reference type checker sees it.
 *
 * Source: `semantics.md` §5.2 "The global environment (prelude)" and §6.5 "Std modules as the
 * checker sees them". Names, source signatures and checker types are copied verbatim from the
 * §6.5 tables; they are interface data, do not "fix" them.
 *
 * How the checker turns a native signature string into a type (§6.5, `parse_signature`):
 * - a `[T]` prefix declares generics; a bare container (`List`, `Dict`, `Set`, `Option`,
 *   `Result`, `Arc`, `Weak`) becomes an implicit generic with fresh letters `A`, `B`, … (one per
 *   slot, reused for the same container name within one signature); single capital letters inside
 *   container arguments also become implicit generics; `List<T>`, `List[T]`, `List(T)` are
 *   equivalent;
 * - generics are re-instantiated at every call site;
 * - `...args` is **one** parameter of type `Any`; `?msg: String` is an ordinary `string`
 *   parameter named `?msg`; a parameter without a colon (`value`, `self`) is the opaque TypeRef of
 *   that word; `()` is `void`; unknown names (`Any`, `Tuple`, `File`, `DateTime`, `Error`) are
 *   nominal TypeRefs: as call parameters they accept anything, as a binding annotation target they
 *   fail unification.
 *
 * Legend of the checker types: `[A, B]` are generics, `&T` is by reference (no move, auto-borrow at
 * the call), a bare `T` is by value (a variable argument of a Move-class type is moved).
 *
 * How names are reached (§6.5):
 * - by short name with no import (globals, §5.2, see {@link GLOBALS}): the arity check is exempt
 *   and argument types are checked only when the counts match;
 * - through a module record after `use std.m` (`m.f(…)`): no arity check, argument types checked
 *   when the counts match. Module records are structs whose field names are the export short
 *   names (`io.println`, `math.PI`, `list.map`); `use std` binds `std`, a record of the
 *   sub-modules;
 * - as imported items after `use std.m.{f}`.
 */

export type StdExportKind = 'function' | 'constant' | 'type';

export interface StdExport {
  /** As in the table, e.g. `'println'`, `'int.to_string'`, `'PI'`, `'DateTime::year'`. */
  name: string;
  kind: StdExportKind;
  /** "Source signature" column verbatim (`''` if none). */
  signature: string;
  /** "Checker type" column verbatim (`''` if none). */
  checkerType: string;
  /** Only when the document says something specific about this name. */
  notes?: string;
}

export interface StdModule {
  /** Full path, e.g. `'std.io'`. */
  path: string;
  /** Sub-module name, e.g. `'io'` (the record name bound by `use std.io`). */
  name: string;
  notes?: string;
  exports: readonly StdExport[];
}

export interface GlobalName {
  name: string;
  kind: 'type' | 'function' | 'constant' | 'value';
  /** Type of the name in expression position (`''` when the document gives none). */
  checkerType: string;
  notes?: string;
  /** For std-derived globals: the path of the std module the name comes from (e.g. `'std.string'`). */
  module?: string;
}

/** The std modules in the order of §6.5. */
export const STD_MODULES: readonly StdModule[] = [
  {
    path: 'std.assert',
    name: 'assert',
    notes:
      'Also exports the type families `IsTrue(b)` (true → Void, false → Never) and `Assert(cond)` = `IsTrue(cond)`; these are kind Type and get no value signature; effect: a successful `assert(p)` adds `p` to the flow-sensitive assumption set.',
    exports: [
      { name: 'assert', kind: 'function', signature: '(cond: Bool, ?msg: String) -> Void', checkerType: 'fn(bool, string) -> void',
        notes: 'A successful `assert(p)` adds `p` to the flow-sensitive assumption set.' },
      { name: 'IsTrue', kind: 'type', signature: '', checkerType: '',
        notes: 'Type family `IsTrue(b)`: true → Void, false → Never. Kind Type; no value signature.' },
      { name: 'Assert', kind: 'type', signature: '', checkerType: '',
        notes: 'Type family `Assert(cond)` = `IsTrue(cond)`. Kind Type; no value signature.' },
    ],
  },
  {
    path: 'std.concurrent',
    name: 'concurrent',
    notes: 'Not on wasm.',
    exports: [
      { name: 'sleep', kind: 'function', signature: '(millis: Int) -> Void', checkerType: 'fn(int64) -> void' },
      { name: 'thread_id', kind: 'function', signature: '() -> String', checkerType: 'fn() -> string' },
      { name: 'yield_now', kind: 'function', signature: '() -> Void', checkerType: 'fn() -> void' },
    ],
  },
  {
    path: 'std.convert',
    name: 'convert',
    notes:
      'The dotted short names are looked up as whole dotted paths once the root identifier resolves: `int.`, `float.`, `bool.`, `char.` and `string.` roots are builtin type names; `set` is the global std short name `list.set`; `list.` and `dict.` need `use std.list` / `use std.dict`; `tuple` and `range` are unknown names (E1001).',
    exports: [
      { name: 'to_string', kind: 'function', signature: '(value) -> String', checkerType: 'fn(value) -> string' },
      { name: 'int.to_string', kind: 'function', signature: '(self) -> String', checkerType: 'fn(self) -> string',
        notes: 'Dotted short name, looked up as a whole dotted path once the root identifier resolves. Root `int` is a builtin type name, so the dotted name resolves without import.' },
      { name: 'float.to_string', kind: 'function', signature: '(self) -> String', checkerType: 'fn(self) -> string',
        notes: 'Dotted short name, looked up as a whole dotted path once the root identifier resolves. Root `float` is a builtin type name, so the dotted name resolves without import.' },
      { name: 'bool.to_string', kind: 'function', signature: '(self) -> String', checkerType: 'fn(self) -> string',
        notes: 'Dotted short name, looked up as a whole dotted path once the root identifier resolves. Root `bool` is a builtin type name, so the dotted name resolves without import.' },
      { name: 'char.to_string', kind: 'function', signature: '(self) -> String', checkerType: 'fn(self) -> string',
        notes: 'Dotted short name, looked up as a whole dotted path once the root identifier resolves. Root `char` is a builtin type name, so the dotted name resolves without import.' },
      { name: 'string.to_string', kind: 'function', signature: '(self) -> String', checkerType: 'fn(self) -> string',
        notes: 'Dotted short name, looked up as a whole dotted path once the root identifier resolves. Root `string` is a builtin type name, so the dotted name resolves without import.' },
      { name: 'list.to_string', kind: 'function', signature: '(self) -> String', checkerType: 'fn(self) -> string',
        notes: 'Dotted short name, looked up as a whole dotted path once the root identifier resolves. Root `list` resolves only after `use std.list`.' },
      { name: 'dict.to_string', kind: 'function', signature: '(self) -> String', checkerType: 'fn(self) -> string',
        notes: 'Dotted short name, looked up as a whole dotted path once the root identifier resolves. Root `dict` resolves only after `use std.dict`.' },
      { name: 'tuple.to_string', kind: 'function', signature: '(self) -> String', checkerType: 'fn(self) -> string',
        notes: 'Dotted short name, looked up as a whole dotted path once the root identifier resolves. Root `tuple` is an unknown name (E1001).' },
      { name: 'set.to_string', kind: 'function', signature: '(self) -> String', checkerType: 'fn(self) -> string',
        notes: 'Dotted short name, looked up as a whole dotted path once the root identifier resolves. Root `set` is the global std short name `list.set`, so the dotted name resolves.' },
      { name: 'range.to_string', kind: 'function', signature: '(self) -> String', checkerType: 'fn(self) -> string',
        notes: 'Dotted short name, looked up as a whole dotted path once the root identifier resolves. Root `range` is an unknown name (E1001).' },
    ],
  },
  {
    path: 'std.dict',
    name: 'dict',
    exports: [
      { name: 'get', kind: 'function', signature: '(dict: &Dict, key: Any) -> Any', checkerType: '[A, B] fn(&Dict(A, B), Any) -> Any' },
      { name: 'set', kind: 'function', signature: '(dict: Dict, key: Any, value: Any) -> Dict', checkerType: '[A, B] fn(Dict(A, B), Any, Any) -> Dict(A, B)' },
      { name: 'has', kind: 'function', signature: '(dict: &Dict, key: Any) -> Bool', checkerType: '[A, B] fn(&Dict(A, B), Any) -> bool' },
      { name: 'values', kind: 'function', signature: '(dict: &Dict) -> List', checkerType: '[A, B, C] fn(&Dict(A, B)) -> List(C)' },
      { name: 'keys', kind: 'function', signature: '(dict: &Dict) -> List', checkerType: '[A, B, C] fn(&Dict(A, B)) -> List(C)' },
      { name: 'entries', kind: 'function', signature: '(dict: &Dict) -> List', checkerType: '[A, B, C] fn(&Dict(A, B)) -> List(C)' },
      { name: 'delete', kind: 'function', signature: '(dict: Dict, key: Any) -> Dict', checkerType: '[A, B] fn(Dict(A, B), Any) -> Dict(A, B)' },
      { name: 'len', kind: 'function', signature: '(dict: &Dict) -> Int', checkerType: '[A, B] fn(&Dict(A, B)) -> int64' },
      { name: 'is_empty', kind: 'function', signature: '(dict: &Dict) -> Bool', checkerType: '[A, B] fn(&Dict(A, B)) -> bool' },
      { name: 'merge', kind: 'function', signature: '(a: &Dict, b: &Dict) -> Dict', checkerType: '[A, B] fn(&Dict(A, B), &Dict(A, B)) -> Dict(A, B)' },
    ],
  },
  {
    path: 'std.io',
    name: 'io',
    notes: '`read_line`, `read_file`, `write_file`, `append_file` are not on wasm.',
    exports: [
      { name: 'print', kind: 'function', signature: '(...args) -> ()', checkerType: 'fn(Any) -> void' },
      { name: 'println', kind: 'function', signature: '(...args) -> ()', checkerType: 'fn(Any) -> void' },
      { name: 'read_line', kind: 'function', signature: '() -> String', checkerType: 'fn() -> string',
        notes: 'Not on wasm.' },
      { name: 'read_file', kind: 'function', signature: '(path: &String) -> String', checkerType: 'fn(&string) -> string',
        notes: 'Not on wasm.' },
      { name: 'write_file', kind: 'function', signature: '(path: &String, content: &String) -> Bool', checkerType: 'fn(&string, &string) -> bool',
        notes: 'Not on wasm.' },
      { name: 'append_file', kind: 'function', signature: '(path: &String, content: &String) -> Bool', checkerType: 'fn(&string, &string) -> bool',
        notes: 'Not on wasm.' },
      { name: 'format_fallback', kind: 'function', signature: '(value, type_name: &String) -> String', checkerType: 'fn(value, &string) -> string' },
    ],
  },
  {
    path: 'std.list',
    name: 'list',
    exports: [
      { name: 'push', kind: 'function', signature: '(list: List, item: Any) -> List', checkerType: '[A] fn(List(A), Any) -> List(A)' },
      { name: 'pop', kind: 'function', signature: '(list: &List) -> Any', checkerType: '[A] fn(&List(A)) -> Any' },
      { name: 'append', kind: 'function', signature: '(list: List, item: Any) -> List', checkerType: '[A] fn(List(A), Any) -> List(A)' },
      { name: 'prepend', kind: 'function', signature: '(list: List, item: Any) -> List', checkerType: '[A] fn(List(A), Any) -> List(A)' },
      { name: 'remove_at', kind: 'function', signature: '(list: &List, index: Int) -> Any', checkerType: '[A] fn(&List(A), int64) -> Any' },
      { name: 'reverse', kind: 'function', signature: '(list: &List) -> List', checkerType: '[A] fn(&List(A)) -> List(A)' },
      { name: 'concat', kind: 'function', signature: '(a: &List, b: &List) -> List', checkerType: '[A] fn(&List(A), &List(A)) -> List(A)' },
      { name: 'map', kind: 'function', signature: '[T](list: &List<T>, fn: (item: T) -> T) -> List<T>', checkerType: '[T] fn(&List(T), fn(T) -> T) -> List(T)' },
      { name: 'filter', kind: 'function', signature: '[T](list: &List<T>, fn: (item: T) -> Bool) -> List<T>', checkerType: '[T] fn(&List(T), fn(T) -> bool) -> List(T)' },
      { name: 'reduce', kind: 'function', signature: '[T](list: &List<T>, fn: (acc: Any, item: T) -> Any, init: Any) -> Any', checkerType: '[T] fn(&List(T), fn(Any, T) -> Any, Any) -> Any' },
      { name: 'len', kind: 'function', signature: '(list: &List) -> Int', checkerType: '[A] fn(&List(A)) -> int64' },
      { name: 'is_empty', kind: 'function', signature: '(list: &List) -> Bool', checkerType: '[A] fn(&List(A)) -> bool' },
      { name: 'get', kind: 'function', signature: '(list: &List, index: Int) -> Any', checkerType: '[A] fn(&List(A), int64) -> Any' },
      { name: 'set', kind: 'function', signature: '(list: List, index: Int, value: Any) -> List', checkerType: '[A] fn(List(A), int64, Any) -> List(A)' },
      { name: 'first', kind: 'function', signature: '(list: &List) -> Any', checkerType: '[A] fn(&List(A)) -> Any' },
      { name: 'last', kind: 'function', signature: '(list: &List) -> Any', checkerType: '[A] fn(&List(A)) -> Any' },
      { name: 'slice', kind: 'function', signature: '(list: &List, start: Int, end: Int) -> List', checkerType: '[A] fn(&List(A), int64, int64) -> List(A)' },
      { name: 'contains', kind: 'function', signature: '(list: &List, item: Any) -> Bool', checkerType: '[A] fn(&List(A), Any) -> bool' },
      { name: 'find_index', kind: 'function', signature: '(list: &List, item: Any) -> Int', checkerType: '[A] fn(&List(A), Any) -> int64' },
      { name: 'iter', kind: 'function', signature: '(list: &List) -> Tuple', checkerType: '[A] fn(&List(A)) -> Tuple' },
      { name: 'next', kind: 'function', signature: '(iterator: Tuple) -> Any', checkerType: 'fn(Tuple) -> Any' },
      { name: 'has_next', kind: 'function', signature: '(iterator: Tuple) -> Bool', checkerType: 'fn(Tuple) -> bool' },
    ],
  },
  {
    path: 'std.math',
    name: 'math',
    notes: '`PI`, `E`, `TAU` are constants (kind Constant).',
    exports: [
      { name: 'abs', kind: 'function', signature: '(n: Int) -> Int', checkerType: 'fn(int64) -> int64' },
      { name: 'max', kind: 'function', signature: '(a: Int, b: Int) -> Int', checkerType: 'fn(int64, int64) -> int64' },
      { name: 'min', kind: 'function', signature: '(a: Int, b: Int) -> Int', checkerType: 'fn(int64, int64) -> int64' },
      { name: 'clamp', kind: 'function', signature: '(value: Int, min: Int, max: Int) -> Int', checkerType: 'fn(int64, int64, int64) -> int64' },
      { name: 'fabs', kind: 'function', signature: '(n: Float) -> Float', checkerType: 'fn(float64) -> float64' },
      { name: 'fmax', kind: 'function', signature: '(a: Float, b: Float) -> Float', checkerType: 'fn(float64, float64) -> float64' },
      { name: 'fmin', kind: 'function', signature: '(a: Float, b: Float) -> Float', checkerType: 'fn(float64, float64) -> float64' },
      { name: 'pow', kind: 'function', signature: '(base: Float, exp: Float) -> Float', checkerType: 'fn(float64, float64) -> float64' },
      { name: 'sqrt', kind: 'function', signature: '(n: Float) -> Float', checkerType: 'fn(float64) -> float64' },
      { name: 'floor', kind: 'function', signature: '(n: Float) -> Float', checkerType: 'fn(float64) -> float64' },
      { name: 'ceil', kind: 'function', signature: '(n: Float) -> Float', checkerType: 'fn(float64) -> float64' },
      { name: 'round', kind: 'function', signature: '(n: Float) -> Float', checkerType: 'fn(float64) -> float64' },
      { name: 'sin', kind: 'function', signature: '(n: Float) -> Float', checkerType: 'fn(float64) -> float64' },
      { name: 'cos', kind: 'function', signature: '(n: Float) -> Float', checkerType: 'fn(float64) -> float64' },
      { name: 'tan', kind: 'function', signature: '(n: Float) -> Float', checkerType: 'fn(float64) -> float64' },
      { name: 'PI', kind: 'constant', signature: 'Float', checkerType: 'float64',
        notes: 'Constant (kind Constant).' },
      { name: 'E', kind: 'constant', signature: 'Float', checkerType: 'float64',
        notes: 'Constant (kind Constant).' },
      { name: 'TAU', kind: 'constant', signature: 'Float', checkerType: 'float64',
        notes: 'Constant (kind Constant).' },
    ],
  },
  {
    path: 'std.net',
    name: 'net',
    notes: 'Not on wasm.',
    exports: [
      { name: 'http_get', kind: 'function', signature: '(url: &String) -> String', checkerType: 'fn(&string) -> string' },
      { name: 'http_post', kind: 'function', signature: '(url: &String, body: &String) -> String', checkerType: 'fn(&string, &string) -> string' },
      { name: 'url_encode', kind: 'function', signature: '(s: &String) -> String', checkerType: 'fn(&string) -> string' },
      { name: 'url_decode', kind: 'function', signature: '(s: &String) -> String', checkerType: 'fn(&string) -> string' },
    ],
  },
  {
    path: 'std.os',
    name: 'os',
    notes: 'Not on wasm.',
    exports: [
      { name: 'open', kind: 'function', signature: '(path: &String, mode: &String) -> File', checkerType: 'fn(&string, &string) -> File' },
      { name: 'close', kind: 'function', signature: '(file: File) -> Void', checkerType: 'fn(File) -> void' },
      { name: 'read', kind: 'function', signature: '(file: File, n: Int) -> String', checkerType: 'fn(File, int64) -> string' },
      { name: 'write', kind: 'function', signature: '(file: File, content: String) -> Int', checkerType: 'fn(File, string) -> int64' },
      { name: 'seek', kind: 'function', signature: '(file: File, offset: Int) -> Bool', checkerType: 'fn(File, int64) -> bool' },
      { name: 'tell', kind: 'function', signature: '(file: File) -> Int', checkerType: 'fn(File) -> int64' },
      { name: 'flush', kind: 'function', signature: '(file: File) -> Void', checkerType: 'fn(File) -> void' },
      { name: 'mkdir', kind: 'function', signature: '(path: &String) -> Bool', checkerType: 'fn(&string) -> bool' },
      { name: 'rmdir', kind: 'function', signature: '(path: &String) -> Bool', checkerType: 'fn(&string) -> bool' },
      { name: 'read_dir', kind: 'function', signature: '(path: &String) -> String', checkerType: 'fn(&string) -> string' },
      { name: 'remove', kind: 'function', signature: '(path: &String) -> Bool', checkerType: 'fn(&string) -> bool' },
      { name: 'exists', kind: 'function', signature: '(path: &String) -> Bool', checkerType: 'fn(&string) -> bool' },
      { name: 'is_file', kind: 'function', signature: '(path: &String) -> Bool', checkerType: 'fn(&string) -> bool' },
      { name: 'is_dir', kind: 'function', signature: '(path: &String) -> Bool', checkerType: 'fn(&string) -> bool' },
      { name: 'copy', kind: 'function', signature: '(src: &String, dst: &String) -> Bool', checkerType: 'fn(&string, &string) -> bool' },
      { name: 'rename', kind: 'function', signature: '(old: &String, new: &String) -> Bool', checkerType: 'fn(&string, &string) -> bool' },
      { name: 'get_env', kind: 'function', signature: '(name: &String) -> String', checkerType: 'fn(&string) -> string' },
      { name: 'set_env', kind: 'function', signature: '(name: &String, value: &String) -> Void', checkerType: 'fn(&string, &string) -> void' },
      { name: 'args', kind: 'function', signature: '() -> String', checkerType: 'fn() -> string' },
      { name: 'chdir', kind: 'function', signature: '(path: &String) -> Bool', checkerType: 'fn(&string) -> bool' },
      { name: 'getcwd', kind: 'function', signature: '() -> String', checkerType: 'fn() -> string' },
      { name: 'append_file', kind: 'function', signature: '(path: &String, content: &String) -> Bool', checkerType: 'fn(&string, &string) -> bool' },
    ],
  },
  {
    path: 'std.result',
    name: 'result',
    exports: [
      { name: 'is_ok', kind: 'function', signature: '(self: &Result(T, E)) -> Bool', checkerType: '[T, E] fn(&Result(T, E)) -> bool' },
      { name: 'is_err', kind: 'function', signature: '(self: &Result(T, E)) -> Bool', checkerType: '[T, E] fn(&Result(T, E)) -> bool' },
      { name: 'unwrap', kind: 'function', signature: '(self: &Result(T, E)) -> T', checkerType: '[T, E] fn(&Result(T, E)) -> T' },
      { name: 'unwrap_or', kind: 'function', signature: '(self: &Result(T, E), default: T) -> T', checkerType: '[T, E] fn(&Result(T, E), T) -> T' },
    ],
  },
  {
    path: 'std.string',
    name: 'string',
    exports: [
      { name: 'split', kind: 'function', signature: '(s: &String, sep: &String) -> List(String)', checkerType: 'fn(&string, &string) -> List(string)' },
      { name: 'trim', kind: 'function', signature: '(s: &String) -> String', checkerType: 'fn(&string) -> string' },
      { name: 'upper', kind: 'function', signature: '(s: &String) -> String', checkerType: 'fn(&string) -> string' },
      { name: 'lower', kind: 'function', signature: '(s: &String) -> String', checkerType: 'fn(&string) -> string' },
      { name: 'replace', kind: 'function', signature: '(s: &String, old: &String, new: &String) -> String', checkerType: 'fn(&string, &string, &string) -> string' },
      { name: 'contains', kind: 'function', signature: '(s: &String, sub: &String) -> Bool', checkerType: 'fn(&string, &string) -> bool' },
      { name: 'starts_with', kind: 'function', signature: '(s: &String, prefix: &String) -> Bool', checkerType: 'fn(&string, &string) -> bool' },
      { name: 'ends_with', kind: 'function', signature: '(s: &String, suffix: &String) -> Bool', checkerType: 'fn(&string, &string) -> bool' },
      { name: 'index_of', kind: 'function', signature: '(s: &String, sub: &String) -> Int', checkerType: 'fn(&string, &string) -> int64' },
      { name: 'substring', kind: 'function', signature: '(s: &String, start: Int, end: Int) -> String', checkerType: 'fn(&string, int64, int64) -> string' },
      { name: 'is_empty', kind: 'function', signature: '(s: &String) -> Bool', checkerType: 'fn(&string) -> bool' },
      { name: 'len', kind: 'function', signature: '(s: &String) -> Int', checkerType: 'fn(&string) -> int64' },
      { name: 'chars', kind: 'function', signature: '(s: &String) -> List(String)', checkerType: 'fn(&string) -> List(string)' },
      { name: 'concat', kind: 'function', signature: '(s1: &String, s2: &String) -> String', checkerType: 'fn(&string, &string) -> string' },
      { name: 'repeat', kind: 'function', signature: '(s: &String, n: Int) -> String', checkerType: 'fn(&string, int64) -> string' },
      { name: 'reverse', kind: 'function', signature: '(s: &String) -> String', checkerType: 'fn(&string) -> string' },
      { name: 'format', kind: 'function', signature: '(format: &String, ...args) -> String', checkerType: 'fn(&string, Any) -> string' },
      { name: 'parse_int', kind: 'function', signature: '(s: &String) -> Result(Int, Error)', checkerType: 'fn(&string) -> Result(int64, Error)' },
      { name: 'parse_float', kind: 'function', signature: '(s: &String) -> Result(Float, Error)', checkerType: 'fn(&string) -> Result(float64, Error)' },
    ],
  },
  {
    path: 'std.time',
    name: 'time',
    notes:
      'The `DateTime::x` short names contain `::` and cannot be written as identifiers (the full path is `std.time.DateTime.x`, which is reachable only if `std` itself resolves, i.e. after `use std`).',
    exports: [
      { name: 'now', kind: 'function', signature: '() -> DateTime', checkerType: 'fn() -> DateTime' },
      { name: 'timestamp', kind: 'function', signature: '() -> Int', checkerType: 'fn() -> int64' },
      { name: 'timestamp_ms', kind: 'function', signature: '() -> Int', checkerType: 'fn() -> int64' },
      { name: 'sleep', kind: 'function', signature: '(seconds: Float) -> Void', checkerType: 'fn(float64) -> void' },
      { name: 'format_time', kind: 'function', signature: '(dt: Int, fmt: String) -> String', checkerType: 'fn(int64, string) -> string' },
      { name: 'parse_time', kind: 'function', signature: '(fmt: String, s: String) -> DateTime', checkerType: 'fn(string, string) -> DateTime' },
      { name: 'DateTime::year', kind: 'function', signature: '(dt: Int) -> Int', checkerType: 'fn(int64) -> int64',
        notes: 'Short name contains `::` and cannot be written as an identifier; the full path `std.time.DateTime.year` is reachable only after `use std`.' },
      { name: 'DateTime::month', kind: 'function', signature: '(dt: Int) -> Int', checkerType: 'fn(int64) -> int64',
        notes: 'Short name contains `::` and cannot be written as an identifier; the full path `std.time.DateTime.month` is reachable only after `use std`.' },
      { name: 'DateTime::day', kind: 'function', signature: '(dt: Int) -> Int', checkerType: 'fn(int64) -> int64',
        notes: 'Short name contains `::` and cannot be written as an identifier; the full path `std.time.DateTime.day` is reachable only after `use std`.' },
      { name: 'DateTime::hour', kind: 'function', signature: '(dt: Int) -> Int', checkerType: 'fn(int64) -> int64',
        notes: 'Short name contains `::` and cannot be written as an identifier; the full path `std.time.DateTime.hour` is reachable only after `use std`.' },
      { name: 'DateTime::minute', kind: 'function', signature: '(dt: Int) -> Int', checkerType: 'fn(int64) -> int64',
        notes: 'Short name contains `::` and cannot be written as an identifier; the full path `std.time.DateTime.minute` is reachable only after `use std`.' },
      { name: 'DateTime::second', kind: 'function', signature: '(dt: Int) -> Int', checkerType: 'fn(int64) -> int64',
        notes: 'Short name contains `::` and cannot be written as an identifier; the full path `std.time.DateTime.second` is reachable only after `use std`.' },
      { name: 'DateTime::weekday', kind: 'function', signature: '(dt: Int) -> Int', checkerType: 'fn(int64) -> int64',
        notes: 'Short name contains `::` and cannot be written as an identifier; the full path `std.time.DateTime.weekday` is reachable only after `use std`.' },
      { name: 'DateTime::to_string', kind: 'function', signature: '(dt: Int) -> String', checkerType: 'fn(int64) -> string',
        notes: 'Short name contains `::` and cannot be written as an identifier; the full path `std.time.DateTime.to_string` is reachable only after `use std`.' },
    ],
  },
  {
    path: 'std.weak',
    name: 'weak',
    notes: 'Not on wasm.',
    exports: [
      { name: 'new', kind: 'function', signature: '(arc: Arc[T]) -> Weak[T]', checkerType: '[T] fn(Arc(T)) -> Weak(T)' },
      { name: 'upgrade', kind: 'function', signature: '(weak: Weak[T]) -> Option[Arc[T]]', checkerType: '[T] fn(Weak(T)) -> Arc(T)?' },
    ],
  },
  {
    path: 'std.test',
    name: 'test',
    notes:
      'Embedded YaoXiang source `src/std/test.yx`, needs `use std.assert` internally. Checker types are those after `use std.test`; as globals (§5.2) these names have the opaque type `TypeRef("")` (their signature string is empty).',
    exports: [
      { name: 'assert_eq', kind: 'function', signature: '', checkerType: 'fn(t, t) -> t',
        notes: 'Definition: `(a, b) => assert.assert(a == b, f"Expected {b}, got {a}")`. The table marks its checker type (untyped).' },
      { name: 'assert_ne', kind: 'function', signature: '', checkerType: 'fn(t, t) -> t',
        notes: 'Definition: `(a, b) => assert.assert(a != b, …)`.' },
      { name: 'assert_true', kind: 'function', signature: '', checkerType: 'fn(bool) -> t',
        notes: 'Definition: `(cond: Bool) => …`.' },
      { name: 'assert_false', kind: 'function', signature: '', checkerType: 'fn(bool) -> t',
        notes: 'Definition: `(cond: Bool) => …`.' },
    ],
  },
];

/**
 * Order in which `add_native_function_types` registers std exports as globals (§5.2). When the same
 * short name exists in several modules, the **later** module in this order wins.
 */
export const STD_GLOBAL_ORDER: readonly string[] = [
  'concurrent',
  'convert',
  'dict',
  'io',
  'list',
  'math',
  'net',
  'string',
  'result',
  'time',
  'os',
  'weak',
  'assert',
  'test',
];

/** Names that are **not** defined in the prelude (§5.2): using them gives E1001, although completion offers them. */
export const UNDEFINED_PRELUDE_NAMES: readonly string[] = ['some', 'ok', 'err', 'none'];

/** The opaque type of the embedded `std.test` functions when reached as globals (§5.2). */
export const STD_TEST_GLOBAL_TYPE = 'TypeRef("")';

const EXPR_META_TYPE = 'Type';

/** Prelude names that do not come from the std tables (§5.2). */
const PRELUDE_GLOBALS: readonly GlobalName[] = [
  // env.types (also builtin type names that evaluate to the meta-type `Type` in expression position)
  ...['int', 'float', 'bool', 'string', 'void', 'never', 'char'].map(
    (name): GlobalName => ({
      name,
      kind: 'type',
      checkerType: EXPR_META_TYPE,
      notes:
        'Builtin type in `env.types`; in expression position evaluates to the meta-type `Type` (never E1001).' +
        (name === 'void' ? ' `void` is also a literal.' : ''),
    }),
  ),
  // resource types: type space only
  ...['FilePath', 'HttpUrl', 'DBUrl', 'Console'].map(
    (name): GlobalName => ({
      name,
      kind: 'type',
      checkerType: '',
      notes: 'Resource type in `env.types`; type space only, not a value name.',
    }),
  ),
  // builtin type names that evaluate to `Type` in expression position
  ...['Int', 'Float', 'Bool', 'String', 'Void', 'Never', 'Char', 'Type'].map(
    (name): GlobalName => ({
      name,
      kind: 'type',
      checkerType: EXPR_META_TYPE,
      notes: 'Builtin type name; in expression position evaluates to the meta-type `Type` (never E1001).',
    }),
  ),
  { name: 'true', kind: 'constant', checkerType: 'bool', notes: 'Literal.' },
  { name: 'false', kind: 'constant', checkerType: 'bool', notes: 'Literal.' },
  {
    name: 'Native',
    kind: 'value',
    checkerType: '',
    notes: 'A struct with `c: fn(string) -> LibraryRef` and `rs: fn(string) -> ExternRef`.',
  },
  { name: 'Native.c', kind: 'function', checkerType: 'fn(string) -> LibraryRef' },
  { name: 'Native.rs', kind: 'function', checkerType: 'fn(string) -> ExternRef' },
  { name: 'factorial', kind: 'function', checkerType: '', notes: 'Const function (type level only).' },
  { name: 'fibonacci', kind: 'function', checkerType: '', notes: 'Const function (type level only).' },
];

function globalKind(e: StdExport): GlobalName['kind'] {
  return e.kind === 'constant' ? 'constant' : 'function';
}

function globalType(m: StdModule, e: StdExport): string {
  return m.path === 'std.test' ? STD_TEST_GLOBAL_TYPE : e.checkerType;
}

/** Every std value export (type families excluded) as a global under its short name and its full dotted path. */
function stdGlobals(): GlobalName[] {
  const byName = new Map<string, StdModule>(STD_MODULES.map((m) => [m.name, m] as const));
  const winners = new Map<string, { module: StdModule; export: StdExport; shadowed: string[] }>();
  const full: GlobalName[] = [];
  for (const modName of STD_GLOBAL_ORDER) {
    const m = byName.get(modName);
    if (m === undefined) continue;
    for (const e of m.exports) {
      if (e.kind === 'type') continue;
      const prev = winners.get(e.name);
      const shadowed = prev ? [...prev.shadowed, prev.module.path] : [];
      winners.set(e.name, { module: m, export: e, shadowed });
      const dotted = `${m.path}.${e.name.replace('::', '.')}`;
      full.push({
        name: dotted,
        kind: globalKind(e),
        checkerType: globalType(m, e),
        module: m.path,
        notes:
          `Full dotted path of \`${e.name}\`; as a dotted name it is found only once the root \`std\` resolves (after \`use std\`).` +
          (m.path === 'std.test' ? ' Embedded std.test function: opaque type, empty signature string.' : ''),
      });
    }
  }
  const short: GlobalName[] = [];
  for (const { module: m, export: e, shadowed } of winners.values()) {
    const notes: string[] = [];
    if (shadowed.length > 0) notes.push(`Also in ${shadowed.join(', ')}; the later module (${m.path}) wins.`);
    if (m.path === 'std.test') notes.push('Embedded std.test function: opaque type, empty signature string.');
    if (e.name.includes('::')) notes.push('Contains `::`, so it cannot be written as an identifier.');
    const g: GlobalName = { name: e.name, kind: globalKind(e), checkerType: globalType(m, e), module: m.path };
    if (notes.length > 0) g.notes = notes.join(' ');
    short.push(g);
  }
  return [...short, ...full];
}

/** The fresh checker's global environment (§5.2). */
export const GLOBALS: readonly GlobalName[] = [...PRELUDE_GLOBALS, ...stdGlobals()];
