// A request worker's side of the projects' news (protocol.ts: WorkspaceEvent):
// the worker loads and watches its projects, and tells the main thread, which
// has the connection, of each one's progress and of changes on disk, so that
// the main thread reports `$/progress` and re-diagnoses without analysing.
import type { Workspace, WorkspaceOpened } from '../workspaces.ts';
import type { WorkspaceEvent } from '../handlers/workspace-watch.ts';

const PROGRESS_INTERVAL_MS = 200;

export function reportWorkspaces(tell: (event: WorkspaceEvent) => void): WorkspaceOpened {
  return (workspace: Workspace): void => {
    const { root, host } = workspace;
    tell({ kind: 'opened', root });
    host.onDiskChange((relative) => tell({ kind: 'disk', root, relative }));
    const timer = setInterval(() => {
      const status = host.status;
      if (status.state === 'indexing' && status.total > 0) tell({ kind: 'indexing', root, loaded: status.loaded, total: status.total });
    }, PROGRESS_INTERVAL_MS);
    timer.unref();
    void workspace.ready.then(() => {
      clearInterval(timer);
      const status = host.status;
      tell({ kind: 'ready', root, files: status.state === 'ready' ? status.files : undefined });
    });
  };
}
