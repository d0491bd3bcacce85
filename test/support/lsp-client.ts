// Drives the real `yaoxiang lsp` process over stdio with vscode-jsonrpc, as
// an editor would: initialize, open documents, send requests, collect what
// the server publishes. Anything on stdout that is not protocol fails the reader.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, ErrorCodes, ResponseError, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node.js';
import type { ClientCapabilities, InitializeResult, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { cliPath } from './paths.ts';
import { killOnExit, waitForText } from './processes.ts';

export interface LspClient {
  connection: MessageConnection;
  root: string;
  initialize: InitializeResult;
  uri(relative: string): string;
  /** Resolves with the next publication for `uri` that satisfies `accept`. */
  nextDiagnostics(uri: string, accept?: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams>;
  /** The latest publication for `uri` if it satisfies `accept`, else the next one that does: for what the server publishes unasked. */
  diagnosticsFor(uri: string, accept?: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams>;
  protocolErrors: Error[];
  stderr(): string;
  /** Stderr once it matches `pattern`: the server's log and its messages travel on two pipes, so a log line may arrive after the message it preceded. */
  stderrMatching(pattern: RegExp, ms?: number): Promise<string>;
  stop(): Promise<number | null>;
  /** The server process, for tests that end it some other way than `stop`. */
  child: ChildProcessWithoutNullStreams;
  exited: Promise<number | null>;
  /** The methods of the requests the server sent the client, in order. */
  serverRequests: string[];
  /** How long the server took to answer `initialize`. */
  initializeMs: number;
  /** Every `$/progress` the server sent, in order. */
  progress: Array<{ token: string | number; value: { kind: string } & Record<string, unknown> }>;
}

export interface ClientBehaviour {
  /** Answer every request the server sends with MethodNotFound, as a client that implements none of them. */
  refuseServerRequests?: boolean;
  /** What `initialize` names as the workspace (by default `root`, as rootUri and the one folder); null for none. */
  rootUri?: string | null;
  workspaceFolders?: Array<{ uri: string; name: string }> | null;
  /** The server's working directory; by default `root`. */
  cwd?: string;
  /** Variables set for the server on top of this process's (HOME, for one). */
  env?: Record<string, string>;
  /** More arguments after `lsp --stdio` (a generous request budget, which a later --call-timeout-ms overrides: tests on a loaded machine are slow). */
  args?: string[];
}

/** A copy of `fixture` in a temporary folder, so tests may change files on disk. */
export function copyFixture(fixture: string): string {
  const root = mkdtempSync(join(tmpdir(), 'yaoxiang-lsp-'));
  cpSync(fixture, root, { recursive: true });
  return root;
}

export async function startClient(root: string, capabilities: ClientCapabilities = {}, behaviour: ClientBehaviour = {}): Promise<LspClient> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [cliPath, 'lsp', '--stdio', '--call-timeout-ms', '600000', ...(behaviour.args ?? [])], { cwd: behaviour.cwd ?? root, stdio: 'pipe', env: { ...process.env, ...behaviour.env } });
  killOnExit(child);
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const protocolErrors: Error[] = [];
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.onError(([error]) => protocolErrors.push(error));
  const published: PublishDiagnosticsParams[] = [];
  const waiting: Array<{ uri: string; accept: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }> = [];
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    published.push(params);
    for (const w of [...waiting]) {
      if (w.uri === params.uri && w.accept(params)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(params);
      }
    }
  });
  const serverRequests: string[] = [];
  connection.onRequest((method) => {
    serverRequests.push(method);
    const implemented = method === 'client/registerCapability' || method === 'workspace/diagnostic/refresh' || method === 'window/workDoneProgress/create';
    return implemented && !behaviour.refuseServerRequests ? null : new ResponseError(ErrorCodes.MethodNotFound, `Unhandled method ${method}`);
  });
  const progress: LspClient['progress'] = [];
  connection.onNotification('$/progress', (params: LspClient['progress'][number]) => progress.push(params));
  connection.listen();
  const rootUri = behaviour.rootUri === undefined ? pathToFileURL(root).href : behaviour.rootUri;
  const workspaceFolders = behaviour.workspaceFolders === undefined ? [{ uri: pathToFileURL(root).href, name: 'fixture' }] : behaviour.workspaceFolders;
  // Node's start and the server's modules load before the message is read: timed from the first answer the process can give.
  await connection.sendRequest('$/yaoxiang/notARequest').catch(() => undefined);
  const asked = performance.now();
  const initialize = await connection.sendRequest<InitializeResult>('initialize', { processId: process.pid, rootUri, workspaceFolders, capabilities });
  const initializeMs = performance.now() - asked;
  await connection.sendNotification('initialized', {});
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    connection,
    root,
    initialize,
    uri: (relative) => pathToFileURL(join(root, relative)).href,
    nextDiagnostics: (uri, accept = () => true) => new Promise((resolve) => waiting.push({ uri, accept, resolve })),
    diagnosticsFor: (uri, accept = () => true) => {
      const latest = published.findLast((p) => p.uri === uri);
      if (latest && accept(latest)) return Promise.resolve(latest);
      return new Promise((resolve) => waiting.push({ uri, accept, resolve }));
    },
    protocolErrors,
    stderr: () => stderr,
    stderrMatching: (pattern, ms) => waitForText(() => stderr, pattern, ms),
    child,
    exited,
    serverRequests,
    initializeMs,
    progress,
    async stop() {
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      const code = await exited;
      connection.dispose();
      return code;
    },
  };
}
