import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

import {
  GLOBALS,
  STD_GLOBAL_ORDER,
  STD_MODULES,
  UNDEFINED_PRELUDE_NAMES,
  globalName,
  resolveStdImport,
  stdExport,
  stdModule,
  stdSubmodules,
} from '../../src/analysis/std/index.ts';
import type { StdExport } from '../../src/analysis/std/index.ts';

const EXPECTED_PATHS = [
  'std.assert',
  'std.concurrent',
  'std.convert',
  'std.dict',
  'std.io',
  'std.list',
  'std.math',
  'std.net',
  'std.os',
  'std.result',
  'std.string',
  'std.time',
  'std.weak',
  'std.test',
];

/** Rows per §6.5 table (std.assert: 1 row + the 2 type families). */
const EXPECTED_EXPORT_COUNTS: Record<string, number> = {
  'std.assert': 3,
  'std.concurrent': 3,
  'std.convert': 11,
  'std.dict': 10,
  'std.io': 7,
  'std.list': 22,
  'std.math': 18,
  'std.net': 4,
  'std.os': 22,
  'std.result': 4,
  'std.string': 19,
  'std.time': 14,
  'std.weak': 2,
  'std.test': 4,
};

function mustExport(path: string, name: string): StdExport {
  const e = stdExport(path, name);
  assert.ok(e, `${path}.${name} should exist`);
  return e;
}

function assertExport(path: string, name: string, kind: StdExport['kind'], signature: string, checkerType: string): void {
  const e = mustExport(path, name);
  assert.deepEqual(
    { name: e.name, kind: e.kind, signature: e.signature, checkerType: e.checkerType },
    { name, kind, signature, checkerType },
  );
}

