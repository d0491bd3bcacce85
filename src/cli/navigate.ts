// `yaoxiang symbols QUERY`, `yaoxiang references QUERY`, `yaoxiang imports FILE`.
import { parseArgs } from 'node:util';
import { parseReferenceQuery, SYMBOL_KINDS, type Analysis, type Location, type SymbolKind } from '../ide/index.ts';
import { EXIT, UsageError } from './io.ts';
import { requirePosition, wholeNumberOption } from './numbers.ts';
import { projectFile, withProject } from './project-host.ts';
import { shownPath } from './shown-path.ts';

const common = {
  json: { type: 'boolean', default: false },
  'project-root': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export const symbolsHelp = `Usage: yaoxiang symbols QUERY [--kind KIND]... [--limit N] [--json] [--project-root DIR]

Find symbols by name across the project: exact, case-insensitive, prefix,
word-boundary and subsequence matches, best first. \`Type.member\` finds members.
Kinds: ${SYMBOL_KINDS.join(', ')}.`;

export const referencesHelp = `Usage: yaoxiang references QUERY [--json] [--project-root DIR]

QUERY is a name (\`total\`), a member (\`Point.shift\`), a name in one file
(\`utils.yx:total\`) or a position (\`main.yx:8:10\`, 1-based). Prints the
definition first, then every use, following scopes and imports.`;

export const importsHelp = `Usage: yaoxiang imports FILE [--json] [--project-root DIR]

List the \`use\` statements of FILE and what each module resolves to.`;

export async function runSymbols(argv: string[], out: (text: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { ...common, kind: { type: 'string', multiple: true }, limit: { type: 'string', default: '50' } } });
  if (values.help) return help(out, symbolsHelp);
  const query = single(positionals, 'QUERY');
  const kinds = values.kind ?? [];
  for (const kind of kinds) if (!SYMBOL_KINDS.includes(kind as SymbolKind)) throw new UsageError(`unknown kind ${JSON.stringify(kind)}; one of ${SYMBOL_KINDS.join(', ')}`);
  const limit = wholeNumberOption('--limit', values.limit, 1);
  return withProject(values['project-root'], async (analysis) => {
    const result = await analysis.symbols(query, { kinds: kinds as SymbolKind[], limit });
    if (values.json) out(JSON.stringify({ ...result, truncated: result.total > result.symbols.length }, null, 2) + '\n');
    else for (const s of result.symbols) out(`${shownPath(s.file)}:${s.range.start.line}:${s.range.start.column}\t${s.kind}\t${s.container ? s.container + '.' : ''}${s.name}\n`);
    return result.total > 0 ? EXIT.ok : EXIT.findings;
  });
}

export async function runReferences(argv: string[], out: (text: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: common });
  if (values.help) return help(out, referencesHelp);
  const query = single(positionals, 'QUERY');
  return withProject(values['project-root'], async (analysis) => {
    const locations = referencesFor(analysis, query);
    if (values.json) out(JSON.stringify({ locations, total: locations.length }, null, 2) + '\n');
    else for (const l of locations) out(`${shownPath(l.file)}:${l.range.start.line}:${l.range.start.column}${l.isDefinition ? ' (definition)' : ''}\t${l.lineText.trim()}\n`);
    return locations.length > 0 ? EXIT.ok : EXIT.findings;
  });
}

/** Resolves `name`, `Type.member`, `file.yx:name` and `file.yx:line:col` against the snapshot. */
export function referencesFor(analysis: Analysis, query: string): Location[] {
  const parsed = parseReferenceQuery(query);
  if (parsed.file !== undefined) parsed.file = projectFile(analysis, parsed.file);
  if (parsed.kind === 'position') requirePosition(analysis.file(parsed.file)!.lines, parsed, query);
  return analysis.references(parsed);
}

export async function runImports(argv: string[], out: (text: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: common });
  if (values.help) return help(out, importsHelp);
  const given = single(positionals, 'FILE');
  return withProject(values['project-root'], async (analysis) => {
    const path = projectFile(analysis, given);
    const imports = analysis.imports(path) ?? [];
    if (values.json) out(JSON.stringify({ file: path, imports }, null, 2) + '\n');
    else for (const i of imports) {
      const target = i.resolved.kind === 'std' ? `std module ${i.resolved.module}` : i.resolved.kind === 'file' ? shownPath(i.resolved.path) : 'unresolved';
      const items = i.items.length > 0 ? `.{${i.items.map((it) => (it.is_public ? 'pub ' : '') + it.name + (it.alias ? ` as ${it.alias}` : '')).join(', ')}}` : '';
      out(`${shownPath(path)}:${i.range.start.line}\tuse ${i.module}${items}${i.alias ? ` as ${i.alias}` : ''}\t-> ${target}\n`);
    }
    return EXIT.ok;
  });
}

function single(positionals: string[], name: string): string {
  if (positionals.length !== 1) throw new UsageError(`expected exactly one ${name}`);
  return positionals[0]!;
}

function help(out: (text: string) => void, text: string): number {
  out(text + '\n');
  return EXIT.ok;
}
