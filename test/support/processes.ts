// What every test that starts a server needs, so that a failing assertion
// fails its test and nothing more: a server left running keeps the test
// file's process alive, and one such file once held CI until its time ran out.
import type { ChildProcess } from 'node:child_process';
import { after } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';

const running = new Set<ChildProcess>();

function killRunning(): void {
  for (const child of running) child.kill('SIGKILL');
}

// Under the test runner, a while after the file's last test: the file's own
// after hooks (which run after this one, registered first) stop their servers
// as they mean to, and a server still running then is killed, since its pipes
// would keep the process alive. The timer itself keeps nothing alive. (Bench
// scripts use these helpers outside the runner, where a hook would start one.)
const GRACE_MS = 5_000;
if (process.env.NODE_TEST_CONTEXT !== undefined) after(() => void setTimeout(killRunning, GRACE_MS).unref());
process.once('exit', killRunning);

/** Kills `child` after the test file's last test, or when this process exits, if it has not exited by then. */
export function killOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
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
