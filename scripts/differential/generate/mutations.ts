// Targeted mutations: each breaks exactly one rule of a well-typed program, by
// adding or changing one statement or declaration. `code` is what the rule's
// description in semantics.md §5.5 predicts; the reference's answer, recorded
// in the fixtures, is what counts.
import type { ProgramBuilder, Rule } from './program.ts';
import { FUNCTION_NAMES, MODULE_NAMES, RECORDS, VARIABLE_NAMES, WORDS } from './vocabulary.ts';

export interface Mutation {
  name: string;
  rule: Rule;
  code: string;
  /** Applies the mutation; false when the program offers nothing it needs. */
  apply(b: ProgramBuilder): boolean;
}

function anyRecord(b: ProgramBuilder) {
  return b.records.length > 0 ? b.rng.pick(b.records) : undefined;
}

/** A near miss of `name`: a letter dropped or doubled, or a plural. */
function typo(b: ProgramBuilder, name: string): string {
  const forms = [name + 's', name.length > 2 ? name.slice(0, -1) : name + 'x', name.replace(/([a-z])/, '$1$1'), name + '_'];
  for (const f of b.rng.sample(forms, forms.length)) if (!b.isUsed(f)) return f;
  return `${name}_missing`;
}

/** Inserts `statement` at a random point of main after its first statement (so names bound before stay in scope). */
function insert(b: ProgramBuilder, statement: string): void {
  const at = b.main.length === 0 ? 0 : b.rng.int(1, b.main.length);
  b.main.splice(at, 0, statement);
}

