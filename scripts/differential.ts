// `npm run differential -- [DIR|FILE...] [--docs] [--generated N --seed S]
//   [--min-verdict P] [--min-first-code P] [--min-position P]
//   [--max-false-errors P] [--min-parser-first P] [--min-parser-clean P] [--json] [--jobs N]`, or `-- --regenerate-fixtures` (the compiler's verdicts),
// or `-- --update-known` (known-disagreements.tsv from today's checker);
// with `--format`, the formatters instead of the checkers (`--format [DIR|FILE...]
// [--docs] [--generated N --seed S] [--fixtures] [--fmt KEY=VALUE,…]…
// [--max-unexplained P]`, or `--format --regenerate-fixtures`)
//
// Our type checker against the reference compiler's `check --json`
// (YAOXIANG_REFERENCE_BIN), file by file, or our formatter against its
// `format --stdout`; see scripts/differential/README.md.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createParser } from '../src/syntax/language.ts';
import { repoRoot } from '../test/support/paths.ts';
import { measure, rates, type Measures } from './differential/compare.ts';
import { docBlocks, DocsUnavailable, writeDocBlocks } from './differential/docs.ts';
import { formatCoverage, programCoverage } from './differential/generate/coverage.ts';
import { generatePrograms, writePrograms, type GeneratedFile } from './differential/generate/index.ts';
import { clearPrograms, fixtureDisagreements, fixturePaths, fixturePrograms, formatKnown, formatVerdicts, knownLine, measureFixtures, readFixtures, writeFixtureTables } from './differential/fixtures.ts';
import { FIXTURE_OPTION_SETS, fmtToml, formatFixtureSample, formatFixturePaths, writeFormatFixtures } from './differential/format-fixtures.ts';
import { formatFormatMeasures, measureFormats, pairFormats, type FormatPair } from './differential/format.ts';
import { modulesDifferential, modulesFixturePaths, regenerateModulesFixtures, type ProjectSet } from './differential/modules.ts';
import { OurChecker } from './differential/ours.ts';
import { filesFromPaths, type ProgramFile } from './differential/programs.ts';
import { ReferenceOracle, referenceBinary, ReferenceUnavailable } from './differential/reference.ts';
import { renameSources, regenerateRenameFixtures as writeRenameFixtures } from './differential/rename-run.ts';
import { formatDisagreements, formatMeasures, missed, type Thresholds } from './differential/report.ts';
import { pairVerdicts } from './differential/run.ts';

class UsageError extends Error {
  override name = 'UsageError';
}

const USAGE = 'usage: npm run differential -- [DIR|FILE...] [--docs] [--generated N --seed S] [--min-verdict P] [--min-first-code P] [--min-position P] [--max-false-errors P] [--min-parser-first P] [--min-parser-clean P] [--json] [--jobs N] | --regenerate-fixtures | --update-known\n' +
  '       npm run differential -- --modules [DIR...] [--generated N --seed S] [--jobs N] | --modules --regenerate-fixtures\n' +
  '       npm run differential -- --rename [DIR|FILE...] [--generated N --seed S] [--jobs N] | --rename --regenerate-fixtures\n' +
  '       npm run differential -- --format [DIR|FILE...] [--docs] [--fixtures] [--generated N --seed S] [--fmt KEY=VALUE,...]... [--max-unexplained P] [--jobs N] | --format --regenerate-fixtures';

function percent(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 100) throw new UsageError(`${flag} takes a percentage from 0 to 100, not '${value}'`);
  return n;
}

function count(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`${flag} takes a positive integer, not '${value}'`);
  return n;
}

interface Source {
  label: string;
  files: ProgramFile[];
}

/** The code blocks of the reference repository's docs/ (YAOXIANG_REFERENCE_REPO), written under `scratch`. */
function docsSource(scratch: string): Source {
  const gitDir = process.env.YAOXIANG_REFERENCE_REPO;
  if (!gitDir) throw new DocsUnavailable('--docs reads the reference repository named by YAOXIANG_REFERENCE_REPO, which is not set');
  const { revision, blocks, duplicates } = docBlocks(gitDir);
  process.stderr.write(`docs: ${blocks.length} code blocks at ${revision} (${duplicates} repeated blocks left out)\n`);
  return { label: `docs (${revision})`, files: writeDocBlocks(blocks, path.join(scratch, 'docs')) };
}

