// E3xxx: IR and bytecode generation.
// Titles and templates are copied verbatim from the reference's
// src/util/diagnostic/codes/i18n/{en,zh}.json (v0.7.12); descriptions,
// examples and help are our own.
import type { CodeEntry } from '../types.ts';

export const E3XXX: readonly CodeEntry[] = [
  {
    code: 'E3001',
    category: 'Codegen',
    severity: 'error',
    registered: true,
    exampleArgs: { expr_type: 'Match' },
    en: {
      title: 'Unimplemented expression (IR)',
      template: 'Unimplemented expression type: {expr_type}',
      description: "The IR generator, which translates the checked program into the compiler's intermediate representation, met a kind of expression it does not implement. The reference compiler registers this code but never reports it; unsupported expressions are reported as E3005.",
      example: `// Reported by the IR generator for an expression kind it cannot translate.
// 0.7.12 reports unsupported expressions as E3005 instead.`,
      help: 'Rewrite the expression with simpler constructs, and report the construct so that it can be supported.',
    },
    zh: {
      title: '未实现的表达式（IR）',
      template: '未实现的表达式类型：{expr_type}',
      description: 'IR 生成器（把检查过的程序翻译为编译器中间表示的阶段）遇到了它尚未实现的表达式种类。参考编译器注册了此错误码，但从不报告；不受支持的表达式会报告为 E3005。',
      example: `// 由 IR 生成器在遇到无法翻译的表达式种类时报告。
// 0.7.12 改为把不受支持的表达式报告为 E3005。`,
      help: '用更简单的结构改写该表达式，并报告这一结构，以便日后支持。',
    },
  },
  {
    code: 'E3002',
    category: 'Codegen',
    severity: 'error',
    registered: true,
    exampleArgs: { stmt_type: 'TypeDefinition' },
    en: {
      title: 'Unimplemented statement (IR)',
      template: 'Unimplemented statement type: {stmt_type}',
      description: 'The IR generator met a kind of statement it does not implement. The reference compiler registers this code but never reports it; unsupported statements are reported as E3005.',
      example: `// Reported by the IR generator for a statement kind it cannot translate.
// 0.7.12 reports unsupported statements as E3005 instead.`,
      help: 'Rewrite the statement with simpler constructs, and report the construct so that it can be supported.',
    },
    zh: {
      title: '未实现的语句（IR）',
      template: '未实现的语句类型：{stmt_type}',
      description: 'IR 生成器遇到了它尚未实现的语句种类。参考编译器注册了此错误码，但从不报告；不受支持的语句会报告为 E3005。',
      example: `// 由 IR 生成器在遇到无法翻译的语句种类时报告。
// 0.7.12 改为把不受支持的语句报告为 E3005。`,
      help: '用更简单的结构改写该语句，并报告这一结构，以便日后支持。',
    },
  },
  {
    code: 'E3003',
    category: 'Codegen',
    severity: 'error',
    registered: true,
    exampleArgs: { reason: 'expected a register, found a constant' },
    en: {
      title: 'Invalid operand (IR)',
      template: 'Invalid operand: {reason}',
      description: 'The IR generator produced an instruction operand that does not fit the instruction. The reference compiler registers this code but never reports it.',
      example: `// An internal consistency check of the IR generator; no source code
// triggers it directly.`,
      help: 'This points at a compiler problem; report it with the program that produced it.',
    },
    zh: {
      title: '无效操作数（IR）',
      template: '无效操作数：{reason}',
      description: 'IR 生成器产生了一个与指令不匹配的操作数。参考编译器注册了此错误码，但从不报告。',
      example: '// IR 生成器的内部一致性检查；没有源代码会直接触发它。',
      help: '这表明编译器存在问题；请附上触发它的程序进行报告。',
    },
  },
  {
    code: 'E3004',
    category: 'Codegen',
    severity: 'error',
    registered: true,
    exampleArgs: { iter_type: 'string' },
    en: {
      title: 'Unsupported Iterator',
      template: 'Unsupported iterator type: {iter_type}',
      description: 'A `for` loop iterates over a value the IR generator cannot loop over. Ranges (`0..10`), lists, tuples and dicts are supported; other values, such as strings, are reported here even though the type checker accepts them.',
      example: `use std.io

main = {
    for c in "abc" {
        io.println(c)
    }
}`,
      help: 'Iterate over a range of indices (`0..n`) or over a list instead.',
    },
    zh: {
      title: '不支持的迭代器',
      template: '不支持的迭代器类型：{iter_type}',
      description: '`for` 循环遍历的值是 IR 生成器无法遍历的。支持范围（`0..10`）、列表、元组和字典；其他值（如字符串）即使通过了类型检查，也会在这里报告。',
      help: '改为遍历下标范围（`0..n`）或列表。',
    },
  },
  {
    code: 'E3005',
    category: 'Codegen',
    severity: 'error',
    registered: true,
    exampleArgs: { message: 'type definition `Point` inside a block is not supported; type definitions belong at the top level' },
    en: {
      title: 'IR Generation Error',
      template: 'IR generation error: {message}',
      description: 'The IR generator could not translate part of the program. Besides internal problems it reports constructs that pass the checker but cannot be compiled: a type definition inside a block, an unsupported assignment target, a field whose position cannot be resolved, and a function with more than 65,535 locals. Monomorphisation failures use this code too.',
      example: `main = {
    Point: Type = { x: Int, y: Int }
}`,
      help: 'If the message names a construct, move or rewrite it (type definitions belong at the top level); otherwise report the error with the program that produced it.',
    },
    zh: {
      title: 'IR 生成错误',
      template: 'IR 生成错误：{message}',
      description: 'IR 生成器无法翻译程序的某个部分。除内部问题外，它还会报告通过了类型检查却无法编译的结构：代码块中的类型定义、不受支持的赋值目标、无法确定位置的字段，以及局部变量超过 65,535 个的函数。单态化失败也使用此错误码。',
      help: '如果消息指出了具体结构，请移动或改写它（类型定义应放在顶层）；否则请附上触发它的程序报告此错误。',
    },
  },
  {
    code: 'E3010',
    category: 'Codegen',
    severity: 'error',
    registered: true,
    exampleArgs: { expr_type: 'Spawn' },
    en: {
      title: 'Unimplemented Expression (Code Generation)',
      template: 'Code generation: unimplemented expression type: {expr_type}',
      description: 'The code generator, which turns the intermediate representation into bytecode, met a kind of expression it does not implement. The reference compiler registers this code but never reports it.',
      example: `// Reported by the bytecode generator for an expression kind it cannot
// translate; no 0.7.12 program reaches it.`,
      help: 'Rewrite the expression with simpler constructs, and report the construct so that it can be supported.',
    },
    zh: {
      title: '未实现的表达式（代码生成）',
      template: '代码生成：未实现的表达式类型：{expr_type}',
      description: '代码生成器（把中间表示转换为字节码的阶段）遇到了它尚未实现的表达式种类。参考编译器注册了此错误码，但从不报告。',
      example: `// 由字节码生成器在遇到无法翻译的表达式种类时报告；
// 在 0.7.12 中没有程序会走到这里。`,
      help: '用更简单的结构改写该表达式，并报告这一结构，以便日后支持。',
    },
  },
  {
    code: 'E3011',
    category: 'Codegen',
    severity: 'error',
    registered: true,
    exampleArgs: { stmt_type: 'Use' },
    en: {
      title: 'Unimplemented Statement (Code Generation)',
      template: 'Code generation: unimplemented statement type: {stmt_type}',
      description: 'The code generator met a kind of statement it does not implement. The reference compiler registers this code but never reports it.',
      example: `// Reported by the bytecode generator for a statement kind it cannot
// translate; no 0.7.12 program reaches it.`,
      help: 'Rewrite the statement with simpler constructs, and report the construct so that it can be supported.',
    },
    zh: {
      title: '未实现的语句（代码生成）',
      template: '代码生成：未实现的语句类型：{stmt_type}',
      description: '代码生成器遇到了它尚未实现的语句种类。参考编译器注册了此错误码，但从不报告。',
      example: `// 由字节码生成器在遇到无法翻译的语句种类时报告；
// 在 0.7.12 中没有程序会走到这里。`,
      help: '用更简单的结构改写该语句，并报告这一结构，以便日后支持。',
    },
  },
  {
    code: 'E3012',
    category: 'Codegen',
    severity: 'error',
    registered: true,
    exampleArgs: { call_type: 'closure call' },
    en: {
      title: 'Unimplemented Call (Code Generation)',
      template: 'Code generation: unimplemented call type: {call_type}',
      description: 'The code generator met a kind of call it does not implement. The reference compiler registers this code but never reports it.',
      example: `// Reported by the bytecode generator for a kind of call it cannot
// translate; no 0.7.12 program reaches it.`,
      help: 'Call the function in a more direct way, for example through a named binding, and report the construct.',
    },
    zh: {
      title: '未实现的调用（代码生成）',
      template: '代码生成：未实现的调用类型：{call_type}',
      description: '代码生成器遇到了它尚未实现的调用种类。参考编译器注册了此错误码，但从不报告。',
      example: `// 由字节码生成器在遇到无法翻译的调用种类时报告；
// 在 0.7.12 中没有程序会走到这里。`,
      help: '用更直接的方式调用函数，例如通过具名绑定调用，并报告这一结构。',
    },
  },
  {
    code: 'E3013',
    category: 'Codegen',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'helper' },
    en: {
      title: 'Symbol Not Found (Code Generation)',
      template: "Code generation: symbol not found: '{name}'",
      description: 'The code generator could not find the symbol a name refers to. Unknown names are normally caught by the type checker as E1001, so the reference compiler registers this code but never reports it.',
      example: `// Reported by the bytecode generator when a name has no symbol;
// the type checker reports unknown names (E1001) long before.`,
      help: 'Make sure the name is defined and imported; if the program checks cleanly, report this as a compiler problem.',
    },
    zh: {
      title: '符号未找到（代码生成）',
      template: "代码生成：符号未找到：'{name}'",
      description: '代码生成器找不到某个名称所指的符号。未知名称通常早已被类型检查器以 E1001 捕获，因此参考编译器注册了此错误码，但从不报告。',
      example: `// 由字节码生成器在某个名称没有对应符号时报告；
// 类型检查器早已把未知名称报告为 E1001。`,
      help: '确认该名称已定义并已导入；如果程序通过了检查，请把它作为编译器问题报告。',
    },
  },
  {
    code: 'E3014',
    category: 'Codegen',
    severity: 'error',
    registered: true,
    exampleArgs: { id: '256', limit: '255' },
    en: {
      title: 'Register Overflow',
      template: 'Register overflow: {id} exceeds limit {limit}',
      description: 'A function needs more virtual registers than the bytecode can address; register numbers must fit in one byte, so 255 is the limit. Very long functions or expressions reach it.',
      example: `// A function body whose values need more than 256 registers, for example
// one expression that combines hundreds of sub-expressions:
total = 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8`,
      help: 'Split the function into smaller functions, or break long expressions into several bindings.',
    },
    zh: {
      title: '寄存器溢出',
      template: '寄存器溢出：{id} 超过限制 {limit}',
      description: '函数需要的虚拟寄存器数量超出了字节码能够寻址的范围；寄存器编号必须能放进一个字节，因此上限是 255。非常长的函数或表达式会达到这个上限。',
      example: `// 值需要超过 256 个寄存器的函数体，例如
// 一个组合了数百个子表达式的表达式：
total = 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8`,
      help: '把函数拆分成几个更小的函数，或把很长的表达式拆成多个绑定。',
    },
  },
  {
    code: 'E3015',
    category: 'Codegen',
    severity: 'error',
    registered: true,
    exampleArgs: { reason: 'cannot assign to a call result' },
    en: {
      title: 'Invalid assignment target',
      template: 'Invalid assignment target: {reason}',
      description: 'The left side of an assignment is something that cannot hold a value, such as a call. The parser accepts any expression there, and the reference compiler registers this code but never reports it; the IR generator reports unsupported targets as E3005.',
      example: `main = {
    f(1) = 3
}`,
      help: 'Assign only to a variable, a field (`p.x = …`) or an element (`xs[0] = …`).',
    },
    zh: {
      title: '无效赋值目标',
      template: '无效赋值目标：{reason}',
      description: '赋值的左侧是无法存放值的东西，例如函数调用。语法分析器在这里接受任何表达式，而参考编译器注册了此错误码但从不报告；IR 生成器把不受支持的赋值目标报告为 E3005。',
      help: '只对变量、字段（`p.x = …`）或元素（`xs[0] = …`）赋值。',
    },
  },
  {
    code: 'E3016',
    category: 'Codegen',
    severity: 'error',
    registered: true,
    exampleArgs: { expected: 'int64', found: 'string' },
    en: {
      title: 'Type mismatch (code generation)',
      template: 'Code generation type mismatch: expected {expected}, found {found}',
      description: 'The code generator found a value of a different type than the instruction it is emitting requires. Type errors are caught earlier by the type checker, so the reference compiler registers this code but never reports it.',
      example: `// An internal consistency check of the bytecode generator; programs that
// pass the type checker do not trigger it.`,
      help: 'This points at a compiler problem; report it with the program that produced it.',
    },
    zh: {
      title: '类型不匹配（代码生成）',
      template: '代码生成类型不匹配：期望 {expected}，实际 {found}',
      description: '代码生成器发现某个值的类型与正在生成的指令所要求的类型不同。类型错误早已被类型检查器捕获，因此参考编译器注册了此错误码，但从不报告。',
      example: `// 字节码生成器的内部一致性检查；
// 通过了类型检查的程序不会触发它。`,
      help: '这表明编译器存在问题；请附上触发它的程序进行报告。',
    },
  },
  {
    code: 'E3017',
    category: 'Codegen',
    severity: 'error',
    registered: true,
    exampleArgs: { reason: 'constant index out of range' },
    en: {
      title: 'Invalid operand (code generation)',
      template: 'Code generation: invalid operand: {reason}',
      description: 'The code generator could not encode an operand of an instruction. It is reported while translating the intermediate representation into bytecode and usually indicates a compiler problem rather than a mistake in the program.',
      example: `// Raised while operands are encoded into bytecode, e.g. when an operand
// refers to something the generated function cannot address.`,
      help: 'Try simplifying the code around the reported construct, and report the error with the program that produced it.',
    },
    zh: {
      title: '无效操作数（代码生成）',
      template: '代码生成：无效操作数：{reason}',
      description: '代码生成器无法编码某条指令的操作数。它在把中间表示翻译为字节码时报告，通常表明编译器存在问题，而不是程序有错。',
      example: `// 在把操作数编码为字节码时出现，例如某个操作数
// 引用了生成的函数无法寻址的内容。`,
      help: '尝试简化报告位置附近的代码，并附上触发它的程序报告此错误。',
    },
  },
  {
    code: 'E3018',
    category: 'Codegen',
    severity: 'error',
    registered: true,
    exampleArgs: { message: 'unknown instruction' },
    en: {
      title: 'Translation error',
      template: 'Translation error: {message}',
      description: 'The translator from intermediate representation to bytecode failed. The reference compiler registers this code but never reports it.',
      example: `// An internal error of the bytecode translator; no source code triggers
// it directly.`,
      help: 'This points at a compiler problem; report it with the program that produced it.',
    },
    zh: {
      title: '翻译错误',
      template: '翻译错误：{message}',
      description: '从中间表示到字节码的翻译器出错。参考编译器注册了此错误码，但从不报告。',
      example: '// 字节码翻译器的内部错误；没有源代码会直接触发它。',
      help: '这表明编译器存在问题；请附上触发它的程序进行报告。',
    },
  },
];
