// What the main thread does with the projects' news from the request workers
// (threads/workspace-reports.ts), which load and watch them: each project's
// first load is reported as work-done progress (when the client shows
// progress), its open documents are diagnosed when the load ends, and again
// whenever a source or manifest below it changes on disk: clients without
// `workspace/didChangeWatchedFiles` (Neovim on Linux) would otherwise show an
// importer's stale diagnostics until the next keystroke. A client's watcher,
// where there is one, only adds notifications that the diagnostics' quiet
// period folds into the same publication. Every worker tells of the same
// projects (a replacement tells again): a project's load is reported once.
import path from 'node:path';
import type { Connection, WorkDoneProgressServerReporter } from 'vscode-languageserver';
import { MANIFEST_FILE } from '../../ide/index.ts';
import type { Diagnostics } from './sync.ts';

/**
 * What a request worker tells the main thread of its projects (it loads and
 * watches them; the main thread has the connection): a project made, its
 * loading progress, its first load done, a change on disk below it. Every
 * worker tells the same story: a load is reported once, from the first telling;
 * each telling of a change on disk reschedules diagnostics (the pacing folds them).
 */
export type WorkspaceEvent =
  | { kind: 'opened'; root: string }
  | { kind: 'indexing'; root: string; loaded: number; total: number }
  | { kind: 'ready'; root: string; files: number | undefined }
  | { kind: 'disk'; root: string; relative: string | undefined };

interface Loading {
  /** The client's progress, once it has accepted the token; undefined if it refused. */
  reporter: Promise<WorkDoneProgressServerReporter | undefined>;
  done: boolean;
}

export interface WorkspaceReports {
  hear(event: WorkspaceEvent): void;
  /** After the answer to initialize: progress may not be sent before it, so what came earlier waits. */
  start(): void;
}

export function watchWorkspaces(connection: Connection, diagnostics: Diagnostics): WorkspaceReports {
  const loading = new Map<string, Loading>();
  let waiting: WorkspaceEvent[] | undefined = [];
  const take = (event: WorkspaceEvent): void => {
    const known = loading.get(event.root);
    switch (event.kind) {
      case 'opened':
        if (!known) loading.set(event.root, { reporter: beginProgress(connection, event.root), done: false });
        return;
      case 'indexing':
        if (known && !known.done && event.total > 0) void known.reporter.then((r) => r?.report(Math.floor((100 * event.loaded) / event.total), `${event.loaded}/${event.total} files`));
        return;
      case 'ready':
        if (!known || known.done) return;
        known.done = true;
        void known.reporter.then((r) => r?.done());
        if (event.files !== undefined) process.stderr.write(`yaoxiang lsp: indexed ${event.files} files in ${event.root}\n`);
        diagnostics.schedule();
        return;
      case 'disk':
        if (affectsDiagnostics(event.relative)) diagnostics.schedule();
    }
  };
  return {
    hear(event) {
      if (waiting) waiting.push(event);
      else take(event);
    },
    start() {
      const early = waiting ?? [];
      waiting = undefined;
      for (const event of early) take(event);
    },
  };
}

/** Sources and manifests; an unnamed change (the system did not say) may be either. */
export function affectsDiagnostics(relative: string | undefined): boolean {
  return relative === undefined || relative.endsWith('.yx') || path.posix.basename(relative) === MANIFEST_FILE;
}

/** `window/workDoneProgress/create`, then `$/progress` begin; report and end follow as the worker tells. */
async function beginProgress(connection: Connection, root: string): Promise<WorkDoneProgressServerReporter | undefined> {
  try {
    // A client that does not show progress gets a reporter that sends nothing.
    const reporter = await connection.window.createWorkDoneProgress();
    reporter.begin('Indexing YaoXiang files', 0, root, false);
    return reporter;
  } catch (error) {
    process.stderr.write(`yaoxiang lsp: the client refused window/workDoneProgress/create: ${error instanceof Error ? error.message : String(error)}\n`);
    return undefined;
  }
}
