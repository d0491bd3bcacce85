// typecheck: syntax and type diagnostics of project files, with the reference's codes.
import * as z from 'zod';
import { fileDiagnosticSchema, page, pageFields, spanOf } from '../contract.ts';
import { defineTool, halveLimit, READ_ONLY } from './tool.ts';

const input = z.object({
  file_paths: z.array(z.string().min(1)).max(10_000).describe('.yx files to check, relative to project_root; empty checks every file').meta({ examples: [['main.yx']] }),
  project_root: z.string().describe('The project directory, relative to the server\'s root; "." for the root itself').meta({ examples: ['.'] }),
  mode: z.enum(['fast', 'full']).default('fast').describe('fast: the files and the project files they import; full: the whole project').meta({ examples: ['fast'] }),
  limit: z.number().int().min(1).max(2_000).default(200).describe('Most diagnostics returned (summary counts all)').meta({ examples: [100] }),
});

const output = z.object({
  diagnostics: z.array(fileDiagnosticSchema),
  summary: z.object({ errors: z.number().int(), warnings: z.number().int(), files: z.number().int() }),
  ...pageFields,
});

export const typecheck = defineTool({
  name: 'typecheck',
  title: 'Type-check YaoXiang files',
  description:
    'Report syntax and type errors of project files with the reference compiler\'s codes (E1001 unknown variable, E1002 type mismatch, …) and 1-based spans; use explain_diagnostic for what a code means. ' +
    'Reads the files from disk (fresh on every call). Errors in the code are data: isError stays false.',
  input,
  output,
  annotations: READ_ONLY,
  shrink: halveLimit,
  async run(args, host) {
    return host.withFiles(args.project_root, (files, workspace) => {
      const targets = args.file_paths.map((given) => host.resolveFile(files, workspace, given, 'file_paths').path);
      const mode = args.file_paths.length === 0 ? 'full' : args.mode;
      const report = workspace.checker.check(files, { mode, targets });
      const cut = page(report.diagnostics, args.limit);
      return {
        diagnostics: cut.items.map((d) => ({ file: d.file, code: d.code, severity: d.severity, message: d.message, span: spanOf(d.range), ...(d.help ? { help: d.help } : {}) })),
        summary: report.summary,
        total: cut.total,
        truncated: cut.truncated,
      };
    });
  },
});
