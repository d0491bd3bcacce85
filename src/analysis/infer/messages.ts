// The reference's message templates for the codes the type checker produces
// (`src/util/diagnostic/codes/i18n/en.json`; E1062 and E8001 are raw texts
// built outside the registry, semantics.md §1.2).

export const TYPE_MESSAGES = {
  E1001: (name: string) => `Unknown variable: '${name}'`,
  E1002: (expected: string, found: string) => `Expected type '${expected}', found type '${found}'`,
  E1010: (func: string, expected: number, found: number) => `Function '${func}' expected ${expected} arguments, found ${found}`,
  E1041: (max: number, index: string) => `Index out of bounds: valid range is 0..${max}, found ${index}`,
  E1042: (field: string, struct: string) => `Cannot find field '${field}' in struct '${struct}'`,
  E1050: (left: string, right: string) => `Logical operations require boolean operands, but found '${left}' and '${right}'`,
  E1051: (type: string) => `Logical NOT requires boolean operand, but found '${type}'`,
  E1052: (type: string) => `Cannot dereference type '${type}', expected pointer type`,
  E1053: (type: string) => `Cannot access field on non-struct type '${type}'`,
  E1054: (type: string) => `condition must be bool, found '${type}'`,
  E1062: (name: string, value: string) => `const 泛型约束失败 (${name} = ${value})`,
  E1070: (label: string) => `Unknown label: '${label}'`,
  /** E1081-E1083 have no template in the reference; this is what it prints. */
  E1081: () => 'Internal error: missing i18n template',
  E1082: () => 'Internal error: missing i18n template',
  E1083: () => 'Internal error: missing i18n template',
  E1092: (name: string) => `'${name}' requires a compile-time constant argument, but the given argument cannot be converted`,
  E1093: (name: string, expected: number, found: number) => `'${name}' expected ${expected} argument(s), found ${found}`,
  E2002: (name: string) => `Duplicate definition: '${name}' is already defined in the current scope`,
  E2003: (name: string) =>
    `Ownership constraint violation: \`${name}\` 持有 \`&mut\` 写入令牌：SPEC §11.2 规定 &mut T 是 Linear（独占、非 Dup），不能复制。请在需要的地方重新创建 \`&mut\` 借用`,
  E2010: (name: string) => `Cannot assign to immutable variable '${name}'`,
  E2013: (name: string) => `Cannot shadow existing variable '${name}'`,
  E2014: (name: string) => `'${name}' has been moved and cannot be used again`,
  E2016: (name: string) => `Cannot assign to immutable variable '${name}'`,
  E2018: (brand: string) => `Cannot mutably borrow '${brand}' (it is already borrowed immutably)`,
  E2020: (name: string) => `'${name}' is used after being freed`,
  E2027: () => 'Cannot dereference raw pointer outside of unsafe block',
  E3004: (type: string) => `Unsupported iterator type: ${type}`,
  E3005: (kind: number) => `IR generation error: unhandled top-level statement in IR generation: Discriminant(${kind})`,
  E8001: () => '无法证明: BeyondKernel("循环无法证明终止：未找到有效的递减度量")',
} as const;

/**
 * Codes of our own, not the reference's: where this checker stopped short, not
 * errors in the program, so they are warnings (`WARNING_CODES`).
 */
export const CHECKER_MESSAGES = {
  TYPECHECK_TOO_DEEP: (limit: number) => `Not type-checked from here: the code is nested more than ${limit} levels deep, the most the checker follows`,
} as const;

export type TypeCode = keyof typeof TYPE_MESSAGES | keyof typeof CHECKER_MESSAGES;

export const WARNING_CODES: ReadonlySet<TypeCode> = new Set(Object.keys(CHECKER_MESSAGES) as TypeCode[]);

export const TYPE_HELP: Partial<Record<TypeCode, string>> = {
  E1001: 'Check if the variable name is spelled correctly, or define it first',
  E1002: 'Use the correct type or add a type cast',
  E1010: 'Check the number of arguments in the function call',
  E1042: 'Check the available fields of the struct',
  E1062: '修改 const 参数值使其满足约束',
  E2002: 'Rename or remove the duplicate definition',
  E2010: "Use 'mut' to declare a mutable variable",
  E2014: 'This value has been moved to a new owner. To use it again, use a reference or clone.',
  E2016: 'Declare the variable with `mut` to allow assignment.',
  E2018: 'Ensure that there are no immutable references before creating a mutable reference.',
  E2027: 'Wrap the dereference operation in an `unsafe` block.',
  E3005: 'This is an internal error. Please report this issue.',
  TYPECHECK_TOO_DEEP: 'Move inner parts into named variables or functions; nothing nested inside this point is checked',
};

/** A type diagnostic before it gets a line/column range: UTF-16 offsets into the file. */
export interface RawDiagnostic {
  code: TypeCode;
  message: string;
  start: number;
  end: number;
}
