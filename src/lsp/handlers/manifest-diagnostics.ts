// Problems of each project's yaoxiang.toml, published as warnings on that file:
// a broken `[fmt]` otherwise leaves formatting at its defaults without a word.
// Computed on a request worker (which holds the projects); published from the
// main thread (which holds the connection) when a project finishes loading and
// after changes on disk, only when a file's problems changed.
import { DiagnosticSeverity, type Connection, type Diagnostic } from 'vscode-languageserver';
import { MANIFEST_FILE, type ManifestProblem } from '../../ide/index.ts';
import type { Session } from '../session.ts';

/** The code of a manifest problem, beside the reference's codes of the sources. */
export const MANIFEST_INVALID = 'MANIFEST_INVALID';

/** After a burst of changes on disk, the manifests are looked at once, this long after the last. */
const QUIET_MS = 150;

export interface ManifestReport {
  uri: string;
  diagnostics: Diagnostic[];
}

/** Every project on disk: its manifest's URI and problems (none when it is fine or absent). */
export async function manifestReports(session: Session): Promise<ManifestReport[]> {
  return Promise.all(session.workspaces.onDisk().map(async ({ root, host }) => {
    const { problems } = await host.currentManifest();
    return { uri: session.workspaces.uriOf(root, MANIFEST_FILE), diagnostics: problems.map(toManifestDiagnostic) };
  }));
}

/** At the place the TOML parser names (1-based; a manifest's text is ASCII in practice, so code units and bytes agree), else the file's start. */
function toManifestDiagnostic(problem: ManifestProblem): Diagnostic {
  const at = { line: (problem.line ?? 1) - 1, character: (problem.column ?? 1) - 1 };
  return { range: { start: at, end: at }, severity: DiagnosticSeverity.Warning, code: MANIFEST_INVALID, source: 'yaoxiang', message: `${problem.message} (the settings it could not give are at their defaults)` };
}

/** Publishes `reports()` a quiet period after each `schedule()`, one round at a time, each file only when its problems changed. */
export function manifestPublisher(connection: Connection, reports: () => Promise<ManifestReport[]>): { schedule(): void } {
  const published = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  let rounds: Promise<void> = Promise.resolve();
  const round = async () => {
    const now = await reports();
    // A project no longer served (its folder gone) takes its warnings with it.
    const gone = [...published.keys()].filter((uri) => !now.some((report) => report.uri === uri)).map((uri) => ({ uri, diagnostics: [] }));
    for (const report of [...now, ...gone]) {
      const key = JSON.stringify(report.diagnostics);
      if ((published.get(report.uri) ?? '[]') === key) continue;
      if (key === '[]') published.delete(report.uri);
      else published.set(report.uri, key);
      await connection.sendDiagnostics({ uri: report.uri, diagnostics: report.diagnostics });
    }
  };
  return {
    schedule() {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        rounds = rounds.then(round).catch((error: unknown) => {
          process.stderr.write(`yaoxiang lsp: the manifests' diagnostics failed: ${error instanceof Error ? error.message : String(error)}\n`);
        });
      }, QUIET_MS);
    },
  };
}
