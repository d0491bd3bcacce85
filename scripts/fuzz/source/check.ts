// What every source must survive: the parser and each analysis pass without an
// exception, and on sources that parse, the formatter's and the rename's
// guarantees. Shared by the fuzz worker and the regression replay.
import type { Parser, Tree } from 'web-tree-sitter';
import { analyzeFile, type FileAnalysis } from '../../../src/analysis/analyze.ts';
import { syntaxDiagnostics } from '../../../src/analysis/diagnostics/syntax.ts';
import type { Diagnostic } from '../../../src/analysis/diagnostics/types.ts';
import { formatTree, type FormatOptions } from '../../../src/analysis/format/index.ts';
import { collectDeclarations } from '../../../src/analysis/infer/declarations.ts';
import { typecheckTree } from '../../../src/analysis/infer/index.ts';
import { findReferences, SymbolIndex, targetAt, type AnalyzedFile } from '../../../src/analysis/navigation.ts';
import { referencesForQuery } from '../../../src/analysis/reference-query.ts';
import { renameInSource, type RenameScope } from '../../../src/analysis/rename/index.ts';
import { checkNewName } from '../../../src/analysis/rename/name.ts';
import type { Binding } from '../../../src/analysis/model/types.ts';
import { leafTokens } from '../../../test/format/tokens.ts';

export interface SourceFailure {
  /** The pass or guarantee that broke: `throw:<pass>`, `format-idempotence`, `rename-round-trip`, … */
  check: string;
  message: string;
}

const PATH = 'main.yx';
/** A sibling module, so that `use utils` resolves and import resolution runs both ways. */
export const exists = (relative: string) => relative === 'utils.yx';

/** Two layouts: the default, and a narrow one with tabs that breaks every long line. */
const FORMATS: ReadonlyArray<Partial<FormatOptions>> = [{}, { line_width: 24, use_tabs: true }];

/** What an input exercised, so a run can show that the guarantees were checked at all. */
export type Tally = (event: 'clean' | 'formatted' | 'renamed' | 'format-skipped' | 'edited') => void;

export async function checkSource(parser: Parser, source: string, tally: Tally = () => undefined): Promise<SourceFailure | undefined> {
  let tree: Tree | null;
  try {
    tree = parser.parse(source);
  } catch (error) {
    return { check: 'throw:parse', message: describe(error) };
  }
  if (!tree) return { check: 'parse', message: 'tree-sitter returned no tree' };
  try {
    let pass = 'analyzeFile';
    try {
      const file = analyzeFile(tree, PATH, source, exists);
      pass = 'symbols';
      symbols(file);
      pass = 'references';
      references(file);
      pass = 'typecheck';
      typecheckTree(tree, file.lines, collectDeclarations(tree), () => undefined);
      const parses = file.syntax.length === 0 && !tree.rootNode.hasError;
      if (parses) tally('clean');
      for (const options of FORMATS) {
        pass = 'format';
        const broken = checkFormat(parser, tree, source, parses, file.syntax.length > 0, options, tally);
        if (broken) return broken;
        if (parses && options === FORMATS[0]) tally('formatted');
      }
      pass = 'rename';
      return await checkRename(parser, source, file, tree.rootNode.hasError, tally);
    } catch (error) {
      return { check: `throw:${pass}`, message: describe(error) };
    }
  } finally {
    tree.delete();
  }
}

function symbols(file: AnalyzedFile): void {
  const index = new SymbolIndex([file]);
  for (const query of [...sampleNames(file), 'x', 'Point.x', 'a.b.c', '', '.', 'ß']) index.lookup(query, { limit: 5 });
}

function references(file: AnalyzedFile): void {
  const files = new Map([[PATH, file]]);
  for (const name of sampleNames(file)) referencesForQuery(files, { kind: 'name', name });
  // A handful of cursor positions spread over the file, including both ends.
  const steps = 7;
  for (let i = 0; i <= steps; i++) {
    const offset = Math.floor((file.text.length * i) / steps);
    const target = targetAt(files, PATH, offset);
    if (target) findReferences(files, target);
  }
  referencesForQuery(files, { kind: 'position', file: PATH, line: 1, column: 1 });
  referencesForQuery(files, { kind: 'position', file: PATH, line: 1_000_000, column: 1_000_000 });
}

function sampleNames(file: AnalyzedFile): string[] {
  return [...new Set(file.model.bindings.map((b) => b.name))].slice(0, 8);
}

/**
 * `parses`: no syntax diagnostics and no ERROR or MISSING in the tree; `reported`: syntax diagnostics. Between the
 * two stands a tree whose only ERRORs are inside f-strings, which the reference accepts (nothing in an interpolation
 * is a parser error): the formatter may format it, and must keep its tokens and be idempotent as on a clean one.
 */
