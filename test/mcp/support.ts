// Starting `yaoxiang mcp` as a real process and connecting the SDK's client to it
// over each transport and protocol era the server supports.
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { killOnExit } from '../support/processes.ts';

export const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../../..');
export const bin = path.join(repoRoot, 'bin/yaoxiang.js');
export const demoProject = path.join(repoRoot, 'examples/demo');

export type Connection = 'stdio-legacy' | 'stdio-modern' | 'http-legacy' | 'http-modern' | 'sse';
export const CONNECTIONS: readonly Connection[] = ['stdio-legacy', 'stdio-modern', 'http-legacy', 'http-modern', 'sse'];

export interface Connected {
  client: Client;
  close(): Promise<void>;
  stderr(): string;
}

/** A copy of the demo project that a test may change. */
export async function scratchProject(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'yaoxiang-mcp-'));
  await cp(demoProject, dir, { recursive: true });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export async function connect(kind: Connection, projectRoot = demoProject, extraArgs: string[] = []): Promise<Connected> {
  const era = kind.endsWith('modern') ? 'auto' : 'legacy';
  const client = new Client({ name: 'yaoxiang-tests', version: '1.0.0' }, { versionNegotiation: { mode: era } });
  if (kind.startsWith('stdio')) {
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--project-root', projectRoot, ...extraArgs], stderr: 'pipe' });
    let log = '';
    transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await client.connect(transport);
    return { client, stderr: () => log, close: () => client.close() };
  }
  const server = await startHttp(projectRoot, kind === 'sse' ? ['--sse', ...extraArgs] : extraArgs);
  const base = new URL(server.url);
  const transport = kind === 'sse' ? new SSEClientTransport(new URL('/sse', base)) : new StreamableHTTPClientTransport(base);
  try {
    await client.connect(transport);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    client,
    stderr: server.stderr,
    close: async () => {
      await client.close();
      await server.stop();
    },
  };
}

export interface HttpServerProcess {
  url: string;
  child: ChildProcess;
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts `yaoxiang mcp --http` on a free port and waits for the URL it prints on stderr. */
export async function startHttp(projectRoot: string, extraArgs: string[] = []): Promise<HttpServerProcess> {
  const child = spawn(process.execPath, [bin, 'mcp', '--http', '--addr', '127.0.0.1:0', '--project-root', projectRoot, ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
  killOnExit(child);
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL from the server:\n${log}`)), 20_000);
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const match = /on (http:\/\/\S+\/mcp)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log}`));
    });
  });
  return {
    url,
    child,
    stderr: () => log,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

/** The structured result of a tool call. */
export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, any>> {
  const result = await client.callTool({ name, arguments: args });
  const structured = result.structuredContent as Record<string, any>;
  const content = result.content as Array<{ type: string; text: string }>;
  if (content.length !== 1 || content[0]!.type !== 'text') throw new Error(`expected one text block, got ${JSON.stringify(content)}`);
  if (JSON.stringify(structured) !== content[0]!.text) throw new Error('text block differs from structuredContent');
  if (structured.isError !== result.isError) throw new Error('isError differs between the result and its structured content');
  return structured;
}
