// Diagnostics (syntax and type) of open documents: published after a short
// quiet period following the last change, and served on request (pull).
import { DiagnosticRefreshRequest, DocumentDiagnosticReportKind, type Diagnostic, type DocumentDiagnosticParams, type DocumentDiagnosticReport } from 'vscode-languageserver';
import { toDiagnostic } from '../convert.ts';
import type { Session } from '../session.ts';
import type { Context } from './context.ts';

export const DIAGNOSTIC_DELAY_MS = 150;

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
 * Schedules one publication for every open document, restarting the delay on
 * each call; a change during a round aborts it, so only the latest versions
 * are ever worked on.
 */
export function diagnosticPublisher(context: Context, source: DiagnosticsSource = (uri) => diagnosticsOf(context.session(), uri)): { schedule(): void; clear(uri: string): void } {
  let timer: NodeJS.Timeout | undefined;
  let round: AbortController | undefined;
  const publish = async (signal: AbortSignal) => {
    timer = undefined;
    const session = context.session();
    if (session.config.pullDiagnostics) {
      // Not languages.diagnostics.refresh(): it is typed void and hides the promise a refusing client rejects.
      context.connection.sendRequest(DiagnosticRefreshRequest.type).catch((error: unknown) => logFailure('workspace/diagnostic/refresh', error));
      return;
    }
    for (const uri of session.documents.uris()) {
      if (signal.aborted) return;
      const version = session.documents.get(uri)?.text.version;
      try {
        const diagnostics = await source(uri, signal);
        // A newer change restarted the timer: that publication will be fresher.
        if (timer === undefined && !signal.aborted && session.documents.get(uri)?.text.version === version) {
          await context.connection.sendDiagnostics({ uri, ...(version === undefined ? {} : { version }), diagnostics });
        }
      } catch (error) {
        if (!signal.aborted) process.stderr.write(`yaoxiang lsp: diagnostics of ${uri} failed: ${(error as Error).stack ?? error}\n`);
      }
    }
  };
  return {
    schedule() {
      if (timer) clearTimeout(timer);
      // Superseded: the round working on older versions stops (its worker is freed within the pool's grace).
      round?.abort(new Error('superseded by a newer change'));
      const current = new AbortController();
      round = current;
      timer = setTimeout(() => void publish(current.signal), DIAGNOSTIC_DELAY_MS);
    },
    clear(uri: string) {
      void context.connection.sendDiagnostics({ uri, diagnostics: [] });
    },
  };
}
