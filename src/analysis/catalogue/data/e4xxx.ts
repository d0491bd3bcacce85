// E4xxx: generics, constant evaluation, termination and refinements.
// Titles and templates are copied verbatim from the reference's
// src/util/diagnostic/codes/i18n/{en,zh}.json (v0.7.12); descriptions,
// examples and help are our own.
import type { CodeEntry } from '../types.ts';

export const E4XXX: readonly CodeEntry[] = [
  {
    code: 'E4001',
    category: 'Generic',
    severity: 'error',
    registered: true,
    exampleArgs: { type: 'Point', trait: 'Comparable' },
    en: {
      title: 'Generic Constraint Violation',
      template: "Type '{type}' does not satisfy trait constraint '{trait}'",
      description: 'A type argument does not satisfy a constraint (an interface that the type must implement) placed on a generic parameter. The reference compiler contains this check, but nothing in its pipeline calls it, so the code is never reported.',
      example: `Point: Type = { x: Int, y: Int }

largest: (T: Comparable) -> (a: T, b: T) -> T = (a, b) => a

main = {
    p = largest(Point(1, 2), Point(3, 4))
}`,
      help: 'Use a type that implements the required interface, or add the missing fields and methods to the type.',
    },
    zh: {
      title: '泛型约束违反',
      template: "类型 '{type}' 不满足特质约束 '{trait}'",
      description: '类型实参不满足泛型参数上的约束（类型必须实现的接口）。参考编译器包含这项检查，但编译流程中没有任何地方调用它，因此此错误码从不报告。',
      help: '使用实现了所需接口的类型，或为该类型补上缺少的字段和方法。',
    },
  },
  {
    code: 'E4002',
    category: 'Generic',
    severity: 'error',
    registered: true,
    exampleArgs: { trait: 'Printable' },
    en: {
      title: 'Trait not found',
      template: "Trait '{trait}' not found",
      description: 'A type definition or a constraint names an interface that does not exist. The reference compiler registers this code but never reports it.',
      example: 'Point: Type = { x: Int, y: Int, Printable }',
      help: "Check the interface's name, or define it (`Printable: Type = { … }`) or import it.",
    },
    zh: {
      title: '特质未找到',
      template: "特质 '{trait}' 未找到",
      description: '类型定义或约束中引用了一个不存在的接口。参考编译器注册了此错误码，但从不报告。',
      help: '检查接口名称，或定义该接口（`Printable: Type = { … }`）或导入它。',
    },
  },
  {
    code: 'E4003',
    category: 'Generic',
    severity: 'error',
    registered: true,
    exampleArgs: { type: 'Point', trait: 'Drawable' },
    en: {
      title: 'Missing trait implementation',
      template: "Type '{type}' is missing an implementation of trait '{trait}'",
      description: 'A type claims to implement an interface but lacks some of the fields or methods the interface requires. The reference compiler registers this code but never reports it.',
      example: `Drawable: Type = { draw: (self: Drawable) -> Void }

Point: Type = { x: Int, y: Int, Drawable }`,
      help: 'Add the missing members, for example a method binding `Point.draw: (self: Point) -> Void = { … }`.',
    },
    zh: {
      title: '特质实现缺失',
      template: "类型 '{type}' 缺少特质 '{trait}' 的实现",
      description: '类型声称实现了某个接口，却缺少该接口要求的部分字段或方法。参考编译器注册了此错误码，但从不报告。',
      help: '补上缺少的成员，例如方法绑定 `Point.draw: (self: Point) -> Void = { … }`。',
    },
  },
  {
    code: 'E4004',
    category: 'Generic',
    severity: 'error',
    registered: true,
    exampleArgs: { trait: 'Drawable' },
    en: {
      title: 'Conflicting trait implementations',
      template: "Conflicting implementations for trait '{trait}'",
      description: 'An interface is implemented more than once for the same type, so it is ambiguous which implementation applies. The reference compiler registers this code but never reports it.',
      example: `Drawable: Type = { draw: (self: Drawable) -> Void }
Point: Type = { x: Int, y: Int, Drawable }

Point.draw: (self: Point) -> Void = {}
Point.draw: (self: Point) -> Void = {}`,
      help: 'Keep a single implementation of each interface member per type.',
    },
    zh: {
      title: '特质实现冲突',
      template: "特质 '{trait}' 的实现冲突",
      description: '同一个类型多次实现了同一个接口，导致无法确定应当使用哪个实现。参考编译器注册了此错误码，但从不报告。',
      help: '每个类型的每个接口成员只保留一个实现。',
    },
  },
  {
    code: 'E4005',
    category: 'Generic',
    severity: 'error',
    registered: true,
    exampleArgs: { assoc_type: 'Item', container: 'Iterator' },
    en: {
      title: 'Associated type not found',
      template: "Cannot find associated type '{assoc_type}' in '{container}'",
      description: 'A type path names an associated type that its container does not define. The reference compiler registers this code but never reports it, and 0.7.12 has no syntax for associated types.',
      example: '// YaoXiang 0.7.12 has no syntax for associated types; `T::Item` in a type\n// is a syntax error, so nothing can reach this code.',
      help: 'Pass the type as an explicit type parameter instead of looking it up inside another type.',
    },
    zh: {
      title: '关联类型未找到',
      template: "在 '{container}' 中找不到关联类型 '{assoc_type}'",
      description: '类型路径引用了其容器中没有定义的关联类型。参考编译器注册了此错误码，但从不报告，而且 0.7.12 没有关联类型的语法。',
      example: '// YaoXiang 0.7.12 没有关联类型的语法；类型中的 `T::Item`\n// 是语法错误，因此没有代码能触发此错误码。',
      help: '把该类型作为显式的类型参数传入，而不是在另一个类型内部查找它。',
    },
  },
  {
    code: 'E4010',
    category: 'Generic',
    severity: 'error',
    registered: true,
    exampleArgs: {},
    en: {
      title: 'Division by zero in constant expression',
      template: 'Division by zero in constant expression',
      description: "A constant expression evaluated at compile time divides by zero, for instance in the `Assert(…)` of a const-generic type. The reference's constant evaluator produces this code, but most of its callers treat a failed evaluation as “not proven” and move on, so it rarely reaches the user.",
      example: `Grid: (N: Int) -> Type = {
    _ok: Assert(N > 10 / N),
    cells: Array(Int, N),
}

main = {
    g = Grid(0)
}`,
      help: 'Make sure divisors in constant expressions cannot be zero, e.g. constrain the parameter with `Assert(N > 0)` first.',
    },
    zh: {
      title: '常量除零',
      template: '常量表达式除以零',
      description: '在编译期求值的常量表达式中出现了除以零，例如在 const 泛型类型的 `Assert(…)` 中。参考实现的常量求值器会产生此错误码，但它的大多数调用者把求值失败当作“未证明”并继续执行，因此很少会呈现给用户。',
      help: '确保常量表达式中的除数不会为零，例如先用 `Assert(N > 0)` 约束参数。',
    },
  },
  {
    code: 'E4011',
    category: 'Generic',
    severity: 'error',
    registered: true,
    exampleArgs: {},
    en: {
      title: 'Constant overflow',
      template: 'Constant expression overflow',
      description: 'The result of a constant expression does not fit the 128-bit integer range the constant evaluator works with. Like the other constant-evaluation codes, it rarely reaches the user, because callers treat a failed evaluation as “not proven”.',
      example: `Huge: (N: Int) -> Type = {
    _ok: Assert(N * 100000000000000000000000000000000000000 > 0),
    data: Array(Int, N),
}

main = {
    h = Huge(2)
}`,
      help: 'Keep constant arithmetic within range, for example by comparing against smaller bounds.',
    },
    zh: {
      title: '常量溢出',
      template: '常量表达式溢出',
      description: '常量表达式的结果超出了常量求值器所用的 128 位整数范围。与其他常量求值错误码一样，它很少会呈现给用户，因为调用者把求值失败当作“未证明”。',
      help: '让常量运算保持在范围之内，例如与更小的界限进行比较。',
    },
  },
  {
    code: 'E4012',
    category: 'Generic',
    severity: 'error',
    registered: true,
    exampleArgs: { limit: '256' },
    en: {
      title: 'Constant recursion too deep',
      template: 'Constant evaluation exceeds maximum recursion depth {limit}',
      description: 'Evaluating a constant expression nested calls or sub-expressions deeper than the evaluator allows (256 levels by default). Such evaluations rarely surface as errors, because callers treat them as “not proven”.',
      example: `Count: (N: Int) -> Type = {
    _ok: Assert(N < factorial(N)),
    data: Array(Int, N),
}

main = {
    c = Count(100000)
}`,
      help: 'Simplify the constant expression, or use smaller arguments for recursive type-level functions.',
    },
    zh: {
      title: '常量递归过深',
      template: '常量求值超出最大递归深度 {limit}',
      description: '常量表达式求值时，嵌套的调用或子表达式超过了求值器允许的深度（默认 256 层）。这类求值失败很少会作为错误呈现，因为调用者把它们当作“未证明”。',
      help: '简化常量表达式，或为递归的类型级函数使用更小的实参。',
    },
  },
  {
    code: 'E4013',
    category: 'Generic',
    severity: 'error',
    registered: true,
    exampleArgs: { func: 'read_line' },
    en: {
      title: 'Non-constant function',
      template: "Non-constant function '{func}' used in constant context",
      description: 'A constant expression calls a function that cannot be evaluated at compile time, such as one that reads input. The reference compiler registers this code but never reports it.',
      example: `use std.io

Sized: (N: Int) -> Type = {
    _ok: Assert(N > read_line()),
    data: Array(Int, N),
}`,
      help: 'Use only literals, const parameters and compile-time functions (such as `factorial`) in constant expressions.',
    },
    zh: {
      title: '非常量函数',
      template: "常量上下文中使用了非常量函数 '{func}'",
      description: '常量表达式调用了无法在编译期求值的函数，例如读取输入的函数。参考编译器注册了此错误码，但从不报告。',
      help: '常量表达式中只使用字面量、const 参数和编译期函数（如 `factorial`）。',
    },
  },
  {
    code: 'E4014',
    category: 'Generic',
    severity: 'error',
    registered: true,
    exampleArgs: { reason: 'unsupported operator in constant expression' },
    en: {
      title: 'Constant evaluation failed',
      template: 'Cannot evaluate constant expression: {reason}',
      description: 'The constant evaluator could not evaluate an expression, for example because it combines values of incompatible kinds or uses an operation it does not support. Callers usually treat the failure as “not proven”, so it rarely reaches the user.',
      example: `Grid: (N: Int) -> Type = {
    _ok: Assert(N > "four"),
    cells: Array(Int, N),
}

main = {
    g = Grid(3)
}`,
      help: 'Keep constant expressions to arithmetic, comparisons and logic on numbers and booleans.',
    },
    zh: {
      title: '常量求值失败',
      template: '无法求值常量表达式：{reason}',
      description: '常量求值器无法求值某个表达式，例如它组合了种类不相容的值，或使用了求值器不支持的运算。调用者通常把这种失败当作“未证明”，因此很少会呈现给用户。',
      help: '常量表达式只对数字和布尔值做算术、比较和逻辑运算。',
    },
  },
  {
    code: 'E4015',
    category: 'Generic',
    severity: 'error',
    registered: true,
    exampleArgs: {},
    en: {
      title: 'Loop cannot be proven to terminate',
      template: 'Loop cannot be proven to terminate: no strictly decreasing measure detected in loop body',
      description: 'A `while` loop has no measure that provably decreases on every iteration, so it might run forever. The reference compiler registers this code but never reports it: the termination check reports such loops as E8001 with a raw Chinese message. It accepts a loop only if its condition compares a variable with a bound using `<`, `<=`, `>` or `>=` and the body steps that variable towards the bound by a constant (`i = i + 1`).',
      example: `main = {
    mut x = 10
    while x != 0 {
        x = x - 1
    }
}`,
      help: 'Write the loop as `while i < n { … i = i + 1 }` (or `>` with a decreasing step), or annotate a function that must loop forever with the return type `Never`.',
    },
    zh: {
      title: '循环无法证明终止',
      template: '循环无法证明终止：在循环体中未检测到任何严格递减的度量',
      description: '`while` 循环没有可证明在每次迭代中都会递减的度量，因此可能永远运行下去。参考编译器注册了此错误码，但从不报告：终止性检查把这样的循环报告为带有原始中文消息的 E8001。只有当循环条件用 `<`、`<=`、`>` 或 `>=` 比较一个变量与一个界限，并且循环体以常量步长让该变量朝界限移动（`i = i + 1`）时，循环才会被接受。',
      help: '把循环写成 `while i < n { … i = i + 1 }`（或使用 `>` 并让变量递减），对必须永远循环的函数则把返回类型标注为 `Never`。',
    },
  },
  {
    code: 'E4016',
    category: 'Generic',
    severity: 'error',
    registered: true,
    exampleArgs: { func: 'count_down' },
    en: {
      title: 'Recursion cannot be proven to terminate',
      template: "Recursive call cannot be proven to terminate: arguments of function '{func}' do not strictly decrease in recursive call",
      description: 'A recursive call does not pass a strictly smaller argument, so the recursion cannot be shown to end. The reference compiler registers this code but never reports it; recursion is not checked for termination in 0.7.12.',
      example: `count_down: (n: Int) -> Int = {
    return count_down(n)
}`,
      help: 'Make every recursive call use a smaller argument, e.g. `count_down(n - 1)`, together with a base case.',
    },
    zh: {
      title: '递归无法证明终止',
      template: "递归调用无法证明终止：函数 '{func}' 的参数在递归调用中未严格递减",
      description: '递归调用传入的实参没有严格变小，因此无法证明递归会结束。参考编译器注册了此错误码，但从不报告；0.7.12 不检查递归的终止性。',
      help: '让每次递归调用都使用更小的实参（例如 `count_down(n - 1)`），并提供终止条件。',
    },
  },
  {
    code: 'E4017',
    category: 'Generic',
    severity: 'error',
    registered: true,
    exampleArgs: { measure: 'i' },
    en: {
      title: 'Measure not strictly decreasing',
      template: "Measure '{measure}' not strictly decreasing on all loop paths",
      description: "A loop's measure decreases on some paths through the body but not on all of them, so an iteration could leave it unchanged. The reference compiler registers this code but never reports it; the termination check reports failed proofs as E8001.",
      example: `main = {
    mut i = 0
    while i < 10 {
        if i > 5 {
            i = i + 1
        }
    }
}`,
      help: 'Update the loop variable on every path through the body, for example once at the end of the body instead of inside an `if`.',
    },
    zh: {
      title: '度量未严格递减',
      template: "度量 '{measure}' 未在所有循环路径上严格递减",
      description: '循环的度量只在循环体的部分路径上递减，而不是在所有路径上，因此某次迭代可能让它保持不变。参考编译器注册了此错误码，但从不报告；终止性检查把证明失败报告为 E8001。',
      help: '在循环体的每条路径上都更新循环变量，例如在循环体末尾统一更新一次，而不是放在 `if` 之中。',
    },
  },
  {
    code: 'E4018',
    category: 'Generic',
    severity: 'error',
    registered: true,
    exampleArgs: { constraint: 'x < 100', counterexample: 'x = 150' },
    en: {
      title: 'Refinement predicate violation',
      template: `Refinement predicate violation: {constraint}

Counterexample:
{counterexample}`,
      description: "A refinement constraint is false for some value: the prover found a counterexample. When a predicate used in an annotation is run after type checking and returns false, the reference reports E4018 with its own Chinese text instead of the template: `证明函数 'IsSmall' 返回 false，约束不满足（参数: […]）` (“the proof function returned false, the constraint is not satisfied”).",
      example: `IsSmall: (x: Int) -> Type = { x < 100 }

main = {
    y: IsSmall(150) = 150
}`,
      help: 'Use a value that satisfies the predicate, or relax the predicate if the value is legitimate.',
    },
    zh: {
      title: '精化谓词违反',
      template: `精化谓词违反：{constraint}

反例：
{counterexample}`,
      description: "精化约束对某个值不成立：证明器找到了反例。当类型标注中使用的谓词在类型检查之后运行并返回 false 时，参考编译器不使用模板，而是以自己的中文文本报告 E4018：`证明函数 'IsSmall' 返回 false，约束不满足（参数: […]）`。",
      help: '使用满足谓词的值；如果该值确实合理，则放宽谓词。',
    },
  },
  {
    code: 'E4019',
    category: 'Generic',
    severity: 'error',
    registered: true,
    exampleArgs: { expected: 'Int', found: 'String' },
    en: {
      title: 'Type equality does not hold',
      template: 'Type equality does not hold: expected {expected}, found {found}',
      description: 'Inside the proof pipeline two types that must be equal reduce to different types, for example when a type-level computation yields something other than the type it is compared with. The types are shown as the evaluator prints them.',
      example: `Elem: (T: Type) -> Type = { value: T }

x: Elem(Int) = Elem("text")`,
      help: 'Check the type-level computation for the arguments involved, or supply a proof function for the equality.',
    },
    zh: {
      title: '类型等式不成立',
      template: '类型等式不成立：期望 {expected}，实际 {found}',
      description: '在证明流程中，两个必须相等的类型归约后得到了不同的类型，例如某个类型级计算的结果与被比较的类型不同。类型以求值器的打印形式显示。',
      help: '检查相关实参下的类型级计算，或为该等式提供证明函数。',
    },
  },
];
