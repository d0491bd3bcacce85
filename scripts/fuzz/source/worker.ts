// The worker thread that runs the source checks (or, for the `incremental`
// target, the memos' check), so that the main thread can stop it when one
// input hangs or takes too much memory.
import { parentPort, workerData } from 'node:worker_threads';
import { createParser } from '../../../src/syntax/language.ts';
import { checkSource, type Tally } from './check.ts';
import { checkIncrementalSource } from './incremental.ts';

const port = parentPort!;
const parser = await createParser();
const check = (workerData as { check?: string } | undefined)?.check === 'incremental' ? checkIncrementalSource : checkSource;
async function answer({ id, input }: { id: number; input: string }): Promise<void> {
  const events: Array<Parameters<Tally>[0]> = [];
  const result = await check(parser, input, (event) => void events.push(event));
  port.postMessage({ id, result, events });
}
// A rejection is the fuzzer's own bug: left unhandled, it ends the worker, which the parent reports.
port.on('message', (message: { id: number; input: string }) => void answer(message));
port.postMessage({ ready: true });
