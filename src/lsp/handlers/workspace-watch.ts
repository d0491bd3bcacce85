// What happens to each project once it exists: its first load is reported as
// work-done progress (when the client shows progress), its open documents are
// diagnosed when the load ends, and again whenever a source or manifest below
// it changes on disk: clients without `workspace/didChangeWatchedFiles`
// (Neovim on Linux) would otherwise show an importer's stale diagnostics until
// the next keystroke. The host's own watcher sees those changes; a client's
// watcher, where there is one, only adds notifications that the diagnostics'
// quiet period folds into the same publication.
import path from 'node:path';
import type { Connection, WorkDoneProgressServerReporter } from 'vscode-languageserver';
import { MANIFEST_FILE } from '../../ide/index.ts';
import type { Workspace } from '../workspaces.ts';
import type { Diagnostics } from './sync.ts';

const PROGRESS_INTERVAL_MS = 200;

export function watchWorkspaces(connection: Connection, diagnostics: Diagnostics) {
  return (workspace: Workspace): void => {
    workspace.host.onDiskChange((relative) => {
      if (affectsDiagnostics(relative)) diagnostics.schedule();
    });
    void reportLoading(connection, workspace);
    void workspace.ready.then(() => diagnostics.schedule());
  };
}

/** Sources and manifests; an unnamed change (the system did not say) may be either. */
export function affectsDiagnostics(relative: string | undefined): boolean {
  return relative === undefined || relative.endsWith('.yx') || path.posix.basename(relative) === MANIFEST_FILE;
}

/** `window/workDoneProgress/create`, then `$/progress` begin, report (files read of those found) and end. */
async function reportLoading(connection: Connection, workspace: Workspace): Promise<void> {
  let reporter: WorkDoneProgressServerReporter;
  try {
    // A client that does not show progress gets a reporter that sends nothing.
    reporter = await connection.window.createWorkDoneProgress();
  } catch (error) {
    process.stderr.write(`yaoxiang lsp: the client refused window/workDoneProgress/create: ${error instanceof Error ? error.message : String(error)}\n`);
    return;
  }
  reporter.begin('Indexing YaoXiang files', 0, workspace.root, false);
  const timer = setInterval(() => {
    const status = workspace.host.status;
    if (status.state === 'indexing' && status.total > 0) {
      reporter.report(Math.floor((100 * status.loaded) / status.total), `${status.loaded}/${status.total} files`);
    }
  }, PROGRESS_INTERVAL_MS);
  timer.unref();
  await workspace.ready;
  clearInterval(timer);
  const status = workspace.host.status;
  reporter.done();
  if (status.state === 'ready') process.stderr.write(`yaoxiang lsp: indexed ${status.files} files in ${workspace.root}\n`);
}
