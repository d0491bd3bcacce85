// E6xxx: run time.
// Titles and templates are copied verbatim from the reference's
// src/util/diagnostic/codes/i18n/{en,zh}.json (v0.7.12); descriptions,
// examples and help are our own.
import type { CodeEntry } from '../types.ts';

export const E6XXX: readonly CodeEntry[] = [
  {
    code: 'E6001',
    category: 'Runtime',
    severity: 'error',
    registered: true,
    exampleArgs: { expr: '10 / zero' },
    en: {
      title: 'Division by zero',
      template: 'Expression {expr} divides by zero',
      description: 'An integer division by zero happened while the program was running (`yaoxiang run`). The message quotes the source text of the division.',
      example: `main = {
    zero = 0
    x = 10 / zero
}`,
      help: 'Check the divisor before dividing, e.g. `if d != 0 { … }`.',
    },
    zh: {
      title: '除零错误',
      template: '表达式 {expr} 除以零',
      description: '程序运行时（`yaoxiang run`）发生了整数除以零。消息中会引用该除法的源代码文本。',
      help: '在除法之前先检查除数，例如 `if d != 0 { … }`。',
    },
  },
  {
    code: 'E6002',
    category: 'Runtime',
    severity: 'error',
    registered: true,
    exampleArgs: { location: 'main.yx:3:9' },
    en: {
      title: 'Null pointer dereference',
      template: 'Null pointer dereference at {location}',
      description: 'A null value was dereferenced at run time. YaoXiang has no null, and the reference compiler registers this code but never reports it; other run-time failures are reported as E6007.',
      example: `// YaoXiang has no null value; a value that may be absent has the type
// Option(T), like the result of this lookup:
find: (items: List(Int), wanted: Int) -> Option(Int)`,
      help: 'Model a value that may be absent with `Option(T)` and handle the absent case explicitly.',
    },
    zh: {
      title: '空指针解引用',
      template: '在 {location} 空指针解引用',
      description: '运行时解引用了空值。YaoXiang 没有空值，参考编译器注册了此错误码，但从不报告；其他运行时失败会报告为 E6007。',
      example: `// YaoXiang 没有空值；可能缺失的值具有 Option(T) 类型，
// 例如下面这个查找的结果：
find: (items: List(Int), wanted: Int) -> Option(Int)`,
      help: '用 `Option(T)` 表示可能缺失的值，并显式处理缺失的情况。',
    },
  },
  {
    code: 'E6003',
    category: 'Runtime',
    severity: 'error',
    registered: true,
    exampleArgs: { max: '3', index: '10' },
    en: {
      title: 'Array index out of bounds',
      template: 'Array index out of bounds: valid range is 0..{max}, found {index}',
      description: 'A list was indexed outside its bounds at run time. The reference compiler registers this code but never reports it: the interpreter reports the failure as the generic E6007.',
      example: `main = {
    items = [1, 2, 3]
    x = items[10]
}`,
      help: 'Check the index against the length (`list.len(items)`) before indexing.',
    },
    zh: {
      title: '数组索引越界',
      template: '数组索引越界：有效范围是 0..{max}，找到 {index}',
      description: '运行时对列表进行了越界索引。参考编译器注册了此错误码，但从不报告：解释器把这种失败报告为通用的 E6007。',
      help: '在索引之前先把下标与长度（`list.len(items)`）进行比较。',
    },
  },
  {
    code: 'E6004',
    category: 'Runtime',
    severity: 'error',
    registered: true,
    exampleArgs: { limit: '0' },
    en: {
      title: 'Stack overflow',
      template: 'Stack overflow: recursion depth exceeds limit {limit}',
      description: 'The call stack overflowed at run time, usually because of recursion without a reachable base case. The reference fills `{limit}` with 0 rather than the real limit, so the message reads `recursion depth exceeds limit 0`.',
      example: `forever: (n: Int) -> Int = {
    return forever(n + 1)
}

main = {
    forever(0)
}`,
      help: 'Give the recursion a base case that is always reached, or rewrite it as a loop.',
    },
    zh: {
      title: '栈溢出',
      template: '栈溢出：递归深度超出限制 {limit}',
      description: '运行时调用栈溢出，通常是因为递归没有可到达的终止条件。参考编译器用 0 而不是真实的上限填充 `{limit}`，因此消息显示为 `recursion depth exceeds limit 0`。',
      help: '为递归提供一定能到达的终止条件，或把它改写为循环。',
    },
  },
  {
    code: 'E6005',
    category: 'Runtime',
    severity: 'error',
    registered: true,
    exampleArgs: { condition: 'x > 0' },
    en: {
      title: 'Assertion failed',
      template: 'Assertion failed: {condition}',
      description: 'An assertion failed at run time. The reference compiler registers this code but never reports it: a failed `assert.assert` arrives as the generic E6007.',
      example: `use std.assert

main = {
    x = 0
    assert.assert(x > 0, "x must be positive")
}`,
      help: 'Fix the condition or the data that makes the assertion false.',
    },
    zh: {
      title: '断言失败',
      template: '断言失败：{condition}',
      description: '运行时断言失败。参考编译器注册了此错误码，但从不报告：失败的 `assert.assert` 会以通用的 E6007 报告。',
      help: '修正导致断言为假的条件或数据。',
    },
  },
  {
    code: 'E6006',
    category: 'Runtime',
    severity: 'error',
    registered: true,
    exampleArgs: { func: 'helper' },
    en: {
      title: 'Function not found (runtime)',
      template: "Function not found: '{func}'",
      description: 'The interpreter was asked to call a function that has no body at run time, for example one that is only declared with a signature. The type checker accepts such calls, because the declaration makes the name known.',
      example: `helper: (n: Int) -> Int

main = {
    x = helper(1)
}`,
      help: 'Give the function a body (`helper: (n: Int) -> Int = n + 1`), or import the module that defines it.',
    },
    zh: {
      title: '函数未找到（运行时）',
      template: "函数未找到：'{func}'",
      description: '解释器在运行时被要求调用一个没有函数体的函数，例如只用签名声明过的函数。类型检查器会接受这样的调用，因为声明已经让该名称为人所知。',
      help: '为函数提供函数体（`helper: (n: Int) -> Int = n + 1`），或导入定义它的模块。',
    },
  },
  {
    code: 'E6007',
    category: 'Runtime',
    severity: 'error',
    registered: true,
    exampleArgs: { message: 'assertion failed: x must be positive' },
    en: {
      title: 'Runtime error',
      template: 'Runtime error: {message}',
      description: "A run-time failure without a more specific code, such as a failed assertion or an out-of-range index. The message carries the interpreter's description of what went wrong, and the report is followed by a stack trace.",
      example: `use std.assert

main = {
    x = 0
    assert.assert(x > 0, "x must be positive")
}`,
      help: 'Read the message and the stack trace to find the failing operation, and guard it with a check.',
    },
    zh: {
      title: '运行时错误',
      template: '运行时错误：{message}',
      description: '没有更具体错误码的运行时失败，例如断言失败或下标越界。消息中包含解释器对出错原因的描述，报告后面还会附有调用栈。',
      help: '根据消息和调用栈找到出错的操作，并用检查加以防护。',
    },
  },
];
