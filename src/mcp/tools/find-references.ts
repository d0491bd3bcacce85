// find_references: the definition and every use of a binding or member, across files.
import * as z from 'zod';
import { parseReferenceQuery } from '../../ide/index.ts';
import { ERROR_CODES, page, pageFields, spanOf, spanSchema, ToolError } from '../contract.ts';
import { defineTool, halveLimit, READ_ONLY } from './tool.ts';

const input = z.object({
  query: z.string().min(1).max(1_000).describe('What to find: a name (`total`), a member (`Point.shift`), a name in one file (`utils.yx:total`) or a 1-based position (`main.yx:8:10`, line:column)').meta({ examples: ['total', 'main.yx:8:10'] }),
  workspace_root: z.string().optional().describe('Directory to search, relative to the server\'s project root (default: the root)').meta({ examples: ['.'] }),
  limit: z.number().int().min(1).max(2_000).default(100).describe('Most locations returned').meta({ examples: [50] }),
});

const location = z.object({
  file: z.string().describe('Relative to the project root'),
  range: spanSchema,
  line_text: z.string().describe('The whole line, trimmed'),
});

const output = z.object({
  definition: location.nullable().describe('Where it is defined; null for a std or unresolved name'),
  locations: z.array(location.extend({ is_definition: z.boolean() })),
  ...pageFields,
});

export const findReferences = defineTool({
  name: 'find_references',
  title: 'Find references',
  description:
    'Find the definition and every use of a YaoXiang binding, function, type or member, following scopes and imports across files (strings and comments are never matched). ' +
    'Address it by name, `Type.member`, `file.yx:name` or 1-based `file.yx:line:col`. An unknown name gives zero locations, not an error.',
  input,
  output,
  annotations: READ_ONLY,
  shrink: halveLimit,
  async run(args, host, signal) {
    return host.withFiles(args.workspace_root, (analysis) => {
      const query = parseReferenceQuery(args.query);
      if (query.file !== undefined) query.file = host.resolveFile(analysis, query.file, 'query').path;
      if (query.kind === 'position') {
        // Clamped, a position outside the file would answer for another place (0:1 for 1:1) or for nothing.
        const problem = analysis.file(query.file)!.lines.humanPositionProblem(query);
        if (problem !== undefined) throw new ToolError(ERROR_CODES.invalidInput, `${args.query} is not a position in the file: ${problem}`);
      }
      const found = analysis.references(query);
      const toLocation = (l: (typeof found)[number]) => ({ file: l.file, range: spanOf(l.range), line_text: l.lineText.trim() });
      const definition = found.find((l) => l.isDefinition);
      const cut = page(found, args.limit);
      return {
        definition: definition ? toLocation(definition) : null,
        locations: cut.items.map((l) => ({ ...toLocation(l), is_definition: l.isDefinition })),
        total: cut.total,
        truncated: cut.truncated,
      };
    }, signal);
  },
});
