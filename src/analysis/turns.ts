// Long synchronous work written as a generator that yields between pieces,
// run either at once or in turns of the event loop. Between turns the process
// reads its input, so a cancellation (or a closed connection) can arrive and
// stop the work instead of waiting behind it.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long one turn may run before the event loop gets a look in. */
export const TURN_MS = 10;

/** Work given up because its caller cancelled it; nobody is waiting for a result. */
export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new Cancelled();
}

export function runAtOnce<T>(steps: Iterator<unknown, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export async function runInTurns<T>(steps: Iterator<unknown, T>, signal?: AbortSignal, turnMs = TURN_MS): Promise<T> {
  let started = performance.now();
  for (;;) {
    throwIfCancelled(signal);
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - started >= turnMs) {
      await nextTurn();
      started = performance.now();
    }
  }
}