const FMT_KEYS: Record<string, 'number' | 'boolean'> = { indent_width: 'number', line_width: 'number', use_tabs: 'boolean', single_quote: 'boolean', sort_imports: 'boolean' };

/**
 * `--fmt indent_width=2,use_tabs=true` as the yaoxiang.toml both formatters
 * read (`[fmt]` with those keys); `default` is no yaoxiang.toml at all.
 */
function fmtManifest(set: string): { label: string; manifest: string } {
  if (set === 'default' || set === '') return { label: 'default options', manifest: '' };
  for (const item of set.split(',')) {
    const [key, value, ...rest] = item.split('=').map((s) => s.trim());
    const type = FMT_KEYS[key ?? ''];
    if (!type || value === undefined || rest.length > 0) throw new UsageError(`--fmt takes KEY=VALUE pairs separated by commas (keys: ${Object.keys(FMT_KEYS).join(', ')}), not '${item}'`);
    if (type === 'number' ? !/^\d+$/.test(value) : !/^(?:true|false)$/.test(value)) throw new UsageError(`--fmt ${key} takes a ${type === 'number' ? 'whole number' : 'true or false'}, not '${value}'`);
  }
  return { label: `[fmt] ${set}`, manifest: fmtToml(set) };
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      docs: { type: 'boolean', default: false },
      format: { type: 'boolean', default: false },
      rename: { type: 'boolean', default: false },
      modules: { type: 'boolean', default: false },
      fixtures: { type: 'boolean', default: false },
      fmt: { type: 'string', multiple: true },
      'max-unexplained': { type: 'string' },
      generated: { type: 'string' },
      seed: { type: 'string' },
      'regenerate-fixtures': { type: 'boolean', default: false },
      'update-known': { type: 'boolean', default: false },
      'min-verdict': { type: 'string' },
      'min-first-code': { type: 'string' },
      'min-position': { type: 'string' },
      'max-false-errors': { type: 'string' },
      'min-parser-first': { type: 'string' },
      'min-parser-clean': { type: 'string' },
      json: { type: 'boolean', default: false },
      jobs: { type: 'string', default: '2' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  const thresholds: Thresholds = {
    minVerdict: percent(values['min-verdict'], '--min-verdict'),
    minFirstCode: percent(values['min-first-code'], '--min-first-code'),
    minPosition: percent(values['min-position'], '--min-position'),
    maxFalseErrors: percent(values['max-false-errors'], '--max-false-errors'),
    minParserFirst: percent(values['min-parser-first'], '--min-parser-first'),
    minParserClean: percent(values['min-parser-clean'], '--min-parser-clean'),
  };
  const jobs = count(values.jobs, '--jobs')!;
  const generated = count(values.generated, '--generated');
  if (values.seed !== undefined && generated === undefined) throw new UsageError('--seed goes with --generated N');
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!Number.isSafeInteger(seed)) throw new UsageError(`--seed takes an integer, not '${values.seed}'`);
  if (values.modules) {
    const oracle = new ReferenceOracle(referenceBinary(), path.join(repoRoot, '.differential-cache'), jobs);
    const write = (text: string) => process.stdout.write(text);
    if (values['regenerate-fixtures']) return regenerateModulesFixtures(oracle, repoRoot, write);
    const sets: ProjectSet[] = positionals.map((dir) => ({ label: dir, dir }));
    const scratch = mkdtempSync(path.join(tmpdir(), 'yaoxiang-differential-'));
    try {
      if (generated !== undefined) {
        // The generator's programs that import a file of their own: main.yx and its module.
        generatePrograms(generated, seed, path.join(scratch, 'generated'));
        sets.push({ label: `generated (${generated}, seed ${seed}), the programs with a local module`, dir: path.join(scratch, 'generated'), multiFileOnly: true });
      }
      if (sets.length === 0) sets.push({ label: 'fixture projects', dir: modulesFixturePaths(repoRoot).projects });
      return await modulesDifferential(oracle, sets, write);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  if (values.rename) {
    if (values['regenerate-fixtures']) return regenerateRenameFixtures(jobs);
    return renameDifferential(positionals, { generated, seed }, jobs);
  }
  if (values.format) {
    if (values['regenerate-fixtures']) return regenerateFormatFixtures(jobs, positionals, values.docs);
    const manifests = (values.fmt ?? ['default']).map(fmtManifest);
    return formatDifferential(positionals, { docs: values.docs, fixtures: values.fixtures, generated, seed }, manifests, percent(values['max-unexplained'], '--max-unexplained'), jobs);
  }
  if (values['update-known']) return updateKnown();
  if (values['regenerate-fixtures']) return regenerateFixtures(jobs);
  if (positionals.length === 0 && !values.docs && generated === undefined) throw new UsageError(`nothing to compare\n${USAGE}`);

  const oracle = new ReferenceOracle(referenceBinary(), path.join(repoRoot, '.differential-cache'), jobs);
  const scratch = mkdtempSync(path.join(tmpdir(), 'yaoxiang-differential-'));
  const ours = await OurChecker.create();
  try {
    const sources: Source[] = [];
    if (positionals.length > 0) sources.push({ label: positionals.join(' '), files: await filesFromPaths(positionals) });
    if (values.docs) sources.push(docsSource(scratch));
    if (generated !== undefined) {
      sources.push({ label: `generated (${generated}, seed ${seed})`, files: generatePrograms(generated, seed, path.join(scratch, 'generated')) });
    }
    const results: { label: string; measures: Measures; coverage?: string }[] = [];
    for (const source of sources) {
      const started = Date.now();
      const pairs = await pairVerdicts(source.files, oracle, ours, (done) => {
        if (done % 200 === 0) process.stderr.write(`  ${source.label}: ${done}/${source.files.length}\n`);
      });
      const generatedFiles = source.files.filter((f): f is GeneratedFile => 'program' in f);
      results.push({ label: source.label, measures: measure(pairs), ...(generatedFiles.length > 0 ? { coverage: formatCoverage(programCoverage(generatedFiles, pairs)) } : {}) });
      process.stderr.write(`${source.label}: ${source.files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    }
    process.stderr.write(`reference calls: ${oracle.ran} run, ${oracle.cached} from the cache\n`);
    let failing = false;
    const report: unknown[] = [];
    for (const { label, measures, coverage } of results) {
      const misses = missed(rates(measures), thresholds);
      if (misses.length > 0) failing = true;
      if (values.json) {
        report.push({ label, ...measures, rates: rates(measures), missed: misses });
        continue;
      }
      process.stdout.write(formatMeasures(label, measures));
      if (coverage) process.stdout.write(coverage);
      for (const miss of misses) process.stdout.write(`  BELOW THRESHOLD: ${miss}\n`);
      if (measures.disagreements.length + measures.failures.length > 0) {
        process.stdout.write(`disagreements (${measures.disagreements.length}):\n${formatDisagreements(measures)}`);
      }
      process.stdout.write('\n');
    }
    if (values.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
    return failing ? 1 : 0;
  } finally {
    ours.dispose();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Rewrites known-disagreements.tsv from the committed verdicts and today's checker; needs no compiler. */
async function updateKnown(): Promise<number> {
  const paths = fixturePaths(repoRoot);
  const { verdicts, known } = readFixtures(paths);
  const ours = await OurChecker.create();
  try {
    const measures = await measureFixtures(paths, verdicts, ours);
    const now = fixtureDisagreements(measures);
    writeFileSync(paths.known, formatKnown(now));
    const before = new Set(known.map(knownLine));
    const after = new Set(now.map(knownLine));
    process.stdout.write(formatMeasures('fixtures', measures));
    process.stdout.write(`known disagreements: ${before.size} → ${after.size} (${[...before].filter((l) => !after.has(l)).length} gone, ${[...after].filter((l) => !before.has(l)).length} new)\n`);
    return 0;
  } finally {
    ours.dispose();
  }
}

/** Rewrites test/differential/: the programs, the reference's verdicts, and the disagreements we have today. */
async function regenerateFixtures(jobs: number): Promise<number> {
  const paths = fixturePaths(repoRoot);
  const oracle = new ReferenceOracle(referenceBinary(), path.join(repoRoot, '.differential-cache'), jobs);
  const ours = await OurChecker.create();
  try {
    clearPrograms(paths);
    const files = writePrograms(fixturePrograms(paths.written), paths.programs, '');
    const pairs = await pairVerdicts(files, oracle, ours, () => {});
    const measures = measure(pairs);
    const verdicts = formatVerdicts(files.map((f, i) => ({ file: f.name, verdict: pairs[i]!.reference })));
    writeFixtureTables(paths, verdicts, formatKnown(fixtureDisagreements(measures)));
    process.stdout.write(`${files.length} files of ${new Set(files.map((f) => f.program.name)).size} programs written to ${path.relative(process.cwd(), paths.dir)}\n`);
    process.stdout.write(formatMeasures('fixtures', measures));
    process.stdout.write(formatCoverage(programCoverage(files, pairs)));
    process.stdout.write(`known disagreements: ${fixtureDisagreements(measures).length}\n`);
    return 0;
  } finally {
    ours.dispose();
  }
}

/** Our rename judged by the reference on the named files and generated programs (rename-run.ts). */
async function renameDifferential(paths: string[], what: { generated: number | undefined; seed: number }, jobs: number): Promise<number> {
  if (paths.length === 0 && what.generated === undefined) throw new UsageError(`nothing to rename\n${USAGE}`);
  const oracle = new ReferenceOracle(referenceBinary(), path.join(repoRoot, '.differential-cache'), jobs);
  const scratch = mkdtempSync(path.join(tmpdir(), 'yaoxiang-differential-'));
  try {
    const sources: Source[] = [];
    for (const p of paths) sources.push({ label: p, files: await filesFromPaths([p]) });
    if (what.generated !== undefined) sources.push({ label: `generated (${what.generated}, seed ${what.seed})`, files: generatePrograms(what.generated, what.seed, path.join(scratch, 'generated')) });
    await renameSources(oracle, sources, (text) => process.stdout.write(text));
    process.stderr.write(`reference calls: ${oracle.ran} run, ${oracle.cached} from the cache\n`);
    return 0;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Rewrites test/differential/rename-cases.tsv from the fixture programs and the reference. */
async function regenerateRenameFixtures(jobs: number): Promise<number> {
  const oracle = new ReferenceOracle(referenceBinary(), path.join(repoRoot, '.differential-cache'), jobs);
  await writeRenameFixtures(oracle, repoRoot, (text) => process.stdout.write(text));
  return 0;
}

/**
 * Our formatter against the reference's on the named files, the reference's
 * documentation blocks, the committed fixture programs and generated
 * programs, each set once per option set (a yaoxiang.toml both read).
 */
async function formatDifferential(paths: string[], what: { docs: boolean; fixtures: boolean; generated: number | undefined; seed: number }, manifests: { label: string; manifest: string }[], maxUnexplained: number | undefined, jobs: number): Promise<number> {
  const { docs, fixtures, generated, seed } = what;
  if (paths.length === 0 && !docs && !fixtures && generated === undefined) throw new UsageError(`nothing to compare\n${USAGE}`);
  const oracle = new ReferenceOracle(referenceBinary(), path.join(repoRoot, '.differential-cache'), jobs);
  const scratch = mkdtempSync(path.join(tmpdir(), 'yaoxiang-differential-'));
  const parser = await createParser();
  try {
    const sources: Source[] = [];
    for (const p of paths) sources.push({ label: p, files: await filesFromPaths([p]) });
    if (docs) sources.push(docsSource(scratch));
    if (fixtures) {
      const dir = fixturePaths(repoRoot).programs;
      sources.push({ label: 'fixture programs (test/differential/programs)', files: await filesFromPaths([dir]) });
    }
    if (generated !== undefined) sources.push({ label: `generated (${generated}, seed ${seed})`, files: generatePrograms(generated, seed, path.join(scratch, 'generated')) });
    let failing = false;
    for (const source of sources) for (const { label, manifest } of manifests) {
      const pairs = await pairFormats(source.files, oracle, parser, () => {}, manifest);
      const measures = measureFormats(pairs);
      process.stdout.write(formatFormatMeasures(manifests.length > 1 || manifest !== '' ? `${source.label}, ${label}` : source.label, measures) + '\n');
      if (maxUnexplained !== undefined && measures.compared > 0 && (100 * measures.unexplained) / measures.compared > maxUnexplained) {
        process.stdout.write(`  BELOW THRESHOLD: unexplained differences over ${maxUnexplained}%\n`);
        failing = true;
      }
    }
    process.stderr.write(`reference calls: ${oracle.ran} run, ${oracle.cached} from the cache\n`);
    return failing ? 1 : 0;
  } finally {
    parser.delete();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Rewrites test/differential/format-reference.json (the reference formatter's
 * output on a sample of the fixture programs) and format-reference-extra.json:
 * every other program of that sample with each option set of
 * FIXTURE_OPTION_SETS, every third file under each folder named (the corpus)
 * with the defaults and each option set, and with `--docs` every fifth
 * documentation block the reference formats.
 */
async function regenerateFormatFixtures(jobs: number, folders: string[], docs: boolean): Promise<number> {
  const oracle = new ReferenceOracle(referenceBinary(), path.join(repoRoot, '.differential-cache'), jobs);
  const scratch = mkdtempSync(path.join(tmpdir(), 'yaoxiang-differential-'));
  const parser = await createParser();
  try {
    const paths = formatFixturePaths(repoRoot);
    const files = formatFixtureSample(repoRoot);
    const pairs = await pairFormats(files, oracle, parser, () => {});
    process.stdout.write(formatFormatMeasures('format fixtures', measureFormats(pairs), false));
    const extra: { fmt: string; source: string; pair: FormatPair }[] = [];
    const run = async (label: string, chosen: ProgramFile[], fmt: string): Promise<FormatPair[]> => {
      const done = await pairFormats(chosen, oracle, parser, () => {}, fmtToml(fmt));
      process.stdout.write(formatFormatMeasures(`${label}, [fmt] ${fmt}`, measureFormats(done), false));
      return done;
    };
    const add = (chosen: ProgramFile[], fmt: string, done: FormatPair[]) => done.forEach((pair, i) => extra.push({ fmt, source: chosen[i]!.text, pair }));
    const programs = files.filter((_, i) => i % 2 === 0);
    for (const fmt of FIXTURE_OPTION_SETS) add(programs, fmt, await run('fixture programs', programs, fmt));
    for (const folder of folders) {
      const chosen = (await filesFromPaths([folder])).filter((_, i) => i % 3 === 0)
        .map((f) => ({ ...f, name: [path.basename(path.resolve(folder)), ...path.relative(folder, f.absolute).split(path.sep)].join('/') }));
      for (const fmt of ['default', ...FIXTURE_OPTION_SETS]) add(chosen, fmt, await run(folder, chosen, fmt));
    }
    if (docs) {
      const source = docsSource(scratch);
      const done = await run(source.label, source.files, 'default');
      const formatted = done.map((pair, i) => ({ pair, file: source.files[i]! })).filter(({ pair }) => pair.reference.kind === 'formatted' && pair.ours !== undefined);
      for (const { pair, file } of formatted.filter((_, i) => i % 5 === 0)) extra.push({ fmt: 'default', source: file.text, pair });
    }
    writeFormatFixtures(paths, pairs, extra);
    process.stdout.write(`${pairs.length} fixture programs, ${extra.filter((e) => e.pair.reference.kind === 'formatted' && e.pair.ours !== undefined).length} extra fixtures written\n`);
    return 0;
  } finally {
    parser.delete();
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().then((status) => {
  process.exitCode = status;
}, (e: unknown) => {
  if (e instanceof UsageError || e instanceof ReferenceUnavailable || e instanceof DocsUnavailable) {
    process.stderr.write(`differential: ${e.message}\n`);
    process.exitCode = 2;
    return;
  }
  throw e;
});
