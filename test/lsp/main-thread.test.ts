// The LSP main thread does only I/O and protocol (issue 21 item 2): opening a
// huge but ordinary document (1.5 MB: parsing and analysing it takes seconds)
// must not keep it from answering. The requests measured here are the ones
// the main thread answers itself: a cancelled request (RequestCancelled, from
// the pool at once) and `shutdown`. Before, the main thread parsed and
// analysed every opened document, so both waited the seconds out. The
// request workers still take the document before their next answer; a hover
// afterwards is checked for its answer, and its time only printed.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { CancellationTokenSource } from 'vscode-jsonrpc/node.js';
import type { Hover } from 'vscode-languageserver-protocol';
import { copyFixture, startClient, type LspClient } from '../support/lsp-client.ts';
import { repoRoot } from '../support/paths.ts';
import { median, timed } from '../support/timing.ts';

const FIXTURE = join(repoRoot, 'test', 'lsp', 'fixture');
const HUGE_BYTES = 1_500_000;

/** Ordinary code: distinct functions with locals, calls and arithmetic, HUGE_BYTES of it. */
function hugeDocument(): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < HUGE_BYTES; i++) {
    const part = `pub f${i}: (a: Int, b: Int) -> Int = {\n    x = a + b * ${i}\n    y = f${Math.max(0, i - 1)}(x, a)\n    return x - y\n}\n\n`;
    parts.push(part);
    size += part.length;
  }
  return parts.join('');
}

const clients: LspClient[] = [];
after(() => {
  for (const client of clients) {
    client.child.kill();
    rmSync(client.root, { recursive: true, force: true });
  }
});

describe('yaoxiang lsp: the main thread only does I/O and protocol', () => {
  test('while a 1.5 MB document is taken, cancelled requests (median) and shutdown answer within 100 ms', async (t) => {
    const client = await startClient(copyFixture(FIXTURE));
    clients.push(client);
    // `p` in `p = Point(…)` of main.yx: its hover needs the checker, across files.
    const hoverParams = { textDocument: { uri: client.uri('main.yx') }, position: { line: 5, character: 24 } };
    const hover = (source?: CancellationTokenSource) =>
      source ? client.connection.sendRequest<Hover | null>('textDocument/hover', hoverParams, source.token) : client.connection.sendRequest<Hover | null>('textDocument/hover', hoverParams);
    // Both workers started and warm: their start is not what is measured.
    for (const answer of await Promise.all([hover(), hover()])) assert.match(JSON.stringify(answer?.contents), /Point/);
    const text = hugeDocument();
    const open = (name: string) => client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: client.uri(name), languageId: 'yaoxiang', version: 1, text } });

    await open('huge.yx');
    // One after another while the workers take the document, each cancelled at once: the main thread answers it as soon as it reads the cancel.
    const cancelledHover = () => timed(async () => {
      const source = new CancellationTokenSource();
      const answer = hover(source);
      source.cancel();
      await assert.rejects(answer, { code: -32800 });
    });
    const cancelled: number[] = [];
    for (let i = 0; i < 5; i++) cancelled.push(await cancelledHover());
    const hoverMs = await timed(async () => assert.match(JSON.stringify((await hover())?.contents), /Point/));

    await open('huge-too.yx');
    // Its answer comes once the main thread has read the second document; the workers are still taking it when shutdown comes.
    cancelled.push(await cancelledHover());
    const shutdownMs = await timed(() => client.connection.sendRequest('shutdown'));
    const shown = cancelled.map((ms) => ms.toFixed(0)).join(', ');
    t.diagnostic(`cancelled hovers answered in ${shown} ms; shutdown in ${shutdownMs.toFixed(0)} ms; a hover after the open (the workers take the document first) in ${hoverMs.toFixed(0)} ms`);
    assert.ok(median(cancelled) < 100, `cancelled hovers beside the open: ${shown} ms`);
    // The first was sent right after the open: before, it waited out the main thread's parse and analysis (11 s).
    assert.ok(Math.max(...cancelled) < 1_000, `no cancelled hover may wait for the document to be taken: ${shown} ms`);
    assert.ok(shutdownMs < 100, `shutdown while the workers take the second document took ${shutdownMs.toFixed(0)} ms`);
    client.connection.sendNotification('exit').catch(() => undefined);
    assert.equal(await client.exited, 0);
  });
});
