// Our verdict on a file: the same checkFiles (src/ide/) and file reader that
// `yaoxiang check --json` runs, in-process.
import path from 'node:path';
import { readSource } from '../../src/cli/io.ts';
import { checkFiles } from '../../src/ide/index.ts';
import type { Verdict } from './verdict.ts';

export class OurChecker {
  static create(): Promise<OurChecker> {
    return Promise.resolve(new OurChecker());
  }

  /** Checked as `yaoxiang check --json FILE` run in the file's folder: local modules resolve beside it. */
  async check(absolute: string): Promise<Verdict> {
    try {
      const { diagnostics } = await checkFiles([absolute], {
        root: path.dirname(absolute),
        read: async (file) => (await readSource(file)).text,
        display: (file) => file,
      });
      const errors = diagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => ({ code: d.code, line: d.range.start.line, column: d.range.start.column, message: d.message }));
      return { kind: 'checked', errors };
    } catch (e) {
      return { kind: 'failed', reason: `our checker threw: ${(e as Error).message}` };
    }
  }

  dispose(): void {
    // Nothing is held between files: checkFiles frees its own parser.
  }
}
