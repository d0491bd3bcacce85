// E7xxx: I/O.
// Titles and templates are copied verbatim from the reference's
// src/util/diagnostic/codes/i18n/{en,zh}.json (v0.7.12); descriptions,
// examples and help are our own.
import type { CodeEntry } from '../types.ts';

export const E7XXX: readonly CodeEntry[] = [
  {
    code: 'E7001',
    category: 'I/O',
    severity: 'error',
    registered: true,
    exampleArgs: { path: 'missing.txt' },
    en: {
      title: 'File not found',
      template: "File not found: '{path}'",
      description: 'A file that the program or the compiler tried to open does not exist. The reference compiler registers this code but never reports it: file errors are reported as plain text messages.',
      example: `use std.io

main = {
    text = io.read_file("missing.txt")
}`,
      help: 'Check the path and the working directory; relative paths are resolved from the directory the program runs in.',
    },
    zh: {
      title: '文件未找到',
      template: "文件未找到：'{path}'",
      description: '程序或编译器试图打开的文件不存在。参考编译器注册了此错误码，但从不报告：文件错误以普通文本消息报告。',
      help: '检查路径和工作目录；相对路径从程序运行时所在的目录开始解析。',
    },
  },
  {
    code: 'E7002',
    category: 'I/O',
    severity: 'error',
    registered: true,
    exampleArgs: { path: '/root/secret.txt' },
    en: {
      title: 'Permission denied',
      template: "Permission denied: '{path}'",
      description: 'The operating system refused access to a file. The reference compiler registers this code but never reports it: file errors are reported as plain text messages.',
      example: `use std.io

main = {
    text = io.read_file("/root/secret.txt")
}`,
      help: "Check the file's permissions, or run the program as a user allowed to access it.",
    },
    zh: {
      title: '权限被拒绝',
      template: "权限被拒绝：'{path}'",
      description: '操作系统拒绝访问某个文件。参考编译器注册了此错误码，但从不报告：文件错误以普通文本消息报告。',
      help: '检查文件的权限，或以有权访问它的用户身份运行程序。',
    },
  },
  {
    code: 'E7003',
    category: 'I/O',
    severity: 'error',
    registered: true,
    exampleArgs: { reason: 'No space left on device' },
    en: {
      title: 'I/O error',
      template: 'I/O error: {reason}',
      description: 'An input or output operation failed for a reason other than a missing file or a permission problem, such as a full disk. The reference compiler registers this code but never reports it.',
      example: `use std.io

main = {
    ok = io.write_file("/dev/full", "data")
}`,
      help: 'Read the reason in the message; it comes from the operating system.',
    },
    zh: {
      title: 'I/O 错误',
      template: 'I/O 错误：{reason}',
      description: '输入输出操作因文件缺失和权限问题以外的原因失败，例如磁盘已满。参考编译器注册了此错误码，但从不报告。',
      help: '阅读消息中的原因；它来自操作系统。',
    },
  },
  {
    code: 'E7004',
    category: 'I/O',
    severity: 'error',
    registered: true,
    exampleArgs: { reason: 'connection refused' },
    en: {
      title: 'Network Error',
      template: 'Network error: {reason}',
      description: 'A network operation failed, for example because the host could not be reached or refused the connection. The reference compiler registers this code but never reports it.',
      example: `use std.net

main = {
    page = net.http_get("http://localhost:9")
}`,
      help: 'Check the address and the network connection, then try again.',
    },
    zh: {
      title: '网络错误',
      template: '网络错误：{reason}',
      description: '网络操作失败，例如无法连接到主机或主机拒绝连接。参考编译器注册了此错误码，但从不报告。',
      help: '检查地址和网络连接，然后重试。',
    },
  },
];
