// `yaoxiang symbols QUERY`, `yaoxiang references QUERY`, `yaoxiang imports FILE`.
import { parseArgs } from 'node:util';
import type { Location } from '../analysis/navigation.ts';
import { parseReferenceQuery, referencesForQuery } from '../analysis/reference-query.ts';
import { SYMBOL_KINDS, type SymbolKind } from '../analysis/model/types.ts';
import { resolveInProject } from '../workspace/root.ts';
import type { World } from '../workspace/world.ts';
import { EXIT, UsageError } from './io.ts';
import { loadWorld } from './project.ts';

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
  const kinds = (values.kind ?? []) as string[];
  for (const kind of kinds) if (!SYMBOL_KINDS.includes(kind as SymbolKind)) throw new UsageError(`unknown kind ${JSON.stringify(kind)}; one of ${SYMBOL_KINDS.join(', ')}`);
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a positive whole number');
  const world = await loadWorld(values['project-root']);
  try {
    const index = await world.symbolIndex();
    if (!index.ok) throw new UsageError(index.error.message);
    const result = index.value.lookup(query, { kinds: kinds as SymbolKind[], limit });
    if (values.json) out(JSON.stringify({ ...result, truncated: result.total > result.symbols.length }, null, 2) + '\n');
    else for (const s of result.symbols) out(`${s.file}:${s.range.start.line}:${s.range.start.column}\t${s.kind}\t${s.container ? s.container + '.' : ''}${s.name}\n`);
    return result.total > 0 ? EXIT.ok : EXIT.findings;
  } finally {
    world.dispose();
  }
}

export async function runReferences(argv: string[], out: (text: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: common });
  if (values.help) return help(out, referencesHelp);
  const query = single(positionals, 'QUERY');
  const world = await loadWorld(values['project-root']);
  try {
    const locations = await referencesFor(world, query);
    if (values.json) out(JSON.stringify({ locations, total: locations.length }, null, 2) + '\n');
    else for (const l of locations) out(`${l.file}:${l.range.start.line}:${l.range.start.column}${l.isDefinition ? ' (definition)' : ''}\t${l.lineText.trim()}\n`);
    return locations.length > 0 ? EXIT.ok : EXIT.findings;
  } finally {
    world.dispose();
  }
}

/** Resolves `name`, `Type.member`, `file.yx:name` and `file.yx:line:col` against the World. */
export async function referencesFor(world: World, query: string): Promise<Location[]> {
  const files = await world.files();
  if (!files.ok) throw new UsageError(files.error.message);
  const parsed = parseReferenceQuery(query);
  if (parsed.file !== undefined) {
    const resolved = resolveInProject(world.root.root, parsed.file);
    if (!resolved.ok) throw new UsageError(`${resolved.error.code}: ${resolved.error.message}`);
    if (!files.value.has(resolved.value.relative)) throw new UsageError(`FILE_NOT_FOUND: ${parsed.file} is not a .yx file of the project`);
    parsed.file = resolved.value.relative;
  }
  return referencesForQuery(files.value, parsed);
}

export async function runImports(argv: string[], out: (text: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: common });
  if (values.help) return help(out, importsHelp);
  const given = single(positionals, 'FILE');
  const world = await loadWorld(values['project-root']);
  try {
    const files = await world.files();
    if (!files.ok) throw new UsageError(files.error.message);
    const resolved = resolveInProject(world.root.root, given);
    if (!resolved.ok) throw new UsageError(`${resolved.error.code}: ${resolved.error.message}`);
    const file = files.value.get(resolved.value.relative);
    if (!file) throw new UsageError(`FILE_NOT_FOUND: ${given} is not a .yx file of the project`);
    const imports = file.imports.map((i) => ({
      module: i.module,
      items: i.items.map((item) => ({ name: item.name, ...(item.alias ? { alias: item.alias } : {}), is_public: item.isPublic })),
      ...(i.alias ? { alias: i.alias } : {}),
      is_public: i.items.some((item) => item.isPublic),
      resolved: i.resolved,
      range: file.lines.humanRange(i.span.start, i.span.end),
    }));
    if (values.json) out(JSON.stringify({ file: file.path, imports }, null, 2) + '\n');
    else for (const i of imports) {
      const target = i.resolved.kind === 'std' ? `std module ${i.resolved.module}` : i.resolved.kind === 'file' ? i.resolved.path : 'unresolved';
      const items = i.items.length > 0 ? `.{${i.items.map((it) => (it.is_public ? 'pub ' : '') + it.name + (it.alias ? ` as ${it.alias}` : '')).join(', ')}}` : '';
      out(`${file.path}:${i.range.start.line}\tuse ${i.module}${items}${i.alias ? ` as ${i.alias}` : ''}\t-> ${target}\n`);
    }
    return EXIT.ok;
  } finally {
    world.dispose();
  }
}

function single(positionals: string[], name: string): string {
  if (positionals.length !== 1) throw new UsageError(`expected exactly one ${name}`);
  return positionals[0]!;
}

function help(out: (text: string) => void, text: string): number {
  out(text + '\n');
  return EXIT.ok;
}
