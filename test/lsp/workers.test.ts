// Requests on worker threads, on the real `yaoxiang lsp` process: while a
// worker is blocked in the pull diagnostics of a document (an injected stall,
// as deaf as the 15 s type check of `a < ` × 20,000 was before it was made
// linear), a hover on another file is answered in milliseconds; a cancelled
// request is answered RequestCancelled at once and frees its worker; a request
// past its budget is answered RequestFailed with the reason; a client closing
// stdin ends the server within a second. The bounds measure the cheap
// requests, not the slow one, and are generous for a loaded machine.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { CancellationTokenSource } from 'vscode-jsonrpc/node.js';
import type { ClientCapabilities, Hover } from 'vscode-languageserver-protocol';
import { copyFixture, startClient, type LspClient } from '../support/lsp-client.ts';
import { repoRoot } from '../support/paths.ts';
import { median, timed } from '../support/timing.ts';

const FIXTURE = join(repoRoot, 'test', 'lsp', 'fixture');
// The slow work is an injected stall (src/threads/injected-stall.ts), deaf to cancellation as a long
// type check is: the pathological inputs that once took seconds are linear now (issue 21 item 3).
const SLOW_TEXT = 'main = {\n  x = 1 < 2\n}\n';
const STALL = { YAOXIANG_FAULT_STALL: 'textDocument/diagnostic=60000,yaoxiang/diagnostics@1=60000' };
/** A client that pulls diagnostics, so that the slow work is a request of its own, with an id to cancel. */
const PULLING: ClientCapabilities = { textDocument: { diagnostic: { dynamicRegistration: false } }, workspace: { diagnostics: { refreshSupport: true } } };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const clients: LspClient[] = [];
after(() => {
  for (const client of clients) {
    client.child.kill();
    rmSync(client.root, { recursive: true, force: true });
  }
});

interface Started {
  client: LspClient;
  slow: string;
  hover(): Promise<Hover | null>;
  slowDiagnostics(token?: CancellationTokenSource): Promise<unknown>;
}

async function started(args: string[] = [], capabilities: ClientCapabilities = PULLING): Promise<Started> {
  const client = await startClient(copyFixture(FIXTURE), capabilities, { args, env: STALL });
  clients.push(client);
  const slow = client.uri('slow.yx');
  // `p` in `p = Point(…)` of main.yx (UTF-16 column 24): its hover needs the checker, across files.
  const hover = () => client.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri: client.uri('main.yx') }, position: { line: 5, character: 24 } });
  const bothWorkers = async () => {
    for (const answer of await Promise.all([hover(), hover()])) assert.match(JSON.stringify(answer?.contents), /Point/);
  };
  // Both workers started, then with the slow document taken: the first answers are not what is measured.
  await bothWorkers();
  await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: slow, languageId: 'yaoxiang', version: 1, text: SLOW_TEXT } });
  await bothWorkers();
  const params = { textDocument: { uri: slow } };
  // An undefined token would be sent as a second parameter.
  const slowDiagnostics = (source?: CancellationTokenSource) =>
    source ? client.connection.sendRequest('textDocument/diagnostic', params, source.token) : client.connection.sendRequest('textDocument/diagnostic', params);
  return { client, slow, hover, slowDiagnostics };
}

