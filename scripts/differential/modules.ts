// Multi-file programs (local modules), judged by the reference's `run`.
//
// The reference's `check` never loads a local module (semantics.md §6.3), so
// the file-by-file differential sets apart every file that uses one. Its
// `run` does, inside a project (a folder with a yaoxiang.toml): the
// orchestrator (module/orchestrator.rs) follows `use` from the entry, parses
// every file it reaches in path order (the first parse error stops it:
// `解析 PATH 失败: error[E0xxx]: …`, no position), then type-checks them one
// by one in the same order and prints the diagnostics of the first file that
// has any (`error [CODE] message` / ` --> FILE:LINE:COL`), then `Compilation
// failed`. Each project here is a folder whose entry is main.yx; ours is
// `checkFiles` (what `yaoxiang check --json` runs) over the files the entry
// reaches, with the folder as the project root.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readSource } from '../../src/cli/io.ts';
import { checkFiles } from '../../src/ide/index.ts';
import type { ReferenceOracle, RunVerdict } from './reference.ts';

export interface ProjectFile {
  /** Relative to the project's folder, with `/`. */
  name: string;
  text: string;
}

export interface Project {
  name: string;
  dir: string;
  /** Every .yx file of the folder, in the reference's path order. */
  files: ProjectFile[];
}

export const ENTRY = 'main.yx';

/**
 * The reference's verdict on a project. `failed` carries its first error:
 * `stage` `parse` (no position: line 0), `check` (the type checker's or IR
 * generation's, with a position unless the code has no span), or `other`
 * (an ambiguous module, a name collision: no code).
 */
export type ProjectVerdict =
  | { kind: 'compiled' }
  | { kind: 'failed'; stage: 'parse' | 'check' | 'other'; code: string; file: string; line: number; column: number; message: string }
  | { kind: 'unjudged'; reason: string };

export interface ProjectFinding {
  file: string;
  code: string;
  line: number;
  column: number;
}

/** Paths compared component by component, as Rust's `PathBuf` orders them (`a/b.yx` before `a.yx`). */
export function comparePaths(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  }
  return x.length - y.length;
}

function yxFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) out.push(...yxFiles(dir, relative));
    else if (entry.name.endsWith('.yx')) out.push(relative);
  }
  return out;
}

/** Every folder directly under `dir` that holds a main.yx, as a project, by name. */
export function projectsUnder(dir: string): Project[] {
  return readdirSync(dir).sort()
    .filter((name) => existsSync(path.join(dir, name, ENTRY)) && statSync(path.join(dir, name)).isDirectory())
    .map((name) => {
      const folder = path.join(dir, name);
      const files = yxFiles(folder).sort(comparePaths).map((file) => ({ name: file, text: readFileSync(path.join(folder, file), 'utf8') }));
      return { name, dir: folder, files };
    });
}

/**
 * The module paths a file's `use` statements name, as the orchestrator's
 * token scan finds them (`use a.b.{x}` is `a.b`); comments and strings are
 * blanked first so that a `use` inside them is not one.
 */
