// Which rules and codes a set of generated programs covers, by the
// reference's verdicts: for each, programs the reference accepts that
// exercise it, and programs it rejects with it.
import type { Pair } from '../compare.ts';
import type { Verdict } from '../verdict.ts';
import type { GeneratedFile, GeneratedProgram } from './index.ts';
import { MUTATIONS } from './mutations.ts';
import type { Rule } from './program.ts';

export const RULES: readonly Rule[] = [
  'R0', 'R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8', 'R9', 'R10', 'R11', 'R12', 'R13', 'R14', 'R15', 'R16', 'R17',
  'R18', 'R19', 'R20', 'R21', 'R22', 'R23', 'R24', 'top-level', 'break-continue', 'modules', 'lexer',
];

/**
 * The codes our checker emits (src/analysis/infer and the syntax checks the
 * reference's parser shares), and E3005, which the reference's IR generation
 * reports on module-level statements.
 */
export const OUR_CODES: readonly string[] = [
  'E0018', 'E1001', 'E1002', 'E1010', 'E1041', 'E1042', 'E1050', 'E1051', 'E1053', 'E1054', 'E1062', 'E1070', 'E1081',
  'E1052', 'E1092', 'E1093', 'E2002', 'E2003', 'E2010', 'E2013', 'E2014', 'E2016', 'E2018', 'E2027', 'E3005', 'E8001',
];

/** Sides no program can show, and why. */
const UNREACHABLE: Readonly<Record<string, string>> = {
  E2027: "never the reference's first error in check: inference reports E1052 on `*x` first (semantics.md R21)",
};

export interface CoverageRow {
  key: string;
  accepted: number;
  rejected: number;
}

/** The reference's first error on a program: its files' first errors, main.yx last. */
function firstCode(verdicts: readonly Verdict[]): string | undefined {
  for (const v of verdicts) {
    if (v.kind === 'rejected') return v.finding.code;
    if (v.kind === 'checked' && v.errors[0]) return v.errors[0].code;
  }
  return undefined;
}

interface ProgramVerdicts {
  program: GeneratedProgram;
  verdicts: Verdict[];
  /** Some file was left out (it uses a local module): only the modules it imports were checked. */
  partial?: boolean;
}

export function coverage(programs: ReadonlyMap<string, ProgramVerdicts>): { rules: CoverageRow[]; codes: CoverageRow[] } {
  const rules = new Map(RULES.map((r) => [r, { key: r, accepted: 0, rejected: 0 }]));
  const codes = new Map(OUR_CODES.map((c) => [c, { key: c, accepted: 0, rejected: 0 }]));
  const rulesOfCode = new Map<string, Set<Rule>>();
  for (const m of MUTATIONS) {
    if (!rulesOfCode.has(m.code)) rulesOfCode.set(m.code, new Set());
    rulesOfCode.get(m.code)!.add(m.rule);
  }
  for (const { program, verdicts, partial } of programs.values()) {
    if (verdicts.some((v) => v.kind === 'failed')) continue;
    const code = firstCode(verdicts);
    if (partial) {
      if (code === undefined) rules.get('modules')!.accepted++;
      else if (program.mutation?.rule === 'modules' && code === program.mutation.code) rules.get('modules')!.rejected++;
      continue;
    }
    if (code === undefined) {
      for (const r of program.rules) rules.get(r)!.accepted++;
      for (const [c, of] of rulesOfCode) if (program.rules.some((r) => of.has(r))) codes.get(c)!.accepted++;
      continue;
    }
    if (program.mutation && code === program.mutation.code) rules.get(program.mutation.rule)!.rejected++;
    const row = codes.get(code);
    if (row) row.rejected++;
  }
  return { rules: [...rules.values()], codes: [...codes.values()] };
}

export function formatCoverage(table: { rules: CoverageRow[]; codes: CoverageRow[] }): string {
  const render = (title: string, rows: CoverageRow[]) => {
    const lines = [`${title.padEnd(12)} accepted  rejected`];
    for (const row of rows) {
      const gap = UNREACHABLE[row.key] ? `  (${UNREACHABLE[row.key]})` : row.accepted === 0 || row.rejected === 0 ? '  MISSING A SIDE' : '';
      lines.push(`  ${row.key.padEnd(10)} ${String(row.accepted).padStart(8)}  ${String(row.rejected).padStart(8)}${gap}`);
    }
    return lines.join('\n');
  };
  return `${render('rule', table.rules)}\n${render('code', table.codes)}\n`;
}

/** Coverage of generated files from their pairs (same order); files using a local module, which the reference cannot check, are left out. */
export function programCoverage(files: readonly GeneratedFile[], pairs: readonly Pair[]): { rules: CoverageRow[]; codes: CoverageRow[] } {
  const byName = new Map(pairs.map((p) => [p.name, p]));
  const programs = new Map<string, ProgramVerdicts>();
  for (const file of files) {
    const pair = byName.get(file.name);
    if (!pair) continue;
    const entry = programs.get(file.program.name) ?? { program: file.program, verdicts: [] };
    if (pair.localUse) entry.partial = true;
    else entry.verdicts.push(pair.reference);
    programs.set(file.program.name, entry);
  }
  return coverage(programs);
}
