// Well-typed pieces of programs, one declaration form or idiom each. A piece
// adds top-level declarations and statements of main to the builder, records
// what it offers later pieces (variables, functions, records), and names the
// rules whose accepting side it exercises.
import type { ProgramBuilder, Rule } from './program.ts';
import { FUNCTION_NAMES, METHOD_NAMES, MODULE_NAMES, PARAMETER_NAMES, RECORDS, STRING_NAMES, VARIABLE_NAMES, WORDS } from './vocabulary.ts';

export interface Piece {
  name: string;
  rules: readonly Rule[];
  add(b: ProgramBuilder): void;
}

const OPERATORS = ['+', '-', '*'];

function intParams(b: ProgramBuilder, n: number): string[] {
  return b.rng.sample(PARAMETER_NAMES, n);
}

function call(name: string, args: readonly string[]): string {
  return `${name}(${args.join(', ')})`;
}

/** Binds a fresh Int variable of main to `expression`, sometimes printing it. */
function bindInt(b: ProgramBuilder, expression: string): string {
  const v = b.fresh(VARIABLE_NAMES);
  b.main.push(`${v} = ${expression}`);
  b.intVariables.push(v);
  if (b.rng.chance(0.5)) b.main.push(`print(${v})`);
  return v;
}

/** A record type declared once per program; later pieces reuse it. */
function recordType(b: ProgramBuilder): { type: string; fields: readonly string[] } {
  const declared = b.recordTypes[0];
  if (declared) return declared;
  const candidates = RECORDS.filter((r) => !b.isUsed(r.type));
  const record = b.rng.pick(candidates.length > 0 ? candidates : RECORDS);
  b.reserve(record.type);
  b.recordTypes.push(record);
  b.declarations.push(`${record.type}: Type = { ${record.fields.map((f) => `${f}: Int`).join(', ')} }`);
  return record;
}

/** A fresh variable of main holding a new record. */
function recordValue(b: ProgramBuilder, mutable = false): { type: string; fields: string[]; variable: string; mutable: boolean } {
  const record = recordType(b);
  const variable = b.fresh(['p', 'origin', 'corner', 'item', 'acct', 'cell', 'v', 'first', 'home']);
  const args = record.fields.map(() => String(b.rng.int(0, 20)));
  b.main.push(`${mutable ? 'mut ' : ''}${variable} = ${call(record.type, args)}`);
  const value = { type: record.type, fields: [...record.fields], variable, mutable };
  b.records.push(value);
  return value;
}