function usePaths(text: string): string[] {
  const code = text.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"/g, (s) => s.replace(/[^\n]/g, ' '));
  return [...code.matchAll(/\buse\s+([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)/g)].map((m) => m[1]!.replace(/\s+/g, ''));
}

/** The files the entry reaches through `use`, resolved as the orchestrator does: importer's folder, then the project root; `a/b.yx` before `a/b/mod.yx`. */
export function reachableFiles(project: Project): ProjectFile[] {
  const byName = new Map(project.files.map((f) => [f.name, f]));
  const seen = new Set<string>([ENTRY]);
  const queue = [ENTRY];
  while (queue.length > 0) {
    const importer = queue.shift()!;
    const folder = importer.includes('/') ? importer.slice(0, importer.lastIndexOf('/') + 1) : '';
    for (const use of usePaths(byName.get(importer)?.text ?? '')) {
      if (use === 'std' || use.startsWith('std.')) continue;
      const relative = use.split('.').join('/');
      const found = [...new Set([folder, ''])].flatMap((root) => [`${root}${relative}.yx`, `${root}${relative}/mod.yx`]).find((f) => byName.has(f));
      if (found !== undefined && !seen.has(found)) {
        seen.add(found);
        queue.push(found);
      }
    }
  }
  return project.files.filter((f) => seen.has(f.name));
}

/** The reference's verdict from what its `run` printed (ANSI colours removed). */
export function readProjectRun(run: RunVerdict & { stderr?: string }): ProjectVerdict {
  if (run.kind === 'failed') return { kind: 'unjudged', reason: run.reason };
  // A program that compiled and then failed at run time (or printed anything) compiled.
  if (run.compiled) return { kind: 'compiled' };
  // eslint-disable-next-line no-control-regex
  const stderr = (run.stderr ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  const parse = /^解析 (.+?) 失败: (?:[^\n]*?\b(E\d{4})\]?:? ?)?([^\n]*)$/m.exec(stderr);
  if (parse) return { kind: 'failed', stage: 'parse', code: parse[2] ?? '', file: parse[1]!, line: 0, column: 0, message: parse[3]!.trim() };
  const error = /^error \[(E\d{4})\] ([^\n]*)$/m.exec(stderr);
  if (error) {
    const rest = stderr.slice(error.index + error[0].length);
    const next = rest.search(/^error \[/m);
    const at = /^\s*--> (.+):(\d+):(\d+)\s*$/m.exec(next === -1 ? rest : rest.slice(0, next));
    return { kind: 'failed', stage: 'check', code: error[1]!, file: at?.[1] ?? '', line: at ? Number(at[2]) : 0, column: at ? Number(at[3]) : 0, message: error[2]!.trim() };
  }
  const first = stderr.split('\n').map((l) => l.trim()).find((l) => l !== '' && l !== 'Compilation failed') ?? '';
  return { kind: 'failed', stage: 'other', code: '', file: '', line: 0, column: 0, message: first };
}

/** Our errors on the files the entry reaches, checked as `yaoxiang check --json` checks them, the project's folder as the root. */
export async function checkProject(project: Project): Promise<ProjectFinding[]> {
  const targets = reachableFiles(project).map((f) => path.join(project.dir, ...f.name.split('/')));
  const { diagnostics } = await checkFiles(targets, {
    root: project.dir,
    read: async (file) => (await readSource(file)).text,
    display: (file) => path.relative(project.dir, file).split(path.sep).join('/'),
  });
  return diagnostics.filter((d) => d.severity === 'error').map((d) => ({ file: d.file, code: d.code, line: d.range.start.line, column: d.range.start.column }));
}

export interface ProjectComparison {
  name: string;
  reference: ProjectVerdict;
  ours: ProjectFinding[];
  sameVerdict: boolean;
  /** The reference failed with a code, and one of ours has it in its file. */
  firstCode: boolean;
  /** …and at its line and column (the code alone when the reference gives none). */
  position: boolean;
  /** We report an error in a file the reference compiled, or passed before the one it stopped at. */
  falseError: boolean;
}

/** Lexer and parser codes: the orchestrator parses every file before it type-checks any. */
const isSyntaxCode = (code: string) => code.startsWith('E0');
/** IR generation's codes: it runs on every file, in order, after all of them type-checked clean. */
const isIrCode = (code: string) => code.startsWith('E3');

/** Files the reference passed before stopping at `file`: parsed (a parse error) or type-checked (a type error). */
function passedBefore(files: readonly ProjectFile[], file: string): Set<string> {
  return new Set(files.map((f) => f.name).filter((name) => comparePaths(name, file) < 0));
}

export function compareProject(project: Project, reference: ProjectVerdict, ours: readonly ProjectFinding[]): ProjectComparison {
  const base = { name: project.name, reference, ours: [...ours] };
  if (reference.kind === 'unjudged') return { ...base, sameVerdict: false, firstCode: false, position: false, falseError: false };
  if (reference.kind === 'compiled') return { ...base, sameVerdict: ours.length === 0, firstCode: false, position: false, falseError: ours.length > 0 };
  const inFile = ours.filter((f) => f.code === reference.code && (reference.file === '' || f.file === reference.file));
  const firstCode = reference.code !== '' && inFile.length > 0;
  const position = firstCode && (reference.line === 0 || inFile.some((f) => f.line === reference.line && f.column === reference.column));
  let falseError = false;
  if (reference.stage === 'parse') {
    // Every file before it parsed; none was type-checked.
    const passed = passedBefore(reachableFiles(project), reference.file);
    falseError = ours.some((f) => passed.has(f.file) && isSyntaxCode(f.code));
  } else if (reference.stage === 'check' && reference.file !== '') {
    const passed = passedBefore(reachableFiles(project), reference.file);
    if (isIrCode(reference.code)) {
      // IR generation runs once every file has type-checked clean: only E3xxx can stand before it, in a later file.
      falseError = ours.some((f) => !isIrCode(f.code) || passed.has(f.file));
    } else {
      // Type checking stops at this file; IR generation, which reports E3xxx, never ran.
      // Every file parsed.
      falseError = ours.some((f) => (passed.has(f.file) && !isIrCode(f.code)) || isSyntaxCode(f.code));
    }
  }
  return { ...base, sameVerdict: ours.length > 0, firstCode, position, falseError };
}

/** Whether the comparison is one the report lists: another verdict, the first code missing or elsewhere, or a false error. */
export function disagrees(c: ProjectComparison): boolean {
  if (c.reference.kind === 'unjudged') return false;
  return !c.sameVerdict || c.falseError || (c.reference.kind === 'failed' && c.reference.code !== '' && !c.position);
}

export function describeProjectVerdict(v: ProjectVerdict): string {
  if (v.kind === 'compiled') return 'compiled';
  if (v.kind === 'unjudged') return `unjudged (${v.reason})`;
  if (v.code === '') return `failed (${v.message})`;
  // The reference names no file for a code it gives no span (E1053, E8001).
  return `${v.code}${v.file === '' ? '' : `@${v.file}`}${v.line === 0 ? '' : `:${v.line}:${v.column}`}`;
}

export function describeFindings(findings: readonly ProjectFinding[]): string {
  if (findings.length === 0) return 'clean';
  const shown = findings.slice(0, 3).map((f) => `${f.code}@${f.file}:${f.line}:${f.column}`);
  return shown.join(' ') + (findings.length > 3 ? ` (+${findings.length - 3})` : '');
}

export interface ModuleMeasures {
  projects: number;
  compared: number;
  referenceErrors: number;
  sameVerdict: number;
  firstCode: number;
  position: number;
  falseErrors: number;
  unjudged: { name: string; reason: string }[];
  disagreements: ProjectComparison[];
}

export function measureProjects(comparisons: readonly ProjectComparison[]): ModuleMeasures {
  const m: ModuleMeasures = { projects: comparisons.length, compared: 0, referenceErrors: 0, sameVerdict: 0, firstCode: 0, position: 0, falseErrors: 0, unjudged: [], disagreements: [] };
  for (const c of comparisons) {
    if (c.reference.kind === 'unjudged') {
      m.unjudged.push({ name: c.name, reason: c.reference.reason });
      continue;
    }
    m.compared++;
    if (c.reference.kind === 'failed' && c.reference.code !== '') m.referenceErrors++;
    if (c.sameVerdict) m.sameVerdict++;
    if (c.firstCode) m.firstCode++;
    if (c.position) m.position++;
    if (c.falseError) m.falseErrors++;
    if (disagrees(c)) m.disagreements.push(c);
  }
  return m;
}

export function formatModuleMeasures(label: string, m: ModuleMeasures): string {
  const pct = (n: number, of: number) => (of === 0 ? 100 : (100 * n) / of).toFixed(1).padStart(5);
  const row = (what: string, n: number, of: number) => `  ${what.padEnd(52)} ${pct(n, of)}%  (${n}/${of})`;
  return [
    `${label}: ${m.compared} projects compared (${m.referenceErrors} where the reference's run stops at an error with a code); apart: ${m.unjudged.length} unjudged`,
    row('same verdict (compiles / has errors)', m.sameVerdict, m.compared),
    row("the reference's first error code among ours, in its file", m.firstCode, m.referenceErrors),
    row('that code at its line and column', m.position, m.referenceErrors),
    row('we report an error in a file the reference passed', m.falseErrors, m.compared),
  ].join('\n') + '\n';
}

/** `project  reference  ours`, the form of the report and of modules-known.tsv. */
export function disagreementLine(c: ProjectComparison): string {
  return `${c.name}\t${describeProjectVerdict(c.reference)}\t${describeFindings(c.ours)}`;
}

// The fixture: the reference's verdict on every project, one a line.
const HEADER = 'project\tverdict\tstage\tcode\tfile\tline\tcolumn\tmessage';

export function formatProjectVerdicts(rows: readonly { name: string; verdict: ProjectVerdict }[]): string {
  const clean = (s: string) => s.replace(/[\t\n]/g, ' ');
  const lines = rows.map(({ name, verdict: v }) => {
    if (v.kind === 'compiled') return `${name}\tcompiled\t\t\t\t\t\t`;
    if (v.kind === 'unjudged') return `${name}\tunjudged\t\t\t\t\t\t${clean(v.reason)}`;
    return `${name}\tfailed\t${v.stage}\t${v.code}\t${v.file}\t${v.line}\t${v.column}\t${clean(v.message)}`;
  });
  return [HEADER, ...lines].join('\n') + '\n';
}

export function parseProjectVerdicts(text: string): Map<string, ProjectVerdict> {
  const out = new Map<string, ProjectVerdict>();
  for (const line of text.split('\n').slice(1)) {
    if (line === '') continue;
    const [name, verdict, stage, code, file, lineNo, column, message] = line.split('\t');
    if (name === undefined || message === undefined) throw new Error(`modules-verdicts.tsv: a line without 8 columns: ${line}`);
    if (verdict === 'compiled') out.set(name, { kind: 'compiled' });
    else if (verdict === 'unjudged') out.set(name, { kind: 'unjudged', reason: message });
    else if (verdict === 'failed' && (stage === 'parse' || stage === 'check' || stage === 'other')) {
      out.set(name, { kind: 'failed', stage, code: code!, file: file!, line: Number(lineNo), column: Number(column), message });
    } else throw new Error(`modules-verdicts.tsv: unknown verdict in: ${line}`);
  }
  return out;
}

/** modules-known.tsv: `project  reference  ours  reason`, the disagreements left, each with why. */
export function parseModulesKnown(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const parts = line.split('\t');
    if (parts.length < 4) throw new Error(`modules-known.tsv: a line without a reason: ${line}`);
    out.set(parts.slice(0, 3).join('\t'), parts.slice(3).join('\t'));
  }
  return out;
}

export function modulesFixturePaths(repoRoot: string): { projects: string; verdicts: string; known: string } {
  const dir = path.join(repoRoot, 'test', 'differential');
  return { projects: path.join(dir, 'modules'), verdicts: path.join(dir, 'modules-verdicts.tsv'), known: path.join(dir, 'modules-known.tsv') };
}

/** Both sides on every project under each folder: the reference's verdict and our comparison with it. */
export async function compareProjects(oracle: ReferenceOracle, projects: readonly Project[]): Promise<{ project: Project; verdict: ProjectVerdict; comparison: ProjectComparison }[]> {
  const verdicts = await Promise.all(projects.map(async (p) => readProjectRun(await oracle.project(p.files, ENTRY))));
  const out = [];
  for (const [i, project] of projects.entries()) {
    const verdict = verdicts[i]!;
    out.push({ project, verdict, comparison: compareProject(project, verdict, await checkProject(project)) });
  }
  return out;
}

function formatDisagreementList(m: ModuleMeasures): string {
  return m.disagreements.map((c) => `  ${disagreementLine(c)}\n`).join('') + m.unjudged.map((u) => `  ${u.name}\tUNJUDGED ${u.reason}\n`).join('');
}

/** A folder of projects to judge; `multiFileOnly` keeps those with a local module (the generator's single files are judged file by file). */
export interface ProjectSet {
  label: string;
  dir: string;
  multiFileOnly?: boolean;
}

/** `--modules [DIR…] [--generated N --seed S]`: the measures per set of projects (default: the fixture projects) and every disagreement. */
export async function modulesDifferential(oracle: ReferenceOracle, sets: readonly ProjectSet[], write: (text: string) => void): Promise<number> {
  for (const { label, dir, multiFileOnly } of sets) {
    const projects = projectsUnder(dir).filter((p) => !multiFileOnly || reachableFiles(p).length > 1);
    const results = await compareProjects(oracle, projects);
    const m = measureProjects(results.map((r) => r.comparison));
    write(formatModuleMeasures(label, m));
    if (m.disagreements.length + m.unjudged.length > 0) write(`disagreements (${m.disagreements.length}):\n${formatDisagreementList(m)}`);
    write('\n');
  }
  return 0;
}

/** `--modules --regenerate-fixtures`: the reference's verdicts on the fixture projects, and the disagreements left (their reasons kept). */
export async function regenerateModulesFixtures(oracle: ReferenceOracle, repoRoot: string, write: (text: string) => void): Promise<number> {
  const paths = modulesFixturePaths(repoRoot);
  const results = await compareProjects(oracle, projectsUnder(paths.projects));
  writeFileSync(paths.verdicts, formatProjectVerdicts(results.map((r) => ({ name: r.project.name, verdict: r.verdict }))));
  const m = measureProjects(results.map((r) => r.comparison));
  const reasons = existsSync(paths.known) ? parseModulesKnown(readFileSync(paths.known, 'utf8')) : new Map<string, string>();
  const known = m.disagreements.map((c) => `${disagreementLine(c)}\t${reasons.get(disagreementLine(c)) ?? 'NOT YET EXPLAINED'}\n`).join('');
  writeFileSync(paths.known, KNOWN_HEADER + known);
  write(formatModuleMeasures('fixture projects', m));
  write(`${results.length} verdicts written; ${m.disagreements.length} known disagreements\n`);
  return 0;
}

const KNOWN_HEADER = '# Multi-file projects (test/differential/modules) where our check disagrees with the reference\'s run:\n# project\treference\tours\treason. A ratchet: modules.test.ts fails on a disagreement not listed and on a listed one that no longer holds.\n';
