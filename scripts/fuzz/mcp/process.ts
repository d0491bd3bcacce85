// The server under test as a child process: `yaoxiang mcp` on the demo
// project, its stderr kept (the tail) for reports, and its resident set
// sampled so a run can report the server's peak memory.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { cliPath, examplesDir } from '../../../test/support/paths.ts';
import { residentBytes } from '../../proc.ts';

export const DEMO_PROJECT = join(examplesDir, 'demo');

export class ServerProcess {
  readonly child: ChildProcessWithoutNullStreams;
  #stderr = '';
  #exit: { code: number | null; signal: string | null } | undefined;
  readonly #sampler: NodeJS.Timeout;
  peakRss = 0;

  constructor(args: string[]) {
    this.child = spawn(process.execPath, [cliPath, 'mcp', '--project-root', DEMO_PROJECT, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => {
      this.#stderr = (this.#stderr + chunk).slice(-20_000);
    });
    // A write after the server died is reported as its exit, not as an EPIPE crash of the fuzzer.
    this.child.stdin.on('error', () => undefined);
    this.child.once('exit', (code, signal) => {
      this.#exit = { code, signal };
      clearInterval(this.#sampler);
    });
    this.#sampler = setInterval(() => this.#sample(), 250);
  }

  get exited(): { code: number | null; signal: string | null } | undefined {
    return this.#exit;
  }

  stderrTail(chars = 2000): string {
    return this.#stderr.slice(-chars);
  }

  /** The MCP endpoint an `--http` server says on stderr it listens on. */
  async listening(timeoutMs: number): Promise<URL> {
    const deadline = Date.now() + Math.max(timeoutMs, 20_000);
    for (;;) {
      const match = /on (http:\/\/\S+\/mcp)/.exec(this.stderrTail(20_000));
      if (match) return new URL(match[1]!);
      if (this.exited || Date.now() > deadline) throw new Error(`the HTTP server did not start: ${this.stderrTail()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.#sampler);
    if (this.#exit) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      this.child.kill('SIGTERM');
    });
  }

  #sample(): void {
    // Not Linux, or the process is gone: the peak stays what it was.
    const rss = this.child.pid === undefined ? undefined : residentBytes(this.child.pid);
    if (rss !== undefined) this.peakRss = Math.max(this.peakRss, rss);
  }
}
