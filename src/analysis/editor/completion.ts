// Completion candidates at a position: members after `.` (record fields and
// methods, a module's exports, std module functions), otherwise the names in
// scope, the prelude and the keywords.
import { CONTEXTUAL_KEYWORDS, KEYWORDS as RESERVED_WORDS, type Keyword } from '../../syntax/vocabulary.ts';
import { GLOBALS, stdModule } from '../std/index.ts';
import type { Binding, SymbolKind } from '../model/types.ts';
import { kindAtUse, resolvedFile, type AnalyzedFile } from '../navigation.ts';
import { visibleBindings } from './scope.ts';

export type CompletionKind = SymbolKind | 'module' | 'constant' | 'keyword';

export interface CompletionCandidate {
  label: string;
  kind: CompletionKind;
  /** A type or signature, or where the name comes from. */
  detail?: string;
}

/**
 * The order keywords are offered in: those that start a declaration or a
 * statement first, as a user typing at the start of a line wants them.
 * Typed by the generated vocabulary, so a word the grammar drops fails to compile.
 */
const STATEMENT_STARTERS: readonly Keyword[] = ['pub', 'use', 'mut', 'ref', 'if', 'match', 'while', 'for', 'return', 'break', 'continue', 'spawn', 'unsafe'];

/** The words the grammar reserves, and `Type`, a keyword where a declaration expects it. */
export const KEYWORDS: readonly string[] = [
  ...STATEMENT_STARTERS,
  ...RESERVED_WORDS.filter((word) => !STATEMENT_STARTERS.includes(word)),
  ...CONTEXTUAL_KEYWORDS,
];

/** What to complete at a UTF-16 offset of `path`. */
export function completionsAt(files: ReadonlyMap<string, AnalyzedFile>, path: string, offset: number): CompletionCandidate[] {
  const file = files.get(path);
  if (!file) return [];
  const before = file.text.slice(Math.max(0, offset - 200), offset);
  const member = /([A-Za-z_][A-Za-z_0-9]*)\s*\.\s*[A-Za-z_0-9]*$/.exec(before);
  if (member) return memberCandidates(files, file, member[1]!, offset - member[0].length);
  return scopeCandidates(files, file, offset);
}

function scopeCandidates(files: ReadonlyMap<string, AnalyzedFile>, file: AnalyzedFile, offset: number): CompletionCandidate[] {
  const seen = new Set<string>();
  const out: CompletionCandidate[] = [];
  const add = (candidate: CompletionCandidate) => {
    if (seen.has(candidate.label)) return;
    seen.add(candidate.label);
    out.push(candidate);
  };
  for (const binding of visibleBindings(file.model, offset)) add(fromBinding(binding, kindAtUse(files, file.path, binding)));
  for (const global of GLOBALS) {
    if (global.name.includes('.')) continue;
    add({ label: global.name, kind: global.kind === 'value' ? 'constant' : global.kind, ...(global.checkerType ? { detail: global.checkerType } : {}) });
  }
  for (const keyword of KEYWORDS) add({ label: keyword, kind: 'keyword' });
  return out;
}

function memberCandidates(files: ReadonlyMap<string, AnalyzedFile>, file: AnalyzedFile, object: string, offset: number): CompletionCandidate[] {
  const binding = visibleBindings(file.model, offset).find((b) => b.name === object);
  if (binding?.kind === 'import' && binding.importedName === undefined) {
    const std = binding.modulePath ? stdModule(binding.modulePath) : undefined;
    if (std) {
      return std.exports
        .filter((e) => !e.name.includes('.') && !e.name.includes(':'))
        .map((e) => ({ label: e.name, kind: e.kind === 'type' ? 'type' : e.kind, ...(e.signature ? { detail: e.signature } : {}) }));
    }
    const home = files.get(resolvedFile(file, binding) ?? '');
    if (home) return home.model.bindings.filter((b) => b.exported && b.isPublic && b.kind !== 'import').map((b) => fromBinding(b));
    return [];
  }
  const typeName = binding?.typeName ?? (binding?.kind === 'record' ? binding.name : undefined);
  if (!typeName) return [];
  const out: CompletionCandidate[] = [];
  const seen = new Set<string>();
  for (const f of files.values()) {
    for (const b of f.model.bindings) {
      if ((b.kind === 'field' || b.kind === 'method') && b.container === typeName && !seen.has(b.name)) {
        seen.add(b.name);
        out.push(fromBinding(b));
      }
    }
  }
  return out;
}

function fromBinding(binding: Binding, kind: SymbolKind = binding.kind): CompletionCandidate {
  const detail = binding.kind === 'import' ? binding.modulePath : binding.typeName ?? binding.container;
  return { label: binding.name, kind, ...(detail ? { detail } : {}) };
}
