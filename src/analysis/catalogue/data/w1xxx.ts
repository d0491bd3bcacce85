// W1xxx: dead-code warnings.
// Titles and templates are copied verbatim from the reference's
// src/util/diagnostic/codes/i18n/{en,zh}.json (v0.7.12); descriptions,
// examples and help are our own.
import type { CodeEntry } from '../types.ts';

export const W1XXX: readonly CodeEntry[] = [
  {
    code: 'W1001',
    category: 'Warning',
    severity: 'warning',
    registered: true,
    exampleArgs: { name: 'unused_helper' },
    en: {
      title: 'Unused exported function',
      template: "Unused exported function: '{name}'",
      description: "A function marked `pub` is never called, neither from the program's entry points nor from other code. The reference computes this warning in a dead-code pass but never shows it: `check` always reports 0 warnings, and the language server does not run the pass.",
      example: `pub unused_helper: () -> Int = {
    return 1
}

main = {
}`,
      help: 'Call the function, drop its `pub`, or remove it.',
    },
    zh: {
      title: '未使用的导出函数',
      template: "未使用的导出函数：'{name}'",
      description: '标记为 `pub` 的函数从未被调用，无论是从程序入口还是从其他代码。参考编译器在死代码检查中计算此警告，却从不显示：`check` 总是报告 0 个警告，语言服务器也不运行这项检查。',
      help: '调用该函数、去掉它的 `pub`，或删除它。',
    },
  },
  {
    code: 'W1002',
    category: 'Warning',
    severity: 'warning',
    registered: true,
    exampleArgs: { name: 'Shape' },
    en: {
      title: 'Unused exported type',
      template: "Unused exported type: '{name}'",
      description: 'A type marked `pub` is never used. The reference computes this warning in its dead-code pass but never shows it.',
      example: `pub Shape: Type = { sides: Int }

main = {
}`,
      help: 'Use the type, drop its `pub`, or remove it.',
    },
    zh: {
      title: '未使用的导出类型',
      template: "未使用的导出类型：'{name}'",
      description: '标记为 `pub` 的类型从未被使用。参考编译器在死代码检查中计算此警告，却从不显示。',
      help: '使用该类型、去掉它的 `pub`，或删除它。',
    },
  },
  {
    code: 'W1003',
    category: 'Warning',
    severity: 'warning',
    registered: true,
    exampleArgs: { name: 'math' },
    en: {
      title: 'Unused import',
      template: "Unused import: '{name}'",
      description: 'An imported module or item is never used. The reference computes this warning in its dead-code pass but never shows it.',
      example: `use std.math

main = {
}`,
      help: 'Remove the `use`, or the unused items from its braces.',
    },
    zh: {
      title: '未使用的导入',
      template: "未使用的导入：'{name}'",
      description: '导入的模块或项从未被使用。参考编译器在死代码检查中计算此警告，却从不显示。',
      help: '删除该 `use`，或删除花括号中未使用的项。',
    },
  },
  {
    code: 'W1004',
    category: 'Warning',
    severity: 'warning',
    registered: true,
    exampleArgs: { name: 'limit' },
    en: {
      title: 'Unused exported variable',
      template: "Unused exported variable: '{name}'",
      description: 'A variable marked `pub` is never read. The reference computes this warning in its dead-code pass but never shows it.',
      example: `pub limit = 10

main = {
}`,
      help: 'Read the variable, drop its `pub`, or remove it.',
    },
    zh: {
      title: '未使用的导出变量',
      template: "未使用的导出变量：'{name}'",
      description: '标记为 `pub` 的变量从未被读取。参考编译器在死代码检查中计算此警告，却从不显示。',
      help: '读取该变量、去掉它的 `pub`，或删除它。',
    },
  },
  {
    code: 'W1005',
    category: 'Warning',
    severity: 'warning',
    registered: true,
    exampleArgs: { name: 'describe' },
    en: {
      title: 'Unused exported method',
      template: "Unused exported method: '{name}'",
      description: 'A method marked `pub` is never called. The reference computes this warning in its dead-code pass but never shows it.',
      example: `Point: Type = { x: Int, y: Int }

pub Point.describe: (self: Point) -> String = (self) => "point"

main = {
}`,
      help: 'Call the method, drop its `pub`, or remove it.',
    },
    zh: {
      title: '未使用的导出方法',
      template: "未使用的导出方法：'{name}'",
      description: '标记为 `pub` 的方法从未被调用。参考编译器在死代码检查中计算此警告，却从不显示。',
      help: '调用该方法、去掉它的 `pub`，或删除它。',
    },
  },
];
