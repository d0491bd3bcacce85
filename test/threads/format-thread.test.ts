// FormatThread: the formatter on a worker thread gives what it gives in
// process, one job at a time, and a job cancelled mid-way stops at once
// without holding up the next.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Parser } from 'web-tree-sitter';
import { format, formatDiff } from '../../src/analysis/format/index.ts';
import { createParser } from '../../src/syntax/language.ts';
import { FormatThread, FormatThreadError, type FormatJob } from '../../src/threads/format-thread.ts';
import { generateYaoXiang } from '../../scripts/bench/generate.ts';

let parser: Parser;
const thread = new FormatThread();
before(async () => (parser = await createParser()));
after(() => {
  parser.delete();
  thread.dispose();
});

const live = () => new AbortController().signal;
/** Unformatted on purpose: spaces squeezed out around `=`. */
const unformatted = (bytes: number) => generateYaoXiang(bytes).replace(/ = /g, '=');

describe('FormatThread', () => {
  it('formats and diffs as the formatter does in process', async () => {
    const source = unformatted(5_000);
    const options = { indent_width: 2, line_width: 60 };
    const inProcess = format(parser, source, options);
    const result = await thread.run({ source, options, hunks: true }, live());
    assert.deepEqual(result, { ...inProcess, hunks: formatDiff(source, inProcess.formatted) });
    assert.notEqual(result.formatted, source);
    const bare = await thread.run({ source: 'x=1\n', options: {}, hunks: false }, live());
    assert.deepEqual(bare, { formatted: 'x = 1\n', diagnostics: [] });
  });

  it('answers jobs sent together each with its own result', async () => {
    const sources = Array.from({ length: 6 }, (_, i) => `v${i}=${i}\n`);
    const results = await Promise.all(sources.map((source) => thread.run({ source, options: {}, hunks: false }, live())));
    assert.deepEqual(results.map((r) => r.formatted), sources.map((_, i) => `v${i} = ${i}\n`));
  });

  it('stops a job whose signal aborts while it runs, with the reason, and serves the next on a new thread', async () => {
    // About 3 s of formatting.
    const long: FormatJob = { source: unformatted(800_000), options: {}, hunks: true };
    const started = performance.now();
    const full = await thread.run(long, live());
    const fullMs = performance.now() - started;
    assert.equal(full.diagnostics.length, 0);

    const controller = new AbortController();
    const cut = thread.run(long, controller.signal);
    const behind = thread.run({ source: 'y=2\n', options: {}, hunks: false }, live());
    await new Promise((resolve) => setTimeout(resolve, Math.min(300, fullMs / 5)));
    const reason = new Error('cancelled by the test');
    const cancelledAt = performance.now();
    controller.abort(reason);
    await assert.rejects(cut, (error) => error === reason);
    assert.deepEqual(await behind, { formatted: 'y = 2\n', diagnostics: [] });
    const freedMs = performance.now() - cancelledAt;
    assert.ok(freedMs < fullMs / 2, `the next job waited ${freedMs.toFixed(0)} ms after the cancel; a whole job takes ${fullMs.toFixed(0)} ms`);
  });

  it('rejects a job cancelled while it waits for its turn at once, and skips it', async () => {
    const running = thread.run({ source: unformatted(400_000), options: {}, hunks: false }, live());
    const controller = new AbortController();
    const queued = thread.run({ source: 'q=1\n', options: {}, hunks: false }, controller.signal);
    let runningDone = false;
    void running.then(() => (runningDone = true));
    controller.abort(new Error('not needed any more'));
    await assert.rejects(queued, /not needed any more/);
    assert.equal(runningDone, false, 'rejected before the job ahead of it finished');
    assert.equal((await running).diagnostics.length, 0);
  });

  it('refuses a job already cancelled without running it', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await assert.rejects(thread.run({ source: 'x=1\n', options: {}, hunks: false }, controller.signal), /gone/);
  });

  it('turns an error on the thread into FormatThreadError, and the next job still works', async () => {
    const broken = { source: 42, options: {}, hunks: false } as unknown as FormatJob;
    await assert.rejects(thread.run(broken, live()), FormatThreadError);
    assert.equal((await thread.run({ source: 'z=3\n', options: {}, hunks: false }, live())).formatted, 'z = 3\n');
  });

  it('refuses jobs once disposed', async () => {
    const disposed = new FormatThread();
    disposed.dispose();
    await assert.rejects(disposed.run({ source: 'x=1\n', options: {}, hunks: false }, live()), FormatThreadError);
  });
});