export const MUTATIONS: readonly Mutation[] = [
  {
    name: 'unknown variable', rule: 'R1', code: 'E1001',
    apply(b) {
      const known = [...b.intVariables, ...b.stringVariables];
      if (known.length === 0) return false;
      b.main.push(`print(${typo(b, b.rng.pick(known))})`);
      return true;
    },
  },
  {
    name: 'unknown function', rule: 'R1', code: 'E1001',
    apply(b) {
      const f = b.intFunctions.length > 0 ? typo(b, b.rng.pick(b.intFunctions).name) : b.fresh(FUNCTION_NAMES);
      insert(b, `${b.fresh(VARIABLE_NAMES)} = ${f}(${b.rng.int(1, 9)})`);
      return true;
    },
  },
  {
    name: 'annotated constant of the wrong type', rule: 'R2', code: 'E1002',
    apply(b) {
      const c = b.fresh(['LIMIT', 'MAX_ITEMS', 'BASE', 'RATE', 'THRESHOLD']);
      b.declarations.push(b.rng.pick([`${c}: Int = "${b.rng.pick(WORDS)}"`, `${c}: Int = ${b.rng.int(1, 9)}.5`, `${c}: String = ${b.rng.int(1, 99)}`, `${c}: Bool = ${b.rng.int(0, 1)}`]));
      return true;
    },
  },
  {
    name: 'tuple destructured into the wrong count', rule: 'R2', code: 'E1002',
    apply(b) {
      insert(b, `${b.fresh(['lo', 'first'])}, ${b.fresh(['hi', 'second'])} = (1, 2, 3)`);
      return true;
    },
  },
  {
    name: 'if condition that is not Bool', rule: 'R3', code: 'E1002',
    apply(b) {
      if (b.intVariables.length === 0) return false;
      b.main.push(`if ${b.rng.pick(b.intVariables)} {\n    print("${b.rng.pick(WORDS)}")\n}`);
      return true;
    },
  },
  {
    name: 'if expression condition that is not Bool', rule: 'R4', code: 'E1054',
    apply(b) {
      insert(b, `${b.fresh(['label', 'tag', 'pick'])} = if ${b.rng.int(1, 9)} { "yes" } else { "no" }`);
      return true;
    },
  },
  {
    name: 'call with an argument missing', rule: 'R5', code: 'E1010',
    apply(b) {
      const f = b.intFunctions.find((x) => x.params.length >= 2) ?? b.intFunctions[0];
      if (!f) return false;
      const args = f.params.length >= 2 ? f.params.slice(1).map(() => String(b.rng.int(1, 9))) : ['1', '2'];
      b.main.push(`print(${f.name}(${args.join(', ')}))`);
      return true;
    },
  },
  {
    name: 'record built with too few arguments', rule: 'R5', code: 'E1010',
    apply(b) {
      const r = anyRecord(b);
      if (!r) return false;
      b.main.push(`${b.fresh(['half', 'partial'])} = ${r.type}(${b.rng.int(1, 9)})`);
      return true;
    },
  },
  {
    name: 'record built with a named field missing', rule: 'R5', code: 'E1002',
    apply(b) {
      const r = anyRecord(b);
      if (!r) return false;
      b.main.push(`${b.fresh(['half', 'partial'])} = ${r.type}(${r.fields[0]} = ${b.rng.int(1, 9)})`);
      return true;
    },
  },
  {
    name: 'call with a String for an Int', rule: 'R6', code: 'E1002',
    apply(b) {
      const f = b.intFunctions[0];
      if (!f) return false;
      const args = f.params.map((_, i) => (i === f.params.length - 1 ? `"${b.rng.pick(WORDS)}"` : String(b.rng.int(1, 9))));
      b.main.push(`print(${f.name}(${args.join(', ')}))`);
      return true;
    },
  },
  {
    name: 'return of the wrong type', rule: 'R7', code: 'E1002',
    apply(b) {
      const f = b.fresh(FUNCTION_NAMES);
      b.declarations.push(`${f}: (n: Int) -> Int = {\n    if n > 0 {\n        return "${b.rng.pick(WORDS)}"\n    }\n    return n\n}`);
      return true;
    },
  },
  {
    name: 'return of a tuple or a list for an Int', rule: 'R7', code: 'E1002',
    apply(b) {
      const f = b.fresh(FUNCTION_NAMES);
      b.declarations.push(`${f}: (n: Int) -> Int = {\n    return ${b.rng.chance(0.5) ? '[n, 1]' : '(n, 1)'}\n}`);
      return true;
    },
  },
  {
    name: 'unknown field of a record', rule: 'R8', code: 'E1042',
    apply(b) {
      const r = anyRecord(b);
      if (!r) return false;
      const other = RECORDS.flatMap((x) => x.fields).filter((f) => !r.fields.includes(f));
      b.main.push(`print(${r.variable}.${b.rng.pick(other)})`);
      return true;
    },
  },
  {
    name: 'field of an Int', rule: 'R9', code: 'E1053',
    apply(b) {
      if (b.intVariables.length === 0) return false;
      b.main.push(`print(${b.rng.pick(b.intVariables)}.${b.rng.pick(['size', 'len', 'value', 'x'])})`);
      return true;
    },
  },
  {
    name: 'and on an Int', rule: 'R10', code: 'E1050',
    apply(b) {
      insert(b, `${b.fresh(['ok', 'both', 'ready'])} = ${b.rng.int(0, 9)} and true`);
      return true;
    },
  },
  {
    name: 'not on an Int', rule: 'R10', code: 'E1051',
    apply(b) {
      insert(b, `${b.fresh(['flipped', 'negated'])} = !${b.rng.int(0, 9)}`);
      return true;
    },
  },
  {
    name: 'tuple index out of range', rule: 'R11', code: 'E1041',
    apply(b) {
      const t = b.fresh(['pair', 'bounds']);
      insert(b, `${t} = (${b.rng.int(0, 9)}, ${b.rng.int(0, 9)})\nprint(${t}[${b.rng.int(2, 5)}])`);
      return true;
    },
  },
  {
    name: 'unknown label', rule: 'R12', code: 'E1070',
    apply(b) {
      const i = b.fresh(['i', 'j', 'row']);
      b.main.push(`for ${i} in 0..${b.rng.int(2, 6)} {\n    if ${i} > 1 {\n        break ::outer\n    }\n}`);
      return true;
    },
  },
  {
    name: 'try operator outside a Result function', rule: 'R13', code: 'E1081',
    apply(b) {
      const f = b.fresh(FUNCTION_NAMES);
      b.declarations.push(`${f}: (r: Result(Int, String)) -> Int = {\n    v = r?\n    return 0\n}`);
      return true;
    },
  },
  {
    name: 'rebinding in a nested block', rule: 'R14', code: 'E2002',
    apply(b) {
      const v = b.fresh(VARIABLE_NAMES);
      b.main.push(`${v} = ${b.rng.int(1, 9)}\n{\n    ${v} = ${b.rng.int(10, 20)}\n}\nprint(${v})`);
      return true;
    },
  },
  {
    name: 'function named like a record type', rule: 'R14', code: 'E2002',
    apply(b) {
      const r = anyRecord(b);
      if (!r) return false;
      b.declarations.push(`${r.type} = (n) => n`);
      return true;
    },
  },
  {
    name: 'immutable counter in a while', rule: 'R15', code: 'E2010',
    apply(b) {
      const i = b.fresh(['i', 'tries', 'tick']);
      b.main.push(`${i} = 0\nwhile ${i} < ${b.rng.int(2, 9)} {\n    ${i} = ${i} + 1\n}`);
      return true;
    },
  },
  {
    name: 'for variable that shadows', rule: 'R16', code: 'E2013',
    apply(b) {
      const v = b.intVariables.length > 0 && b.rng.chance(0.5) ? b.rng.pick(b.intVariables) : b.rng.pick(['len', 'max', 'first', 'next']);
      b.main.push(`for ${v} in [1, 2, 3] {\n    print(${v})\n}`);
      return true;
    },
  },
  {
    name: 'use after move', rule: 'R17', code: 'E2014',
    apply(b) {
      const r = anyRecord(b);
      if (!r) return false;
      const owner = b.fresh(['moved', 'owner', 'taken']);
      b.main.push(`${owner} = ${r.variable}\nprint(${r.variable}.${r.fields[0]})`);
      return true;
    },
  },
  {
    name: 'two mutable borrows of one element', rule: 'R18', code: 'E2018',
    apply(b) {
      const xs = b.fresh(['arr', 'slots', 'values']);
      b.main.push(`mut ${xs} = [1, 2, 3]\n${b.fresh(['a1', 'w1'])} = &mut ${xs}[0]\n${b.fresh(['a2', 'w2'])} = &mut ${xs}[0]`);
      return true;
    },
  },
  {
    name: 'shared and mutable borrow in one call', rule: 'R18', code: 'E2018',
    apply(b) {
      const r = anyRecord(b);
      if (!r) return false;
      const f = b.fresh(['alias_both', 'compare_and_set', 'sync']);
      b.declarations.push(`${f}: (a: &mut ${r.type}, b: &${r.type}) -> Void = {}`);
      b.main.push(`${f}(${r.variable}, ${r.variable})`);
      return true;
    },
  },
  {
    name: 'copy of a mutable borrow', rule: 'R19', code: 'E2003',
    apply(b) {
      const r = b.records.find((x) => x.mutable);
      if (!r) return false;
      const m = b.fresh(['m1', 'handle']);
      b.main.push(`${m} = &mut ${r.variable}\n${b.fresh(['m2', 'copy'])} = ${m}`);
      return true;
    },
  },
  {
    name: 'mutable borrow of an immutable binding', rule: 'R20', code: 'E2016',
    apply(b) {
      const r = b.records.find((x) => !x.mutable);
      if (!r) return false;
      b.main.push(`${b.fresh(['edit', 'cursor'])} = &mut ${r.variable}`);
      return true;
    },
  },
  {
    // The reference's inference reports E1052 on `*x` before the ownership layer's E2027 (semantics.md R21).
    name: 'dereference of an Int', rule: 'R21', code: 'E1052',
    apply(b) {
      if (b.intVariables.length === 0) return false;
      b.main.push(`${b.fresh(['raw', 'deref'])} = *${b.rng.pick(b.intVariables)}`);
      return true;
    },
  },
  {
    name: 'while true', rule: 'R22', code: 'E8001',
    apply(b) {
      b.main.push(`while true {\n    print("${b.rng.pick(WORDS)}")\n    break\n}`);
      return true;
    },
  },
  {
    name: 'const generic assertion broken', rule: 'R23', code: 'E1062',
    apply(b) {
      const t = b.fresh(['SafeArray', 'Buffer', 'Grid']);
      b.declarations.push(`${t}: (T: Type, N: Int) -> Type = {\n    _assert_n: Assert(N > 0),\n    data: Array(T, N),\n}`);
      b.main.push(`${b.fresh(['buf', 'arr'])} = ${t}(Int, 0)`);
      return true;
    },
  },
  {
    name: 'refinement argument not a constant', rule: 'R24', code: 'E1092',
    apply(b) {
      const t = b.fresh(['IsSmall', 'Under']);
      b.declarations.push(`${t}: (x: Int) -> Type = { x < ${b.rng.int(10, 999)} }`);
      b.main.push(`${b.fresh(VARIABLE_NAMES)}: ${t}(List(Int)) = ${b.rng.int(1, 9999)}`);
      return true;
    },
  },
  {
    name: 'refinement with too many arguments', rule: 'R24', code: 'E1093',
    apply(b) {
      const t = b.fresh(['IsSmall', 'Under']);
      b.declarations.push(`${t}: (x: Int) -> Type = { x < ${b.rng.int(10, 999)} }`);
      b.main.push(`${b.fresh(VARIABLE_NAMES)}: ${t}(1, 2) = ${b.rng.int(1, 9)}`);
      return true;
    },
  },
  {
    name: 'break in a loop', rule: 'break-continue', code: 'E3005',
    apply(b) {
      const i = b.fresh(['i', 'j', 'row']);
      const exit = b.rng.pick(['break', 'continue']);
      b.main.push(b.rng.chance(0.5)
        ? `for ${i} in 0..${b.rng.int(2, 6)} {\n    if ${i} > 1 {\n        ${exit}\n    }\n    print(${i})\n}`
        : `mut ${i} = 0\nwhile ${i} < ${b.rng.int(3, 9)} {\n    ${i} = ${i} + 1\n    if ${i} == 2 {\n        ${exit}\n    }\n}`);
      return true;
    },
  },
  {
    name: 'wrong type in an imported module', rule: 'modules', code: 'E1002',
    apply(b) {
      const module = b.fresh(MODULE_NAMES);
      const c = b.fresh(['LIMIT', 'DEFAULT_RATE', 'MAX_USERS']);
      b.modules.set(`${module}.yx`, `// ${module}.yx\n\npub ${c}: Int = "${b.rng.pick(WORDS)}"\n`);
      b.imports.add(`${module}.{${c}}`);
      b.main.push(`print(${c})`);
      return true;
    },
  },
  {
    name: 'keyword as a name', rule: 'R0', code: 'E0018',
    apply(b) {
      insert(b, `${b.rng.pick(['ref', 'unsafe'])} = ${b.rng.int(1, 9)}`);
      return true;
    },
  },
  {
    name: 'malformed number literal', rule: 'lexer', code: 'E0002',
    apply(b) {
      const digits = (n: number, alphabet: string) => Array.from({ length: n }, () => alphabet[b.rng.int(0, alphabet.length - 1)]).join('');
      const forms = [
        // A base without digits, or with none of its own.
        `0${b.rng.pick(['x', 'X', 'o', 'O', 'b', 'B'])}${b.rng.pick(['', '_', '_'.repeat(2)])}`,
        `0o${b.rng.int(8, 9)}`,
        // An underscore not between digits, in a fraction or an exponent.
        `${b.rng.int(0, 99)}.${digits(b.rng.int(1, 3), '0123456789')}_`,
        `${b.rng.int(1, 9)}e${b.rng.int(1, 9)}_`,
        `.${b.rng.int(1, 9)}_`,
        // An exponent without digits.
        `${b.rng.pick(['2', '1_000', '3.5', '.5'])}${b.rng.pick(['e', 'E'])}${b.rng.pick(['', '+', '-'])}`,
        // Past what the lexer keeps (i128, or u128 while reading digits).
        `${b.rng.int(2, 9)}${digits(b.rng.int(38, 41), '0123456789')}`,
        `0x${b.rng.pick(['8', 'F', 'A'])}${digits(31 + b.rng.int(0, 2), '0123456789ABCDEF')}`,
      ];
      insert(b, `${b.fresh(VARIABLE_NAMES)} = ${b.rng.pick(forms)}`);
      return true;
    },
  },
  {
    name: 'statement at the top level', rule: 'top-level', code: 'E3005',
    apply(b) {
      const c = b.fresh(['LIMIT', 'START', 'COUNT']);
      const forms = [
        `print(${c})`,
        `for i in 0..3 {\n    print(i)\n}`,
        `if ${c} > 1 {\n    print(${c})\n}`,
        `{\n    print(${c})\n}`,
        `mut counter = ${c}\nwhile counter > 0 {\n    counter = counter - 1\n}`,
      ];
      b.declarations.push(`${c} = ${b.rng.int(1, 9)}`);
      b.declarations.push(b.rng.pick(forms));
      return true;
    },
  },
];