function checkFormat(parser: Parser, tree: Tree, source: string, parses: boolean, reported: boolean, options: Partial<FormatOptions>, tally: Tally): SourceFailure | undefined {
  const where = `with ${JSON.stringify(options)}`;
  const once = formatTree(parser, tree, source, options);
  if (once.diagnostics.length > 0) {
    if (once.formatted !== source) return { check: 'format-refusal-changed-text', message: `diagnostics ${codes(once.diagnostics)} but the text changed ${where}` };
    if (parses && once.diagnostics.some((d) => d.code !== 'FORMAT_SKIPPED')) return { check: 'format-syntax-on-clean-source', message: `${codes(once.diagnostics)} on a source without syntax errors ${where}` };
    // The verifier refused its own output: the guarantees hold (the text is
    // untouched), so this is counted and shown, not failed.
    if (once.diagnostics.some((d) => d.code === 'FORMAT_SKIPPED')) tally('format-skipped');
    return undefined;
  }
  if (reported) return { check: 'format-formatted-broken-source', message: `formatted a source with syntax errors ${where}` };
  const after = parser.parse(once.formatted);
  if (!after) return { check: 'parse', message: 'tree-sitter returned no tree for the formatted text' };
  try {
    const syntax = syntaxDiagnostics(after, once.formatted);
    if (syntax.length > 0) return { check: 'format-broke-syntax', message: `${codes(syntax)} after formatting ${where}` };
    const hoisted = options.sort_imports !== false;
    const before = leafTokens(tree, source, hoisted);
    const kept = leafTokens(after, once.formatted, hoisted);
    for (const key of ['code', 'imports', 'all'] as const) {
      if (JSON.stringify(before[key]) !== JSON.stringify(kept[key])) return { check: 'format-tokens', message: `${key} tokens differ after formatting ${where}: ${firstDifference(before[key], kept[key])}` };
    }
    const twice = formatTree(parser, after, once.formatted, options);
    if (twice.formatted !== once.formatted || twice.diagnostics.length > 0) return { check: 'format-idempotence', message: `formatting the output again changes it ${where} (${codes(twice.diagnostics)})` };
  } finally {
    after.delete();
  }
  return undefined;
}

/**
 * x → fresh → x must give back the source, and a rename must leave the syntax
 * diagnostics as they were. Refusals are fine (the rename is conservative) but must leave the
 * text alone.
 */
async function checkRename(parser: Parser, source: string, file: FileAnalysis, hasError: boolean, tally: Tally): Promise<SourceFailure | undefined> {
  const fresh = freshName(source);
  for (const [name, scope] of renameCandidates(file)) {
    const there = await renameInSource(source, name, fresh, scope);
    const what = `${name} -> ${fresh} in ${scope}`;
    if (there.diagnostics.length > 0) {
      if (there.source !== source || there.edits.length > 0) return { check: 'rename-refusal-changed-text', message: `${what}: refused (${codes(there.diagnostics)}) with edits` };
      continue;
    }
    if (hasError) return { check: 'rename-on-broken-source', message: `${what}: renamed a source whose tree has errors` };
    const renamedTree = parser.parse(there.source);
    const syntax = renamedTree ? syntaxDiagnostics(renamedTree, there.source) : [];
    renamedTree?.delete();
    if (codes(syntax) !== codes(file.syntax)) return { check: 'rename-changed-syntax', message: `${what}: syntax diagnostics ${codes(file.syntax)} became ${codes(syntax)}` };
    // `Type` may name a binding but is refused as a new name (it is the meta-type in type positions): no way back to test.
    if (checkNewName(name).length > 0) continue;
    const back = await renameInSource(there.source, fresh, name, scope);
    if (back.diagnostics.length > 0) return { check: 'rename-round-trip', message: `${what} worked but the way back was refused: ${codes(back.diagnostics)} ${back.diagnostics[0]!.message}` };
    if (back.source !== source) return { check: 'rename-round-trip', message: `${what} and back does not give the original source` };
    tally('renamed');
  }
  // Names that are not bindings, keywords and non-identifiers: refusals, never exceptions.
  for (const [oldName, newName] of [['nope_not_bound', 'y'], ['x', 'if'], ['x', '1x'], ['', 'y'], ['x', 'ß']] as const) {
    const r = await renameInSource(source, oldName, newName);
    if (r.diagnostics.length > 0 && r.source !== source) return { check: 'rename-refusal-changed-text', message: `${oldName} -> ${newName}: refused with a changed text` };
  }
  return undefined;
}

/** Up to three top-level bindings and two function locals, the shapes rename handles. */
function renameCandidates(file: AnalyzedFile): Array<[string, RenameScope]> {
  const moduleScope = file.model.scopes.find((s) => s.kind === 'module')?.id;
  const top = file.model.bindings.filter((b) => b.scope === moduleScope && b.kind !== 'import' && b.kind !== 'method' && b.kind !== 'field');
  const locals = file.model.bindings.filter((b: Binding) => (b.kind === 'parameter' || b.kind === 'variable') && b.scope !== moduleScope && b.container !== undefined && /^[A-Za-z_]\w*$/.test(b.container));
  return [
    ...unique(top).slice(0, 3).map((b): [string, RenameScope] => [b.name, 'module']),
    ...unique(locals).slice(0, 2).map((b): [string, RenameScope] => [b.name, `function:${b.container!}`]),
  ];
}

function unique(bindings: Binding[]): Binding[] {
  const seen = new Set<string>();
  return bindings.filter((b) => !seen.has(`${b.container}:${b.name}`) && seen.add(`${b.container}:${b.name}`));
}

function freshName(source: string): string {
  let name = 'fuzz_renamed';
  for (let i = 0; source.includes(name); i++) name = `fuzz_renamed_${i}`;
  return name;
}

function codes(diagnostics: Diagnostic[]): string {
  return diagnostics.map((d) => d.code).join(',') || 'none';
}

function firstDifference(a: string[], b: string[]): string {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `at token ${i}: ${JSON.stringify(a[i])} became ${JSON.stringify(b[i])}`;
  }
  return 'same tokens';
}

export function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const frames = (error.stack ?? '').split('\n').slice(1, 4).map((l) => l.trim()).join(' | ');
  return `${error.name}: ${error.message.slice(0, 300)} @ ${frames}`;
}
