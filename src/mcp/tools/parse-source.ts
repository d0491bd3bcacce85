// parse_source: the syntax tree of a snippet, bounded, with syntax diagnostics.
import * as z from 'zod';
import { parseSource as parseText, toJson, withTabStops, type JsonNode } from '../../ide/index.ts';
import { diagnosticSchema, requireSource, spanOf, spanSchema, toMcpDiagnostic } from '../contract.ts';
import { defineTool, READ_ONLY } from './tool.ts';

const MAX_DIAGNOSTICS = 100;

const input = z.object({
  source: z.string().describe('YaoXiang source text to parse').meta({ examples: ['main: () -> Void = () => {\n    io.println("hi")\n}\n'] }),
  tab_size: z.number().int().min(1).max(16).optional().describe('Count a tab as reaching the next multiple of this many columns in spans (default: a tab is one column)').meta({ examples: [4] }),
  max_depth: z.number().int().min(0).max(1_000).default(12).describe('Deepest tree level returned (root = 0); deeper nodes are cut and `truncated` is true').meta({ examples: [6] }),
  max_nodes: z.number().int().min(1).max(50_000).default(1_000).describe('Most nodes returned, in document order; the rest are cut and `truncated` is true. Lowered automatically when the result would be too large').meta({ examples: [500] }),
  named_only: z.boolean().default(true).describe('Only named nodes (false adds keywords and punctuation)').meta({ examples: [true] }),
});

interface AstNode {
  type: string;
  field?: string;
  span: number[];
  text?: string;
  missing?: true;
  children?: AstNode[];
}

const astNode: z.ZodType<AstNode> = z.lazy(() =>
  z.object({
    type: z.string(),
    field: z.string().optional(),
    span: spanSchema,
    text: z.string().optional(),
    missing: z.literal(true).optional(),
    children: z.array(astNode).optional(),
  }),
);

const output = z.object({
  ast: astNode.describe('Node types, field names and 1-based spans; leaves carry their text'),
  node_count: z.number().int(),
  diagnostics: z.array(diagnosticSchema),
  total_diagnostics: z.number().int(),
  truncated: z.boolean().describe('True when the tree was cut by max_depth or the node limit, or diagnostics were cut'),
});

export const parseSource = defineTool({
  name: 'parse_source',
  title: 'Parse YaoXiang source',
  description:
    'Parse YaoXiang source text with the error-tolerant tree-sitter grammar and return its syntax tree (node types, fields, 1-based [line, col, endLine, endCol] spans) and syntax diagnostics with the reference compiler\'s codes (E0001…). ' +
    'Syntax errors are data, not failures. The tree is bounded by max_depth and max_nodes; `truncated` says when it was cut. Does not read files.',
  input,
  output,
  annotations: READ_ONLY,
  shrink: (args) => (args.max_nodes > 1 ? { ...args, max_nodes: Math.floor(args.max_nodes / 2) } : undefined),
  async run(args, host, _signal, scope) {
    const source = requireSource(args.source, host.limits);
    // A retry for a smaller result changes only max_nodes: parse and diagnose once per call.
    const { tree, lines, diagnostics } = await scope.once('parsed', async () => {
      const parsed = parseText(await host.parser(), source);
      scope.onEnd(() => parsed.tree.delete());
      return parsed;
    });
    const json = toJson(tree, source, { all: !args.named_only, maxDepth: args.max_depth, maxNodes: args.max_nodes });
    const tabs = args.tab_size === undefined ? undefined : withTabStops(lines, args.tab_size);
    const convert = (node: JsonNode): AstNode => {
      const range = { start: node.start, end: node.end };
      const out: AstNode = { type: node.type, span: spanOf(tabs ? tabs(range) : range) };
      if (node.field) out.field = node.field;
      if (node.text !== undefined) out.text = node.text;
      if (node.missing) out.missing = true;
      if (node.children) out.children = node.children.map(convert);
      return out;
    };
    const shown = diagnostics.slice(0, MAX_DIAGNOSTICS).map((d) => toMcpDiagnostic(tabs ? { ...d, range: tabs(d.range) } : d));
    return {
      ast: convert(json.root),
      node_count: json.nodeCount,
      diagnostics: shown,
      total_diagnostics: diagnostics.length,
      truncated: json.truncated || diagnostics.length > MAX_DIAGNOSTICS,
    };
  },
});
