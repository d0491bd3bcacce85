// list_imports: the `use` statements of one file and what each resolves to.
import * as z from 'zod';
import { page, pageFields, spanOf, spanSchema } from '../contract.ts';
import { defineTool, halveLimit, READ_ONLY } from './tool.ts';

const input = z.object({
  file_path: z.string().min(1).describe('A .yx file, relative to the project root').meta({ examples: ['main.yx'] }),
  project_root: z.string().optional().describe('Project directory, relative to the server\'s root (default: the root)').meta({ examples: ['.'] }),
  limit: z.number().int().min(1).max(1_000).default(200).describe('Most imports returned').meta({ examples: [50] }),
});

const output = z.object({
  file: z.string(),
  imports: z.array(z.object({
    module: z.string().describe('As written: std.io, utils, a.b'),
    items: z.array(z.object({ name: z.string(), alias: z.string().nullable(), is_public: z.boolean() })),
    alias: z.string().nullable(),
    is_public: z.boolean().describe('`pub use`: re-exported'),
    resolved: z.object({ kind: z.enum(['std', 'file', 'unresolved']), target: z.string().nullable().describe('The std module or the project file it resolves to') }),
    span: spanSchema,
  })),
  ...pageFields,
});

export const listImports = defineTool({
  name: 'list_imports',
  title: 'List a file\'s imports',
  description:
    'List the `use` statements of a YaoXiang file: module, imported items (with aliases), whether re-exported, and what the module resolves to (a std module, a project file relative to the root, or unresolved).',
  input,
  output,
  annotations: READ_ONLY,
  shrink: halveLimit,
  async run(args, host, signal) {
    return host.withFiles(args.project_root, (analysis) => {
      const file = host.resolveFile(analysis, args.file_path, 'file_path');
      const cut = page(file.imports, args.limit);
      return {
        file: file.path,
        imports: cut.items.map((i) => ({
          module: i.module,
          items: i.items.map((item) => ({ name: item.name, alias: item.alias ?? null, is_public: item.isPublic })),
          alias: i.alias ?? null,
          is_public: i.items.some((item) => item.isPublic),
          resolved: { kind: i.resolved.kind, target: i.resolved.kind === 'std' ? i.resolved.module : i.resolved.kind === 'file' ? i.resolved.path : null },
          span: spanOf(file.lines.humanRange(i.span.start, i.span.end)),
        })),
        total: cut.total,
        truncated: cut.truncated,
      };
    }, signal);
  },
});
