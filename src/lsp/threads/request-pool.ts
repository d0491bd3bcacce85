// Language-server requests off the main thread: every request that analyses
// runs on a worker of a pool (request-worker.ts), each worker with its own
// session kept in step by notes (the documents' edits, files changed on disk).
// The main thread reads and writes the protocol and keeps the documents, so a
// hover on one file is answered while another worker spends seconds on a
// pathological one; `$/cancelRequest` stops a request within the pool's grace
// (a worker that does not hear it is replaced), and a request past its budget
// is answered RequestFailed with the reason.
import { LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';
import { PoolTimeout, PoolWorkerError, WorkerPool } from '../../threads/pool.ts';
import type { DocumentStore } from '../documents.ts';
import type { SessionConfig } from '../session.ts';
import type { DocumentNote, RequestJob, ResponseParts } from './protocol.ts';

/** One worker for a slow request and one for the rest; each holds the project's index. */
export const DEFAULT_REQUEST_WORKERS = 2;
export const DEFAULT_REQUEST_BUDGET_MS = 10_000;

export interface RequestPoolOptions {
  config: SessionConfig;
  /** The main thread's documents: a worker started later catches up from them. */
  documents: DocumentStore;
  workers?: number;
  budgetMs?: number;
}

export class RequestPool {
  readonly #pool: WorkerPool<RequestJob, unknown>;
  readonly #budgetMs: number;

  constructor(options: RequestPoolOptions) {
    this.#budgetMs = options.budgetMs ?? DEFAULT_REQUEST_BUDGET_MS;
    this.#pool = new WorkerPool({
      script: new URL('./request-worker.js', import.meta.url),
      workerData: options.config,
      size: options.workers ?? DEFAULT_REQUEST_WORKERS,
      catchUp: () => openNotes(options.documents),
      log: (text) => void process.stderr.write(text),
    });
  }

  note(note: DocumentNote): void {
    this.#pool.broadcast(note);
  }

  /** Runs `method` on a worker; the token's cancellation answers RequestCancelled at once. */
  async run<R>(method: string, params: unknown, token?: CancellationToken, signal?: AbortSignal): Promise<R> {
    const controller = new AbortController();
    const cancelled = token?.onCancellationRequested(() => controller.abort(new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled')));
    const stop = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', stop, { once: true });
    if (token?.isCancellationRequested) controller.abort(new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled'));
    try {
      return (await this.#pool.run({ method, params }, { signal: controller.signal, budgetMs: this.#budgetMs })) as R;
    } catch (error) {
      throw asResponse(method, error);
    } finally {
      cancelled?.dispose();
      signal?.removeEventListener('abort', stop);
    }
  }

  /** A request handler that runs `method` on a worker. */
  handler<P, R>(method: string): (params: P, token: CancellationToken) => Promise<R> {
    return (params, token) => this.run<R>(method, params, token);
  }

  dispose(): Promise<void> {
    return this.#pool.dispose();
  }
}

function openNotes(documents: DocumentStore): DocumentNote[] {
  return documents.uris().flatMap((uri) => {
    const document = documents.get(uri);
    return document ? [{ kind: 'open', uri, languageId: document.text.languageId, version: document.text.version, text: document.text.getText() } satisfies DocumentNote] : [];
  });
}

function asResponse(method: string, error: unknown): unknown {
  if (error instanceof PoolTimeout) return new ResponseError(LSPErrorCodes.RequestFailed, `${method} did not finish within ${error.budgetMs} ms and was stopped (YAOXIANG_CALL_TIMEOUT_MS sets the budget)`);
  if (error instanceof PoolWorkerError && isResponseParts(error.data)) return new ResponseError(error.data.code, error.data.message, error.data.data);
  return error;
}

function isResponseParts(data: unknown): data is ResponseParts {
  return typeof data === 'object' && data !== null && typeof (data as ResponseParts).code === 'number' && typeof (data as ResponseParts).message === 'string';
}
