// The `source` target: mutated real programs and random text through the
// parser and every analysis pass, each input in the sandboxed worker. The
// `incremental` target: the same inputs, each edited a dozen times with an
// editor's memos, compared with fresh analyses (incremental.ts).
import { readFileSync } from 'node:fs';
import { listYxFiles } from '../../../test/support/files.ts';
import { examplesDir, sharedCorpusDir } from '../../../test/support/paths.ts';
import { fuzzLoop, type Problem } from '../loop.ts';
import { reduceText } from '../reduce.ts';
import { DEFAULT_LIMITS, Sandbox, type Outcome } from '../sandbox.ts';
import { keepFinding, type TargetOptions, type TargetReport } from '../target.ts';
import type { SourceFailure } from './check.ts';
import { MAX_SOURCE_CHARS, sourceInput } from './mutate.ts';

export type SourceSandbox = Sandbox<string, SourceFailure>;

/** Which check the sandbox's worker runs on each source. */
export type SourceCheck = 'source' | 'incremental';

export function sourceSandbox(timeoutMs = DEFAULT_LIMITS.timeoutMs, check: SourceCheck = 'source'): SourceSandbox {
  return new Sandbox<string, SourceFailure>(new URL('./worker.js', import.meta.url), { ...DEFAULT_LIMITS, timeoutMs }, { check });
}

/** The real programs the mutations start from: the shared corpus, else the examples. */
export function seedPrograms(): string[] {
  const files = listYxFiles(sharedCorpusDir ?? examplesDir);
  return files.map((f) => readFileSync(f, 'utf8')).filter((text) => text.length <= MAX_SOURCE_CHARS);
}

export async function checkInSandbox(sandbox: SourceSandbox, source: string): Promise<Problem | undefined> {
  return problemOf(await sandbox.run(source));
}

function problemOf(outcome: Outcome<SourceFailure>): Problem | undefined {
  switch (outcome.kind) {
    case 'ok':
      return undefined;
    case 'failed':
      return outcome.failure;
    case 'hang':
      return { check: 'hang', message: `no result after ${outcome.ms} ms` };
    case 'memory':
      return { check: 'memory', message: outcome.message };
    case 'crash':
      return { check: 'crash', message: outcome.message };
  }
}

export function fuzzSource(options: TargetOptions): Promise<TargetReport> {
  return fuzzSources(options, 'source');
}

export function fuzzIncremental(options: TargetOptions): Promise<TargetReport> {
  return fuzzSources(options, 'incremental');
}

async function fuzzSources(options: TargetOptions, target: SourceCheck): Promise<TargetReport> {
  const seeds = seedPrograms();
  options.log(`${target}: ${seeds.length} seed programs`);
  const sandbox = sourceSandbox(options.timeoutMs, target);
  const refusals = () => sandbox.events.get('format-skipped') ?? 0;
  let shown = 0;
  try {
    const stats = await fuzzLoop<string>({
      arbitrary: sourceInput(seeds),
      run: async (source) => {
        const before = refusals();
        const problem = await checkInSandbox(sandbox, source);
        // Not a failure (the text is kept), but a formatter bug to look at: the first few are shown.
        if (refusals() > before && shown++ < 3) options.log(`source: the formatter's verifier refused its output for ${JSON.stringify(source.length > 2000 ? `${source.slice(0, 2000)}…` : source)}`);
        return problem;
      },
      seconds: options.seconds,
      seed: options.seed,
      shrinkSeconds: 60,
      reduce: (source, problem) => reduceText(source, async (candidate) => (await checkInSandbox(sandbox, candidate))?.check === problem.check, 60_000),
      onFinding: (finding) => keepFinding(options, target, finding),
    });
    const share = (event: string) => `${sandbox.events.get(event) ?? 0} ${event}`;
    if (target === 'source') {
      options.log(`source: of ${stats.inputs} inputs, ${share('clean')} (no syntax error), ${share('formatted')} (idempotent, tokens kept), ${share('renamed')} round trips, ${share('format-skipped')} (the formatter's verifier refused its output)`);
    } else {
      options.log(`incremental: of ${stats.inputs} inputs, ${share('edited')} (each edited and compared; longer ones are left to the source target)`);
    }
    return { target, ...stats, peakRssMb: Math.round(sandbox.peakRss / 1048576) };
  } finally {
    await sandbox.close();
  }
}
