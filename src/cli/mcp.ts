// `yaoxiang mcp`: the MCP server on stdio (default) or streamable HTTP on loopback.
import { parseArgs } from 'node:util';
import { DEFAULT_LIMITS } from '../mcp/contract.ts';
import { Host } from '../mcp/host.ts';
import { DEFAULT_HTTP_TIMEOUTS, parseAddress, parseAllowedOrigin, serveOverHttp } from '../mcp/http.ts';
import { DEFAULT_SESSION_LIMITS } from '../mcp/sessions.ts';
import { serveOverStdio } from '../mcp/stdio.ts';
import { ToolPool } from '../mcp/tool-pool.ts';
import { UsageError } from './io.ts';
import { wholeNumberOption } from './numbers.ts';
import { projectRoot } from './project.ts';
import { surviveUnhandledRejections } from './process-guards.ts';

/** One worker for a slow call and one for everything else; more cost memory (one index each) on a machine with few cores. */
const DEFAULT_WORKERS = 2;

export const mcpHelp = `Usage: yaoxiang mcp [--project-root DIR] [--http [--addr HOST:PORT] [--require-token HEX] [--sse] [HTTP options]]

Serve the YaoXiang tools over the Model Context Protocol: on stdio by default
(stdout carries only protocol messages, logs go to stderr), or with --http on
http://127.0.0.1:7325/mcp. Both protocol eras (2025-11-25 and 2026-07-28).

Options:
  --project-root DIR       the project (default: nearest yaoxiang.toml above the working directory, else it)
  --http                   streamable HTTP instead of stdio
  --addr HOST:PORT         loopback address to listen on (default 127.0.0.1:7325; port 0 picks one)
  --require-token HEX      demand Authorization: Bearer HEX on every HTTP request
  --sse                    also serve the deprecated HTTP+SSE transport (GET /sse, POST /messages)
  --allow-origin ORIGIN    also accept browser requests from ORIGIN (http://host:port; repeatable);
                           by default a request with an Origin must come from this server's own
  --max-sessions N         most 2025-era sessions at once; more get 503 (default ${DEFAULT_SESSION_LIMITS.max})
  --session-idle-ms N      close a session unused for this long (default ${DEFAULT_SESSION_LIMITS.idleMs}, 30 minutes)
  --headers-timeout-ms N   cut off a client that has not sent its headers by then (default ${DEFAULT_HTTP_TIMEOUTS.headersMs})
  --request-timeout-ms N   cut off a client that has not sent its whole request by then (default ${DEFAULT_HTTP_TIMEOUTS.requestMs})
  --max-source-chars N     largest source argument (default ${DEFAULT_LIMITS.maxSourceChars})
  --max-result-chars N     largest result (default ${DEFAULT_LIMITS.maxResultChars}, about 16k tokens)
  --index-wait-ms N        how long workspace tools wait for the first index (default ${DEFAULT_LIMITS.indexWaitMs})
  --call-timeout-ms N      stop a tool call that runs longer, answering MCP-TIMEOUT (default ${DEFAULT_LIMITS.callTimeoutMs};
                           also YAOXIANG_CALL_TIMEOUT_MS)
  --workers N              worker threads running tool calls, each with its own index of the project
                           (default ${DEFAULT_WORKERS}; also YAOXIANG_WORKERS)
  -h, --help               show this help`;

