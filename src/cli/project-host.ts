// The analysis host for workspace commands (symbols, references, imports, rename).
import { loadedHost, type Analysis, type AnalysisHost } from '../ide/index.ts';
import { UsageError } from './io.ts';
import { projectRoot } from './project.ts';
import { escapeControls, shownPath } from './shown-path.ts';

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

/** How many of them the warning names, one per line. */
const NAMED_PROBLEMS = 5;

/** Files the project holds but the answer does not cover (unreadable, invalid UTF-8, too large, past the budget, in a folder that cannot be listed): said on stderr. */
function warnOfSkippedFiles(analysis: Analysis): void {
  const problems = analysis.problemsByPath();
  if (problems.length === 0) return;
  const what = problems.some((p) => p.file.endsWith('/')) ? 'file(s) or folder(s)' : 'file(s)';
  const lines = problems.slice(0, NAMED_PROBLEMS).map((p) => `  ${shownPath(p.file)}: ${p.code}: ${escapeControls(p.message)}\n`);
  const more = problems.length > NAMED_PROBLEMS ? `  and ${problems.length - NAMED_PROBLEMS} more\n` : '';
  process.stderr.write(`yaoxiang: ${problems.length} ${what} of the project left out:\n${lines.join('')}${more}`);
}
