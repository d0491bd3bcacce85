// Back-pressure on stdio: a client that sends requests faster than it reads the
// answers (or never reads them) would have the server buffer every answer and
// queue every call, without bound. This stream sits between stdin and the
// transport and holds the input back while too many answers are unsent or too
// many calls are in flight; stdin is then no longer read, so the client's
// writes block in its own pipe instead of growing this process.
import { Transform } from 'node:stream';

export interface BackPressureLimits {
  /** Bytes written to the output but not yet taken by the client. */
  maxUnsentBytes: number;
  /** Calls accepted and not yet answered. */
  maxPendingCalls: number;
}

export const DEFAULT_BACK_PRESSURE: BackPressureLimits = {
  // A few default-sized results (64k characters each, up to 4 bytes a character).
  maxUnsentBytes: 4 * 1024 * 1024,
  // Far more than an agent runs at once; a queue past it only adds latency.
  maxPendingCalls: 64,
};

/** How often a held input looks again whether it may go on (besides on the output's 'drain'). */
const RECHECK_MS = 10;

export function holdWhileBusy(output: NodeJS.WritableStream & { writableLength: number }, pendingCalls: () => number, limits: BackPressureLimits = DEFAULT_BACK_PRESSURE): Transform {
  const busy = () => output.writableLength > limits.maxUnsentBytes || pendingCalls() > limits.maxPendingCalls;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!busy()) return done(null, chunk);
      let timer: NodeJS.Timeout | undefined;
      let released = false;
      const recheck = () => {
        if (released) return;
        clearTimeout(timer);
        if (busy()) {
          timer = setTimeout(recheck, RECHECK_MS);
          return;
        }
        released = true;
        output.removeListener('drain', recheck);
        done(null, chunk);
      };
      output.on('drain', recheck);
      timer = setTimeout(recheck, RECHECK_MS);
    },
  });
}
