// Issue 23 items 9 and 10, at the transports: invalid UTF-8 inside a message
// is refused from the raw bytes (stdio and HTTP) with the tools' own
// MCP-INVALID-INPUT, not decoded to U+FFFD; `Host: localhost:99999` is refused,
// never a 500; closing stdin with a request in flight still gets its answer;
// a session's GET stream sends its headers at once; every tool schema is
// portable (no type arrays, no empty additionalProperties).
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { bigProject } from '../support/big-project.ts';
import { startRaw, TROUBLE } from '../support/raw-mcp.ts';
import { ACCEPT, INITIALIZE, messageOf, portOf, rawRequest, rpcError } from './raw-http.ts';
import { demoProject, startHttp, type HttpServerProcess } from './support.ts';

/** A tools/call of parse_source whose `source` holds the bytes 0xFF 0xFE, as a client that does not encode would send it. */
function callWithInvalidSource(id: number, meta?: Record<string, unknown>): Buffer {
  const [before, after] = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'parse_source', arguments: { source: 'x = "@@"\n' }, ...(meta ? { _meta: meta } : {}) } }).split('@@');
  return Buffer.concat([Buffer.from(before!), Buffer.from([0xff, 0xfe]), Buffer.from(after!)]);
}

/** The message with that id, once the server has written it (the raw bytes are sent without the helper's request()). */
function answerTo(messages: ReadonlyArray<Record<string, any>>, id: number): Promise<Record<string, any>> {
  return new Promise((resolve) => {
    const poll = setInterval(() => {
      const found = messages.find((m) => m.id === id);
      if (found) {
        clearInterval(poll);
        resolve(found);
      }
    }, 10);
  });
}

function assertInvalidUtf8Result(message: Record<string, any>, id: number): void {
  assert.equal(message.id, id, JSON.stringify(message));
  assert.equal(message.result?.isError, true, JSON.stringify(message));
  const structured = message.result.structuredContent;
  assert.equal(structured.errorCode, 'MCP-INVALID-INPUT');
  assert.match(structured.message, /^source is not valid UTF-8 \(first invalid byte at offset \d+ of the message\)/);
  assert.equal(message.result.content[0].text, JSON.stringify(structured));
}

describe('stdio', () => {
  test('invalid UTF-8 in source: MCP-INVALID-INPUT, not U+FFFD; another request: -32600 with its id; the session goes on', async () => {
    const server = await startRaw(demoProject);
    try {
      server.child.stdin!.write(Buffer.concat([callWithInvalidSource(7), Buffer.from('\n')]));
      assertInvalidUtf8Result(await answerTo(server.messages, 7), 7);
      server.child.stdin!.write(Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":8,"method":"tools/list","params":{"x":"'), Buffer.from([0xc3]), Buffer.from('"}}\n')]));
      const other = await answerTo(server.messages, 8);
      assert.equal(other.error?.code, -32600);
      assert.match(other.error.message, /not valid UTF-8/);
      const fine = await server.call(9, 'parse_source', { source: 'x = "é"\n' });
      assert.equal(fine.result.isError, false);
      assert.doesNotMatch(server.stderr(), TROUBLE);
    } finally {
      server.child.kill();
    }
  });

  test('stdin closed with a request in flight: the request is answered, then the server exits', { timeout: 60_000 }, async () => {
    const project = bigProject(400);
    const server = await startRaw(project);
    server.send({ id: 5, method: 'tools/call', params: { name: 'typecheck', arguments: { file_paths: [], project_root: '.', mode: 'full' } } });
    server.child.stdin!.end();
    const exit = await server.exited;
    assert.equal(exit.code, 0, server.stderr());
    const answer = server.messages.find((m) => m.id === 5);
    assert.ok(answer, `no answer before exit; got ${JSON.stringify(server.messages.map((m) => m.id))}\n${server.stderr()}`);
    assert.equal(answer.result.isError, false, JSON.stringify(answer));
    assert.equal(answer.result.structuredContent.summary.files, 400);
  });

  test('every tool schema is portable: no type arrays, no empty additionalProperties', async () => {
    const server = await startRaw(demoProject);
    try {
      const listed = await server.request(2, 'tools/list', {});
      const tools = listed.result.tools as Array<{ name: string; inputSchema: unknown; outputSchema: unknown }>;
      assert.equal(tools.length, 8);
      const problems: string[] = [];
      for (const tool of tools) {
        walkSchema(tool.outputSchema, `${tool.name}.outputSchema`, problems);
        walkSchema(tool.inputSchema, `${tool.name}.inputSchema`, problems);
      }
      assert.deepEqual(problems, []);
      // Still the same contract: a nullable field is string or null.
      const lookup = tools.find((t) => t.name === 'lookup_symbol')!.outputSchema as any;
      assert.deepEqual(lookup.anyOf[0].properties.symbols.items.properties.container.anyOf, [{ type: 'string' }, { type: 'null' }]);
    } finally {
      server.child.kill();
    }
  });
});

function walkSchema(node: unknown, at: string, problems: string[]): void {
  if (Array.isArray(node)) return node.forEach((item, i) => walkSchema(item, `${at}[${i}]`, problems));
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' && Array.isArray(value)) problems.push(`${at}.type is ${JSON.stringify(value)}`);
    if (key === 'additionalProperties' && value !== null && typeof value === 'object' && Object.keys(value).length === 0) problems.push(`${at}.additionalProperties is {}`);
    walkSchema(value, `${at}.${key}`, problems);
  }
}

