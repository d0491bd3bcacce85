// What an editor's per-item memos give after edits of a source must be what a
// fresh analysis of the edited text gives: the binding model, the checker's
// diagnostics (syntax ones too) and the imports. The edits are a function of
// the source (a generator seeded by its text), so a failing source is a
// fixture like any other and shrinks as text. Broken statements are where
// memos go wrong (a statement's text does not decide how the parser recovered
// from it), and fuzzed sources are full of them.
import { isDeepStrictEqual } from 'node:util';
import type { Parser } from 'web-tree-sitter';
import { analyzeFile } from '../../../src/analysis/analyze.ts';
import { syntaxMemo } from '../../../src/analysis/diagnostics/syntax.ts';
import { listImports, type FileExists } from '../../../src/analysis/imports.ts';
import { importItemMemo, listImportsPerItem } from '../../../src/analysis/incremental/import-items.ts';
import { ModelMemo } from '../../../src/analysis/incremental/model-items.ts';
import { TypeChecker, type CheckableFile } from '../../../src/analysis/infer/index.ts';
import { buildFileModel } from '../../../src/analysis/model/build.ts';
import { SyntaxDocument } from '../../../src/syntax/document.ts';
import { retainTablesFrom } from '../../../src/syntax/node-table.ts';
import { mulberry32 } from '../../../test/support/random.ts';
import { describe, exists as sourceExists, type SourceFailure, type Tally } from './check.ts';

export interface IncrementalFailure {
  check: 'incremental-model' | 'incremental-diagnostics' | 'incremental-imports';
  message: string;
}

const PATH = 'main.yx';
/** A chain this long: a memo goes wrong only where an earlier edit recorded a statement another one then replays (4 or 6 edits never met the model's bug of stop 33; 12 met it once a minute). */
const EDITS = 12;
/** The fresh check, the costly half, every few edits: the memos still see every edit. */
const COMPARE_EVERY = 4;
/** Past this, the edits' analyses cost more than the rest of the checks together: sources this long are left to them. */
export const MAX_INCREMENTAL_CHARS = 16 * 1024;
/** What a typist adds, and what breaks statements: brackets, quotes, comment openers, a line break. */
const TYPED = ['{', '}', '(', ')', '[', ']', '\n', '"', '//', '/*', 'x', ' = ', '[]', 'use m\n', '    '];
/**
 * Lines that change how what follows them parses while its text stays the
 * same: the case a memo keyed by text gets wrong (an unclosed block above a
 * statement the parser recovered from puts its ERROR elsewhere).
 */
const CONTEXT = ['main = {\n', '{\n', '}\n', 'f = (x) => {\n', 'x = (\n', '"\n', '/*\n', '*/\n'];

/** The `incremental` target's check of one source, in the shape the sandbox's worker answers with. */
export async function checkIncrementalSource(parser: Parser, source: string, tally: Tally = () => undefined): Promise<SourceFailure | undefined> {
  try {
    const failure = checkIncremental(parser, source, sourceExists);
    if (!failure && source.length <= MAX_INCREMENTAL_CHARS) tally('edited');
    return failure;
  } catch (error) {
    return { check: 'throw:incremental', message: describe(error) };
  }
}

export function checkIncremental(parser: Parser, source: string, exists: FileExists): IncrementalFailure | undefined {
  if (source.length > MAX_INCREMENTAL_CHARS) return undefined;
  // Every table retained: the edited trees share their items, and the memos find them by place, as in a large file.
  const retainedFrom = retainTablesFrom(0);
  const document = new SyntaxDocument(parser, source);
  try {
    const next = mulberry32(seedOf(source));
    const checker = new TypeChecker();
    const syntax = syntaxMemo();
    const imports = importItemMemo();
    const model = new ModelMemo();
    for (let i = 0; i <= EDITS; i++) {
      if (i > 0) document.update([edit(document.text, next)]);
      const where = `after edit ${i} (${JSON.stringify(document.text.length > 300 ? `${document.text.slice(0, 300)}…` : document.text)})`;
      if (!isDeepStrictEqual(buildFileModel(document.tree, model), buildFileModel(document.tree))) {
        return { check: 'incremental-model', message: `the replayed binding model differs from a fresh one ${where}` };
      }
      const edited = new Map<string, CheckableFile>([[PATH, { ...analyzeFile(document.tree, PATH, document.text, exists, undefined, syntax), tree: document.tree }]]);
      const options = { mode: 'fast', targets: [PATH] } as const;
      const kept = checker.check(edited, options).diagnostics;
      const listed = listImportsPerItem(document.tree, PATH, exists, imports);
      if (i % COMPARE_EVERY !== 0) continue;
      const fresh = new Map<string, CheckableFile>([[PATH, { ...analyzeFile(document.tree, PATH, document.text, exists), tree: document.tree }]]);
      const made = new TypeChecker().check(fresh, options).diagnostics;
      if (!isDeepStrictEqual(kept, made)) {
        return { check: 'incremental-diagnostics', message: `the memos' diagnostics differ from a fresh check's ${where}: ${brief(kept)} against ${brief(made)}` };
      }
      if (!isDeepStrictEqual(listed, listImports(document.tree, PATH, exists))) {
        return { check: 'incremental-imports', message: `the imports listed per item differ from the whole file's ${where}` };
      }
    }
    return undefined;
  } finally {
    document.dispose();
    retainTablesFrom(retainedFrom);
  }
}

function edit(text: string, next: () => number): { start: number; end: number; text: string } {
  const at = Math.floor(next() * (text.length + 1));
  const kind = next();
  if (kind < 0.3) {
    // At a line start, a line that changes the context of every statement after it.
    const line = text.lastIndexOf('\n', at - 1) + 1;
    return { start: line, end: line, text: CONTEXT[Math.floor(next() * CONTEXT.length)]! };
  }
  if (kind < 0.6) return { start: at, end: at, text: TYPED[Math.floor(next() * TYPED.length)]! };
  if (kind < 0.8) return { start: at, end: Math.min(text.length, at + 1 + Math.floor(next() * 3)), text: '' };
  // A piece of the text again somewhere else: a statement appears twice, or half of one.
  const from = Math.floor(next() * text.length);
  return { start: at, end: at, text: text.slice(from, from + Math.floor(next() * 80)) };
}

/** FNV-1a of the text: the edits a source gets. */
function seedOf(source: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < source.length; i++) hash = Math.imul(hash ^ source.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

function brief(diagnostics: ReadonlyArray<{ code: string; range: { start: { line: number; column: number } } }>): string {
  return diagnostics.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.column}`).join(',') || 'none';
}
