// The formatter on a worker thread: one job per message, answered with its
// result or its error. The thread is started and stopped by format-thread.ts.
import { parentPort } from 'node:worker_threads';
import { format, formatDiff } from '../analysis/format/index.ts';
import { createParser } from '../syntax/language.ts';
import type { FormatJob, FormatReply } from './format-job.ts';

const port = parentPort;
if (!port) throw new Error('format-worker.ts runs only as a worker thread (see format-thread.ts)');
const parser = createParser();

port.on('message', (job: FormatJob) => {
  void parser.then(
    (ready) => {
      const result = format(ready, job.source, job.options);
      return { ok: true, result: job.hunks ? { ...result, hunks: formatDiff(job.source, result.formatted) } : result } satisfies FormatReply;
    },
  ).catch((error: unknown): FormatReply => ({ ok: false, message: (error as Error)?.message ?? String(error), stack: (error as Error)?.stack }))
    .then((reply) => port.postMessage(reply));
});