export const PIECES: readonly Piece[] = [
  {
    name: 'signature-bound body',
    rules: ['R1', 'R5', 'R6'],
    add(b) {
      const f = b.fresh(FUNCTION_NAMES);
      const params = intParams(b, b.rng.int(1, 3));
      const body = params.length === 1 ? `${params[0]} ${b.rng.pick(OPERATORS)} ${b.rng.int(1, 9)}` : params.join(` ${b.rng.pick(OPERATORS)} `);
      b.declarations.push(`${f}: (${params.map((p) => `${p}: Int`).join(', ')}) -> Int = ${body}`);
      b.intFunctions.push({ name: f, params });
      bindInt(b, call(f, params.map(() => b.intExpression())));
    },
  },
  {
    name: 'annotated lambda',
    rules: ['R5', 'R6'],
    add(b) {
      const f = b.fresh(FUNCTION_NAMES);
      const params = intParams(b, b.rng.int(1, 2));
      b.declarations.push(`${f}: (${params.map((p) => `${p}: Int`).join(', ')}) -> Int = (${params.join(', ')}) => ${params.join(' + ')} * ${b.rng.int(2, 5)}`);
      b.intFunctions.push({ name: f, params });
      bindInt(b, call(f, params.map(() => b.intExpression())));
    },
  },
  {
    name: 'unannotated lambda',
    rules: ['R1'],
    add(b) {
      const f = b.fresh(FUNCTION_NAMES);
      const params = intParams(b, 2);
      b.declarations.push(`${f} = (${params.join(', ')}) => ${params[0]} ${b.rng.pick(OPERATORS)} ${params[1]}`);
      bindInt(b, call(f, [b.intExpression(), b.intExpression()]));
    },
  },
  {
    name: 'block body with return',
    rules: ['R7', 'R3'],
    add(b) {
      const f = b.fresh(FUNCTION_NAMES);
      const [n] = intParams(b, 1);
      const limit = b.rng.int(10, 100);
      b.declarations.push([
        `${f}: (${n}: Int) -> Int = {`,
        `    if ${n} > ${limit} {`,
        `        return ${limit}`,
        '    }',
        `    return ${n}`,
        '}',
      ].join('\n'));
      b.intFunctions.push({ name: f, params: [n!] });
      bindInt(b, call(f, [b.intExpression()]));
    },
  },
  {
    // `(` and `[` right after `return` open its value (not a call or an index of `return`).
    name: 'function returning a tuple or a list',
    rules: ['R7', 'R11'],
    add(b) {
      const f = b.fresh(FUNCTION_NAMES);
      const [n] = intParams(b, 1);
      const list = b.rng.chance(0.5);
      b.declarations.push([
        `${f}: (${n}: Int) -> ${list ? 'List(Int)' : '(Int, Int)'} = {`,
        `    return ${list ? `[${n}, ${n} * 2]` : `(${n}, ${n} + 1)`}`,
        '}',
      ].join('\n'));
      const v = b.fresh(VARIABLE_NAMES);
      b.main.push(`${v} = ${call(f, [b.intExpression()])}`);
      b.main.push(`print(${v}[${b.rng.int(0, 1)}])`);
    },
  },
  {
    name: 'string function with interpolation',
    rules: ['R6'],
    add(b) {
      const f = b.fresh(['greet', 'welcome', 'shout', 'describe', 'banner']);
      const [p] = b.rng.sample(STRING_NAMES, 1);
      b.declarations.push(`${f}: (${p}: String) -> String = "${b.rng.pick(['Hello', 'Hi', 'Dear', 'Welcome'])}, \${${p}}!"`);
      const v = b.fresh(STRING_NAMES);
      b.main.push(`${v} = ${f}("${b.rng.pick(WORDS)}")`);
      b.stringVariables.push(v);
      b.main.push(`print(${v})`);
    },
  },
  {
    name: 'top-level constant',
    rules: ['R2', 'top-level'],
    add(b) {
      const c = b.fresh(['LIMIT', 'MAX_ITEMS', 'BASE', 'RATE', 'THRESHOLD', 'PORT']);
      const form = b.rng.pick([`${c}: Int = ${b.rng.int(1, 500)}`, `${c}: Float = ${b.rng.int(1, 9)}.${b.rng.int(0, 9)}`, `${c}: Float = ${b.rng.int(1, 9)}`, `${c}: String = "${b.rng.pick(WORDS)}"`, `${c}: Bool = ${b.rng.pick(['true', 'false'])}`]);
      b.declarations.push(form);
      if (form.includes(': Int')) b.intVariables.push(c);
      b.main.push(`print(${c})`);
    },
  },
  {
    name: 'record, construction and fields',
    rules: ['R5', 'R8', 'R9'],
    add(b) {
      const value = recordValue(b);
      bindInt(b, `${value.variable}.${value.fields[0]} + ${value.variable}.${value.fields[1]}`);
    },
  },
  {
    name: 'record with named arguments',
    rules: ['R5'],
    add(b) {
      const record = recordType(b);
      const variable = b.fresh(['named', 'built', 'sample', 'entry']);
      const fields = b.rng.chance(0.5) ? [...record.fields].reverse() : [...record.fields];
      b.main.push(`${variable} = ${record.type}(${fields.map((f) => `${f} = ${b.rng.int(0, 9)}`).join(', ')})`);
      b.records.push({ type: record.type, fields: [...record.fields], variable, mutable: false });
      b.main.push(`print(${variable}.${record.fields[1]})`);
    },
  },
  {
    name: 'method on a record',
    rules: ['R8'],
    add(b) {
      const record = recordType(b);
      const m = b.fresh(METHOD_NAMES);
      const [f1, f2] = record.fields;
      b.declarations.push(b.rng.chance(0.5)
        ? `${record.type}.${m}: (self: ${record.type}) -> Int = self.${f1} + self.${f2}`
        : `${record.type}.${m}: (self: ${record.type}) -> Int = {\n    return self.${f1} * self.${f2}\n}`);
      const value = recordValue(b);
      bindInt(b, `${value.variable}.${m}()`);
    },
  },
  {
    name: 'mutating method',
    rules: ['R20'],
    add(b) {
      const record = recordType(b);
      const m = b.fresh(['shift', 'bump', 'grow', 'deposit', 'advance']);
      const f = record.fields[0]!;
      b.declarations.push(`${record.type}.${m}: (self: &mut ${record.type}, by: Int) -> Void = {\n    self.${f} = self.${f} + by\n}`);
      const value = recordValue(b, b.rng.chance(0.5));
      b.main.push(`${value.variable}.${m}(${b.rng.int(1, 9)})`);
      b.main.push(`print(${value.variable}.${f})`);
    },
  },
  {
    name: 'generic function',
    rules: ['R5', 'R6'],
    add(b) {
      const f = b.fresh(['identity', 'keep', 'same', 'echo']);
      b.declarations.push(`${f}: (T: Type) -> (x: T) -> T = (x) => x`);
      bindInt(b, `${f}(${b.rng.int(1, 99)})`);
      const s = b.fresh(STRING_NAMES);
      b.main.push(`${s} = ${f}("${b.rng.pick(WORDS)}")`);
      b.stringVariables.push(s);
    },
  },
  {
    name: 'generic record',
    rules: ['R8'],
    add(b) {
      const t = b.fresh(['Box', 'Wrapper', 'Holder', 'Slot']);
      b.declarations.push(`${t}: (T: Type) -> Type = { value: T }`);
      const v = b.fresh(['boxed', 'held', 'wrapped']);
      b.main.push(`${v} = ${t}(${b.rng.int(1, 99)})`);
      b.main.push(`print(${v}.value)`);
    },
  },
  {
    name: 'match on an Int',
    rules: ['R1'],
    add(b) {
      const f = b.fresh(['describe', 'classify', 'label_of', 'name_of']);
      const [n] = intParams(b, 1);
      const words = b.rng.sample(WORDS, 3);
      b.declarations.push(`${f}: (${n}: Int) -> String = match ${n} {\n    0 => "${words[0]}",\n    1 => "${words[1]}",\n    _ => "${words[2]}",\n}`);
      b.main.push(`print(${f}(${b.intExpression()}))`);
    },
  },
  {
    name: 'match expression in main',
    rules: ['R1'],
    add(b) {
      const v = b.fresh(STRING_NAMES);
      b.main.push(`${v} = match ${b.intExpression()} {\n    1 => "one",\n    2 => "two",\n    _ => "many"\n}`);
      b.stringVariables.push(v);
      b.main.push(`print(${v})`);
    },
  },
  {
    name: 'for over a list',
    rules: ['R16', 'R12', 'break-continue'],
    add(b) {
      const acc = b.fresh(['sum', 'total_price', 'acc', 'running']);
      const item = b.fresh(['n', 'item', 'price', 'x', 'each']);
      b.main.push(`mut ${acc} = 0`);
      b.main.push(`for ${item} in [${[1, 2, 3].map(() => b.rng.int(1, 30)).join(', ')}] {\n    ${acc} = ${acc} + ${item}\n}`);
      b.main.push(`print(${acc})`);
      b.intVariables.push(acc);
    },
  },
  {
    name: 'for over a range',
    rules: ['R16'],
    add(b) {
      const i = b.fresh(['i', 'j', 'step', 'round']);
      b.main.push(`for ${i} in 0..${b.rng.int(2, 10)} {\n    print(${i})\n}`);
    },
  },
  {
    name: 'while with a counter',
    rules: ['R4', 'R15', 'R22', 'R12', 'break-continue'],
    add(b) {
      const i = b.fresh(['i', 'tries', 'tick', 'n']);
      const limit = b.rng.int(2, 20);
      b.main.push(`mut ${i} = 0`);
      b.main.push(`while ${i} < ${limit} {\n    ${i} = ${i} + 1\n}`);
      b.intVariables.push(i);
    },
  },
  {
    name: 'if statement and if expression',
    rules: ['R3', 'R4'],
    add(b) {
      const n = b.intExpression();
      const label = b.fresh(STRING_NAMES);
      b.main.push(`${label} = if ${n} >= ${b.rng.int(1, 40)} { "${b.rng.pick(WORDS)}" } else { "${b.rng.pick(WORDS)}" }`);
      b.main.push(`if ${n} > 0 {\n    print(${label})\n} else {\n    print("none")\n}`);
      b.stringVariables.push(label);
    },
  },
  {
    name: 'boolean logic',
    rules: ['R10'],
    add(b) {
      const ok = b.fresh(['ready', 'valid', 'in_range', 'allowed', 'ok']);
      b.main.push(`${ok} = ${b.intExpression()} > 0 and !(${b.intExpression()} < 0)`);
      b.main.push(`if ${ok} or false {\n    print("${b.rng.pick(WORDS)}")\n}`);
    },
  },
  {
    name: 'tuple',
    rules: ['R11', 'R2'],
    add(b) {
      const t = b.fresh(['pair', 'entry', 'bounds', 'coords']);
      b.main.push(`${t} = (${b.rng.int(0, 9)}, "${b.rng.pick(WORDS)}")`);
      b.main.push(`print(${t}[${b.rng.int(0, 1)}])`);
      if (b.rng.chance(0.5)) {
        const [l, r] = [b.fresh(['lo', 'first', 'a1']), b.fresh(['hi', 'second', 'b1'])];
        b.main.push(`${l}, ${r} = (${b.rng.int(0, 9)}, ${b.rng.int(0, 9)})`);
      }
    },
  },
  {
    name: 'copies of Int, Float, Bool and Char',
    rules: ['R17'],
    add(b) {
      const [t, literal] = b.rng.pick([['Int', String(b.rng.int(1, 9))], ['Float', `${b.rng.int(1, 9)}.5`], ['Bool', 'true'], ['Char', `'${b.rng.pick(['a', 'z', 'q'])}'`]] as const);
      const a = b.fresh(VARIABLE_NAMES);
      const c = b.fresh(VARIABLE_NAMES);
      b.main.push(`${a} = ${literal}`);
      b.main.push(`${c} = ${a}`);
      b.main.push(`print(${a})`);
      b.main.push(`print(${c})`);
      if (t === 'Int') b.intVariables.push(a);
    },
  },
  {
    name: 'Int parameter used twice',
    rules: ['R17'],
    add(b) {
      const inc = b.fresh(FUNCTION_NAMES);
      const add = b.fresh(FUNCTION_NAMES);
      const g = b.fresh(FUNCTION_NAMES);
      b.declarations.push(`${inc}: (n: Int) -> Int = n + 1`);
      b.declarations.push(`${add}: (a: Int, b: Int) -> Int = a + b`);
      b.declarations.push(`${g}: (n: Int) -> Int = (n) => ${add}(${inc}(n), n)`);
      b.intFunctions.push({ name: add, params: ['a', 'b'] });
      bindInt(b, `${g}(${b.intExpression()})`);
    },
  },
  {
    name: 'move then use the new owner',
    rules: ['R17'],
    add(b) {
      const value = recordValue(b);
      const owner = b.fresh(['moved', 'owner', 'kept', 'taken']);
      b.main.push(`${owner} = ${value.variable}`);
      b.main.push(`print(${owner}.${value.fields[0]})`);
      value.variable = owner;
    },
  },
  {
    name: 'shared borrow',
    rules: ['R18'],
    add(b) {
      const value = recordValue(b);
      const r = b.fresh(['view', 'peek', 'seen', 'look']);
      b.main.push(`${r} = &${value.variable}`);
      b.main.push(`print(${r}.${value.fields[1]})`);
    },
  },
  {
    name: 'mutable borrow of a mut binding',
    rules: ['R20', 'R19'],
    add(b) {
      const value = recordValue(b, true);
      const r = b.fresh(['handle', 'edit', 'cursor']);
      b.main.push(`${r} = &mut ${value.variable}`);
      b.main.push(`print(${r}.${value.fields[0]})`);
    },
  },
  {
    name: 'local that shares a function name',
    rules: ['R1', 'R17'],
    add(b) {
      const f = b.fresh(['helper', 'compute', 'answer_of']);
      b.declarations.push(`${f}: () -> Int = ${b.rng.int(1, 99)}`);
      b.main.push(`${f} = ${b.rng.int(1, 99)}`);
      b.main.push(`print(${f})`);
    },
  },
  {
    name: 'rebinding in the same scope and mut shadowing in a block',
    rules: ['R14'],
    add(b) {
      const v = b.fresh(VARIABLE_NAMES);
      b.main.push(`${v} = ${b.rng.int(1, 9)}`);
      b.main.push(`${v} = ${v} + ${b.rng.int(1, 9)}`);
      b.main.push(`print(${v})`);
    },
  },
  {
    name: 'try operator in a Result function',
    rules: ['R13'],
    add(b) {
      const f = b.fresh(['unwrap_twice', 'relay', 'forward', 'pass_on']);
      b.declarations.push(`${f}: (r: Result(Int, String)) -> Result(Int, String) = {\n    v = r?\n    return r\n}`);
    },
  },
  {
    name: 'const generic type',
    rules: ['R23'],
    add(b) {
      const t = b.fresh(['SafeArray', 'Buffer', 'Grid', 'Batch']);
      b.declarations.push(`${t}: (T: Type, N: Int) -> Type = {\n    _assert_n: Assert(N > 0),\n    data: Array(T, N),\n}`);
      const v = b.fresh(['buf', 'arr', 'grid', 'batch']);
      b.main.push(`${v} = ${t}(Int, ${b.rng.int(1, 16)})`);
    },
  },
  {
    name: 'refinement type',
    rules: ['R24'],
    add(b) {
      const t = b.fresh(['IsSmall', 'Under', 'Bounded']);
      const limit = b.rng.int(10, 1000);
      b.declarations.push(`${t}: (x: Int) -> Type = { x < ${limit} }`);
      const v = b.fresh(VARIABLE_NAMES);
      b.main.push(`${v}: ${t}(${b.rng.int(1, limit - 1)}) = ${b.rng.int(1, limit - 1)}`);
    },
  },
  {
    name: 'names that begin like keywords',
    rules: ['R0'],
    add(b) {
      const [first, second] = [b.fresh(['refs', 'reference', 'asset', 'inbox', 'unsafe_count', 'elsewhere']), b.fresh(['input', 'index_of', 'assumed', 'refund'])];
      b.main.push(`${first} = ${b.rng.int(1, 9)}`);
      b.main.push(`${second} = ${first} + ${b.rng.int(1, 9)}`);
      b.intVariables.push(first, second);
    },
  },
  {
    // An expression: a statement that starts with `unsafe` is E0018 (R0).
    name: 'unsafe block',
    rules: ['R21'],
    add(b) {
      bindInt(b, `unsafe { ${b.intExpression()} + ${b.rng.int(1, 9)} }`);
    },
  },
  {
    name: 'std module',
    rules: ['R6'],
    add(b) {
      b.imports.add('std.io');
      b.main.push(`io.println("${b.rng.pick(WORDS)}")`);
    },
  },
  {
    name: 'module in another file',
    rules: ['modules'],
    add(b) {
      const module = b.fresh(MODULE_NAMES);
      const f = b.fresh(FUNCTION_NAMES);
      const params = intParams(b, 2);
      b.modules.set(`${module}.yx`, `// ${module}.yx\n\npub ${f}: (${params.map((p) => `${p}: Int`).join(', ')}) -> Int = ${params.join(' + ')}\n`);
      b.imports.add(`${module}.{${f}}`);
      bindInt(b, call(f, [b.intExpression(), b.intExpression()]));
    },
  },
];
