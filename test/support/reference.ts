// The reference compiler's own files, when this machine has them: the shared
// inventory (../shared/reference/semantics.md beside the checkout) and a git
// directory of ChenXu233/YaoXiang named by YAOXIANG_REFERENCE_REPO. Tests that
// need them skip without them.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from './paths.ts';

/** `../shared/reference/semantics.md`, or undefined. */
export const semanticsPath: string | undefined = (() => {
  const path = resolve(repoRoot, '..', 'shared', 'reference', 'semantics.md');
  return existsSync(path) ? path : undefined;
})();

/** The git directory of the reference repository named by $YAOXIANG_REFERENCE_REPO, or undefined (no default: machines differ). */
export const referenceRepo: string | undefined = (() => {
  const dir = process.env.YAOXIANG_REFERENCE_REPO;
  return dir && existsSync(dir) ? dir : undefined;
})();

/** The reference version the catalogue follows; HEAD when the mirror lacks the tag. */
const REVISIONS = ['v0.7.12', 'HEAD'];

/** A file of the reference at v0.7.12 (or HEAD), read with `git show`. */
export function referenceFile(path: string): string {
  if (!referenceRepo) throw new Error('no reference mirror');
  for (const revision of REVISIONS) {
    const result = spawnSync('git', ['-C', referenceRepo, 'show', `${revision}:${path}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (result.status === 0) return result.stdout;
  }
  throw new Error(`git show failed for ${path} in ${referenceRepo}`);
}

export interface ReferenceI18nEntry {
  title?: string;
  template?: string;
  help?: string;
  message?: string;
  example?: string;
}

export function referenceI18n(lang: 'en' | 'zh'): Record<string, ReferenceI18nEntry> {
  const data = JSON.parse(referenceFile(`src/util/diagnostic/codes/i18n/${lang}.json`)) as Record<string, ReferenceI18nEntry>;
  return Object.fromEntries(Object.entries(data).filter(([code]) => !code.startsWith('_')));
}

/** `ErrorCategory` variant names to their `Display` text (codes/mod.rs). */
const CATEGORY_DISPLAY: Record<string, string> = {
  Lexer: 'Lexer', Parser: 'Parser', TypeCheck: 'Type Check', Semantic: 'Semantic', Codegen: 'Codegen', Generic: 'Generic',
  Module: 'Module', Runtime: 'Runtime', Io: 'I/O', Internal: 'Internal', Warning: 'Warning',
};

/** The registry of codes/e0xxx.rs … e8xxx.rs, w1xxx.rs: code → category Display text. */
export function referenceRegistry(): Map<string, string> {
  const registry = new Map<string, string>();
  for (const file of ['e0xxx', 'e1xxx', 'e2xxx', 'e3xxx', 'e4xxx', 'e5xxx', 'e6xxx', 'e7xxx', 'e8xxx', 'w1xxx']) {
    const source = referenceFile(`src/util/diagnostic/codes/${file}.rs`);
    for (const m of source.matchAll(/ErrorCodeDefinition\s*\{\s*code:\s*"([A-Z]\d{4})",\s*category:\s*ErrorCategory::(\w+),?\s*\}/g)) {
      registry.set(m[1]!, CATEGORY_DISPLAY[m[2]!] ?? m[2]!);
    }
  }
  return registry;
}

export interface SemanticsRow {
  code: string;
  category: string;
  title: string;
  /** The template column's code span with `⏎` as a newline and `\|` as `|`; undefined when it has none. */
  template: string | undefined;
}

/** The rows of semantics.md §1.3 "Complete code table". */
export function semanticsCodeTable(): SemanticsRow[] {
  if (!semanticsPath) throw new Error('no semantics.md');
  const text = readFileSync(semanticsPath, 'utf8');
  const start = text.indexOf('### 1.3 Complete code table');
  const end = text.indexOf('### 1.4', start);
  const rows: SemanticsRow[] = [];
  for (const line of text.slice(start, end).split('\n')) {
    if (!/^\| [EW]\d{4} \|/.test(line)) continue;
    const cells = line.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim());
    const span = /^`(.*?)`(?:\s|$)/.exec(cells[3]!);
    rows.push({
      code: cells[0]!,
      category: cells[1]!,
      title: cells[2]!,
      template: span ? span[1]!.replace(/\\\|/g, '|').replace(/⏎/g, '\n') : undefined,
    });
  }
  return rows;
}
