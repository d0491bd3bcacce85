// What every test that starts a server needs, so that a failing assertion
// fails its test and nothing more: a server left running keeps the test
// file's process alive, and one such file once held CI until its time ran out.
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const running = new Set<ChildProcess>();
let hooked = false;

/** Kills `child` when this process exits, if it has not exited by then. */
export function killOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (hooked) return;
  hooked = true;
  process.once('exit', () => {
    for (const c of running) c.kill('SIGKILL');
  });
}

/** `read()` once it matches `pattern`; rejects with what it was after `ms`. */
export async function waitForText(read: () => string, pattern: RegExp, ms = 10_000): Promise<string> {
  const started = performance.now();
  for (;;) {
    const text = read();
    if (text.search(pattern) >= 0) return text;
    if (performance.now() - started > ms) throw new Error(`no ${pattern} within ${ms} ms in:\n${text}`);
    await sleep(20);
  }
}
