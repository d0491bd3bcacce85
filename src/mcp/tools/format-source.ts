// format_source: the formatted text, its diff against the input, and why it was left alone if it was.
import * as z from 'zod';
import { diagnosticSchema, requireSource, toMcpDiagnostic } from '../contract.ts';
import { manifestDiagnostic } from '../host.ts';
import { defineTool, READ_ONLY } from './tool.ts';

const input = z.object({
  source: z.string().describe('YaoXiang source text to format').meta({ examples: ['x:Int=1+2\n'] }),
  tab_size: z.number().int().min(1).max(16).optional().describe('Indent width in spaces; defaults to [fmt] indent_width of the project\'s yaoxiang.toml, else 4').meta({ examples: [4] }),
});

const hunk = z.object({
  oldStart: z.number().int(),
  oldLines: z.number().int(),
  newStart: z.number().int(),
  newLines: z.number().int(),
  lines: z.array(z.string()).describe('Unified-diff lines: " " context, "-" removed, "+" added'),
});

const output = z.object({
  formatted: z.string().describe('The formatted source; the input unchanged when it has syntax errors or was left alone (see diagnostics)'),
  changed: z.boolean(),
  diff: z.array(hunk),
  diagnostics: z.array(diagnosticSchema).describe('Why the source was not formatted: its syntax errors, FORMAT_TOO_DEEP (nested deeper than the formatter goes), FORMAT_TOO_LARGE (more syntax nodes than it takes) or FORMAT_SKIPPED (the result failed the formatter\'s own check); and MCP-MANIFEST-INVALID warnings when the project\'s yaoxiang.toml has problems (the [fmt] settings it could not give are at their defaults)'),
});

export const formatSource = defineTool({
  name: 'format_source',
  title: 'Format YaoXiang source',
  description:
    'Format YaoXiang source text: indentation, spacing, line breaking at the project\'s line_width, sorted `use` statements. Never changes meaning and keeps every comment. ' +
    'A source with syntax errors, nested deeper than the formatter goes (FORMAT_TOO_DEEP) or too large (FORMAT_TOO_LARGE), comes back unchanged with its diagnostics (isError stays false). Returns the text and unified-diff hunks. Writes nothing.',
  input,
  output,
  annotations: READ_ONLY,
  async run(args, host, signal) {
    const source = requireSource(args.source, host.limits);
    const { settings, problems } = await host.formatSettings();
    const result = await host.format({ source, options: { ...settings, ...(args.tab_size !== undefined ? { indent_width: args.tab_size } : {}) }, hunks: true }, signal);
    return {
      formatted: result.formatted,
      changed: result.formatted !== source,
      diff: result.hunks ?? [],
      diagnostics: [...result.diagnostics, ...problems.map(manifestDiagnostic)].map(toMcpDiagnostic),
    };
  },
});
