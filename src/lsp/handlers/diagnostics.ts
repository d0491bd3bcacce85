// Diagnostics (syntax and type) of open documents: published soon after a
// change (publish-pacing.ts), and served on request (pull).
import { DiagnosticRefreshRequest, DocumentDiagnosticReportKind, type Diagnostic, type DocumentDiagnosticParams, type DocumentDiagnosticReport } from 'vscode-languageserver';
import { toDiagnostic } from '../convert.ts';
import type { Session } from '../session.ts';
import type { Context } from './context.ts';
import { PublishPacer } from './publish-pacing.ts';

/** While changes keep coming, diagnostics are pushed at most once in this time; with pull, the refresh waits for this much quiet. */
export const DIAGNOSTIC_INTERVAL_MS = 150;

/** The diagnostics of one file, in LSP form; [] for a file outside the project. */
export async function diagnosticsOf(session: Session, uri: string): Promise<Diagnostic[]> {
  const found = await session.file(uri);
  if (!found) return [];
  return found.analysis.diagnostics(found.path).map((d) => toDiagnostic(found.file.lines, d, session.encoding));
}

export function pullDiagnostics(context: Context) {
  return async (params: DocumentDiagnosticParams): Promise<DocumentDiagnosticReport> => ({
    kind: DocumentDiagnosticReportKind.Full,
    items: await diagnosticsOf(context.session(), params.textDocument.uri),
  });
}

function logFailure(what: string, error: unknown): void {
  process.stderr.write(`yaoxiang lsp: the client refused ${what}: ${error instanceof Error ? error.message : String(error)}\n`);
}

/** The diagnostics of `uri` (on a request worker); a newer round aborts `signal`. */
export type DiagnosticsSource = (uri: string, signal: AbortSignal) => Promise<Diagnostic[]>;

/**
 * After changes: pushes every open document's diagnostics, paced by
 * publish-pacing.ts (at once after a lone change, at most once an interval
 * while they keep coming). With pull, the client pulls the document it edits
 * by itself; the refresh, which makes it pull every open document again (an
 * importer's diagnostics may have changed), waits for a quiet period instead,
 * or each keystroke would be checked twice. A change stops the push round
 * still working on older versions.
 */
export function diagnosticPublisher(context: Context, source: DiagnosticsSource = (uri) => diagnosticsOf(context.session(), uri)): { schedule(): void; clear(uri: string): void } {
  let round: AbortController | undefined;
  const publish = async () => {
    const current = new AbortController();
    round = current;
    const signal = current.signal;
    const session = context.session();
    for (const uri of session.documents.uris()) {
      if (signal.aborted) return;
      const version = session.documents.get(uri)?.text.version;
      try {
        const diagnostics = await source(uri, signal);
        // Edited while it was checked: the run the edit scheduled publishes the fresher result.
        if (!signal.aborted && session.documents.get(uri)?.text.version === version) {
          await context.connection.sendDiagnostics({ uri, ...(version === undefined ? {} : { version }), diagnostics });
        }
      } catch (error) {
        if (!signal.aborted) process.stderr.write(`yaoxiang lsp: diagnostics of ${uri} failed: ${(error as Error).stack ?? String(error)}\n`);
      }
    }
  };
  // Not languages.diagnostics.refresh(): it is typed void and hides the promise a refusing client rejects.
  const refresh = () => void context.connection.sendRequest(DiagnosticRefreshRequest.type).catch((error: unknown) => logFailure('workspace/diagnostic/refresh', error));
  const pacer = new PublishPacer(publish, DIAGNOSTIC_INTERVAL_MS);
  let refreshTimer: NodeJS.Timeout | undefined;
  return {
    schedule() {
      if (!context.session().config.pullDiagnostics) {
        // Superseded: the round working on older versions stops (its worker is freed within the pool's grace).
        round?.abort(new Error('superseded by a newer change'));
        return pacer.schedule();
      }
      if (refreshTimer) clearTimeout(refreshTimer);
      refreshTimer = setTimeout(refresh, DIAGNOSTIC_INTERVAL_MS);
    },
    clear(uri: string) {
      void context.connection.sendDiagnostics({ uri, diagnostics: [] });
    },
  };
}
