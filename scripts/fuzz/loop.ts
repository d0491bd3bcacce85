// The time-boxed fast-check loop every target shares. fast-check stops at the
// first failure of a run and shrinks it, so the budget is spent in short runs
// with fresh seeds: a failure is shrunk, reported, and fuzzing goes on.
import fc from 'fast-check';

export interface Problem {
  /** Which property broke, e.g. `throw:format` or `missing-response`. */
  check: string;
  message: string;
}

export interface Finding<Input> extends Problem {
  input: Input;
  /** How many times a failure with this signature came up. */
  hits: number;
}

export interface LoopOptions<Input> {
  arbitrary: fc.Arbitrary<Input>;
  /** One input through the target; a problem or undefined. */
  run(input: Input): Promise<Problem | undefined>;
  seconds: number;
  seed: number;
  /** Extra time a failing run may spend shrinking, past the budget. */
  shrinkSeconds: number;
  /** A smaller input with the same problem, after fast-check's shrinking. */
  reduce?(input: Input, problem: Problem): Promise<Input>;
  /** Called once per new signature with the shrunk input. */
  onFinding(finding: Finding<Input>): void | Promise<void>;
  /** Stop after this many distinct failures: the rest is likely the same bug. */
  maxFindings?: number;
}

export interface LoopStats<Input> {
  inputs: number;
  seconds: number;
  findings: Array<Finding<Input>>;
}

/** Same property, same message up to numbers: one bug, one fixture. */
export function signature(problem: Problem): string {
  return `${problem.check}: ${problem.message.replace(/\d+/g, 'N').slice(0, 120)}`;
}

export async function fuzzLoop<Input>(options: LoopOptions<Input>): Promise<LoopStats<Input>> {
  const started = Date.now();
  const deadline = started + options.seconds * 1000;
  const findings = new Map<string, Finding<Input>>();
  let inputs = 0;
  let seed = options.seed;
  while (Date.now() < deadline && findings.size < (options.maxFindings ?? 10)) {
    // Runs of about five seconds, so the budget is overrun by one short run at most.
    const rate = inputs / Math.max(1, (Date.now() - started) / 1000) || 20;
    const numRuns = Math.max(5, Math.min(5000, Math.round(rate * Math.min(5, (deadline - Date.now()) / 1000))));
    let last: { input: Input; problem: Problem } | undefined;
    const property = fc.asyncProperty(options.arbitrary, async (input) => {
      inputs++;
      // A throw is the harness's own failure; as a problem it is reported with the input that caused it, where
      // fast-check would shrink it into later inputs that fail for other reasons (a late answer it left behind).
      const problem = await options.run(input).catch((error: unknown): Problem => ({ check: 'harness-threw', message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }));
      if (problem) last = { input, problem };
      return problem === undefined;
    });
    const limit = Math.max(0, deadline - Date.now()) + options.shrinkSeconds * 1000;
    const details = await fc.check(property, { numRuns, seed: seed++, plugins: [fc.interruptAfterTimeLimit(limit)] });
    if (!details.failed) continue;
    if (!last) throw new Error(`fast-check failed without a problem: ${String(details.errorInstance)}`);
    const key = signature(last.problem);
    const seen = findings.get(key);
    if (seen) {
      seen.hits++;
      continue;
    }
    const input = options.reduce ? await options.reduce(last.input, last.problem) : last.input;
    const finding = { ...last.problem, input, hits: 1 };
    findings.set(key, finding);
    await options.onFinding(finding);
  }
  return { inputs, seconds: (Date.now() - started) / 1000, findings: [...findings.values()] };
}