describe('std modules', () => {
  it('has exactly the 14 modules of §6.5, in order, with matching names', () => {
    assert.deepEqual(
      STD_MODULES.map((m) => m.path),
      EXPECTED_PATHS,
    );
    for (const m of STD_MODULES) assert.equal(`std.${m.name}`, m.path);
    assert.deepEqual(
      stdSubmodules(),
      EXPECTED_PATHS.map((p) => p.slice('std.'.length)),
    );
  });

  it('stdModule looks up by full path only', () => {
    for (const p of EXPECTED_PATHS) assert.equal(stdModule(p)?.path, p);
    assert.equal(stdModule('io'), undefined);
    assert.equal(stdModule('std'), undefined);
    assert.equal(stdModule('std.fs'), undefined);
    assert.equal(stdModule('std.io.println'), undefined);
  });

  it('each module has the number of exports of its table', () => {
    const counts = Object.fromEntries(STD_MODULES.map((m) => [m.path, m.exports.length]));
    assert.deepEqual(counts, EXPECTED_EXPORT_COUNTS);
    assert.equal(
      STD_MODULES.reduce((n, m) => n + m.exports.length, 0),
      143,
    );
  });

  it("each module's exports have unique, non-empty names", () => {
    for (const m of STD_MODULES) {
      const names = m.exports.map((e) => e.name);
      assert.equal(new Set(names).size, names.length, `duplicate export in ${m.path}`);
      for (const n of names) assert.notEqual(n, '', `empty name in ${m.path}`);
    }
  });

  it('spot-checks exact signatures and checker types', () => {
    assertExport('std.io', 'println', 'function', '(...args) -> ()', 'fn(Any) -> void');
    assertExport('std.io', 'format_fallback', 'function', '(value, type_name: &String) -> String', 'fn(value, &string) -> string');
    assertExport('std.math', 'sqrt', 'function', '(n: Float) -> Float', 'fn(float64) -> float64');
    assertExport('std.math', 'clamp', 'function', '(value: Int, min: Int, max: Int) -> Int', 'fn(int64, int64, int64) -> int64');
    assertExport('std.math', 'PI', 'constant', 'Float', 'float64');
    assertExport('std.math', 'TAU', 'constant', 'Float', 'float64');
    assertExport('std.list', 'map', 'function', '[T](list: &List<T>, fn: (item: T) -> T) -> List<T>', '[T] fn(&List(T), fn(T) -> T) -> List(T)');
    assertExport('std.list', 'reduce', 'function', '[T](list: &List<T>, fn: (acc: Any, item: T) -> Any, init: Any) -> Any', '[T] fn(&List(T), fn(Any, T) -> Any, Any) -> Any');
    assertExport('std.list', 'next', 'function', '(iterator: Tuple) -> Any', 'fn(Tuple) -> Any');
    assertExport('std.dict', 'values', 'function', '(dict: &Dict) -> List', '[A, B, C] fn(&Dict(A, B)) -> List(C)');
    assertExport('std.dict', 'merge', 'function', '(a: &Dict, b: &Dict) -> Dict', '[A, B] fn(&Dict(A, B), &Dict(A, B)) -> Dict(A, B)');
    assertExport('std.string', 'split', 'function', '(s: &String, sep: &String) -> List(String)', 'fn(&string, &string) -> List(string)');
    assertExport('std.string', 'format', 'function', '(format: &String, ...args) -> String', 'fn(&string, Any) -> string');
    assertExport('std.string', 'parse_float', 'function', '(s: &String) -> Result(Float, Error)', 'fn(&string) -> Result(float64, Error)');
    assertExport('std.result', 'unwrap_or', 'function', '(self: &Result(T, E), default: T) -> T', '[T, E] fn(&Result(T, E), T) -> T');
    assertExport('std.time', 'sleep', 'function', '(seconds: Float) -> Void', 'fn(float64) -> void');
    assertExport('std.time', 'DateTime::to_string', 'function', '(dt: Int) -> String', 'fn(int64) -> string');
    assertExport('std.concurrent', 'sleep', 'function', '(millis: Int) -> Void', 'fn(int64) -> void');
    assertExport('std.weak', 'upgrade', 'function', '(weak: Weak[T]) -> Option[Arc[T]]', '[T] fn(Weak(T)) -> Arc(T)?');
    assertExport('std.weak', 'new', 'function', '(arc: Arc[T]) -> Weak[T]', '[T] fn(Arc(T)) -> Weak(T)');
    assertExport('std.os', 'open', 'function', '(path: &String, mode: &String) -> File', 'fn(&string, &string) -> File');
    assertExport('std.net', 'http_post', 'function', '(url: &String, body: &String) -> String', 'fn(&string, &string) -> string');
    assertExport('std.convert', 'int.to_string', 'function', '(self) -> String', 'fn(self) -> string');
    assertExport('std.convert', 'to_string', 'function', '(value) -> String', 'fn(value) -> string');
    assertExport('std.assert', 'assert', 'function', '(cond: Bool, ?msg: String) -> Void', 'fn(bool, string) -> void');
    assertExport('std.test', 'assert_eq', 'function', '', 'fn(t, t) -> t');
    assertExport('std.test', 'assert_false', 'function', '', 'fn(bool) -> t');
  });

  it('records the std.test definitions in notes and the module source', () => {
    assert.match(mustExport('std.test', 'assert_eq').notes ?? '', /assert\.assert\(a == b, f"Expected \{b\}, got \{a\}"\)/);
    assert.match(mustExport('std.test', 'assert_eq').notes ?? '', /untyped/);
    assert.match(stdModule('std.test')?.notes ?? '', /src\/std\/test\.yx/);
    assert.match(stdModule('std.test')?.notes ?? '', /use std\.assert/);
  });

  it('kinds: only PI/E/TAU are constants, only IsTrue/Assert are types', () => {
    const byKind = (k: StdExport['kind']): string[] =>
      STD_MODULES.flatMap((m) => m.exports.filter((e) => e.kind === k).map((e) => `${m.path}.${e.name}`));
    assert.deepEqual(byKind('constant'), ['std.math.PI', 'std.math.E', 'std.math.TAU']);
    assert.deepEqual(byKind('type'), ['std.assert.IsTrue', 'std.assert.Assert']);
    const isTrue = mustExport('std.assert', 'IsTrue');
    assert.equal(isTrue.signature, '');
    assert.equal(isTrue.checkerType, '');
    assert.match(isTrue.notes ?? '', /Never/);
    assert.match(mustExport('std.assert', 'Assert').notes ?? '', /IsTrue\(cond\)/);
  });

  it('every function export has a checker type; only std.test lacks a source signature', () => {
    for (const m of STD_MODULES) {
      for (const e of m.exports) {
        if (e.kind === 'type') continue;
        assert.notEqual(e.checkerType, '', `${m.path}.${e.name}`);
        assert.equal(e.signature === '', m.path === 'std.test', `${m.path}.${e.name}`);
      }
    }
  });

  it('records platform notes', () => {
    const notOnWasm = STD_MODULES.filter((m) => m.notes === 'Not on wasm.').map((m) => m.path);
    assert.deepEqual(notOnWasm, ['std.concurrent', 'std.net', 'std.os', 'std.weak']);
    const ioWasm = (stdModule('std.io')?.exports ?? []).filter((e) => /not on wasm/i.test(e.notes ?? '')).map((e) => e.name);
    assert.deepEqual(ioWasm, ['read_line', 'read_file', 'write_file', 'append_file']);
    assert.equal(mustExport('std.io', 'println').notes, undefined);
  });

  it('records notes about dotted and DateTime:: short names', () => {
    assert.match(mustExport('std.convert', 'list.to_string').notes ?? '', /use std\.list/);
    assert.match(mustExport('std.convert', 'tuple.to_string').notes ?? '', /E1001/);
    assert.match(mustExport('std.convert', 'int.to_string').notes ?? '', /builtin type name/);
    assert.match(mustExport('std.time', 'DateTime::year').notes ?? '', /std\.time\.DateTime\.year/);
    assert.equal(mustExport('std.time', 'now').notes, undefined);
  });
});