export async function runMcp(argv: string[], out: (text: string) => void): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'project-root': { type: 'string' },
      http: { type: 'boolean', default: false },
      addr: { type: 'string', default: '127.0.0.1:7325' },
      'require-token': { type: 'string' },
      sse: { type: 'boolean', default: false },
      'allow-origin': { type: 'string', multiple: true, default: [] },
      'max-sessions': { type: 'string' },
      'session-idle-ms': { type: 'string' },
      'headers-timeout-ms': { type: 'string' },
      'request-timeout-ms': { type: 'string' },
      'max-source-chars': { type: 'string' },
      'max-result-chars': { type: 'string' },
      'index-wait-ms': { type: 'string' },
      'call-timeout-ms': { type: 'string', default: process.env.YAOXIANG_CALL_TIMEOUT_MS },
      workers: { type: 'string', default: process.env.YAOXIANG_WORKERS },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    out(mcpHelp + '\n');
    return 0;
  }
  const token = values['require-token'];
  if (token !== undefined && !/^[0-9a-fA-F]{16,}$/.test(token)) throw new UsageError('--require-token must be at least 16 hexadecimal digits (try: openssl rand -hex 32)');
  const httpOnly = ['require-token', 'sse', 'allow-origin', 'max-sessions', 'session-idle-ms', 'headers-timeout-ms', 'request-timeout-ms'] as const;
  const misplaced = httpOnly.filter((flag) => {
    const given = values[flag];
    return Array.isArray(given) ? given.length > 0 : given !== undefined && given !== false;
  });
  if (!values.http && misplaced.length > 0) throw new UsageError(`${misplaced.map((flag) => `--${flag}`).join(', ')} ${misplaced.length === 1 ? 'needs' : 'need'} --http`);
  const allowedOrigins = values['allow-origin'].map((given) => {
    const parsed = parseAllowedOrigin(given);
    if ('error' in parsed) throw new UsageError(parsed.error);
    return parsed.origin;
  });
  const timeouts = {
    ...positive(values['headers-timeout-ms'], '--headers-timeout-ms', 'headersMs'),
    ...positive(values['request-timeout-ms'], '--request-timeout-ms', 'requestMs'),
  };
  const { headersMs, requestMs } = { ...DEFAULT_HTTP_TIMEOUTS, ...timeouts };
  // node:http refuses a headers timeout longer than the whole request's.
  if (headersMs > requestMs) throw new UsageError(`--headers-timeout-ms (${headersMs}) must not exceed --request-timeout-ms (${requestMs})`);
  const address = values.http ? parseAddress(values.addr) : undefined;
  if (address && 'error' in address) throw new UsageError(address.error);
  const host = new Host({
    root: projectRoot(values['project-root']),
    limits: {
      ...positive(values['max-source-chars'], '--max-source-chars', 'maxSourceChars'),
      ...positive(values['max-result-chars'], '--max-result-chars', 'maxResultChars'),
      ...positive(values['index-wait-ms'], '--index-wait-ms', 'indexWaitMs'),
      ...positive(values['call-timeout-ms'], '--call-timeout-ms', 'callTimeoutMs'),
    },
  });
  const workers = positive(values.workers, '--workers', 'n').n ?? DEFAULT_WORKERS;
  // Every option is checked before the workers start: a usage error then ends the process at once.
  const sessions = {
    ...positive(values['max-sessions'], '--max-sessions', 'max'),
    ...positive(values['session-idle-ms'], '--session-idle-ms', 'idleMs'),
  };
  // Whoever started us may be gone and have taken stderr with it: a log line then must not crash the server (EPIPE).
  process.stderr.on('error', () => undefined);
  surviveUnhandledRejections('mcp');
  // The workers index the project, each for itself; this thread only speaks the protocol.
  const pool = new ToolPool({ root: host.root, limits: host.limits, watch: false, workers, log: host.log });
  if (!address) {
    serveOverStdio(host, pool);
    host.log(`serving ${host.root.root} on stdio`);
  } else {
    const served = await serveOverHttp(host, {
      host: address.host,
      port: address.port,
      ...(token !== undefined ? { token } : {}),
      sse: values.sse,
      allowedOrigins,
      timeouts,
      sessions,
      maxBodyBytes: host.limits.maxSourceChars * 4 + 1024 * 1024,
      run: pool.run,
      runWritten: pool.runWritten,
    }).catch(async (error: NodeJS.ErrnoException) => {
      await pool.dispose();
      throw new UsageError(`cannot listen on ${values.addr}: ${error.message}`);
    });
    host.log(`serving ${host.root.root} on ${served.url}${values.sse ? ' (and HTTP+SSE on /sse)' : ''}`);
    process.once('SIGINT', () => void served.close().finally(() => process.exit(0)));
    process.once('SIGTERM', () => void served.close().finally(() => process.exit(0)));
  }
  // The server runs until its transport closes; main() must not exit the process.
  return new Promise<number>(() => undefined);
}

function positive<K extends string>(given: string | undefined, flag: string, key: K): Partial<Record<K, number>> {
  if (given === undefined) return {};
  return { [key]: wholeNumberOption(flag, given, 1) } as Partial<Record<K, number>>;
}
