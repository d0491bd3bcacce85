// `yaoxiang mcp` on stdio driven without an SDK client, so a test controls
// exactly what is written when (a cancellation, a closed stdin) and sees every
// line the server writes, including any it should not have.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { cliPath } from './paths.ts';
import { killOnExit } from './processes.ts';

export interface RawServer {
  child: ChildProcess;
  /** Every stdout line, parsed; a line that is not JSON is kept as `{ notJson: line }`. */
  messages: Array<Record<string, any>>;
  send(message: Record<string, unknown>): void;
  /** Sends a request and resolves with its response. */
  request(id: number, method: string, params: Record<string, unknown>): Promise<Record<string, any>>;
  call(id: number, name: string, args: Record<string, unknown>): Promise<Record<string, any>>;
  cancel(id: number): void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

export async function startRaw(projectRoot: string, options: { stderr?: 'pipe' | number; args?: string[]; env?: Record<string, string> } = {}): Promise<RawServer> {
  const child = spawn(process.execPath, [cliPath, 'mcp', '--project-root', projectRoot, '--index-wait-ms', '600000', '--call-timeout-ms', '600000', ...(options.args ?? [])], { stdio: ['pipe', 'pipe', options.stderr ?? 'pipe'], env: { ...process.env, ...options.env } });
  killOnExit(child);
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const messages: Array<Record<string, any>> = [];
  const waiting = new Map<number, (message: Record<string, any>) => void>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let message: Record<string, any>;
    try {
      message = JSON.parse(line) as Record<string, any>;
    } catch {
      message = { notJson: line };
    }
    messages.push(message);
    if (typeof message.id === 'number') waiting.get(message.id)?.(message);
  });
  // Writes after the server has gone fail with EPIPE; the test looks at what it read, not at that.
  child.stdin!.on('error', () => undefined);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const send = (message: Record<string, unknown>) => void child.stdin!.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
  const request = (id: number, method: string, params: Record<string, unknown>) =>
    new Promise<Record<string, any>>((resolve) => {
      waiting.set(id, resolve);
      send({ id, method, params });
    });
  await request(0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } });
  send({ method: 'notifications/initialized' });
  return {
    child,
    messages,
    send,
    request,
    call: (id, name, args) => request(id, 'tools/call', { name, arguments: args }),
    cancel: (id) => send({ method: 'notifications/cancelled', params: { requestId: id, reason: 'test' } }),
    exited,
    stderr: () => log,
  };
}

/** Whatever a healthy server must not have written to stderr: stacks, unhandled rejections, internal errors. */
export const TROUBLE = /\n\s+at |unhandled|uncaught|internal error|EPIPE/i;
