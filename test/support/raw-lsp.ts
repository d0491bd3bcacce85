// `yaoxiang lsp` driven byte by byte: for messages no well-behaved client
// library would send (broken framing, nesting 5,000 deep, missing params),
// with the answers read off stdout by their ids.
import { spawn } from 'node:child_process';
import { cliPath } from './paths.ts';
import { killOnExit, waitForText } from './processes.ts';

export interface RawLsp {
  /** Frames `body` (JSON-encoded unless a string) with a correct Content-Length. */
  send(body: unknown): void;
  /** Writes bytes as they are: framing included. */
  raw(bytes: string): void;
  /** The answer to request `id`. */
  answer(id: number | string): Promise<any>;
  /** Every message the server sent, in order. */
  messages: any[];
  stderr(): string;
  /** Stderr once it matches `pattern`: the server's log and its answers travel on two pipes, so a log line may arrive after the answer it preceded. */
  stderrMatching(pattern: RegExp, ms?: number): Promise<string>;
  /** The exit code, once stdout and stderr are read to their end. */
  exited: Promise<number | null>;
  kill(): void;
}

export const INITIALIZE = { processId: null, rootUri: null, capabilities: {} };

export function startRawLsp(cwd: string): RawLsp {
  const child = spawn(process.execPath, [cliPath, 'lsp', '--stdio', '--call-timeout-ms', '600000'], { cwd, stdio: 'pipe' });
  killOnExit(child);
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const messages: any[] = [];
  const waiting = new Map<number | string, (message: any) => void>();
  let buffer = Buffer.alloc(0);
  child.stdout.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, end).toString('ascii'))?.[1]);
      if (buffer.length < end + 4 + length) return;
      const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString('utf8'));
      buffer = buffer.subarray(end + 4 + length);
      messages.push(message);
      if ('id' in message && !('method' in message)) waiting.get(message.id)?.(message);
    }
  });
  const write = (text: string) => child.stdin.write(text);
  return {
    send(body) {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      write(`Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
    },
    raw: write,
    answer(id) {
      const seen = messages.find((m) => m.id === id && !('method' in m));
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiting.set(id, resolve));
    },
    messages,
    stderr: () => stderr,
    stderrMatching: (pattern, ms) => waitForText(() => stderr, pattern, ms),
    exited,
    kill: () => child.kill(),
  };
}
