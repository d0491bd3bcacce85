// A long `typecheck` (a generated 300-file project, cold) cancelled, or its
// client gone, on a real server process. First the full check is timed; then
// a cancelled or abandoned one must free the server for the next call well
// within that time (bounds are relative and generous), send no response for
// the cancelled request, and leave the server serving. Over stdio a client
// that closes stdin or dies ends the server with code 0.
import assert from 'node:assert/strict';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { generateYaoXiang } from '../../scripts/bench/generate.ts';
import { bigProject } from '../support/big-project.ts';
import { STDIN_CLOSED_GRACE_MS } from '../../src/mcp/stdio.ts';
import { startRaw, TROUBLE, type RawServer } from '../support/raw-mcp.ts';
import { call, connect, startHttp, type Connection, type HttpServerProcess } from './support.ts';

const FILES = 300;
/** Bytes of code added to each module: the check grows, the re-stat that every later call starts with does not. */
const PADDING = 2_000;
const FULL = { file_paths: [], project_root: '.' };
const ONE = { file_path: 'mod1.yx' };
/** How long to let a typecheck run before cutting it off: well into it, well before its end. */
const head = () => Math.min(200, fullMs / 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let project: string;
let fullMs: number;
let fullResult: Record<string, unknown>;

before(async () => {
  project = bigProject(FILES, { padding: PADDING });
  const server = await startRaw(project);
  await server.call(1, 'list_imports', ONE);
  const started = performance.now();
  fullResult = (await server.call(2, 'typecheck', FULL)).result.structuredContent;
  fullMs = performance.now() - started;
  server.child.stdin!.end();
  await server.exited;
});
after(() => rmSync(project, { recursive: true, force: true }));

/** Times the next call: the server is free only once the cut-off typecheck has stopped. */
async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** `log`: the server's stderr, which says whether a worker had to be replaced (and the project indexed again) for it. */
function assertPrompt(ms: number, what: string, log: string): void {
  assert.ok(ms < fullMs / 3, `${what} took ${ms.toFixed(0)} ms; the full typecheck takes ${fullMs.toFixed(0)} ms; the server's log:\n${log.slice(-2000)}`);
}

/** A raw stdio server, indexed, some way into a cold typecheck for each of `ids`. */
async function busyServer(ids: number[], options: { stderr?: number } = {}): Promise<RawServer> {
  const server = await startRaw(project, options);
  await server.call(1, 'list_imports', ONE);
  for (const id of ids) server.send({ id, method: 'tools/call', params: { name: 'typecheck', arguments: FULL } });
  await sleep(head());
  return server;
}

function assertOnlyProtocol(server: RawServer): void {
  for (const message of server.messages) assert.equal(message.jsonrpc, '2.0', `stdout carries only JSON-RPC: ${JSON.stringify(message)}`);
}

describe('cancelling a long typecheck', () => {
  test('over stdio: the work stops, queued work is dropped, no response is sent, and the cache stays right', async () => {
    // The second waits in the host's queue behind the first; cancelled there, it must not run when its turn comes.
    const server = await busyServer([10, 11]);
    try {
      const next = await timed(() => {
        server.cancel(11);
        server.cancel(10);
        return server.call(12, 'list_imports', ONE);
      });
      assertPrompt(next.ms, 'the call after the cancellation', server.stderr());
      assert.equal(next.value.result.isError, false);
      // The cancelled work may have cached some files; what they say must not change.
      assert.deepEqual((await server.call(13, 'typecheck', FULL)).result.structuredContent, fullResult);
      assert.deepEqual(server.messages.filter((m) => m.id === 10 || m.id === 11), [], 'no response for a cancelled request');
      assertOnlyProtocol(server);
      server.child.stdin!.end();
      assert.deepEqual(await server.exited, { code: 0, signal: null });
      assert.doesNotMatch(server.stderr(), TROUBLE);
    } finally {
      server.child.kill();
    }
  });

  const kinds: Connection[] = ['stdio-modern', 'http-modern', 'http-legacy'];
  for (const kind of kinds) {
    test(`with the SDK client's AbortSignal (${kind}): the call rejects and the next one is answered promptly`, async () => {
      const c = await connect(kind, project, ['--index-wait-ms', '600000']);
      try {
        await call(c.client, 'list_imports', ONE);
        const abort = new AbortController();
        const pending = c.client.callTool({ name: 'typecheck', arguments: FULL }, { signal: abort.signal });
        await sleep(head());
        const next = await timed(async () => {
          abort.abort('no longer needed');
          await assert.rejects(pending);
          return call(c.client, 'list_imports', ONE);
        });
        assertPrompt(next.ms, 'the call after the abort', c.stderr());
        assert.equal(next.value.isError, false);
        assert.doesNotMatch(c.stderr(), TROUBLE);
      } finally {
        await c.close();
      }
    });
  }
});

describe('a client that goes away mid-request', () => {
  test('stdio, stdin closed during a typecheck: the typecheck is answered, then exit code 0; nothing but protocol on stdout', async () => {
    const server = await busyServer([2]);
    try {
      const exit = await timed(() => {
        server.child.stdin!.end();
        return server.exited;
      });
      assert.deepEqual(exit.value, { code: 0, signal: null });
      // Scripted use (`requests | yaoxiang mcp`) gets its answers: what was received is answered within the grace period.
      assert.ok(exit.ms < STDIN_CLOSED_GRACE_MS + 5_000, `exiting took ${exit.ms.toFixed(0)} ms`);
      const answers = server.messages.filter((m) => m.id === 2);
      assert.equal(answers.length, 1);
      assert.deepEqual(answers[0]!.result.structuredContent.summary, fullResult.summary);
      assertOnlyProtocol(server);
      assert.doesNotMatch(server.stderr(), TROUBLE);
    } finally {
      server.child.kill();
    }
  });

  test('stdio, client killed during a typecheck (all three pipes gone): exit code 0, no crash on the broken pipes', async () => {
    const log = path.join(tmpdir(), `yaoxiang-killed-${process.pid}.log`);
    const fd = openSync(log, 'w');
    const server = await busyServer([2], { stderr: fd });
    try {
      const exit = await timed(() => {
        server.child.stdin!.destroy();
        server.child.stdout!.destroy();
        return server.exited;
      });
      assert.deepEqual(exit.value, { code: 0, signal: null });
      // A pipe says its reader is gone only when written to: the exit comes with the answer (EPIPE), within the grace period.
      assert.ok(exit.ms < STDIN_CLOSED_GRACE_MS + 5_000, `exiting took ${exit.ms.toFixed(0)} ms`);
      assert.doesNotMatch(readFileSync(log, 'utf8'), TROUBLE);
    } finally {
      server.child.kill();
      closeSync(fd);
      rmSync(log, { force: true });
    }
  });

  test('stdio, stdin closed during a long format_source: the format cannot be cut short, but the exit is clean', async () => {
    const server = await startRaw(project);
    try {
      await server.call(1, 'list_imports', ONE);
      server.send({ id: 2, method: 'tools/call', params: { name: 'format_source', arguments: { source: generateYaoXiang(60_000) } } });
      await sleep(50);
      server.child.stdin!.end();
      assert.deepEqual(await server.exited, { code: 0, signal: null });
      assertOnlyProtocol(server);
      assert.doesNotMatch(server.stderr(), TROUBLE);
    } finally {
      server.child.kill();
    }
  });

  describe('over HTTP', () => {
    // A server each: a cut-off typecheck caches what it checked, so the next test needs a cold one.
    let server: HttpServerProcess;
    beforeEach(async () => {
      server = await startHttp(project, ['--index-wait-ms', '600000']);
      const c = await client(server.url);
      await call(c, 'list_imports', ONE);
      await c.close();
    });
    afterEach(() => server.stop());

    test('modern (stateless), socket destroyed mid-typecheck: the request is released and others are served promptly', async () => {
      // Connected first: connecting while the typecheck runs would wait for it and hide the wait from the timing.
      const c = await client(server.url);
      const body = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'typecheck', arguments: FULL, _meta: MODERN_META } };
      const cut = rawPost(server.url, { 'mcp-method': 'tools/call', 'mcp-name': 'typecheck', 'mcp-protocol-version': '2026-07-28' }, body);
      await sleep(head());
      try {
        const answered = await timed(() => {
          cut.destroy();
          return call(c, 'list_imports', ONE);
        });
        assertPrompt(answered.ms, 'the next call', server.stderr());
        assert.equal(answered.value.isError, false);
      } finally {
        await c.close();
      }
      assert.equal(server.child.exitCode, null, 'still running');
      assert.doesNotMatch(server.stderr(), TROUBLE);
    });

    test('legacy session, socket destroyed mid-typecheck: released too, and the session keeps working', async () => {
      const init = await fetch(server.url, { method: 'POST', headers: LEGACY_HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }) });
      const session = { 'mcp-session-id': init.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-11-25' };
      await init.text();
      await (await fetch(server.url, { method: 'POST', headers: { ...LEGACY_HEADERS, ...session }, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })).text();
      const cut = rawPost(server.url, session, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'typecheck', arguments: FULL } });
      await sleep(head());
      const answered = await timed(async () => {
        cut.destroy();
        const res = await fetch(server.url, { method: 'POST', headers: { ...LEGACY_HEADERS, ...session }, body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'list_imports', arguments: ONE } }) });
        return res.text();
      });
      assertPrompt(answered.ms, 'the next call on the session', server.stderr());
      assert.match(answered.value, /"id":3/);
      assert.doesNotMatch(answered.value, /"isError":true/);
      assert.equal(server.child.exitCode, null, 'still running');
      assert.doesNotMatch(server.stderr(), TROUBLE);
    });
  });
});

const LEGACY_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const MODERN_META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };

async function client(url: string): Promise<Client> {
  const c = new Client({ name: 'yaoxiang-tests', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await c.connect(new StreamableHTTPClientTransport(new URL(url)));
  return c;
}

/** A POST on its own socket, which the test destroys to play a client that vanished. */
function rawPost(url: string, headers: Record<string, string>, body: unknown): { destroy(): void } {
  const request = httpRequest(url, { method: 'POST', headers: { ...LEGACY_HEADERS, ...headers }, agent: false });
  request.on('error', () => undefined);
  request.on('response', (response) => response.resume());
  request.end(JSON.stringify(body));
  return { destroy: () => request.destroy() };
}