describe('HTTP', () => {
  let server: HttpServerProcess;
  let port: number;
  before(async () => {
    server = await startHttp(demoProject);
    port = portOf(server.url);
  });
  after(() => server.stop());

  test('invalid UTF-8 in source, legacy session: MCP-INVALID-INPUT', async () => {
    const init = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: ACCEPT }, body: JSON.stringify(INITIALIZE) });
    const session = init.headers.get('mcp-session-id')!;
    await init.text();
    const answer = await postBytes(port, callWithInvalidSource(3), { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' });
    assert.equal(answer.status, 200, answer.body);
    assertInvalidUtf8Result(messageOf(answer.body), 3);
  });

  test('invalid UTF-8 in source, 2026 era (no session): MCP-INVALID-INPUT', async () => {
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
    const answer = await postBytes(port, callWithInvalidSource(4, meta), { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'parse_source' });
    assert.equal(answer.status, 200, answer.body);
    assertInvalidUtf8Result(messageOf(answer.body), 4);
  });

  test('Host: localhost:99999 is refused with 403, never 500', async () => {
    const answer = await rawRequest(port, { headers: { host: 'localhost:99999' } });
    assert.equal(answer.status, 403);
    assert.deepEqual(JSON.parse(answer.body), rpcError(-32000, 'Forbidden: Invalid Host header "localhost:99999"'));
    const fine = await rawRequest(port, { headers: { host: 'localhost:65535' } });
    assert.equal(fine.status, 200);
  });

  test("GET /mcp with a valid session sends its status line and headers at once, before any event", async () => {
    const init = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: ACCEPT }, body: JSON.stringify(INITIALIZE) });
    const session = init.headers.get('mcp-session-id')!;
    await init.text();
    const started = performance.now();
    const head = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no headers within 2 s: ${JSON.stringify(text)}`));
      }, 2_000);
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
        if (text.includes('\r\n\r\n')) {
          clearTimeout(timer);
          socket.destroy();
          resolve(text);
        }
      });
      socket.write(`GET /mcp HTTP/1.1\r\nhost: localhost:${port}\r\naccept: text/event-stream\r\nmcp-session-id: ${session}\r\nmcp-protocol-version: 2025-11-25\r\n\r\n`);
    });
    assert.match(head, /^HTTP\/1\.1 200 /);
    assert.match(head, /content-type: text\/event-stream/i);
    assert.ok(performance.now() - started < 1_000);
  });
});

describe('HTTP+SSE (--sse)', () => {
  test('invalid UTF-8 in source posted to /messages: 202, and MCP-INVALID-INPUT on the event stream', async () => {
    const server = await startHttp(demoProject, ['--sse']);
    const port = portOf(server.url);
    const events: string[] = [];
    let stream: ReturnType<typeof httpRequest> | undefined;
    try {
      const endpoint = await new Promise<string>((resolve, reject) => {
        stream = httpRequest({ host: '127.0.0.1', port, path: '/sse', headers: { host: `localhost:${port}`, accept: 'text/event-stream' } }, (res) => {
          res.setEncoding('utf8').on('data', (chunk: string) => {
            events.push(chunk);
            const found = /event: endpoint\ndata: (\S+)/.exec(events.join(''));
            if (found) resolve(found[1]!);
          });
        });
        stream.on('error', reject);
        stream.end();
      });
      const posted = await postBytes(port, callWithInvalidSource(6), {}, endpoint);
      assert.equal(posted.status, 202, posted.body);
      const message = await new Promise<Record<string, any>>((resolve) => {
        const poll = setInterval(() => {
          const data = /event: message\ndata: (.*)\n/.exec(events.join(''));
          if (data) {
            clearInterval(poll);
            resolve(JSON.parse(data[1]!) as Record<string, any>);
          }
        }, 10);
      });
      assertInvalidUtf8Result(message, 6);
    } finally {
      stream?.destroy();
      await server.stop();
    }
  });
});

function postBytes(port: number, body: Buffer, headers: Record<string, string>, path = '/mcp'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers: { host: `localhost:${port}`, 'content-type': 'application/json', accept: ACCEPT, 'content-length': body.length, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
