// The diagnostics' pacing (issue 22's edit → diagnostics goal): a lone change
// runs after FOLD_MS, not after a whole quiet period; steady changes run at
// most once an interval; runs never overlap and a change during one is seen.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { FOLD_MS, PublishPacer } from '../../src/lsp/handlers/publish-pacing.ts';

const INTERVAL = 150;

describe('PublishPacer', () => {
  let clock = 0;
  beforeEach(() => {
    clock = 0;
    mock.timers.enable({ apis: ['setTimeout'] });
  });
  afterEach(() => mock.timers.reset());

  /** Moves the clock and the timers on by `ms`, letting runs' promises settle. */
  async function advance(ms: number): Promise<void> {
    for (let i = 0; i < ms; i++) {
      clock++;
      mock.timers.tick(1);
      await Promise.resolve();
      await Promise.resolve();
    }
  }

  /** A pacer whose runs take `runMs` of the clock; returns when each run started. */
  function pacer(runMs = 0): { pacer: PublishPacer; starts: number[]; finish: () => void } {
    const starts: number[] = [];
    let finish: () => void = () => undefined;
    const run = () => {
      starts.push(clock);
      return runMs === 0 ? Promise.resolve() : new Promise<void>((resolve) => { finish = resolve; });
    };
    return { pacer: new PublishPacer(run, INTERVAL, () => clock), starts, finish: () => finish() };
  }

  it('a lone change runs after FOLD_MS, and changes in that moment share the run', async () => {
    const { pacer: p, starts } = pacer();
    p.schedule();
    await advance(2);
    p.schedule();
    await advance(FOLD_MS + 5);
    assert.deepEqual(starts, [FOLD_MS]);
  });

  it('steady changes run at most once an interval, the last change always seen', async () => {
    const { pacer: p, starts } = pacer();
    // A change every 20 ms for 400 ms: a debounce would not run until the typing stopped.
    for (let t = 0; t < 400; t += 20) {
      p.schedule();
      await advance(20);
    }
    await advance(INTERVAL + 10);
    assert.deepEqual(starts, [FOLD_MS, FOLD_MS + INTERVAL, FOLD_MS + 2 * INTERVAL, FOLD_MS + 3 * INTERVAL]);
    // The last change (at 380) came after the third run started (at 305): the fourth run saw it.
    assert.ok(starts.at(-1)! > 380);
  });

  it('a change during a run starts another once it ends, never two at once', async () => {
    const { pacer: p, starts, finish } = pacer(1);
    p.schedule();
    await advance(FOLD_MS);
    assert.deepEqual(starts, [FOLD_MS]);
    p.schedule();
    await advance(INTERVAL * 2);
    assert.deepEqual(starts, [FOLD_MS], 'no second run while the first is going');
    finish();
    // The run's end is seen (and the next one timed) before the clock moves.
    for (let i = 0; i < 5; i++) await Promise.resolve();
    await advance(FOLD_MS + 1);
    assert.deepEqual(starts, [FOLD_MS, FOLD_MS + INTERVAL * 2 + FOLD_MS]);
  });

  it('nothing runs after dispose', async () => {
    const { pacer: p, starts } = pacer();
    p.schedule();
    p.dispose();
    p.schedule();
    await advance(INTERVAL * 2);
    assert.deepEqual(starts, []);
  });
});
