// The rename differential (`npm run differential -- --rename …`): our rename
// of every binding of a program the reference accepts, judged by what the
// reference does with the renamed program (`check --json`, `run`); see
// README.md, "Renaming".
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Node } from 'web-tree-sitter';
import { LineIndex } from '../../src/syntax/positions.ts';
import { AnalysisHost } from '../../src/ide/host.ts';
import type { Analysis } from '../../src/ide/analysis.ts';
import type { Binding, FileModel, Span } from '../../src/analysis/model/types.ts';
import { bindingSpans, isMember, linkedBindings } from '../../src/analysis/rename/occurrences.ts';
import { isAliasedImport } from '../../src/analysis/rename/plan.ts';
import type { WorkspaceRenameResult } from '../../src/analysis/rename/types.ts';
import type { ProgramFile } from './programs.ts';
import type { ReferenceOracle, RunVerdict } from './reference.ts';
import type { Verdict } from './verdict.ts';

/** A program: its files by name relative to its folder, and the one `run` starts from. */
export interface RenameProgram {
  name: string;
  files: { name: string; text: string }[];
  entry: string;
}

/** The local modules a file imports (`use util` → util.yx or util/mod.yx among `names`). */
function localImports(text: string, names: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/^[ \t]*(?:pub[ \t]+)?use[ \t]+([A-Za-z_][\w.]*)/gm)) {
    const segments = m[1]!.replace(/\.$/, '').split('.');
    if (segments[0] === 'std') continue;
    for (let n = segments.length; n > 0; n--) {
      const relative = segments.slice(0, n).join('/');
      const hit = [`${relative}.yx`, `${relative}/mod.yx`].find((c) => names.has(c));
      if (hit) {
        found.push(hit);
        break;
      }
    }
  }
  return found;
}

/**
 * The programs among `files`: each file no other file of its folder imports
 * starts one, with the local modules it imports (transitively); a module
 * alone is no program (the reference runs only what has a `main`).
 */
export function renamePrograms(files: readonly ProgramFile[]): RenameProgram[] {
  const byFolder = new Map<string, ProgramFile[]>();
  for (const f of files) {
    const folder = path.dirname(f.absolute);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), f]);
  }
  const programs: RenameProgram[] = [];
  for (const [folder, members] of byFolder) {
    // A module may sit in a subfolder of its importer (util/mod.yx); the whole tree of the folder is its candidates.
    const all = files.filter((f) => f.absolute.startsWith(folder + path.sep));
    const texts = new Map(all.map((f) => [path.relative(folder, f.absolute).split(path.sep).join('/'), f.text]));
    const names = new Set(texts.keys());
    const imported = new Set([...texts.values()].flatMap((t) => localImports(t, names)));
    for (const f of members) {
      const entry = path.basename(f.absolute);
      if (imported.has(entry)) continue;
      const closure = new Set([entry]);
      const queue = [entry];
      while (queue.length > 0) {
        for (const next of localImports(texts.get(queue.pop()!)!, names)) {
          if (closure.has(next)) continue;
          closure.add(next);
          queue.push(next);
        }
      }
      programs.push({ name: f.name, entry, files: [...closure].map((name) => ({ name, text: texts.get(name)! })) });
    }
  }
  return programs;
}

/** What the reference makes of a program: each file's check (`clean`, the first code, …) and `run`. */
export interface Behaviour {
  checks: string[];
  run: RunVerdict;
}

function verdictWord(v: Verdict): string {
  switch (v.kind) {
    case 'checked': return v.errors.length === 0 ? 'clean' : v.errors[0]!.code;
    case 'rejected': return `rejected ${v.finding.code}`;
    case 'failed': return `failed ${v.reason}`;
  }
}

