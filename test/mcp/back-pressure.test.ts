// Back-pressure and shutdown on stdio, as units: the input is held while the
// output has too much unsent or too many calls are pending, and let go on
// 'drain'; the shutdown cancels the work, then closes, then exits, once, and
// exits by its deadline when a step hangs.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { describe, it } from 'node:test';
import { holdWhileBusy } from '../../src/mcp/back-pressure.ts';
import { shutdownWhenGone } from '../../src/mcp/shutdown.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An output whose unsent byte count the test sets. */
class FakeOutput extends EventEmitter {
  writableLength = 0;
}

function passed(stream: NodeJS.ReadableStream): string[] {
  const seen: string[] = [];
  stream.on('data', (chunk: Buffer) => seen.push(chunk.toString()));
  return seen;
}

describe('holdWhileBusy', () => {
  const limits = { maxUnsentBytes: 100, maxPendingCalls: 2 };

  it('passes input through while the client keeps up', async () => {
    const hold = holdWhileBusy(new FakeOutput() as never, () => 0, limits);
    const seen = passed(hold);
    hold.write('a\n');
    hold.write('b\n');
    await sleep(5);
    assert.deepEqual(seen, ['a\n', 'b\n']);
  });

  it('holds input while answers are unsent, and lets it go when the output drains', async () => {
    const output = new FakeOutput();
    const hold = holdWhileBusy(output as never, () => 0, limits);
    const seen = passed(hold);
    output.writableLength = 1_000;
    hold.write('held\n');
    await sleep(50);
    assert.deepEqual(seen, []);
    output.writableLength = 0;
    output.emit('drain');
    await sleep(5);
    assert.deepEqual(seen, ['held\n']);
  });

  it('holds input while too many calls are pending', async () => {
    let pending = 5;
    const hold = holdWhileBusy(new FakeOutput() as never, () => pending, limits);
    const seen = passed(hold);
    hold.write('held\n');
    await sleep(50);
    assert.deepEqual(seen, []);
    pending = 1;
    await sleep(50);
    assert.deepEqual(seen, ['held\n']);
  });
});

describe('shutdownWhenGone', () => {
  it('cancels the work, then closes, then exits, once', async () => {
    const steps: string[] = [];
    const exited = new Promise<number>((resolve) => {
      const shutdown = shutdownWhenGone({
        cancelWork: async () => void steps.push('cancel'),
        close: async () => void steps.push('close'),
        log: () => undefined,
        exit: (code) => {
          steps.push('exit');
          resolve(code);
        },
      });
      shutdown('stdin ended');
      shutdown('stdin closed');
    });
    assert.equal(await exited, 0);
    await sleep(20);
    assert.deepEqual(steps, ['cancel', 'close', 'exit']);
  });

  it('exits by its deadline when a step never finishes', async () => {
    const logged: string[] = [];
    const started = performance.now();
    // The deadline's timer does not hold the process (a real one would end by itself then); this one does.
    const keepAlive = setTimeout(() => undefined, 5_000);
    await new Promise<void>((resolve) => {
      shutdownWhenGone({ cancelWork: () => new Promise(() => undefined), close: async () => undefined, log: (m) => logged.push(m), exit: () => resolve() }, 100)('stdin ended');
    });
    clearTimeout(keepAlive);
    const ms = performance.now() - started;
    assert.ok(ms >= 95 && ms < 1_000, `exited after ${ms.toFixed(0)} ms with a 100 ms deadline`);
    assert.match(logged.join('\n'), /did not finish within 100 ms/);
  });
});
