// One file through the reference checker's layers, in its order (semantics.md
// §5.1): inference (pass 3), refinement arguments, termination, ownership;
// then IR generation's refusal of top-level statements.
import type { Tree } from 'web-tree-sitter';
import type { Diagnostic } from '../diagnostics/types.ts';
import type { LineIndex } from '../../syntax/positions.ts';
import { tooDeepAnnotations } from './annotations.ts';
import { inferFile, type InferenceResult, type ModuleExports } from './checker.ts';
import { topLevelStatements, type FileDeclarations } from './declarations.ts';
import { TYPE_HELP, WARNING_CODES, type RawDiagnostic } from './messages.ts';
import { ownershipDiagnostics, ownershipFacts } from './ownership.ts';
import { refinementDiagnostics } from './refinements.ts';
import { instantiateScheme, preludeValues, type Scheme } from './signatures.ts';
import { statementTerminationDiagnostics, terminationDiagnostics } from './termination.ts';
import { statementIrDiagnostics, topLevelStatementDiagnostics } from './top-level.ts';
import { recordFieldStarts, withoutFieldRefusalsCheckerReported } from './ir-bodies.ts';
import { local, type FileItemMemos } from '../incremental/item-memo.ts';
import { ownershipItem, type OwnershipMemoEnv } from '../incremental/ownership-items.ts';
import { topLevelItems, type TopLevelItem } from '../incremental/top-level.ts';
import { FixedTexts, VarSupply, prune, type Type } from './types.ts';

export interface FileTypecheck {
  diagnostics: Diagnostic[];
  inference: InferenceResult;
}

const PRELUDE = preludeValues();

/**
 * The ownership facts of a scheme's instance. They name no variable, so they
 * are the same for every instance; a scheme without variables (every kept
 * declaration) keeps its text, and a keystroke that replays an item makes no
 * instance and no text to compare its facts.
 */
const OWNERSHIP_FACTS_OF_SCHEME = new FixedTexts((scheme: Scheme) => ownershipFacts(instantiateScheme(scheme, new VarSupply())), (scheme) => scheme.type);

/**
 * `memos`: the file's per-item results of the last check, reused for the
 * statements an edit left alone. `editorResults: false`: see `inferFile`.
 */
export function typecheckTree(tree: Tree, lines: LineIndex, declarations: FileDeclarations, moduleExports: ModuleExports, memos?: FileItemMemos, editorResults = true): FileTypecheck {
  const inference = inferFile(tree, declarations, moduleExports, memos?.inference, editorResults);
  const vars = new VarSupply();
  // A global name is a declaration of the file, else an import, else the prelude's: the scheme, when it is one.
  const globalScheme = (name: string): Scheme | undefined =>
    declarations.values.get(name) ?? (inference.imports.get(name) === undefined ? PRELUDE.get(name) : undefined);
  const globalType = (name: string): Type | undefined => {
    const scheme = globalScheme(name);
    return scheme ? instantiateScheme(scheme, vars) : inference.imports.get(name);
  };
  // What the ownership memo compares for a global name on every keystroke, for every item that read it: cached per declaration.
  const globalFacts = (name: string): string => {
    const scheme = globalScheme(name);
    return scheme ? OWNERSHIP_FACTS_OF_SCHEME.of(scheme) : ownershipFacts(inference.imports.get(name));
  };
  const ownershipEnv = { ledger: inference.ledger, globalType, globalFacts };
  const statements = memos ? topLevelStatements(tree) : [];
  // An item inference replayed as in its last whole pass, beside which the ownership memo last ran, reads the same types there.
  const ownershipUnchanged = memos && memos.ownershipRanWith === memos.inference.passes - 1 ? (item: TopLevelItem) => memos.inference.sameAsLastPass(item) : undefined;
  const raw: RawDiagnostic[] = [
    ...inference.diagnostics,
    ...refinementDiagnostics(tree, declarations),
    ...(memos ? memos.termination.run(statements, undefined, local((item) => statementTerminationDiagnostics(item.node))) : terminationDiagnostics(tree)),
    ...(memos ? ownershipPerItem(memos, statements, ownershipEnv, ownershipUnchanged) : ownershipDiagnostics(tree, ownershipEnv)),
    ...(memos ? memos.ir.run(statements, recordFieldStarts(tree.rootNode, localImports(tree, inference.imports)), (item, fields) => statementIrDiagnostics(item.node, fields)) : topLevelStatementDiagnostics(tree, localImports(tree, inference.imports))),
    // Every top-level node, broken ones too: annotations nested too deep are reported wherever they are.
    ...(memos ? memos.annotations.run(topLevelItems(tree), undefined, local((item) => tooDeepAnnotations(item.node))) : tooDeepAnnotations(tree)),
  ];
  const diagnostics = oneTooDeepPerStatement(tree, withoutFieldRefusalsCheckerReported(raw)).map((d): Diagnostic => {
    const severity = WARNING_CODES.has(d.code) ? 'warning' : 'error';
    const diagnostic: Diagnostic = { code: d.code, severity, message: d.message, range: lines.humanRange(d.start, Math.max(d.end, d.start)) };
    const help = TYPE_HELP[d.code];
    if (help) diagnostic.help = help;
    return diagnostic;
  });
  return { diagnostics, inference };
}

