// A tool worker (see tool-pool.ts): its own Host over the same project, indexed
// at start-up and kept up to date by re-reading what changed on every call, so
// a worker answers from its cached files; tools run here exactly as they would
// in process (callTool), and a cancel from the pool aborts the call's signal.
import { workerData } from 'node:worker_threads';
import { ProtocolError } from '@modelcontextprotocol/server';
import { wasmHeapBytes } from '../ide/index.ts';
import { stallIfInjected } from '../threads/injected-stall.ts';
import { JobFailure, serveJobs } from '../threads/pool-worker.ts';
import { Host, type HostOptions } from './host.ts';
import { callTool } from './server.ts';
import type { ToolJob, ToolWorkerData } from './tool-pool.ts';
import { isWrittenResult, transferOf, writeResult, type WrittenResult } from './written-result.ts';

const setup = workerData as ToolWorkerData;
const options: HostOptions = { root: setup.root, limits: setup.limits, watch: setup.watch };
const host = new Host(options);
host.startIndexing();

serveJobs<ToolJob, Awaited<ReturnType<typeof callTool>> | WrittenResult>(async (job, signal) => {
  stallIfInjected(job.name);
  try {
    const result = await callTool(host, job.name, job.args, signal);
    return job.written ? writeResult(result) : result;
  } catch (error) {
    // The protocol error itself cannot cross the thread; its parts can, and the pool rebuilds it.
    if (error instanceof ProtocolError) throw new JobFailure(error.message, { protocol: { code: error.code, data: error.data } });
    throw error;
  }
}, undefined, {
  retainedBytes: wasmHeapBytes,
  // A text sent in the call (parse_source, format_source, rename_symbol) is parsed once and let go; the project's
  // own files are this worker's index, bounded by the World's budget. Retiring a worker for indexing a 4.4 MB
  // file (495 MiB of WASM heap) threw the index away after every call, and each call then timed out rebuilding it.
  counts: (job) => typeof ((job as ToolJob).args as { source?: unknown } | null | undefined)?.source === 'string',
}, (result) => (isWrittenResult(result) ? transferOf(result) : []));
