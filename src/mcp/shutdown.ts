// Ending a stdio server once its client is gone (stdin ended or broke, or
// stdout did): nothing more can arrive or be answered, so the work still
// running is cancelled, not answered, and the process exits within a second
// whatever that work is doing. One module, so that the transport only says
// when the client went and a policy such as "answer what was received first"
// has one place to go (as a step before `cancelWork`).

export interface ShutdownSteps {
  /** Stops the calls still running (the worker pool); they are not answered. */
  cancelWork(): Promise<void>;
  /** Closes the transport and the protocol server. */
  close(): Promise<void>;
  log(message: string): void;
  /** Ends the process; tests replace it. */
  exit?(code: number): void;
}

/** The whole shutdown may take this long before the process ends regardless. */
export const SHUTDOWN_DEADLINE_MS = 800;

/** Returns the shutdown to call when the client goes; calling it again does nothing. */
export function shutdownWhenGone(steps: ShutdownSteps, deadlineMs = SHUTDOWN_DEADLINE_MS): (reason: string) => void {
  const exit = (code: number) => (steps.exit ? steps.exit(code) : process.exit(code));
  let started = false;
  return (reason) => {
    if (started) return;
    started = true;
    // A step that hangs (a worker's terminate, a transport's close) must not keep the process.
    const deadline = setTimeout(() => {
      steps.log(`shutdown (${reason}) did not finish within ${deadlineMs} ms; exiting anyway`);
      exit(0);
    }, deadlineMs);
    deadline.unref();
    const quietly = (step: () => Promise<void>) => step().catch((error: unknown) => steps.log(`shutdown: ${error instanceof Error ? error.message : String(error)}`));
    void quietly(() => steps.cancelWork())
      .then(() => quietly(() => steps.close()))
      .finally(() => {
        clearTimeout(deadline);
        exit(0);
      });
  };
}

/** Calls `shutdown` when stdin ends or closes, or stdout fails (EPIPE: the reader is gone). */
export function watchClient(stdin: NodeJS.ReadableStream, stdout: NodeJS.WritableStream, shutdown: (reason: string) => void): void {
  stdin.once('end', () => shutdown('stdin ended'));
  stdin.once('close', () => shutdown('stdin closed'));
  stdout.once('error', () => shutdown('stdout failed'));
}