function ownershipPerItem(memos: FileItemMemos, statements: readonly TopLevelItem[], env: OwnershipMemoEnv, unchanged: ((item: TopLevelItem) => boolean) | undefined): RawDiagnostic[] {
  const found = memos.ownership.run(statements, env, (item, context) => ownershipItem(item.node, context), unchanged);
  memos.ownershipRanWith = memos.inference.passes;
  return found;
}

/**
 * The layers count nesting each their own way, so each may stop at its own
 * node of one deep statement; the first of them (the outermost) says enough.
 */
function oneTooDeepPerStatement(tree: Tree, raw: readonly RawDiagnostic[]): RawDiagnostic[] {
  const tooDeep = raw.filter((d) => d.code === 'TYPECHECK_TOO_DEEP');
  if (tooDeep.length === 0) return [...raw];
  const starts = topLevelItems(tree).map((c) => c.startIndex);
  const statementOf = (offset: number) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const first = new Map<number, RawDiagnostic>();
  for (const d of tooDeep) {
    const statement = statementOf(d.start);
    const kept = first.get(statement);
    if (!kept || d.start < kept.start) first.set(statement, d);
  }
  const kept = new Set(first.values());
  return raw.filter((d) => d.code !== 'TYPECHECK_TOO_DEEP' || kept.has(d));
}

/** The types of the names top-level `use`s of project files bind (not `std`'s), as the checker resolved them. */
function localImports(tree: Tree, imports: ReadonlyMap<string, Type>): Type[] {
  const found: Type[] = [];
  for (const statement of tree.rootNode.namedChildren) {
    if (statement?.type !== 'use_statement') continue;
    const path = statement.childForFieldName('path')?.text.replace(/\s+/g, '') ?? '';
    if (path === 'std' || path.startsWith('std.')) continue;
    const items = statement.childForFieldName('items');
    const bound = items
      ? items.namedChildren.filter((c) => c?.type === 'use_item').map((c) => c.childForFieldName('alias')?.text ?? c.childForFieldName('name')?.text)
      : [statement.childForFieldName('alias')?.text ?? path.replace(/\.$/, '').split('.').pop()];
    for (const name of bound) {
      const type = name === undefined ? undefined : imports.get(name);
      if (!type) continue;
      // `use m` binds a record whose fields are m's exports; the generator knows m's records (every project file's),
      // not the record of the module itself: `m.MAX` or `m.f` as a value is E3005 in a `run` of the project.
      const record = items ? undefined : prune(type);
      if (record?.k === 'struct') found.push(...record.fields.map((f) => f.type));
      else found.push(type);
    }
  }
  return found;
}
