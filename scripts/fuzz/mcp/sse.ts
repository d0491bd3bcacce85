// The `mcp-sse` target: the deprecated HTTP+SSE transport (`yaoxiang mcp
// --http --sse`). GET /sse opens a session's event stream, whose first event
// names the endpoint its messages go to (POST /messages?sessionId=…). Each
// line of a case is POSTed alone, in order. The POST must be answered 202,
// and the response then comes on the stream, or 400 (413 past the body
// limit) with a JSON-RPC error body (id null, or the line's), which is that
// line's answer. After that the judging is stdio's: every request accepted
// with a usable id gets exactly one response, a ping still comes back, and
// now and then a real tool call.
import { Agent, request as httpRequest, type ClientRequest } from 'node:http';
import type { Problem } from '../loop.ts';
import type { TargetOptions, TargetReport } from '../target.ts';
import { idKey, isObject, malformedReply, parseAsSent, parseOrUndefined } from './expect.ts';
import { INITIALIZE_PARAMS, request } from './messages.ts';
import { ServerProcess } from './process.ts';
import { fuzzStream, replayStream, StreamSession, type Delivery, type StreamTransport } from './stream.ts';

/** What a POST to /messages may get (README, src/mcp/http.ts): accepted, invalid, too large. */
const MESSAGE_STATUSES = new Set([202, 400, 413]);

/** The blank line that ends an SSE event. */
const EVENT_END = /\r?\n\r?\n/;

interface PostReply {
  status: number;
  contentType: string;
  body: string;
}

export class SseSession extends StreamSession {
  readonly server = new ServerProcess(['--http', '--sse', '--addr', '127.0.0.1:0']);
  readonly #agent = new Agent({ keepAlive: false });
  #url: URL | undefined;
  #endpoint: string | undefined;
  #stream: ClientRequest | undefined;
  #streamClosed = false;

  constructor() {
    super();
    this.server.child.once('exit', () => this.ended());
  }

  static async open(_modern: boolean, timeoutMs: number): Promise<SseSession> {
    const session = new SseSession();
    try {
      session.#url = await session.server.listening(timeoutMs);
      await session.#connect(timeoutMs);
      const problem = await session.exchange([JSON.stringify(request('open', 'initialize', INITIALIZE_PARAMS, false))], timeoutMs);
      if (problem) throw new Error(`the server did not open: ${problem.check}: ${problem.message}`);
      await session.deliver([JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })], timeoutMs);
    } catch (error) {
      await session.close();
      throw error;
    }
    return session;
  }

  override async close(): Promise<void> {
    this.#stream?.destroy();
    this.#agent.destroy();
    await super.close();
  }

  protected async deliver(lines: readonly string[], timeoutMs: number): Promise<Delivery> {
    const taken: string[] = [];
    for (const line of lines) {
      if (this.#streamClosed && !this.server.exited) return { taken, problem: { check: 'sse-stream-closed', message: 'the server ended the event stream of a live session' } };
      const reply = await this.#post(line, timeoutMs);
      if ('check' in reply) return { taken, problem: reply };
      if (reply.status === 202) {
        taken.push(line);
        continue;
      }
      const where = `POST ${this.#endpoint} of ${JSON.stringify(line.slice(0, 100))}`;
      if (!MESSAGE_STATUSES.has(reply.status)) return { taken, problem: { check: reply.status === 500 ? 'http-500' : 'undocumented-status', message: `${where} got ${reply.status}: ${reply.body.slice(0, 300)}` } };
      const answer = reply.contentType.includes('application/json') ? parseOrUndefined(reply.body) : undefined;
      const bad = !isObject(answer) ? `not JSON (${reply.contentType || 'no content type'})` : (malformedReply(answer) ?? (answer.id === undefined || !('error' in answer) ? 'not an error response' : undefined));
      if (bad) return { taken, problem: { check: 'malformed-reply', message: `${where} got ${reply.status} with a body that is ${bad}: ${reply.body.slice(0, 200)}` } };
      // The refusal answers this line alone: with its id, or null when the id cannot be read.
      const sent = parseAsSent(line);
      const own = isObject(sent) ? idKey(sent.id) : undefined;
      const id = (answer as { id: unknown }).id;
      if (id !== null && idKey(id) !== own) return { taken, problem: { check: 'unexpected-response', message: `${where} got ${reply.status} answering id ${idKey(id).slice(0, 60)}, not the line's` } };
    }
    return { taken };
  }

  /** GET /sse; resolves once the stream has named the endpoint for messages. */
  #connect(timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no endpoint event within ${timeoutMs} ms`)), timeoutMs);
      let buffer = '';
      const onEvent = (event: string) => {
        const name = /^event:\s*(.*)$/m.exec(event)?.[1]?.trim() ?? 'message';
        const data = event.split(/\r?\n/).filter((l) => l.startsWith('data:')).map((l) => l.slice(5).replace(/^ /, '')).join('\n');
        if (name === 'endpoint') {
          const endpoint = new URL(data, this.#url);
          this.#endpoint = endpoint.pathname + endpoint.search;
          clearTimeout(timer);
          resolve();
        } else if (name === 'message') {
          this.receive(data);
        }
      };
      this.#stream = httpRequest({ host: this.#url!.hostname, port: this.#url!.port, path: '/sse', headers: { accept: 'text/event-stream' }, agent: this.#agent }, (res) => {
        if (res.statusCode !== 200) {
          clearTimeout(timer);
          reject(new Error(`GET /sse got ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let end = EVENT_END.exec(buffer); end; end = EVENT_END.exec(buffer)) {
            onEvent(buffer.slice(0, end.index));
            buffer = buffer.slice(end.index + end[0].length);
          }
        });
        res.on('close', () => {
          this.#streamClosed = true;
          this.ended();
        });
      });
      this.#stream.on('error', (error) => {
        clearTimeout(timer);
        this.#streamClosed = true;
        reject(error);
      });
      this.#stream.end();
    });
  }

  #post(line: string, timeoutMs: number): Promise<PostReply | Problem> {
    return new Promise((resolve) => {
      const req = httpRequest({ host: this.#url!.hostname, port: this.#url!.port, method: 'POST', path: this.#endpoint, headers: { 'content-type': 'application/json' }, agent: this.#agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, contentType: res.headers['content-type'] ?? '', body }));
        res.on('error', (error) => done({ check: 'http-connection', message: `POST ${this.#endpoint}: the response broke off: ${error.message}` }));
      });
      const timer = setTimeout(() => {
        req.destroy();
        done({ check: 'no-http-response', message: `POST ${this.#endpoint}: nothing within ${timeoutMs} ms` });
      }, timeoutMs);
      let settled = false;
      const done = (value: PostReply | Problem) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      };
      req.on('error', (error) => done(this.server.exited ? { check: 'server-exited', message: this.server.stderrTail(500) } : { check: 'http-connection', message: `POST ${this.#endpoint}: ${error.message}` }));
      req.end(line);
    });
  }
}

/** Only 2025-era clients speak HTTP+SSE: sessions open with initialize. */
export const sseTransport: StreamTransport = {
  name: 'mcp-sse',
  eras: [false],
  open: (modern, timeoutMs) => SseSession.open(modern, timeoutMs),
};

/** One fixture's lines against a fresh server, then the health check. */
export function replaySse(lines: readonly string[], timeoutMs = 10_000): Promise<Problem | undefined> {
  return replayStream(sseTransport, lines, timeoutMs);
}

export function fuzzMcpSse(options: TargetOptions): Promise<TargetReport> {
  return fuzzStream(sseTransport, options);
}