export async function behaviour(oracle: ReferenceOracle, program: RenameProgram, files: readonly { name: string; text: string }[]): Promise<Behaviour> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'yaoxiang-rename-'));
  try {
    const checks = await Promise.all(files.map((f) => {
      const absolute = path.join(scratch, f.name);
      mkdirSync(path.dirname(absolute), { recursive: true });
      writeFileSync(absolute, f.text);
      return oracle.check(absolute, f.text).then(verdictWord);
    }));
    return { checks, run: await oracle.run(files, program.entry) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Programs the rename is judged on: they run to an end in time, and the reference checks them clean (with local modules, which its `check` never loads: they compile). */
export function accepted(program: RenameProgram, b: Behaviour): boolean {
  if (b.run.kind !== 'ran' || !b.run.compiled) return false;
  return program.files.length > 1 || b.checks.every((c) => c === 'clean');
}

/** Where a difference lies, or undefined when the reference behaves the same. */
export function difference(before: Behaviour, after: Behaviour): string | undefined {
  for (let i = 0; i < before.checks.length; i++) if (before.checks[i] !== after.checks[i]) return `check ${before.checks[i]} → ${after.checks[i]}`;
  if (after.run.kind !== 'ran' || before.run.kind !== 'ran') return `run ${before.run.kind} → ${after.run.kind === 'failed' ? after.run.reason : after.run.kind}`;
  if (before.run.compiled !== after.run.compiled) return `run ${after.run.compiled ? 'now compiles' : 'no longer compiles'}`;
  if (before.run.status !== after.run.status) return `exit ${before.run.status} → ${after.run.status}`;
  if (before.run.stdout !== after.run.stdout) return 'stdout differs';
  return undefined;
}

/** One rename tried: the name at `file:line:column` (1-based) becomes `newName`. */
export interface RenameCase {
  program: string;
  file: string;
  line: number;
  column: number;
  offset: number;
  oldName: string;
  newName: string;
  /** The binding's kind, `…@fstring` when started from a use inside an interpolated string, `…>taken` when the new name is another binding's of the file. */
  kind: string;
}

export type CaseOutcome =
  | { kind: 'preserved'; hash: string; reverse: boolean }
  | { kind: 'changed'; hash: string; reverse: boolean; why: string }
  | { kind: 'refused'; code: string; message: string; justified: 'justified' | 'unconfirmed' | 'unjudged'; why?: string };

/** A name that occurs in no file of the program (as a word or inside one), of another length than `old`. */
function freshName(old: string, texts: readonly string[]): string {
  for (let n = 0; ; n++) {
    const candidate = `${old}_r${n === 0 ? '' : n}`;
    if (!texts.some((t) => t.includes(candidate))) return candidate;
  }
}

function isInString(node: Node | null): boolean {
  for (let n = node; n; n = n.parent) if (/string|interpolat/.test(n.type)) return true;
  return false;
}

/** Every binding of the program's files (not imports of other modules' items, which are refused by design) and, for each, its first use inside an interpolated string. */
export function renameCases(program: RenameProgram, analysis: Analysis): RenameCase[] {
  const texts = program.files.map((f) => f.text);
  const cases: RenameCase[] = [];
  for (const f of program.files) {
    const state = analysis.file(f.name);
    if (!state) continue;
    const add = (offset: number, b: Binding, kind: string, newName = freshName(b.name, texts)) => {
      const at = state.lines.toHuman(offset);
      cases.push({ program: program.name, file: f.name, line: at.line, column: at.column, offset, oldName: b.name, newName, kind });
    };
    // Names the file binds, for renames onto a name in use (captures, shadowing, clashes: what refusals are for).
    const bound = [...new Set(state.model.bindings.filter((b) => b.kind !== 'import').map((b) => b.name))];
    for (const b of state.model.bindings) {
      if (b.kind === 'import' && !isAliasedImport(b)) continue;
      add(b.span.start, b, b.kind);
      const taken = bound[(bound.indexOf(b.name) + 1) % bound.length];
      if (taken !== undefined && taken !== b.name) add(b.span.start, b, `${b.kind}>taken`, taken);
      const inString = state.model.uses.find((u) => u.binding === b.id && isInString(state.tree.rootNode.descendantForIndex(u.span.start)));
      if (inString) add(inString.span.start, b, `${b.kind}@fstring`);
    }
  }
  return cases;
}

/** The program's files with a rename's changes in. */
export function applied(files: readonly { name: string; text: string }[], result: WorkspaceRenameResult): { name: string; text: string }[] {
  const changed = new Map(result.changes.map((c) => [c.file, c.source]));
  return files.map((f) => ({ name: f.name, text: changed.get(f.name) ?? f.text }));
}

export function renamedHash(result: WorkspaceRenameResult): string {
  const hash = createHash('sha256');
  for (const c of [...result.changes].sort((a, b) => (a.file < b.file ? -1 : 1))) hash.update(c.file).update('\0').update(c.source).update('\0');
  return hash.digest('hex');
}

/** `offset` of the original text, in the text after `result`'s edits of `file`. */
function shifted(result: WorkspaceRenameResult, file: string, offset: number, original: string): number {
  const change = result.changes.find((c) => c.file === file);
  if (!change) return offset;
  let delta = 0;
  const lines = new LineIndex(original);
  for (const e of change.edits) {
    const start = lines.fromHuman(e.range.start);
    const end = lines.fromHuman(e.range.end);
    if (start < offset) delta += e.newText.length - (end - start);
  }
  return offset + delta;
}

/** The naive rename of what the model ties to the binding at `offset` (its uses in that file), for judging a refusal. */
function naiveRename(model: FileModel, text: string, offset: number, newName: string): string | undefined {
  const binding = model.bindings.find((b) => b.span.start <= offset && offset < b.span.end)
    ?? model.bindings[model.uses.find((u) => u.span.start <= offset && offset < u.span.end)?.binding ?? -1];
  if (!binding || isMember(binding)) return undefined;
  const spans: Span[] = bindingSpans(model, new Set(linkedBindings(model, binding).map((b) => b.id))).sort((a, b) => b.start - a.start);
  let out = text;
  for (const s of spans) out = out.slice(0, s.start) + newName + out.slice(s.end);
  return out;
}

export interface ProgramReport {
  program: string;
  accepted: boolean;
  skipped?: string;
  cases: { case: RenameCase; outcome: CaseOutcome }[];
}

/** A host over `folder` (the program's files, on disk), loaded; the caller disposes of it. */
export async function programHost(folder: string): Promise<{ host: AnalysisHost; analysis: Analysis }> {
  const host = new AnalysisHost({ root: folder, source: 'explicit' });
  await host.load();
  const snapshot = await host.snapshot();
  if (!snapshot.ok) {
    host.dispose();
    throw new Error(snapshot.error.message);
  }
  return { host, analysis: snapshot.value };
}

/** Our rename of every case of `program` (in a host over a scratch copy), each judged by the reference. */
export async function judgeProgram(oracle: ReferenceOracle, program: RenameProgram, original: Behaviour): Promise<ProgramReport> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'yaoxiang-rename-ours-'));
  const textOf = (name: string) => program.files.find((f) => f.name === name)!.text;
  try {
    for (const f of program.files) {
      mkdirSync(path.dirname(path.join(scratch, f.name)), { recursive: true });
      writeFileSync(path.join(scratch, f.name), f.text);
    }
    const { host, analysis } = await programHost(scratch);
    try {
      const results: ProgramReport['cases'] = [];
      let version = 1;
      for (const c of renameCases(program, analysis)) {
        const result = await analysis.renameAt(c.file, { line: c.line, column: c.column }, c.newName);
        if (result.diagnostics.length > 0) {
          const d = result.diagnostics[0]!;
          const naive = naiveRename(analysis.file(c.file)!.model, textOf(c.file), c.offset, c.newName);
          let justified: 'justified' | 'unconfirmed' | 'unjudged' = 'unjudged';
          let why: string | undefined;
          if (naive !== undefined) {
            why = difference(original, await behaviour(oracle, program, program.files.map((f) => (f.name === c.file ? { name: f.name, text: naive } : f))));
            justified = why === undefined ? 'unconfirmed' : 'justified';
          }
          results.push({ case: c, outcome: { kind: 'refused', code: d.code, message: d.message, justified, ...(why ? { why } : {}) } });
          continue;
        }
        const renamed = applied(program.files, result);
        const why = difference(original, await behaviour(oracle, program, renamed));
        // The reverse: the renamed program, renamed back from the same binding, is the original.
        for (const change of result.changes) host.setOverlay(change.file, change.source, ++version);
        const back = await host.snapshot();
        let reverse = false;
        if (back.ok) {
          const from = back.value.file(c.file)!.lines.toHuman(shifted(result, c.file, c.offset, textOf(c.file)));
          const again = await back.value.renameAt(c.file, from, c.oldName);
          reverse = again.diagnostics.length === 0 && applied(renamed, again).every((f, i) => f.text === program.files[i]!.text);
        }
        for (const change of result.changes) await host.clearOverlay(change.file);
        const hash = renamedHash(result);
        results.push({ case: c, outcome: why === undefined ? { kind: 'preserved', hash, reverse } : { kind: 'changed', hash, reverse, why } });
      }
      return { program: program.name, accepted: true, cases: results };
    } finally {
      host.dispose();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const pct = (n: number, of: number): string => (of === 0 ? '-' : `${((100 * n) / of).toFixed(1)}%`);

export function formatRenameReport(label: string, programs: number, reports: readonly ProgramReport[], verbose = true): string {
  const all = reports.flatMap((r) => r.cases);
  const count = (p: (o: CaseOutcome) => boolean) => all.filter((c) => p(c.outcome)).length;
  const renamed = count((o) => o.kind !== 'refused');
  const preserved = count((o) => o.kind === 'preserved');
  const reversed = count((o) => o.kind !== 'refused' && o.reverse);
  const refused = all.filter((c) => c.outcome.kind === 'refused');
  const lines = [
    `${label}: ${programs} programs, ${reports.length} accepted by the reference, run in time and alike each time, ${all.length} renames tried`,
    `  renamed                              ${String(renamed).padStart(5)}  ${pct(renamed, all.length)}`,
    `  behaviour preserved (of renamed)     ${String(preserved).padStart(5)}  ${pct(preserved, renamed)}`,
    `  renamed back to the original text    ${String(reversed).padStart(5)}  ${pct(reversed, renamed)}`,
    `  refused                              ${String(refused.length).padStart(5)}  ${pct(refused.length, all.length)}`,
  ];
  for (const j of ['justified', 'unconfirmed', 'unjudged'] as const) {
    lines.push(`    ${j.padEnd(33)}${String(refused.filter((c) => (c.outcome as { justified: string }).justified === j).length).padStart(5)}`);
  }
  const byCode = new Map<string, number>();
  for (const c of refused) byCode.set((c.outcome as { code: string }).code, (byCode.get((c.outcome as { code: string }).code) ?? 0) + 1);
  for (const [code, n] of byCode) lines.push(`    ${code.padEnd(33)}${String(n).padStart(5)}`);
  const kinds = new Map<string, [number, number]>();
  for (const c of all) {
    const k = kinds.get(c.case.kind) ?? [0, 0];
    k[0]++;
    if (c.outcome.kind === 'preserved') k[1]++;
    kinds.set(c.case.kind, k);
  }
  lines.push('  by kind (tried, preserved):', ...[...kinds].sort().map(([k, [n, p]]) => `    ${k.padEnd(33)}${String(n).padStart(5)}${String(p).padStart(6)}`));
  if (verbose) {
    const where = (c: RenameCase) => `${c.program} ${c.file}:${c.line}:${c.column} ${c.oldName} → ${c.newName} (${c.kind})`;
    for (const c of all) {
      const o = c.outcome;
      if (o.kind === 'changed') lines.push(`  CHANGED ${where(c.case)}: ${o.why}`);
      else if (o.kind !== 'refused' && !o.reverse) lines.push(`  NOT REVERSIBLE ${where(c.case)}`);
    }
    // The refusals the reference did not confirm, by reason (the message up to its first quoted name or position).
    const reasons = new Map<string, { n: number; example: string }>();
    for (const c of refused) {
      const o = c.outcome as Extract<CaseOutcome, { kind: 'refused' }>;
      if (o.justified === 'justified') continue;
      const reason = `${o.justified} ${o.code}: ${o.message.replace(/"[^"]*"|`[^`]*`|\d+:\d+/g, '…').slice(0, 110)}`;
      const entry = reasons.get(reason) ?? { n: 0, example: where(c.case) };
      entry.n++;
      reasons.set(reason, entry);
    }
    if (reasons.size > 0) lines.push('  refusals the reference did not confirm, by reason (count, an example):');
    for (const [reason, { n, example }] of [...reasons].sort((a, b) => b[1].n - a[1].n)) lines.push(`    ${String(n).padStart(5)}  ${reason}\n           e.g. ${example}`);
  }
  return lines.join('\n') + '\n';
}
