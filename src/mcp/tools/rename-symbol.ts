// rename_symbol: a scope-aware rename of a snippet, returned as edits; writes nothing.
import * as z from 'zod';
import { renameInSource } from '../../ide/index.ts';
import { diagnosticSchema, requireSource, spanSchema, spanOf, toMcpDiagnostic } from '../contract.ts';
import { defineTool } from './tool.ts';

const identifier = z.string().min(1).max(256);

const input = z.object({
  source: z.string().describe('YaoXiang source text').meta({ examples: ['count = 1\nio.println(count)\n'] }),
  old_name: identifier.describe('The name to rename').meta({ examples: ['count'] }),
  new_name: identifier.describe('The new name: an identifier, not a keyword').meta({ examples: ['total'] }),
  scope: z.string().regex(/^(module|function:[A-Za-z_][A-Za-z0-9_]*)$/, 'scope is "module" or "function:NAME"').default('module')
    .describe('"module": the top-level binding and its uses; "function:NAME": a local or parameter of that function').meta({ examples: ['module', 'function:main'] }),
});

const output = z.object({
  source: z.string().describe('The renamed source; the input unchanged when the rename is refused'),
  edits: z.array(z.object({ span: spanSchema, new_text: z.string() })),
  diagnostics: z.array(diagnosticSchema).describe('Why the rename was refused (RENAME_CONFLICT, RENAME_NOT_FOUND, …); empty when it was done'),
});

export const renameSymbol = defineTool({
  name: 'rename_symbol',
  title: 'Rename a symbol',
  description:
    'Rename a binding and every use that resolves to it in YaoXiang source text, following scopes (strings, comments and same-named fields of other types are untouched). ' +
    'Refuses with a diagnostic and no edits when the new name is not an identifier or is a keyword, would capture or be captured by another binding, or the old name has no binding there. Returns the new text and the edits; writes no file.',
  input,
  output,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, host) {
    const source = requireSource(args.source, host.limits);
    const result = await renameInSource(source, args.old_name, args.new_name, args.scope as 'module' | `function:${string}`);
    return {
      source: result.source,
      edits: result.edits.map((e) => ({ span: spanOf(e.range), new_text: e.newText })),
      diagnostics: result.diagnostics.map(toMcpDiagnostic),
    };
  },
});
