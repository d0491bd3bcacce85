// tools/call off the protocol's thread: every call runs on a worker of a pool
// (tool-worker.ts), within the call's time budget. The thread that owns stdio
// or HTTP only parses messages and writes answers, so initialize, tools/list
// and cancellations are answered at once whatever the workers are doing, and a
// cheap call goes to a free worker instead of waiting behind a slow one.
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { ProjectRoot } from '../ide/index.ts';
import { PoolTimeout, PoolWorkerError, WorkerPool } from '../threads/pool.ts';
import { ERROR_CODES, failure, ToolError, type CallToolResult, type Limits } from './contract.ts';
import { isWrittenResult, standInFor, type WrittenResult } from './written-result.ts';

/** What a tool worker is started with: the same project and limits as the server's. */
export interface ToolWorkerData {
  root: ProjectRoot;
  limits: Limits;
  watch: boolean;
}

export interface ToolJob {
  name: string;
  args: unknown;
  /** Answer as text to splice into the response (written-result.ts), not as objects. */
  written?: boolean;
}

export type ToolRunner = (name: string, args: unknown, signal: AbortSignal) => Promise<CallToolResult>;

export interface ToolPoolOptions extends ToolWorkerData {
  /** Workers, each with its own index of the project: one per slow call that may run at once, plus one for the rest. */
  workers: number;
  log: (message: string) => void;
}

export class ToolPool {
  readonly #pool: WorkerPool<ToolJob, CallToolResult | WrittenResult>;
  readonly #budgetMs: number;
  readonly #log: (message: string) => void;

  constructor(options: ToolPoolOptions) {
    const workerData: ToolWorkerData = { root: options.root, limits: options.limits, watch: options.watch };
    this.#pool = new WorkerPool({ script: new URL('./tool-worker.js', import.meta.url), workerData, size: options.workers });
    this.#budgetMs = options.limits.callTimeoutMs;
    this.#log = options.log;
  }

  /** Calls running or waiting for a worker. */
  get pending(): number {
    return this.#pool.pending;
  }

  /** Results as objects, for a transport that serializes them itself. */
  readonly run: ToolRunner = (name, args, signal) => this.#run({ name, args }, signal);

  /**
   * Results written on the worker: stand-ins (written-result.ts) that only a
   * transport splicing them in (`writtenLine`, `writtenJson`) may be given.
   */
  readonly runWritten: ToolRunner = (name, args, signal) => this.#run({ name, args, written: true }, signal);

  async #run(job: ToolJob, signal: AbortSignal): Promise<CallToolResult> {
    const { name, args } = job;
    try {
      const result = await this.#pool.run(job, { signal, budgetMs: this.#budgetMs, ...affinityOf(args) });
      return isWrittenResult(result) ? standInFor(result) : result;
    } catch (error) {
      if (error instanceof PoolTimeout) {
        return failure(new ToolError(ERROR_CODES.timeout, `${name} did not finish within ${error.budgetMs} ms and was stopped. Ask for less (a smaller source, fewer files), or start the server with a larger --call-timeout-ms.`, { budget_ms: error.budgetMs }));
      }
      if (signal.aborted) throw error;
      const protocol = protocolParts(error);
      if (protocol) throw new ProtocolError(protocol.code, (error as Error).message, protocol.data);
      this.#log(`internal error in ${name}: ${(error as Error).stack ?? String(error)}`);
      throw new ProtocolError(ProtocolErrorCode.InternalError, `Internal error in ${name}: ${(error as Error).message}`, { errorCode: ERROR_CODES.internal });
    }
  }

  dispose(): Promise<void> {
    return this.#pool.dispose();
  }
}

/** A source text sent again goes to the worker that parsed it (see parsed-sources.ts). */
function affinityOf(args: unknown): { affinity?: string } {
  const source = (args as { source?: unknown } | null | undefined)?.source;
  return typeof source === 'string' ? { affinity: source } : {};
}

/** The code and data of a protocol error a worker's tool threw (tool-worker.ts sends them as the failure's data). */
function protocolParts(error: unknown): { code: number; data: unknown } | undefined {
  if (!(error instanceof PoolWorkerError)) return undefined;
  const data = error.data as { protocol?: { code?: unknown; data?: unknown } } | undefined;
  return typeof data?.protocol?.code === 'number' ? { code: data.protocol.code, data: data.protocol.data } : undefined;
}
