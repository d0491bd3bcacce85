// The second half of the safety net: the renamed program must mean to the
// checker what the old one did. Every edited file is type-checked before and
// after, the project files it imports seen as they were and as renamed; the
// diagnostics (code and range, shifted by the edit) must be the same. A rename
// the model accepts can still break the program: `matrix` renamed to `j` where
// an inner loop binds `j` is E2013, since YaoXiang forbids shadowing.
import type { Tree } from 'web-tree-sitter';
import { LineIndex, type HumanRange } from '../../syntax/positions.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import type { ModuleExports } from '../infer/checker.ts';
import { collectDeclarations, type FileDeclarations } from '../infer/declarations.ts';
import { typecheckTree } from '../infer/index.ts';
import { offsetMapper } from './edits.ts';
import { refusal } from './refusal.ts';
import { RENAME_CODES, type FilePlan, type SpanEdit } from './types.ts';

/** A plan applied: the new text and its tree, which already passed the model check. */
export interface EditedFile {
  plan: FilePlan;
  edits: readonly SpanEdit[];
  source: string;
  tree: Tree;
}

/** The trees of project files as they are, by path (undefined when not open). */
export type TreeOf = (path: string) => Tree | undefined;

/** One refusal per edited file whose type diagnostics the rename changes. */
export function typeDiagnosticChanges(edited: readonly EditedFile[], treeOf: TreeOf, newName: string): { plan: FilePlan; refusal: Diagnostic }[] {
  const declarations = new WeakMap<Tree, FileDeclarations>();
  const declarationsOf = (tree: Tree) => {
    let known = declarations.get(tree);
    if (!known) declarations.set(tree, (known = collectDeclarations(tree)));
    return known;
  };
  const renamed = new Map(edited.map((e) => [e.plan.file.path, e.tree] as const));
  const exportsVia = (file: FilePlan['file'], tree: TreeOf): ModuleExports => (modulePath) => {
    const info = file.imports.find((i) => i.module === modulePath && i.resolved.kind === 'file');
    const dependency = info?.resolved.kind === 'file' ? tree(info.resolved.path) : undefined;
    if (!dependency) return undefined;
    const d = declarationsOf(dependency);
    return { values: d.exports, structs: d.structs, methods: d.methods };
  };
  const refusals: { plan: FilePlan; refusal: Diagnostic }[] = [];
  for (const e of edited) {
    const { file } = e.plan;
    const oldLines = new LineIndex(file.text);
    const newLines = new LineIndex(e.source);
    const before = typecheckTree(file.tree, oldLines, declarationsOf(file.tree), exportsVia(file, treeOf)).diagnostics;
    const after = typecheckTree(e.tree, newLines, declarationsOf(e.tree), exportsVia(file, (path) => renamed.get(path) ?? treeOf(path))).diagnostics;
    const forward = offsetMapper(e.edits);
    const keyBefore = (d: Diagnostic) => `${d.code}@${forward(oldLines.fromHuman(d.range.start))}-${forward(oldLines.fromHuman(d.range.end))}`;
    const keyAfter = (d: Diagnostic) => `${d.code}@${newLines.fromHuman(d.range.start)}-${newLines.fromHuman(d.range.end)}`;
    const gained = firstUnmatched(after.map(keyAfter), before.map(keyBefore));
    const lost = gained === undefined ? firstUnmatched(before.map(keyBefore), after.map(keyAfter)) : undefined;
    if (gained === undefined && lost === undefined) continue;
    const where = (range: HumanRange) => `${range.start.line}:${range.start.column}`;
    if (gained !== undefined) {
      const d = after[gained]!;
      const range = backRange(newLines, oldLines, e.edits, d.range);
      refusals.push({ plan: e.plan, refusal: refusal(RENAME_CODES.conflict, `renaming to ${JSON.stringify(newName)} would make the checker report ${d.code} at ${where(d.range)} of the renamed file: ${d.message}`, range) });
    } else {
      const d = before[lost!]!;
      refusals.push({ plan: e.plan, refusal: refusal(RENAME_CODES.conflict, `renaming to ${JSON.stringify(newName)} would change what the checker reports: ${d.code} at ${where(d.range)} (${d.message}) would go away`, d.range) });
    }
  }
  return refusals;
}

/** The index of the first key of `keys` left over once each key of `others` cancels one equal key. */
function firstUnmatched(keys: readonly string[], others: readonly string[]): number | undefined {
  const counts = new Map<string, number>();
  for (const key of others) counts.set(key, (counts.get(key) ?? 0) + 1);
  for (let i = 0; i < keys.length; i++) {
    const left = counts.get(keys[i]!) ?? 0;
    if (left === 0) return i;
    counts.set(keys[i]!, left - 1);
  }
  return undefined;
}

/** A range of the renamed text as a range of the text the user has now (inside an edit: the edit's start). */
function backRange(newLines: LineIndex, oldLines: LineIndex, edits: readonly SpanEdit[], range: HumanRange): HumanRange {
  const back = (offset: number) => {
    let delta = 0;
    for (const edit of edits) {
      const start = edit.start + delta;
      const end = start + edit.newText.length;
      if (end <= offset) delta += edit.newText.length - (edit.end - edit.start);
      else if (start <= offset) return edit.start;
      else break;
    }
    return offset - delta;
  };
  return oldLines.humanRange(back(newLines.fromHuman(range.start)), back(newLines.fromHuman(range.end)));
}
