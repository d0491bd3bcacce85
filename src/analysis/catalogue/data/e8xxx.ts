// E8xxx: internal compiler errors.
// Titles and templates are copied verbatim from the reference's
// src/util/diagnostic/codes/i18n/{en,zh}.json (v0.7.12); descriptions,
// examples and help are our own.
import type { CodeEntry } from '../types.ts';

export const E8XXX: readonly CodeEntry[] = [
  {
    code: 'E8001',
    category: 'Internal',
    severity: 'error',
    registered: true,
    exampleArgs: { message: 'unexpected state in IR generation' },
    en: {
      title: 'Internal Compiler Error',
      template: 'Internal compiler error: {message}',
      description: 'An internal compiler error. In 0.7.12 the code also carries messages about the program that are not compiler bugs: a `while` loop whose termination cannot be proven is reported as E8001 with the raw text `无法证明: BeyondKernel("循环无法证明终止：未找到有效的递减度量")` (“cannot prove: the loop cannot be proven to terminate, no valid decreasing measure found”), as in the example, and a diagnostic whose template lacks parameters is replaced by `Internal diagnostic error: missing template parameter(s) …`.',
      example: `main = {
    while true {
        break
    }
}`,
      help: 'For the loop message, write the loop so that a variable moves towards a bound by a constant step (`while i < n { … i = i + 1 }`). Otherwise report the error, with a file that reproduces it, at https://github.com/ChenXu233/YaoXiang/issues.',
    },
    zh: {
      title: '内部编译器错误',
      template: '内部编译器错误：{message}',
      description: '编译器内部错误。在 0.7.12 中，此错误码也用于一些并非编译器缺陷、而是关于程序本身的消息：无法证明会终止的 `while` 循环（如示例所示）会以原始文本 `无法证明: BeyondKernel("循环无法证明终止：未找到有效的递减度量")` 报告为 E8001；模板缺少参数的诊断则会被替换为 `Internal diagnostic error: missing template parameter(s) …`。',
      help: '对于循环相关的消息，请让某个变量以常量步长朝界限移动（`while i < n { … i = i + 1 }`）。其他情况请附上能复现问题的文件，到 https://github.com/ChenXu233/YaoXiang/issues 报告。',
    },
  },
  {
    code: 'E8002',
    category: 'Internal',
    severity: 'error',
    registered: true,
    exampleArgs: { reason: 'index out of bounds: the len is 0 but the index is 0' },
    en: {
      title: 'Unexpected Panic',
      template: 'Unexpected compiler panic: {reason}',
      description: 'The compiler crashed unexpectedly. In 0.7.12 the code is also used, with the raw text `需要证明函数来验证约束` (“a proof function is needed to verify the constraint”), when a refinement constraint can only be checked by a proof function that is not available.',
      example: `// Any input that makes the compiler itself crash; no particular program
// is meant to produce it.`,
      help: 'Report the crash with the input that caused it. For the proof-function message, define the predicate as a function returning `Type` and use it in the annotation.',
    },
    zh: {
      title: '意外 Panic',
      template: '意外编译器 panic：{reason}',
      description: '编译器意外崩溃。在 0.7.12 中，当某个精化约束只能由一个不可用的证明函数检查时，也会以原始文本 `需要证明函数来验证约束` 使用此错误码。',
      example: `// 任何使编译器自身崩溃的输入；
// 并没有特定的程序会产生它。`,
      help: '请附上导致崩溃的输入进行报告。对于证明函数相关的消息，请把谓词定义为返回 `Type` 的函数，并在类型标注中使用它。',
    },
  },
  {
    code: 'E8003',
    category: 'Internal',
    severity: 'error',
    registered: true,
    exampleArgs: { phase: 'codegen', message: 'function table is empty' },
    en: {
      title: 'Compiler Phase Error',
      template: 'Compiler phase error: {phase} - {message}',
      description: 'A compiler phase failed in a way that has no more specific code. The reference compiler registers this code but never reports it.',
      example: `// An internal error raised between compiler phases; no source code
// triggers it directly.`,
      help: 'This points at a compiler problem; report it with the program that produced it.',
    },
    zh: {
      title: '编译器阶段错误',
      template: '编译器阶段错误：{phase} - {message}',
      description: '编译器的某个阶段以没有更具体错误码的方式失败。参考编译器注册了此错误码，但从不报告。',
      example: '// 在编译器各阶段之间出现的内部错误；没有源代码会直接触发它。',
      help: '这表明编译器存在问题；请附上触发它的程序进行报告。',
    },
  },
  {
    code: 'E8004',
    category: 'Internal',
    severity: 'error',
    registered: false,
    exampleArgs: { feature: 'statement-level unsafe blocks' },
    en: {
      title: 'Unimplemented Feature',
      template: 'Unimplemented feature: {feature}',
      description: "The program uses a language feature that the compiler does not implement yet. The code exists only in the reference's message files, not in its registry, and nothing reports it; the reference's `yaoxiang explain E8004` answers `Unknown error code`.",
      example: `// Meant for a language feature the compiler does not implement yet;
// nothing in 0.7.12 reports it.`,
      help: 'Express the same thing with features the compiler supports, and check the release notes for when the feature arrives.',
    },
    zh: {
      title: '未实现功能',
      template: '未实现功能：{feature}',
      description: '程序使用了编译器尚未实现的语言特性。此错误码只存在于参考实现的消息文件中，并不在其注册表里，也没有任何地方报告它；参考实现的 `yaoxiang explain E8004` 会回答 `Unknown error code`。',
      example: `// 用于编译器尚未实现的语言特性；
// 0.7.12 中没有任何地方报告它。`,
      help: '用编译器已支持的特性表达同样的意思，并留意发布说明中该特性何时推出。',
    },
  },
];
