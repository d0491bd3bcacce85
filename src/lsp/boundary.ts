// Where every message from the client comes in, before vscode-jsonrpc hands a
// request to its handler (the connection's message strategy): the one place
// that refuses a request for when it came (LSP's lifecycle) or for its params
// (params.ts), so no handler is reached with params it cannot read. Refusals
// are written with the connection's own writer, in turn with its answers.
// Before that, its content decoder parses each body, answering one that is not
// JSON, or not a JSON-RPC message. It also counts what came in and what was answered, so that a server
// whose framing broke can answer the requests it had read before it exits.
import { ErrorCodes, Message, type ContentTypeDecoder, type MessageStrategy, type ResponseMessage } from 'vscode-languageserver';
import { MAX_JSON_DEPTH, usableRequestId } from '../ide/index.ts';
import { invalidParams } from './params.ts';

export interface MessageBoundary {
  strategy: MessageStrategy;
  /**
   * The reader's JSON decoder: vscode-jsonrpc's own drops a body that is not
   * JSON without a word, where JSON-RPC 2.0 (§5.1) wants a Parse error (-32700,
   * id null); this one answers it, and the reader goes on to the next message.
   */
  decoder: ContentTypeDecoder;
  /** Bodies the decoder has seen, JSON or not. */
  readonly decoded: number;
  /** Requests decoded and not yet answered. */
  readonly unanswered: number;
  /** The connection's writer has written `message` out. */
  written(message: Message): void;
  /** Whether `shutdown` was received: ending the input is then no failure. */
  readonly shutDown: boolean;
  /** A body not passed on for its depth (framing.ts): answered when a request with a usable id, else logged. */
  tooDeep(body: string): void;
}

type Refusal = ResponseMessage['error'] & {};

export function messageBoundary(reply: (message: ResponseMessage) => void, log: (line: string) => void): MessageBoundary {
  let state: 'new' | 'initialized' | 'shutting down' = 'new';
  let decoded = 0;
  /** The ids of requests decoded and not yet answered, with how many of each (a client may reuse an id). */
  const unanswered = new Map<string | number, number>();
  let unansweredCount = 0;

  /** Why the request is refused, or undefined once it is let through (and the lifecycle moved on). */
  const refusal = (method: string, params: unknown): Refusal | undefined => {
    // LSP: after `shutdown` every request but `exit` (a notification) is InvalidRequest.
    if (state === 'shutting down') return { code: ErrorCodes.InvalidRequest, message: 'the server is shutting down' };
    if (method === 'initialize' && state !== 'new') return { code: ErrorCodes.InvalidRequest, message: 'the server is already initialized; initialize may be sent only once' };
    if (method !== 'initialize' && state === 'new') return { code: ErrorCodes.ServerNotInitialized, message: 'the server is not initialized' };
    const invalid = invalidParams(method, params);
    // The lifecycle moves on only for a request let through: a refused initialize can be sent again.
    if (invalid) return { code: ErrorCodes.InvalidParams, message: invalid };
    if (method === 'initialize') state = 'initialized';
    if (method === 'shutdown') state = 'shutting down';
    return undefined;
  };

  return {
    strategy: {
      handleMessage(message, next) {
        if (!Message.isRequest(message)) return next(message);
        const refused = refusal(message.method, message.params);
        if (refused) reply({ jsonrpc: '2.0', id: message.id, error: refused });
        else next(message);
      },
    },
    decoder: {
      name: 'application/json',
      decode(bytes, options) {
        decoded++;
        const text = Buffer.isBuffer(bytes) ? bytes.toString(options.charset) : new TextDecoder(options.charset).decode(bytes);
        try {
          const message = JSON.parse(text) as Message;
          if (!Message.isRequest(message) && !Message.isNotification(message) && !Message.isResponse(message)) {
            // JSON but no message (`42`, `[]`, an object with neither method nor result): vscode-jsonrpc would only log it.
            reply({ jsonrpc: '2.0', id: null, error: { code: ErrorCodes.InvalidRequest, message: 'Invalid Request: the message is neither a request, a notification nor a response' } });
            return Promise.reject(new Error('not a JSON-RPC message'));
          }
          if (Message.isRequest(message)) {
            // isRequest has checked the id is a string or a number.
            const id = message.id as string | number;
            unanswered.set(id, (unanswered.get(id) ?? 0) + 1);
            unansweredCount++;
          }
          return Promise.resolve(message);
        } catch (error) {
          // JSON.parse throws only SyntaxErrors.
          reply(parseError(` (${(error as SyntaxError).message})`));
          // The reader reports a rejected body to the connection's error listeners (none) and reads on.
          return Promise.reject(error);
        }
      },
    },
    get decoded() {
      return decoded;
    },
    get unanswered() {
      return unansweredCount;
    },
    written(message) {
      if (!Message.isResponse(message) || message.id === null) return;
      const count = unanswered.get(message.id);
      if (count === undefined) return;
      if (count > 1) unanswered.set(message.id, count - 1);
      else unanswered.delete(message.id);
      unansweredCount--;
    },
    get shutDown() {
      return state === 'shutting down';
    },
    tooDeep(body) {
      const id = requestId(body);
      const why = `the message nests deeper than ${MAX_JSON_DEPTH} levels`;
      if (id === null) reply(parseError(`, and ${why}`));
      else if (id === undefined) log(`yaoxiang lsp: refused a message that is not a request with an id: ${why}`);
      else reply({ jsonrpc: '2.0', id, error: { code: ErrorCodes.InvalidRequest, message: `Invalid Request: ${why}` } });
    },
  };
}

function parseError(detail: string): ResponseMessage {
  return { jsonrpc: '2.0', id: null, error: { code: ErrorCodes.ParseError, message: `Parse error: the message is not JSON${detail}` } };
}

/** The id of a request (a string or a safe integer, as JSON-RPC wants one), if the body is one; null if the body is not JSON. */
function requestId(body: string): string | number | null | undefined {
  let value: unknown;
  try {
    // JSON.parse does not recurse, so however deep the body, this is safe; what follows a parse is not.
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { id, method } = value as { id?: unknown; method?: unknown };
  if (typeof method !== 'string') return undefined;
  return usableRequestId(id);
}