describe('yaoxiang lsp: requests on worker threads', () => {
  test('a hover on another file answers in milliseconds while a pathological document is diagnosed', async (t) => {
    const s = await started();
    const source = new CancellationTokenSource();
    let slowDone = false;
    const slow = s.slowDiagnostics(source).then(() => (slowDone = true), () => undefined);
    await sleep(200);
    const hovers: number[] = [];
    for (let i = 0; i < 5; i++) hovers.push(await timed(async () => assert.match(JSON.stringify((await s.hover())?.contents), /Point/)));
    const shown = hovers.map((ms) => ms.toFixed(0)).join(', ');
    t.diagnostic(`hovers ${shown} ms`);
    assert.ok(median(hovers) < 50, `hovers beside the slow request: ${shown} ms`);
    assert.ok(Math.max(...hovers) < 1_000, `no hover may wait for the slow request: ${shown} ms`);
    assert.equal(slowDone, false, 'the slow request was still running: the hovers were measured beside it');
    source.cancel();
    await slow;
  });

  test('cancelled requests are answered RequestCancelled at once and free their workers', async (t) => {
    const s = await started();
    // One slow request on each worker: nothing else could run until they stop.
    const sources = [new CancellationTokenSource(), new CancellationTokenSource()];
    const slow = sources.map((source) => s.slowDiagnostics(source));
    await sleep(300);
    const cancelledAt = performance.now();
    for (const source of sources) source.cancel();
    for (const request of slow) await assert.rejects(request, { code: -32800 });
    const answeredMs = performance.now() - cancelledAt;
    assert.ok(answeredMs < 500, `the cancelled requests were answered ${answeredMs.toFixed(0)} ms after the cancel`);
    // The replacement workers load the project before they answer; the slow requests take tens of seconds.
    const ms = await timed(async () => assert.match(JSON.stringify((await s.hover())?.contents), /Point/));
    t.diagnostic(`cancels answered after ${answeredMs.toFixed(0)} ms; the next hover took ${ms.toFixed(0)} ms`);
    assert.ok(ms < 5_000, `the hover after the cancellations took ${ms.toFixed(0)} ms`);
  });

  test('a request past its budget is answered RequestFailed with the reason, and the server serves on', async () => {
    const s = await started(['--call-timeout-ms', '2000']);
    const begun = performance.now();
    await assert.rejects(s.slowDiagnostics(), (error: { code: number; message: string }) => {
      assert.equal(error.code, -32803);
      assert.match(error.message, /textDocument\/diagnostic did not finish within 2000 ms/);
      return true;
    });
    const ms = performance.now() - begun;
    assert.ok(ms >= 1_990 && ms < 4_000, `answered after ${ms.toFixed(0)} ms with a 2000 ms budget`);
    assert.match(JSON.stringify((await s.hover())?.contents), /Point/);
  });

  test('pushed diagnostics: a change stops the round working on the old version, and the new version is published soon', async (t) => {
    const s = await started([], {});
    let oldPublished = false;
    void s.client.nextDiagnostics(s.slow, (p) => p.version === 1).then(() => (oldPublished = true));
    // The round for version 1 (seconds of type checking) starts after the server's quiet period.
    await sleep(600);
    const changedAt = performance.now();
    const fresh = s.client.nextDiagnostics(s.slow, (p) => p.version === 2);
    await s.client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: s.slow, version: 2 }, contentChanges: [{ text: 'main = { x = 1 }\n' }] });
    await fresh;
    const ms = performance.now() - changedAt;
    t.diagnostic(`version 2 published ${ms.toFixed(0)} ms after the change`);
    assert.ok(ms < 5_000, `version 2 was published ${ms.toFixed(0)} ms after the change`);
    assert.equal(oldPublished, false, 'the superseded round published nothing');
    // The old round's type check was stopped, not left to run on: its worker (deaf inside the checker) was replaced.
    await s.client.stderrMatching(/a worker did not stop its job within 50 ms; it is replaced/);
  });

  test('closing stdin during a slow request ends the server within a second', async (t) => {
    const s = await started();
    void s.slowDiagnostics().catch(() => undefined);
    await sleep(300);
    const closedAt = performance.now();
    s.client.child.stdin.end();
    await s.client.exited;
    const ms = performance.now() - closedAt;
    t.diagnostic(`exited ${ms.toFixed(0)} ms after stdin closed`);
    assert.ok(ms < 1_000, `the server exited ${ms.toFixed(0)} ms after stdin closed`);
  });
});