describe('stdExport / resolveStdImport', () => {
  it('stdExport needs the full module path and an exact name', () => {
    assert.equal(stdExport('std.math', 'sqrt')?.checkerType, 'fn(float64) -> float64');
    assert.equal(stdExport('math', 'sqrt'), undefined);
    assert.equal(stdExport('std.math', 'SQRT'), undefined);
    assert.equal(stdExport('std.io', 'sqrt'), undefined);
    assert.equal(stdExport('std', 'io'), undefined);
  });

  it("resolves 'std.io' to the io module", () => {
    const r = resolveStdImport('std.io');
    assert.equal(r?.module.path, 'std.io');
    assert.equal(r?.export, undefined);
  });

  it("resolves ('std.math', 'sqrt') and ('std.math', 'PI') to the export", () => {
    const r = resolveStdImport('std.math', 'sqrt');
    assert.equal(r?.module.path, 'std.math');
    assert.equal(r?.export?.name, 'sqrt');
    assert.equal(r?.export?.signature, '(n: Float) -> Float');
    assert.equal(resolveStdImport('std.math', 'PI')?.export?.kind, 'constant');
    assert.equal(resolveStdImport('std.assert', 'IsTrue')?.export?.kind, 'type');
  });

  it("resolves ('std', 'io') to the io module (items of the std root are sub-modules)", () => {
    const r = resolveStdImport('std', 'io');
    assert.equal(r?.module.path, 'std.io');
    assert.equal(r?.export, undefined);
    for (const name of stdSubmodules()) assert.equal(resolveStdImport('std', name)?.module.name, name);
  });

  it('returns undefined for unknown modules and items', () => {
    assert.equal(resolveStdImport('std.fs'), undefined);
    assert.equal(resolveStdImport('io'), undefined);
    assert.equal(resolveStdImport('mylib'), undefined);
    assert.equal(resolveStdImport('std'), undefined);
    assert.equal(resolveStdImport('std', 'println'), undefined);
    assert.equal(resolveStdImport('std', 'fs'), undefined);
    assert.equal(resolveStdImport('std.math', 'nope'), undefined);
    assert.equal(resolveStdImport('std.fs', 'read'), undefined);
    assert.equal(resolveStdImport('std.io.println'), undefined);
  });
});

