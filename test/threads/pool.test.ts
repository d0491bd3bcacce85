// WorkerPool: jobs run on warm workers; a caller that gives up is answered at
// once; a worker that hears the cancel keeps its thread, one that cannot (a
// synchronous pass) is terminated and replaced; budgets end jobs with
// PoolTimeout; a worker's failure fails its job only.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { PoolTimeout, PoolWorkerError, WorkerPool } from '../../src/threads/pool.ts';
import type { TestJob } from './fixtures/pool-test-worker.ts';

const script = new URL('./fixtures/pool-test-worker.js', import.meta.url);
const pools: WorkerPool<TestJob, unknown>[] = [];
const pool = (size: number, catchUp?: () => unknown[], onEvent?: (event: unknown) => void) => {
  const made = new WorkerPool<TestJob, unknown>({ script, size, ...(catchUp ? { catchUp } : {}), ...(onEvent ? { onEvent } : {}) });
  pools.push(made);
  return made;
};
after(() => Promise.all(pools.map((p) => p.dispose())));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('WorkerPool', () => {
  it('answers each job with its own value, more jobs than workers', async () => {
    const two = pool(2);
    const values = await Promise.all(Array.from({ length: 7 }, (_, i) => two.run({ kind: 'echo', value: { i } })));
    assert.deepEqual(values, Array.from({ length: 7 }, (_, i) => ({ i })));
    assert.equal(two.pending, 0);
  });

  it('sends a job to the free worker that ran the last job with its key, else to the first warm one', async () => {
    const two = pool(2);
    await Promise.all([two.run({ kind: 'echo', value: 'warm' }), two.run({ kind: 'echo', value: 'warm' })]);
    // The first warm worker is busy for a while, so the keyed job goes to the other, and so does the next one.
    const busy = two.run({ kind: 'wait', ms: 2_000 });
    const keyed = await two.run({ kind: 'thread' }, { affinity: 'k' });
    assert.equal(await two.run({ kind: 'thread' }), keyed, 'the only free worker');
    assert.equal(await busy, 'waited');
    assert.equal(await two.run({ kind: 'thread' }, { affinity: 'k' }), keyed, 'the key\'s worker, though another free one comes first');
    assert.notEqual(await two.run({ kind: 'thread' }), keyed, 'without a key, the first warm worker');
  });

  it('serves a job on a free worker while another worker spins', async () => {
    const two = pool(2);
    await two.run({ kind: 'echo', value: 0 });
    const controller = new AbortController();
    const spinning = two.run({ kind: 'spin' }, { signal: controller.signal });
    await sleep(50);
    const started = performance.now();
    assert.equal(await two.run({ kind: 'echo', value: 'cheap' }), 'cheap');
    const ms = performance.now() - started;
    controller.abort(new Error('done'));
    await assert.rejects(spinning);
    assert.ok(ms < 500, `the cheap job took ${ms.toFixed(0)} ms beside a spinning one`);
  });

  it('terminates and replaces a worker that cannot hear the cancel; the caller is answered with the reason at once', async () => {
    const one = pool(1);
    const before = await one.run({ kind: 'thread' });
    const controller = new AbortController();
    const spinning = one.run({ kind: 'spin' }, { signal: controller.signal });
    await sleep(50);
    const reason = new Error('cancelled by the test');
    const cancelledAt = performance.now();
    controller.abort(reason);
    await assert.rejects(spinning, (error) => error === reason);
    const answeredMs = performance.now() - cancelledAt;
    assert.ok(answeredMs < 50, `the cancelled caller waited ${answeredMs.toFixed(0)} ms`);
    // A spin never ends: that the next job is served at all shows the worker was replaced.
    const after = await one.run({ kind: 'thread' });
    assert.notEqual(after, before);
  });

  it('keeps a worker that stops cooperatively', async () => {
    const one = pool(1);
    const before = await one.run({ kind: 'thread' });
    const controller = new AbortController();
    const waiting = one.run({ kind: 'cooperate' }, { signal: controller.signal });
    await sleep(20);
    controller.abort(new Error('stop'));
    await assert.rejects(waiting);
    assert.equal(await one.run({ kind: 'thread' }), before);
  });

  it('ends a job past its budget with PoolTimeout, also one still waiting for a worker', async () => {
    const one = pool(1);
    await one.run({ kind: 'echo', value: 0 });
    const started = performance.now();
    const spinning = one.run({ kind: 'spin' }, { budgetMs: 150 });
    const queued = one.run({ kind: 'echo', value: 'late' }, { budgetMs: 100 });
    await assert.rejects(queued, (error) => error instanceof PoolTimeout && error.budgetMs === 100);
    await assert.rejects(spinning, (error) => error instanceof PoolTimeout && error.budgetMs === 150);
    const ms = performance.now() - started;
    assert.ok(ms >= 145 && ms < 1_000, `the budget of 150 ms ended the job after ${ms.toFixed(0)} ms`);
    assert.equal(await one.run({ kind: 'echo', value: 'next' }), 'next');
  });

  it('fails only the job whose worker throws or dies, with what the worker said', async () => {
    const one = pool(1);
    await assert.rejects(one.run({ kind: 'throw', data: { code: 7 } }), (error) => error instanceof PoolWorkerError && error.message === 'thrown on purpose' && (error.data as { code: number }).code === 7);
    await assert.rejects(one.run({ kind: 'exit' }), (error) => error instanceof PoolWorkerError && /exited with code 3/.test(error.message));
    assert.equal(await one.run({ kind: 'echo', value: 'alive' }), 'alive');
  });

  it('tells every worker each note before the jobs sent after it, and a replacement what it missed', async () => {
    const notes: string[] = [];
    const two = pool(2, () => [...notes]);
    const note = (text: string) => {
      notes.push(text);
      two.broadcast(text);
    };
    note('open a');
    note('change a');
    const heard = await Promise.all([two.run({ kind: 'notes' }), two.run({ kind: 'notes' })]);
    assert.deepEqual(heard, [['open a', 'change a'], ['open a', 'change a']]);
    // Both workers spin and are replaced; each replacement starts from the catch-up, then hears what follows.
    const controller = new AbortController();
    const spins = [two.run({ kind: 'spin' }, { signal: controller.signal }), two.run({ kind: 'spin' }, { signal: controller.signal })];
    await sleep(50);
    controller.abort(new Error('stop'));
    await Promise.all(spins.map((spin) => assert.rejects(spin)));
    note('change b');
    assert.deepEqual(await two.run({ kind: 'notes' }), ['open a', 'change a', 'change b']);
  });

  it('hands its owner what a worker tells unasked, in order, apart from the job\'s answer', async () => {
    const told: unknown[] = [];
    const one = pool(1, undefined, (event) => told.push(event));
    assert.equal(await one.run({ kind: 'tell', events: [{ kind: 'opened', root: '/p' }, { kind: 'ready', root: '/p' }] }), 'told');
    assert.deepEqual(told, [{ kind: 'opened', root: '/p' }, { kind: 'ready', root: '/p' }]);
    // The events settled no job: the worker still serves.
    assert.equal(await one.run({ kind: 'echo', value: 2 }), 2);
  });

  it('replaces a worker whose job grew the memory it keeps for good past the limit, once the job is answered; the replacement catches up', async () => {
    const logged: string[] = [];
    const one = new WorkerPool<TestJob, unknown>({ script, size: 1, catchUp: () => ['open a'], log: (text) => logged.push(text) });
    pools.push(one);
    const first = await one.run({ kind: 'hold', mb: 4 });
    assert.equal(await one.run({ kind: 'thread' }), first, 'a small growth keeps the worker');
    assert.equal(await one.run({ kind: 'hold', mb: 32 }), first, 'the job that grew it is answered by it');
    const next = await one.run({ kind: 'thread' });
    assert.notEqual(next, first, 'the next job runs on a fresh worker');
    assert.deepEqual(await one.run({ kind: 'notes' }), ['open a']);
    assert.match(logged.join(''), /grew memory it never gives back by 32 MiB; the worker is replaced/);
  });

  it('keeps a worker whose growth is its working state (a job the retirement does not count)', async () => {
    const one = new WorkerPool<TestJob, unknown>({ script, size: 1 });
    pools.push(one);
    const first = await one.run({ kind: 'index', mb: 32 });
    assert.equal(await one.run({ kind: 'thread' }), first);
  });

  it('refuses jobs after dispose', async () => {
    const one = pool(1);
    await one.dispose();
    await assert.rejects(one.run({ kind: 'echo', value: 1 }), PoolWorkerError);
  });
});
