// What the runner hands a target and what a target reports back.
import type { Finding } from './loop.ts';
import { saveFixture, type TargetName } from './fixtures.ts';

export interface TargetOptions {
  seconds: number;
  seed: number;
  /** Per-input time bound. */
  timeoutMs: number;
  /** Where new failures are saved as fixtures. */
  saveDir: string;
  log(line: string): void;
}

export interface TargetReport {
  target: TargetName;
  inputs: number;
  seconds: number;
  findings: Array<Finding<unknown>>;
  /** Peak resident set of the process under test (the fuzzer's own for `source`, the server's for MCP). */
  peakRssMb: number;
}

/** Saves a failure as a fixture and logs it, with the fixture itself when small: on CI the file is gone with the clone. */
export function keepFinding(options: TargetOptions, target: TargetName, finding: Finding<unknown>): void {
  const fixture = { target, check: finding.check, message: finding.message, input: finding.input };
  const path = saveFixture(options.saveDir, fixture);
  const text = JSON.stringify(fixture);
  options.log(`${target}: FAILED ${finding.check}: ${finding.message.slice(0, 300)}\n  saved as ${path}${text.length <= 4000 ? `\n  ${text}` : ` (${text.length} characters)`}`);
}
