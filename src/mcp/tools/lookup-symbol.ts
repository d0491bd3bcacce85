// lookup_symbol: ranked symbol search over the project index.
import * as z from 'zod';
import { SYMBOL_KINDS, type SymbolKind } from '../../ide/index.ts';
import { pageFields, spanOf, spanSchema } from '../contract.ts';
import { defineTool, halveLimit, READ_ONLY } from './tool.ts';

const input = z.object({
  query: z.string().min(1).max(200).describe('A name or part of one; `Type.member` finds members of a type. Matches exact, case-insensitive, prefix, word start (`sq` → sum_squares), subsequence, best first').meta({ examples: ['area', 'Point.shift'] }),
  workspace_root: z.string().optional().describe('Directory to search, relative to the server\'s project root (default: the root itself)').meta({ examples: ['.'] }),
  kind: z.array(z.enum(SYMBOL_KINDS as [SymbolKind, ...SymbolKind[]])).optional().describe('Only these kinds').meta({ examples: [['function', 'method']] }),
  limit: z.number().int().min(1).max(500).default(50).describe('Most symbols returned').meta({ examples: [20] }),
});

const output = z.object({
  symbols: z.array(z.object({
    name: z.string(),
    kind: z.string(),
    container: z.string().nullable().describe('The type a field or method belongs to'),
    file: z.string().describe('Relative to the project root'),
    range: spanSchema,
    exported: z.boolean(),
  })),
  ...pageFields,
});

export const lookupSymbol = defineTool({
  name: 'lookup_symbol',
  title: 'Look up YaoXiang symbols',
  description:
    'Find functions, types, methods, fields and bindings by name across the project, best matches first. Returns each symbol\'s kind, container type, file (relative to the project root) and 1-based span. ' +
    'Waits for the first index of the project; answers MCP-INDEXING if it is still loading.',
  input,
  output,
  annotations: READ_ONLY,
  shrink: halveLimit,
  async run(args, host, signal) {
    return host.withFiles(args.workspace_root, async (analysis) => {
      const found = await analysis.symbols(args.query, { ...(args.kind ? { kinds: args.kind } : {}), limit: args.limit });
      return {
        symbols: found.symbols.map((s) => ({ name: s.name, kind: s.kind, container: s.container ?? null, file: s.file, range: spanOf(s.range), exported: s.exported })),
        total: found.total,
        truncated: found.total > found.symbols.length,
      };
    }, signal);
  },
});
