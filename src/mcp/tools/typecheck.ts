// typecheck: syntax and type diagnostics of project files, with the reference's codes.
import * as z from 'zod';
import type { FileDiagnostic, FileProblem } from '../../ide/index.ts';
import { fileDiagnosticSchema, page, pageFields, spanOf } from '../contract.ts';
import { manifestDiagnostic, problemCode, problemText } from '../host.ts';
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
    'Reads the files from disk (fresh on every call). Errors in the code are data: isError stays false. ' +
    'A file that cannot be read is one error diagnostic at 1:1 with code MCP-FILE-UNREADABLE, MCP-FILE-INVALID-UTF8 or MCP-FILE-TOO-LARGE; a problem of the project\'s yaoxiang.toml is a warning on that file with code MCP-MANIFEST-INVALID.',
  input,
  output,
  annotations: READ_ONLY,
  shrink: halveLimit,
  async run(args, host, signal) {
    return host.withFiles(args.project_root, async (analysis) => {
      const problems = new Map<string, FileProblem>();
      const targets: string[] = [];
      for (const given of args.file_paths) {
        const resolved = analysis.resolve(given);
        if (resolved.kind === 'problem') problems.set(resolved.problem.file, resolved.problem);
        else targets.push(host.resolveFile(analysis, given, 'file_paths').path);
      }
      const mode = args.file_paths.length === 0 ? 'full' : args.mode;
      const report = await analysis.typecheck({ mode, targets }, signal);
      for (const problem of report.problems) problems.set(problem.file, problem);
      // Stable: each file's own diagnostics keep the checker's order, problem files fall into place by name.
      const manifest = analysis.manifestProblems.map(manifestDiagnostic);
      const diagnostics = [...[...problems.values()].map(problemDiagnostic), ...manifest, ...report.diagnostics].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
      const cut = page(diagnostics, args.limit);
      return {
        diagnostics: cut.items.map((d) => ({ file: d.file, code: d.code, severity: d.severity, message: d.message, span: spanOf(d.range), ...(d.help ? { help: d.help } : {}) })),
        summary: { ...report.summary, errors: report.summary.errors + problems.size, warnings: report.summary.warnings + manifest.length },
        total: cut.total,
        truncated: cut.truncated,
      };
    }, signal);
  },
});

function problemDiagnostic(problem: FileProblem): FileDiagnostic {
  const at = { line: 1, column: 1 };
  return { file: problem.file, code: problemCode(problem), severity: 'error', message: `${problem.file} ${problemText(problem)}`, range: { start: at, end: at } };
}
