// The worker thread that runs the source checks, so that the main thread can
// stop it when one input hangs or takes too much memory.
import { parentPort } from 'node:worker_threads';
import { createParser } from '../../../src/syntax/language.ts';
import { checkSource, type Tally } from './check.ts';

const port = parentPort!;
const parser = await createParser();
port.on('message', async ({ id, input }: { id: number; input: string }) => {
  const events: Array<Parameters<Tally>[0]> = [];
  const result = await checkSource(parser, input, (event) => void events.push(event));
  port.postMessage({ id, result, events });
});
port.postMessage({ ready: true });
