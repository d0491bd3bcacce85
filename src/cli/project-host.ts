// The analysis host for workspace commands (symbols, references, imports, rename).
import { loadedHost, type Analysis, type AnalysisHost } from '../ide/index.ts';
import { UsageError } from './io.ts';
import { projectRoot } from './project.ts';
import { shownPath } from './shown-path.ts';

/**
 * Runs `work` on a snapshot of the whole project, loaded for this one
 * invocation, and frees the host afterwards.
 */
export async function withProject<T>(explicit: string | undefined, work: (analysis: Analysis, host: AnalysisHost) => Promise<T>): Promise<T> {
  const host = await loadedHost(projectRoot(explicit));
  try {
    const snapshot = await host.snapshot();
    if (!snapshot.ok) throw new UsageError(snapshot.error.message);
    warnOfSkippedFiles(snapshot.value);
    return await work(snapshot.value, host);
  } finally {
    host.dispose();
  }
}

/** A file argument as a file of the snapshot, or a usage error saying why not. */
export function projectFile(analysis: Analysis, given: string): string {
  const resolved = analysis.resolve(given);
  switch (resolved.kind) {
    case 'file': return resolved.file.path;
    case 'outside': throw new UsageError(`PATH_OUTSIDE_PROJECT: ${resolved.message}`);
    case 'problem': throw new UsageError(`${resolved.problem.code}: ${resolved.problem.message}`);
    case 'unknown': throw new UsageError(`FILE_NOT_FOUND: ${given} is not a .yx file of the project`);
  }
}

/** Files the project holds but the answer does not cover (unreadable, invalid UTF-8, too large, past the budget): said on stderr. */
function warnOfSkippedFiles(analysis: Analysis): void {
  const problems = [...analysis.problems.values()];
  if (problems.length === 0) return;
  const first = problems[0]!;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  process.stderr.write(`yaoxiang: ${problems.length} file(s) of the project left out: ${shownPath(first.file)}: ${first.code}: ${first.message}${more}\n`);
}