describe('GLOBALS (§5.2)', () => {
  it('has unique names', () => {
    const names = GLOBALS.map((g) => g.name);
    assert.equal(new Set(names).size, names.length);
  });

  it('has the builtin and resource types', () => {
    for (const n of ['int', 'float', 'bool', 'string', 'void', 'never', 'char']) {
      assert.deepEqual([globalName(n)?.kind, globalName(n)?.checkerType], ['type', 'Type'], n);
    }
    for (const n of ['Int', 'Float', 'Bool', 'String', 'Void', 'Never', 'Char', 'Type']) {
      assert.deepEqual([globalName(n)?.kind, globalName(n)?.checkerType], ['type', 'Type'], n);
    }
    for (const n of ['FilePath', 'HttpUrl', 'DBUrl', 'Console']) {
      const g = globalName(n);
      assert.equal(g?.kind, 'type', n);
      assert.match(g?.notes ?? '', /not a value name/, n);
    }
  });

  it('has Native, Native.c, Native.rs, factorial, fibonacci and the literals', () => {
    assert.equal(globalName('Native')?.kind, 'value');
    assert.match(globalName('Native')?.notes ?? '', /LibraryRef/);
    assert.equal(globalName('Native.c')?.checkerType, 'fn(string) -> LibraryRef');
    assert.equal(globalName('Native.rs')?.checkerType, 'fn(string) -> ExternRef');
    assert.match(globalName('factorial')?.notes ?? '', /type level only/);
    assert.match(globalName('fibonacci')?.notes ?? '', /type level only/);
    assert.equal(globalName('true')?.checkerType, 'bool');
    assert.equal(globalName('false')?.checkerType, 'bool');
  });

  it('does not define some, ok, err, none', () => {
    assert.deepEqual([...UNDEFINED_PRELUDE_NAMES], ['some', 'ok', 'err', 'none']);
    for (const n of UNDEFINED_PRELUDE_NAMES) assert.equal(globalName(n), undefined, n);
  });

  it('exposes std exports by short name without import', () => {
    assert.deepEqual(globalName('println'), {
      name: 'println',
      kind: 'function',
      checkerType: 'fn(Any) -> void',
      module: 'std.io',
    });
    assert.equal(globalName('sqrt')?.checkerType, 'fn(float64) -> float64');
    assert.equal(globalName('PI')?.kind, 'constant');
    assert.equal(globalName('assert')?.checkerType, 'fn(bool, string) -> void');
    assert.equal(globalName('int.to_string')?.module, 'std.convert');
    assert.equal(globalName('DateTime::year')?.module, 'std.time');
  });

  it('also exposes every std value export under its full dotted path', () => {
    assert.equal(globalName('std.io.println')?.checkerType, 'fn(Any) -> void');
    assert.equal(globalName('std.dict.len')?.checkerType, '[A, B] fn(&Dict(A, B)) -> int64');
    assert.equal(globalName('std.time.DateTime.year')?.checkerType, 'fn(int64) -> int64');
    assert.equal(globalName('std.time.DateTime::year'), undefined);
    for (const m of STD_MODULES) {
      for (const e of m.exports) {
        const full = globalName(`${m.path}.${e.name.replace('::', '.')}`);
        if (e.kind === 'type') assert.equal(full, undefined, e.name);
        else assert.equal(full?.module, m.path, `${m.path}.${e.name}`);
      }
    }
  });

  it('resolves short-name collisions by the later module in the registration order', () => {
    assert.deepEqual(STD_GLOBAL_ORDER, [
      'concurrent', 'convert', 'dict', 'io', 'list', 'math', 'net', 'string', 'result', 'time', 'os', 'weak', 'assert', 'test',
    ]);
    const winners = Object.fromEntries(
      GLOBALS.filter((g) => g.notes?.includes('wins')).map((g) => [g.name, g.module]),
    );
    assert.deepEqual(winners, {
      len: 'std.string',
      is_empty: 'std.string',
      contains: 'std.string',
      reverse: 'std.string',
      concat: 'std.string',
      get: 'std.list',
      set: 'std.list',
      sleep: 'std.time',
      append_file: 'std.os',
    });
    assert.equal(globalName('len')?.checkerType, 'fn(&string) -> int64');
    assert.equal(globalName('sleep')?.checkerType, 'fn(float64) -> void');
    assert.equal(globalName('get')?.checkerType, '[A] fn(&List(A), int64) -> Any');
  });

  it('gives the std.test functions the opaque type TypeRef("")', () => {
    for (const n of ['assert_eq', 'assert_ne', 'assert_true', 'assert_false']) {
      assert.equal(globalName(n)?.checkerType, 'TypeRef("")', n);
      assert.equal(globalName(n)?.module, 'std.test', n);
    }
  });

  it('does not expose the type families as values', () => {
    assert.equal(globalName('IsTrue'), undefined);
    assert.equal(globalName('Assert'), undefined);
  });

  it('has the expected number of names', () => {
    // 26 prelude names + 130 distinct std short names + 141 full dotted paths
    assert.equal(GLOBALS.length, 297);
  });
});
