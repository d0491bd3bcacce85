// `yaoxiang parse [FILE|-]`: print the syntax tree, or only its errors.
import { parseArgs } from 'node:util';
import { createParser, parseOrThrow, syntaxProblems, toJson, toSExpression } from '../ide/index.ts';
import { loadGrammarForBatch } from './grammar-load.ts';
import { EXIT, readSource, UsageError } from './io.ts';
import { jsonText } from './json-text.ts';
import { shownPath } from './shown-path.ts';

export const parseHelp = `Usage: yaoxiang parse [FILE|-] [options]

Print the tree-sitter syntax tree of a YaoXiang file (standard input for - or no FILE).

Options:
  --format sexp|json  output format (default: sexp)
  --all               include anonymous nodes (keywords, punctuation)
  --errors            list only ERROR and MISSING nodes with their positions
  -h, --help          show this help

Positions are 1-based line:column (columns count Unicode characters).
Exit status: 0 clean tree, 1 tree has syntax errors, 2 usage or I/O error.`;

export async function runParse(argv: string[], out: (text: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'sexp' },
      all: { type: 'boolean', default: false },
      errors: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    out(parseHelp + '\n');
    return EXIT.ok;
  }
  if (values.format !== 'sexp' && values.format !== 'json') {
    throw new UsageError(`--format must be sexp or json, not ${JSON.stringify(values.format)}`);
  }
  if (positionals.length > 1) throw new UsageError('parse takes at most one FILE');
  const source = await readSource(positionals[0] ?? '-');
  await loadGrammarForBatch(Buffer.byteLength(source.text));
  const parser = await createParser();
  const tree = parseOrThrow(parser, source.text);
  try {
    const problems = syntaxProblems(tree, source.text);
    if (values.errors) {
      if (values.format === 'json') out(JSON.stringify(problems.map(({ startIndex: _s, endIndex: _e, ...rest }) => rest), null, 2) + '\n');
      else for (const p of problems) out(`${shownPath(source.name)}:${p.start.line}:${p.start.column}: ${describe(p.kind, p.type, p.text)}\n`);
    } else if (values.format === 'json') {
      out(jsonText(toJson(tree, source.text, { all: values.all }).root) + '\n');
    } else {
      out(toSExpression(tree, source.text, { all: values.all }) + '\n');
    }
    return problems.length === 0 ? EXIT.ok : EXIT.findings;
  } finally {
    tree.delete();
    parser.delete();
  }
}

function describe(kind: 'ERROR' | 'MISSING', type: string, text: string): string {
  if (kind === 'MISSING') return `missing ${JSON.stringify(type)}`;
  const shown = text.length > 40 ? text.slice(0, 37) + '...' : text;
  return `syntax error at ${JSON.stringify(shown)}`;
}
