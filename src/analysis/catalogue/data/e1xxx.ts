// E1xxx: type checking (with W1063, which the reference registers among them).
// Titles and templates are copied verbatim from the reference's
// src/util/diagnostic/codes/i18n/{en,zh}.json (v0.7.12); descriptions,
// examples and help are our own.
import type { CodeEntry } from '../types.ts';

export const E1XXX: readonly CodeEntry[] = [
  {
    code: 'E1001',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'y' },
    en: {
      title: 'Unknown variable',
      template: "Unknown variable: '{name}'",
      description: 'A name is used that no enclosing scope defines. Top-level bindings become visible in file order, so a function written above `limit = 10` cannot use `limit`. Std functions are visible by their short name without `use`, but `some`, `ok`, `err` and `none` are not defined in 0.7.12.',
      example: `main = {
    x = y + 1
}`,
      help: 'Check the spelling, define the name before the code that uses it, or import it with `use`.',
    },
    zh: {
      title: '未知变量',
      template: "未知变量：'{name}'",
      description: '使用了一个在任何外层作用域中都没有定义的名称。顶层绑定按文件中的顺序依次可见，因此写在 `limit = 10` 之前的函数不能使用 `limit`。标准库函数无需 `use` 即可通过短名称使用，但 0.7.12 中没有定义 `some`、`ok`、`err` 和 `none`。',
      help: '检查拼写，把名称定义在使用它的代码之前，或用 `use` 导入它。',
    },
  },
  {
    code: 'E1002',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { expected: 'int64', found: 'string' },
    en: {
      title: 'Type Mismatch',
      template: "Expected type '{expected}', found type '{found}'",
      description: "A value's type differs from the type required at that point: an annotated binding whose initializer has another type, a call argument that does not fit its parameter, a `return` that does not fit the declared return type, or a statement-level `if` whose condition is not `Bool`. Types appear under their internal names, such as `int64`, `float64`, `string`, `List(int64)` or `&string`.",
      example: 'x: Int = "hello"',
      help: 'Change the value or the annotation so that they agree. An integer is accepted where a `Float` is declared, but not the other way round; convert explicitly with `as` when needed.',
    },
    zh: {
      title: '类型不匹配',
      template: "期望类型 '{expected}'，实际类型 '{found}'",
      description: '某个值的类型与此处要求的类型不同：带标注的绑定与其初始值类型不符、调用参数与形参不符、`return` 的值与声明的返回类型不符，或语句形式的 `if` 条件不是 `Bool`。类型以内部名称显示，例如 `int64`、`float64`、`string`、`List(int64)` 或 `&string`。',
      help: '修改值或类型标注，使二者一致。声明为 `Float` 的位置可以接受整数，反之则不行；必要时用 `as` 显式转换。',
    },
  },
  {
    code: 'E1003',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { type: 'Pointt' },
    en: {
      title: 'Unknown Type',
      template: "Unknown type: '{type}'",
      description: 'An annotation names a type that does not exist. In the reference compiler only an internal helper that nothing calls produces this code: unknown names in annotations are kept as opaque named types, so a misspelt type usually surfaces later as an E1002 mismatch that mentions the unknown name.',
      example: `Point: Type = { x: Int, y: Int }
origin: Pointt = Point(0, 0)`,
      help: "Check the type's spelling, or define the type (`Name: Type = { … }`) or import it before using it.",
    },
    zh: {
      title: '未知类型',
      template: "未知类型：'{type}'",
      description: '类型标注中使用了一个不存在的类型。在参考编译器中，只有一个没有任何地方调用的内部函数会产生此错误码：标注中的未知名称会被当作不透明的具名类型保留下来，因此拼错的类型通常会在之后以提及该名称的 E1002 类型不匹配出现。',
      help: '检查类型名的拼写，或在使用前定义该类型（`Name: Type = { … }`）或导入它。',
    },
  },
  {
    code: 'E1010',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { func: 'add', expected: '2', found: '1' },
    en: {
      title: 'Argument Count Mismatch',
      template: "Function '{func}' expected {expected} arguments, found {found}",
      description: 'A call passes a different number of arguments than the function declares. The reference checks calls through a plain function name and struct constructor calls; for a constructor, too few positional arguments for the fields without defaults, or more arguments than fields, is an error. Method calls and std functions called by their short name are not counted.',
      example: `add: (a: Int, b: Int) -> Int = a + b

main = {
    total = add(1)
}`,
      help: 'Pass one argument per parameter, in order; a struct constructor needs every field that has no default value.',
    },
    zh: {
      title: '参数数量不匹配',
      template: "函数 '{func}' 期望 {expected} 个参数，找到 {found} 个",
      description: '调用时传入的参数个数与函数声明的不同。参考编译器检查通过普通函数名进行的调用和结构体构造器调用；对构造器而言，位置参数少于没有默认值的字段数，或多于字段总数，都会报错。方法调用以及通过短名称调用的标准库函数不做计数检查。',
      help: '按顺序为每个参数传入一个实参；结构体构造器需要为每个没有默认值的字段提供值。',
    },
  },
  {
    code: 'E1011',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { expected: 'int64', found: 'string' },
    en: {
      title: 'Argument Type Mismatch',
      template: "Parameter type mismatch: expected '{expected}', found '{found}'",
      description: "An argument's type does not fit its parameter. The reference compiler defines this code but reports argument mismatches as E1002 (`Expected type '…', found type '…'`), pointing at the call's `(`.",
      example: `add: (a: Int, b: Int) -> Int = a + b

main = {
    total = add("one", 2)
}`,
      help: "Pass a value of the parameter's type, or convert the value before passing it.",
    },
    zh: {
      title: '参数类型不匹配',
      template: "参数类型不匹配：期望 '{expected}'，实际 '{found}'",
      description: "某个实参的类型与对应的形参不符。参考编译器定义了此错误码，但把实参类型不匹配报告为 E1002（`Expected type '…', found type '…'`），位置指向调用的 `(`。",
      help: '传入形参类型的值，或在传入之前先转换该值。',
    },
  },
  {
    code: 'E1012',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { expected: 'int64', found: 'string' },
    en: {
      title: 'Return type mismatch',
      template: "Return type mismatch: expected '{expected}', found '{found}'",
      description: 'A returned value does not match the declared return type. The reference compiler defines this code but reports such a `return` as E1002, pointing at the `return` keyword. Only explicit `return` statements in block bodies are compared.',
      example: `label: () -> Int = {
    return "none"
}`,
      help: 'Return a value of the declared type, or change the return type in the signature.',
    },
    zh: {
      title: '返回类型不匹配',
      template: "返回类型不匹配：期望 '{expected}'，实际 '{found}'",
      description: '返回的值与声明的返回类型不符。参考编译器定义了此错误码，但把这样的 `return` 报告为 E1002，位置指向 `return` 关键字。只有代码块函数体中显式的 `return` 语句会被比较。',
      help: '返回声明类型的值，或修改签名中的返回类型。',
    },
  },
  {
    code: 'E1013',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { func: 'compute' },
    en: {
      title: 'Function not found',
      template: "Function not found: '{func}'",
      description: 'A call names a function that does not exist. The reference compiler defines this code but does not use it while checking: an undefined callee is reported as E1001 (Unknown variable), and a function missing at run time is E6006.',
      example: `main = {
    result = compute(3)
}`,
      help: "Check the function's spelling, define it, or import its module with `use`.",
    },
    zh: {
      title: '函数未找到',
      template: "函数未找到：'{func}'",
      description: '调用了一个不存在的函数。参考编译器定义了此错误码，但在检查时并不使用：未定义的被调用者会报告为 E1001（未知变量），运行时找不到函数则是 E6006。',
      help: '检查函数名的拼写，定义该函数，或用 `use` 导入它所在的模块。',
    },
  },
  {
    code: 'E1020',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { expr: '[]' },
    en: {
      title: 'Cannot infer type',
      template: "Cannot infer type of '{expr}'",
      description: 'The checker could not determine the type of an expression from its context. The reference compiler registers this code but never reports it; an undetermined type stays a type variable, which other messages show as `t<N>`.',
      example: 'items = []',
      help: 'Add an annotation that fixes the type, e.g. `items: List(Int) = []`.',
    },
    zh: {
      title: '无法推断类型',
      template: "无法推断 '{expr}' 的类型",
      description: '类型检查器无法根据上下文确定某个表达式的类型。参考编译器注册了此错误码，但从不报告；无法确定的类型会保留为类型变量，在其他消息中显示为 `t<N>`。',
      help: '添加一个确定类型的标注，例如 `items: List(Int) = []`。',
    },
  },
  {
    code: 'E1021',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { reason: "'count' is used as both 'int64' and 'string'" },
    en: {
      title: 'Type inference conflict',
      template: 'Type inference conflict: {reason}',
      description: 'Two uses of the same value demand incompatible types. The reference compiler registers this code but never reports it: conflicts found while unifying types are reported as E1002.',
      example: `mut count = 0
count = "none"`,
      help: 'Keep each variable to a single type, and use a new name for a value of a different type.',
    },
    zh: {
      title: '类型推断冲突',
      template: '类型推断冲突：{reason}',
      description: '同一个值的两处使用要求互不相容的类型。参考编译器注册了此错误码，但从不报告：类型合一时发现的冲突会报告为 E1002。',
      help: '让每个变量只保持一种类型；不同类型的值请使用新的名称。',
    },
  },
  {
    code: 'E1030',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { patterns: '_' },
    en: {
      title: 'Incomplete pattern',
      template: 'Incomplete pattern: missing {patterns}',
      description: 'A `match` does not cover every possible value of its scrutinee. The reference compiler registers this code but never reports it: 0.7.12 does not check exhaustiveness (match arms are not type-checked at all), so a value that no arm matches fails only at run time.',
      example: `describe: (n: Int) -> String = match n {
    0 => "zero",
    1 => "one",
}`,
      help: 'Add arms for the missing cases, or finish the match with a catch-all arm `_ => …`.',
    },
    zh: {
      title: '模式不完整',
      template: '模式不完整：缺少 {patterns}',
      description: '`match` 没有覆盖被匹配值的所有可能取值。参考编译器注册了此错误码，但从不报告：0.7.12 不检查穷尽性（match 分支根本不做类型检查），因此没有分支能匹配的值只会在运行时失败。',
      help: '为缺少的情况添加分支，或用兜底分支 `_ => …` 结束 match。',
    },
  },
  {
    code: 'E1031',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { pattern: '1' },
    en: {
      title: 'Unreachable pattern',
      template: "Unreachable pattern: '{pattern}'",
      description: 'A `match` arm can never be chosen, because the arms before it already cover its pattern: a repeated literal, or any arm after `_`. The reference compiler registers this code but never reports it, as match arms are not checked.',
      example: `name = match n {
    1 => "one",
    1 => "uno",
    _ => "many",
}`,
      help: 'Remove the arm, or move it above the arm that hides it.',
    },
    zh: {
      title: '不可达模式',
      template: "不可达模式：'{pattern}'",
      description: '某个 `match` 分支永远不会被选中，因为前面的分支已经覆盖了它的模式：重复的字面量，或位于 `_` 之后的任何分支。参考编译器注册了此错误码，但由于不检查 match 分支，从不报告。',
      help: '删除该分支，或把它移到遮住它的分支之前。',
    },
  },
  {
    code: 'E1040',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { type: 'string', op: '-' },
    en: {
      title: 'Operation not supported',
      template: "Type '{type}' does not support operation '{op}'",
      description: 'An operator is applied to a type that does not support it. The reference compiler registers this code but never reports it: arithmetic on operands of mismatched or unsupported types, such as `1 + "a"`, silently produces a value of unknown type.',
      example: 'x = "total" - 1',
      help: 'Convert the operands to compatible types first; to combine text and numbers, use an f-string such as `f"total {n}"`.',
    },
    zh: {
      title: '操作不支持',
      template: "类型 '{type}' 不支持操作 '{op}'",
      description: '对不支持某个运算符的类型使用了该运算符。参考编译器注册了此错误码，但从不报告：对类型不匹配或不支持的操作数做算术运算（如 `1 + "a"`）会静默地得到一个类型未知的值。',
      help: '先把操作数转换为相容的类型；要把文本和数字拼接在一起，请使用 f-string，例如 `f"total {n}"`。',
    },
  },
  {
    code: 'E1041',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { max: '2', index: '5' },
    en: {
      title: 'Index out of bounds',
      template: 'Index out of bounds: valid range is 0..{max}, found {index}',
      description: "A tuple is indexed with an integer literal that is not less than the tuple's length. The reference checks this only for tuples indexed by a literal; list indices are checked at run time.",
      example: `pair = (1, 2)
third = pair[5]`,
      help: "Use an index from 0 up to the tuple's length minus one.",
    },
    zh: {
      title: '索引越界',
      template: '索引越界：有效范围是 0..{max}，找到 {index}',
      description: '用不小于元组长度的整数字面量对元组进行索引。参考编译器只对使用字面量索引的元组做这项检查；列表的索引在运行时检查。',
      help: '使用从 0 到元组长度减一之间的索引。',
    },
  },
  {
    code: 'E1042',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { field: 'z', struct: 'Point' },
    en: {
      title: 'Field not found',
      template: "Cannot find field '{field}' in struct '{struct}'",
      description: 'A field access names a field that the struct does not have and that is not a method bound to its type (`Point.z: …`). Imported modules are records too, so a misspelt std function such as `io.printn(1)` is reported as a missing field `printn` in struct `io`.',
      example: `Point: Type = { x: Int, y: Int }

main = {
    p = Point(1, 2)
    depth = p.z
}`,
      help: "Compare the field name with the type's definition, or add the field or a method of that name.",
    },
    zh: {
      title: '字段未找到',
      template: "在结构体 '{struct}' 中找不到字段 '{field}'",
      description: '字段访问使用了结构体中不存在的字段，而且该名称也不是绑定在该类型上的方法（`Point.z: …`）。导入的模块同样是记录，因此拼错的标准库函数（如 `io.printn(1)`）会被报告为结构体 `io` 中缺少字段 `printn`。',
      help: '对照类型定义检查字段名，或添加该字段或同名的方法。',
    },
  },
  {
    code: 'E1050',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { left: 'int64', right: 'bool' },
    en: {
      title: 'Boolean operand required',
      template: "Logical operations require boolean operands, but found '{left}' and '{right}'",
      description: '`and` or `or` has an operand whose type is not exactly `Bool`. Operands whose type is not known yet are rejected too, for example the result of a function that has no return-type annotation.',
      example: 'ok = 1 and true',
      help: 'Compare to obtain a `Bool` (`n > 0 and ready`), and annotate the return type of functions whose results are used as conditions.',
    },
    zh: {
      title: '需要布尔操作数',
      template: "逻辑运算需要布尔操作数，实际为 '{left}' 和 '{right}'",
      description: '`and` 或 `or` 的某个操作数类型不完全是 `Bool`。类型尚未确定的操作数同样会被拒绝，例如没有返回类型标注的函数的调用结果。',
      help: '用比较得到 `Bool`（如 `n > 0 and ready`），并为结果被用作条件的函数标注返回类型。',
    },
  },
  {
    code: 'E1051',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { type: 'int64' },
    en: {
      title: 'Logical NOT requires boolean operand',
      template: "Logical NOT requires boolean operand, but found '{type}'",
      description: 'The prefix `!` is applied to a value that is not a `Bool`. There is no truthiness in YaoXiang: numbers, strings and lists are not boolean values.',
      example: 'flag = !5',
      help: 'Negate a comparison instead, e.g. `!(n == 0)` or simply `n != 0`.',
    },
    zh: {
      title: '逻辑 NOT 需要布尔操作数',
      template: "逻辑 NOT 需要布尔操作数，实际为 '{type}'",
      description: '前缀运算符 `!` 作用于一个不是 `Bool` 的值。YaoXiang 没有“真值性”：数字、字符串和列表都不是布尔值。',
      help: '改为对比较取反，例如 `!(n == 0)`，或直接写 `n != 0`。',
    },
  },
  {
    code: 'E1052',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { type: 'int64' },
    en: {
      title: 'Invalid dereference',
      template: "Cannot dereference type '{type}', expected pointer type",
      description: 'The prefix `*` is applied to a value that is not a pointer. Only pointer values can be dereferenced; references made with `&` are used directly, without `*`.',
      example: 'value = *42',
      help: 'Remove the `*` and use the value or the reference directly.',
    },
    zh: {
      title: '无效解引用',
      template: "无法解引用类型 '{type}'，期望指针类型",
      description: '前缀运算符 `*` 作用于一个不是指针的值。只有指针值可以解引用；用 `&` 创建的引用直接使用即可，不需要 `*`。',
      help: '去掉 `*`，直接使用该值或引用。',
    },
  },
  {
    code: 'E1053',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { type: 'int64' },
    en: {
      title: 'Non-struct field access',
      template: "Cannot access field on non-struct type '{type}'",
      description: 'A field is read from a value that is not a struct, such as a number, a string or a list, or from a value whose type is not known, such as a lambda parameter without an annotation.',
      example: `x = 5
y = x.foo`,
      help: 'Read fields only from struct values; annotate parameters whose fields you use, e.g. `(p: Point) => p.x`.',
    },
    zh: {
      title: '非结构体字段访问',
      template: "无法在非结构体类型 '{type}' 上访问字段",
      description: '从一个不是结构体的值（如数字、字符串或列表）上读取字段，或从类型未知的值（如没有类型标注的 lambda 参数）上读取字段。',
      help: '只从结构体值上读取字段；使用参数的字段时请为参数标注类型，例如 `(p: Point) => p.x`。',
    },
  },
  {
    code: 'E1054',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { type: 'int64' },
    en: {
      title: 'conditional type mismatch',
      template: "condition must be bool, found '{type}'",
      description: 'The condition of a `while` loop, or of an `if` used as an expression, is not a `Bool`. An `if` used as a statement with such a condition is reported as E1002 instead.',
      example: 'label = if 1 { "yes" } else { "no" }',
      help: 'Write a comparison as the condition, e.g. `if count > 0 { … }`.',
    },
    zh: {
      title: '条件类型不匹配',
      template: "条件必须是布尔类型，实际为 '{type}'",
      description: '`while` 循环的条件，或作为表达式使用的 `if` 的条件，不是 `Bool`。作为语句使用的 `if` 遇到这样的条件时，会改为报告 E1002。',
      help: '用比较作为条件，例如 `if count > 0 { … }`。',
    },
  },
  {
    code: 'E1055',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { type: 'Comparable' },
    en: {
      title: 'constraint in non-generic context',
      template: "constraint type '{type}' can only be used in generic context",
      description: 'An interface, which only states what a type must provide, is used as the type of a concrete value outside a generic definition. The reference compiler registers this code but never reports it.',
      example: `Comparable: Type = { less: (a: Int, b: Int) -> Bool }
Box: Type = { value: Int, Comparable }
value: Comparable = 42`,
      help: 'Give the binding a concrete type, or make the definition generic and constrain its type parameter with the interface.',
    },
    zh: {
      title: '约束在非泛型上下文中',
      template: "约束类型 '{type}' 只能在泛型上下文中使用",
      description: '在泛型定义之外，把只描述类型需要提供哪些内容的接口当作具体值的类型使用。参考编译器注册了此错误码，但从不报告。',
      help: '为绑定使用具体类型，或把定义改为泛型，并用该接口约束其类型参数。',
    },
  },
  {
    code: 'E1060',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { expected: '1', found: '2' },
    en: {
      title: 'type parameter count mismatch',
      template: 'expected {expected} type parameters, found {found}',
      description: 'A generic type is applied to the wrong number of type arguments, e.g. `List(Int, String)` for a type with one parameter. The reference compiler registers this code but never reports it.',
      example: 'numbers: List(Int, String) = [1, 2]',
      help: 'Give the generic type exactly as many arguments as its definition has parameters.',
    },
    zh: {
      title: '类型参数数量不匹配',
      template: '期望 {expected} 个类型参数，实际 {found} 个',
      description: '泛型类型的类型实参个数不正确，例如对只有一个参数的类型写了 `List(Int, String)`。参考编译器注册了此错误码，但从不报告。',
      help: '为泛型类型提供与其定义中参数个数相同的实参。',
    },
  },
  {
    code: 'E1061',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: {},
    en: {
      title: 'Cannot instantiate generic',
      template: 'Cannot instantiate generic type with given arguments',
      description: 'A generic type cannot be instantiated with the arguments given, for example because an argument is missing or is not a type where a type is required. The reference compiler registers this code but never reports it.',
      example: `Pair: (A: Type, B: Type) -> Type = { first: A, second: B }
p: Pair(Int) = Pair(1)`,
      help: 'Check every argument against the parameters of the generic definition and their constraints.',
    },
    zh: {
      title: '无法实例化泛型',
      template: '无法用给定参数实例化泛型类型',
      description: '无法用给定的实参实例化泛型类型，例如缺少实参，或在需要类型的位置给出的不是类型。参考编译器注册了此错误码，但从不报告。',
      help: '对照泛型定义的参数及其约束，逐个检查实参。',
    },
  },
  {
    code: 'E1062',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { constraint: 'N > 0', var: 'N', value: '0' },
    en: {
      title: 'const generic constraint failed',
      template: 'const generic constraint failed: `{constraint}` does not hold ({var} = {value})',
      description: 'A generic type constrains a const parameter with `Assert(…)`, and a constructor call with a literal argument makes the constraint false. The reference builds this diagnostic with its own Chinese text instead of the template, `const 泛型约束失败 (N = 0)`, and gives it no location. Arguments that are not literals are not checked.',
      example: `BadArray: (T: Type, N: Int) -> Type = {
    _assert_n: Assert(N > 0),
    data: Array(T, N),
}

main = {
    bad = BadArray(Int, 0)
}`,
      help: "Pass a value that satisfies the type's `Assert` constraint, or relax the constraint.",
    },
    zh: {
      title: 'const 泛型约束失败',
      template: 'const 泛型约束失败: `{constraint}` 不成立 ({var} = {value})',
      description: '泛型类型用 `Assert(…)` 约束了一个 const 参数，而以字面量为实参的构造器调用使该约束为假。参考编译器没有使用模板，而是用自己的中文文本构造此诊断：`const 泛型约束失败 (N = 0)`，并且不带位置信息。非字面量的实参不会被检查。',
      help: '传入满足该类型 `Assert` 约束的值，或放宽约束。',
    },
  },
  {
    code: 'W1063',
    category: 'Type Check',
    severity: 'warning',
    registered: true,
    exampleArgs: { constraint: 'N > 0', var: 'N', value: 'size' },
    en: {
      title: 'const generic constraint cannot be evaluated',
      template: 'const generic constraint cannot be evaluated: `{constraint}` ({var} = {value})',
      description: 'A const-generic constraint could not be evaluated at compile time because its argument is not a compile-time constant. The reference compiler registers this code (as a warning, by its `W` prefix) but never reports it: such constraints are treated as unproven and accepted silently.',
      example: `BadArray: (T: Type, N: Int) -> Type = {
    _assert_n: Assert(N > 0),
    data: Array(T, N),
}

main = {
    size = 4
    bad = BadArray(Int, size)
}`,
      help: 'Pass a literal for the const parameter when the constraint should be checked at compile time.',
    },
    zh: {
      title: 'const 泛型约束无法求值',
      template: 'const 泛型约束无法求值: `{constraint}` ({var} = {value})',
      description: 'const 泛型约束的实参不是编译期常量，因此无法在编译期求值。参考编译器注册了此错误码（按其 `W` 前缀为警告），但从不报告：这样的约束被视为未证明并被静默接受。',
      help: '希望在编译期检查约束时，请为 const 参数传入字面量。',
    },
  },
  {
    code: 'E1070',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { label: 'outer' },
    en: {
      title: 'Unknown label',
      template: "Unknown label: '{label}'",
      description: '`break ::label` or `continue ::label` names a label that does not exist. YaoXiang 0.7.12 has no syntax for attaching a label to a loop, so every labelled `break` and `continue` is reported.',
      example: `main = {
    mut i = 0
    while i < 3 {
        i = i + 1
        break ::outer
    }
}`,
      help: 'Use a plain `break` or `continue`. To leave several nested loops at once, move them into a function and `return` from it.',
    },
    zh: {
      title: '未知标签',
      template: "未知标签：'{label}'",
      description: '`break ::label` 或 `continue ::label` 引用了不存在的标签。YaoXiang 0.7.12 没有为循环添加标签的语法，因此每个带标签的 `break` 和 `continue` 都会被报告。',
      help: '使用不带标签的 `break` 或 `continue`。要一次跳出多层嵌套循环，可把它们移到一个函数中，再从函数 `return`。',
    },
  },
  {
    code: 'E1081',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: {},
    en: {
      title: '`?` can only be used within functions returning Result',
      template: null,
      description: '`expr?` hands an error to the caller, so it is only allowed inside a function whose declared return type is `Result(T, E)`; lambda literals do not qualify. The reference has a title and a help text for this code but no message template, so its message reads `Internal error: missing i18n template` in every language.',
      example: `read_number: (s: String) -> Result(Int, String)

total: () -> Int = {
    n = read_number("42")?
    return n
}`,
      help: 'Declare the enclosing function as returning `Result(T, E)`, or deal with the `Result` where it is produced instead of using `?`.',
    },
    zh: {
      title: '`?` 仅允许在返回 Result 的函数内使用',
      template: null,
      description: '`expr?` 会把错误交给调用者，因此只能用在声明返回类型为 `Result(T, E)` 的函数内部；lambda 字面量不在此列。参考编译器为此错误码提供了标题和帮助文本，却没有消息模板，因此在任何语言下其消息都是 `Internal error: missing i18n template`。',
      help: '把外层函数的返回类型声明为 `Result(T, E)`，或在产生 `Result` 的地方直接处理它，而不使用 `?`。',
    },
  },
  {
    code: 'E1082',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: {},
    en: {
      title: '`?` can only be used with Result expressions',
      template: null,
      description: '`?` is applied to a value that is not a `Result`, so there is no error to pass on. As with E1081, the reference has no template for this code, and its message is `Internal error: missing i18n template`.',
      example: `count: () -> Int

total: () -> Result(Int, String) = {
    n = count()?
    return n
}`,
      help: 'Remove the `?`, or make the expression produce a `Result(T, E)`.',
    },
    zh: {
      title: '`?` 只能用于 Result 表达式',
      template: null,
      description: '`?` 作用于一个不是 `Result` 的值，因此没有可以传递的错误。与 E1081 一样，参考编译器没有为此错误码提供模板，其消息为 `Internal error: missing i18n template`。',
      help: '去掉 `?`，或让该表达式产生 `Result(T, E)`。',
    },
  },
  {
    code: 'E1083',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: {},
    en: {
      title: 'Error type mismatch for `?`',
      template: null,
      description: '`?` would pass an error of one type out of a function whose `Result` return type declares a different error type. The reference has no template for this code; its message is `Internal error: missing i18n template`.',
      example: `read_number: (s: String) -> Result(Int, String)

total: () -> Result(Int, Int) = {
    n = read_number("42")?
    return n
}`,
      help: "Make the error types agree: change the error type in the function's `Result`, or convert the error before passing it on.",
    },
    zh: {
      title: '`?` 的错误类型不匹配',
      template: null,
      description: '`?` 要从函数中传出的错误类型，与该函数 `Result` 返回类型中声明的错误类型不同。参考编译器没有为此错误码提供模板，其消息为 `Internal error: missing i18n template`。',
      help: '让错误类型保持一致：修改函数 `Result` 中的错误类型，或在传出之前先转换错误。',
    },
  },
  {
    code: 'E1090',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: {},
    en: {
      title: '✨ Unspeakable ✨',
      template: 'Type: Type = Type',
      description: "An easter egg reserved for `Type: Type = Type`, the meta-type defined as itself. The parser treats this declaration specially and the checker accepts it without a word, so the reference registers the code but never reports it. Its message would be the template text itself; the framed “zen message” in the reference's files is never shown.",
      example: '// The meta-type, declared as itself: accepted in silence.\nType: Type = Type',
      help: 'Nothing needs fixing. To define a type of your own, give it its own name, e.g. `Point: Type = { x: Int, y: Int }`.',
    },
    zh: {
      title: '✨ 不可言说 ✨',
      template: 'Type: Type = Type',
      description: '为 `Type: Type = Type`（把元类型定义为它自身）保留的彩蛋。语法分析器会特殊处理这个声明，类型检查器则一声不响地接受它，因此参考编译器注册了此错误码却从不报告。它的消息就是模板文本本身；参考实现文件中带边框的“禅意消息”从不显示。',
      example: '// 元类型声明为它自身：被默默接受。\nType: Type = Type',
      help: '无需修改。要定义自己的类型，请另起名称，例如 `Point: Type = { x: Int, y: Int }`。',
    },
  },
  {
    code: 'E1091',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { decl: 'Type: Type(T) = ...' },
    en: {
      title: 'Invalid generic meta type',
      template: "Generic meta type self-reference not allowed: '{decl}'",
      description: 'A declaration tries to redefine the built-in meta-type `Type` with type parameters. `Type` is the type of all types; it cannot be turned into a generic type constructor.',
      example: 'Type: (T: Type) -> Type = { data: T }',
      help: 'Give the generic type a name of its own, e.g. `Box: (T: Type) -> Type = { data: T }`.',
    },
    zh: {
      title: '无效的泛型元类型',
      template: "泛型元类型自引用不允许：'{decl}'",
      description: '声明试图用类型参数重新定义内置的元类型 `Type`。`Type` 是所有类型的类型，不能被改造成泛型类型构造器。',
      help: '为泛型类型另起一个名称，例如 `Box: (T: Type) -> Type = { data: T }`。',
    },
  },
  {
    code: 'E1092',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'IsSmall' },
    en: {
      title: 'Invalid refinement type argument form',
      template: "'{name}' requires a compile-time constant argument, but the given argument cannot be converted",
      description: 'A refinement annotation applies a predicate (a function returning `Type`, such as `IsSmall: (x: Int) -> Type = { x < 100 }`) to an argument that cannot be turned into a compile-time constant. Without a constant the constraint cannot be generated, so the reference reports it rather than dropping the constraint.',
      example: `IsSmall: (x: Int) -> Type = { x < 100 }

main = {
    y: IsSmall(List(Int)) = 9999
}`,
      help: 'Pass a literal, a name, or a type application with a single argument to the predicate.',
    },
    zh: {
      title: '精化类型实参形态非法',
      template: "'{name}' 要求编译期常量实参，但所给实参无法转换",
      description: '精化类型标注把谓词（返回 `Type` 的函数，如 `IsSmall: (x: Int) -> Type = { x < 100 }`）应用到一个无法转换为编译期常量的实参上。没有常量就无法生成约束，因此参考编译器会报告此错误，而不是悄悄丢弃约束。',
      help: '为谓词传入字面量、名称，或只有一个实参的类型应用。',
    },
  },
  {
    code: 'E1093',
    category: 'Type Check',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'IsSmall', expected: '1', found: '2' },
    en: {
      title: 'Refinement argument count mismatch',
      template: "'{name}' expected {expected} argument(s), found {found}",
      description: 'A refinement annotation passes a different number of arguments than the predicate or proof function declares, so no constraint can be generated from it.',
      example: `IsSmall: (x: Int) -> Type = { x < 100 }

main = {
    y: IsSmall(1, 2) = 5
}`,
      help: "Pass exactly as many arguments as the predicate's signature has parameters.",
    },
    zh: {
      title: '精化实参个数不匹配',
      template: "'{name}' 期望 {expected} 个实参，实际 {found} 个",
      description: '精化类型标注传入的实参个数与谓词或证明函数声明的参数个数不同，因此无法据此生成约束。',
      help: '传入与谓词签名中参数个数相同的实参。',
    },
  },
];
