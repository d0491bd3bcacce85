// A language-server request worker (see request-pool.ts): its own Session over
// the project, with the open documents as the main thread's notes describe
// them, answering requests with the very handlers the main thread had. Edits
// heard while busy are applied together when the next request comes.
import { workerData } from 'node:worker_threads';
import { ResponseError, type CancellationToken, type Connection } from 'vscode-languageserver';
import { wasmHeapBytes } from '../../ide/index.ts';
import { stallIfInjected } from '../../threads/injected-stall.ts';
import { JobFailure, serveJobs, tellOwner } from '../../threads/pool-worker.ts';
import type { Context } from '../handlers/context.ts';
import { Session, type SessionConfig } from '../session.ts';
import { CoalescedEdits } from './coalesced-edits.ts';
import { workerHandlers } from './handlers.ts';
import type { WorkspaceEvent } from '../handlers/workspace-watch.ts';
import type { DocumentNote, RequestJob, ResponseParts } from './protocol.ts';
import { reportWorkspaces } from './workspace-reports.ts';

let session: Session | undefined;
// The worker loads and watches its projects; the main thread, which has the connection, hears of them and tells the client.
const ready = Session.start(workerData as SessionConfig, reportWorkspaces((event: WorkspaceEvent) => tellOwner(event))).then((started) => {
  session = started;
  started.workspaces.openClientFolders();
});
const edits = new CoalescedEdits();
/** Notes that change the session, in the order heard (edits are only collected, in `edits`). */
let applied: Promise<unknown> = ready;

/** Handlers that reach for the connection do not run here (see handlers.ts); this says so plainly if one does. */
const noConnection = new Proxy({} as Connection, {
  get: (_target, key) => {
    throw new Error(`the LSP connection (${String(key)}) is not available on a request worker`);
  },
});
const context: Context = {
  connection: noConnection,
  session: () => {
    if (!session) throw new Error('the request worker has not started its session');
    return session;
  },
};
const handlers = workerHandlers(context);

function hear(note: DocumentNote): void {
  if (note.kind === 'change') {
    edits.add(note.uri, note.version, note.changes);
    return;
  }
  // Open and close replace whatever edits were heard for the document; the order with other notes is kept.
  if (note.kind !== 'invalidate') edits.drop(note.uri);
  applied = applied.then(() => take(context.session(), note));
}

async function take(current: Session, note: Exclude<DocumentNote, { kind: 'change' }>): Promise<void> {
  switch (note.kind) {
    case 'open':
      current.documents.open(note.uri, note.languageId, note.version, note.text);
      await current.overlay(note.uri);
      return;
    case 'close':
      await current.close(note.uri);
      return;
    case 'invalidate':
      for (const { host } of current.workspaces.all()) host.invalidate();
  }
}

async function applyEdits(current: Session): Promise<void> {
  for (const [uri, pending] of edits.take()) {
    if (current.documents.change(uri, pending.version, pending.changes)) await current.overlay(uri);
  }
}

serveJobs<RequestJob, unknown, DocumentNote>(async (job, signal) => {
  await applied;
  const current = context.session();
  await applyEdits(current);
  stallIfInjected(job.method, versionOf(current, job.params));
  const handler = handlers[job.method];
  if (!handler) throw new JobFailure(`no request worker handles ${job.method}`, undefined);
  try {
    return await handler(job.params as never, tokenOf(signal));
  } catch (error) {
    // The ResponseError itself cannot cross the thread; its parts can, and the pool rebuilds it.
    if (error instanceof ResponseError) throw new JobFailure(error.message, { code: error.code, message: error.message, data: error.data } satisfies ResponseParts);
    throw error;
  }
}, hear, { retainedBytes: wasmHeapBytes });

/** The version of the open document a job is about, if it names one. */
function versionOf(current: Session, params: unknown): number | undefined {
  const uri = (params as { uri?: unknown; textDocument?: { uri?: unknown } } | undefined)?.textDocument?.uri ?? (params as { uri?: unknown } | undefined)?.uri;
  return typeof uri === 'string' ? current.documents.get(uri)?.text.version : undefined;
}

/** The pool's cancel, as the handlers hear cancellation. */
function tokenOf(signal: AbortSignal): CancellationToken {
  return {
    get isCancellationRequested() {
      return signal.aborted;
    },
    onCancellationRequested: (listener: (e: unknown) => unknown) => {
      const onAbort = () => listener(undefined);
      signal.addEventListener('abort', onAbort, { once: true });
      return { dispose: () => signal.removeEventListener('abort', onAbort) };
    },
  };
}
