// `npm run fuzz -- [--seconds N] [--target T]... [--seed S] [--timeout-ms MS]`:
// each target for N seconds (default 60); failures are shrunk, saved as
// fixtures in test/fuzz/regressions/ (replayed by npm test) and make the exit
// status 1. The seed is printed, so a run can be repeated with --seed.
//
// Targets: `source` (scripts/fuzz/source/: the parser and every analysis pass
// in a worker with a time and memory bound), `incremental` (the same inputs
// edited a dozen times: an editor's memos against fresh analyses), `mcp-stdio`, `mcp-http`,
// `mcp-http-token` (the same against `--require-token`) and `mcp-sse` (the
// deprecated HTTP+SSE transport) (scripts/fuzz/mcp/: `yaoxiang mcp` on
// examples/demo).
//
// What the MCP server answers, and where it is silent on purpose (the
// properties scripts/fuzz/mcp/expect.ts checks):
// stdio
// - A request with a usable id (a string or a safe integer) gets exactly one
//   response with that id: a result; -32601 for an unknown method (also a
//   notifications/* method sent with an id); -32602 for an unknown tool or a
//   malformed tools/call; -32600 when the object is not a valid JSON-RPC
//   request (params not an object, an extra member, jsonrpc not "2.0", a
//   method that is not a string). Bad tool arguments are results with
//   isError and an errorCode. -32603 means a tool threw, and is a failure;
//   the SDK also answers -32603 to an initialize whose params are invalid.
// - Silent: blank lines, notifications (known or not), responses (also
//   malformed ones: an object with result or error and no method).
// - An error with id null: text that is not JSON (-32700), a JSON value that
//   is not an object, a batch (batching left MCP in 2025-06-18), an object
//   whose id is of another type (null, 1.5, 2^53, an object).
// - A request followed by notifications/cancelled naming its id may get no
//   response (MCP cancellation), on either transport.
// - The server answers before initialize; the handshake is not enforced.
// - A line over 10 MiB (the SDK's read buffer) gets no answer: the SDK
//   closes the connection and the server exits with status 0.
// - The wire is UTF-8: a lone surrogate reaches the server as U+FFFD, so an
//   id holding one comes back with U+FFFD instead.
// HTTP (one request, one response; see DOCUMENTED_STATUSES in mcp/http.ts)
// - 200 with JSON or an SSE stream holding the response; 202 with no body
//   for a notification or a response; 400 for text that is not JSON
//   (-32700), an invalid message (-32600, with the request's id even when it
//   is 1.5), a body nested deeper than 1000 levels, a 2026-07-28 request
//   whose headers and body disagree (-32020), a 2025-era request without a
//   session; 403 for a foreign Host or Origin; 404 for another path, an
//   unknown session (-32001) or an unknown 2026-07-28 method (-32601); 405
//   for PUT, PATCH, OPTIONS and the like; 406 without an acceptable Accept;
//   413 over the body limit (the connection is closed while the body is
//   still being sent); 415 for a content type that is not JSON; 431 (empty
//   body, from Node's HTTP parser) for headers over 16 KiB. A HEAD answer has
//   a status and no body, and only POST bodies are read.
// - A 2025-era session accepts a batch and answers it with an array; a
//   2026-07-28 request may not be a batch (400).
// - Every initialize without a session header opens a new session; sessions
//   end only with DELETE or the server.
// HTTP+SSE (`--sse`; one POST to /messages?sessionId=… per message)
// - 202 when the transport takes the message; the response, if one is owed
//   (the stdio rules), comes on the session's event stream.
// - 400 with a JSON-RPC error body for text that is not JSON (-32700), a body
//   nested deeper than 1000 levels, or JSON that is not a valid message
//   (-32600): with the message's id when it has a usable one, else null.
//   That answer is all the message gets. 413 past the body limit.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../test/support/paths.ts';
import { TARGETS, type TargetName } from './fuzz/fixtures.ts';
import { fuzzMcpHttp, fuzzMcpHttpToken } from './fuzz/mcp/http.ts';
import { fuzzMcpSse } from './fuzz/mcp/sse.ts';
import { fuzzMcpStdio } from './fuzz/mcp/stdio.ts';
import { fuzzIncremental, fuzzSource } from './fuzz/source/target.ts';
import type { TargetOptions, TargetReport } from './fuzz/target.ts';

const RUNNERS: Record<TargetName, (options: TargetOptions) => Promise<TargetReport>> = {
  source: fuzzSource,
  incremental: fuzzIncremental,
  'mcp-stdio': fuzzMcpStdio,
  'mcp-http': fuzzMcpHttp,
  'mcp-http-token': fuzzMcpHttpToken,
  'mcp-sse': fuzzMcpSse,
};

const usage = `usage: npm run fuzz -- [--seconds N] [--target ${TARGETS.join('|')}]... [--seed S] [--timeout-ms MS] [--save-dir DIR]`;

function options() {
  try {
    return parseArgs({
      options: {
        seconds: { type: 'string', default: '60' },
        target: { type: 'string', multiple: true },
        seed: { type: 'string' },
        'timeout-ms': { type: 'string', default: '10000' },
        'save-dir': { type: 'string', default: join(repoRoot, 'test/fuzz/regressions') },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${usage}\n`);
    process.exit(2);
  }
}

const values = options();
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const seconds = Number(values.seconds);
const timeoutMs = Number(values['timeout-ms']);
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
const targets = (values.target ?? TARGETS).flatMap((t) => t.split(','));
const unknown = targets.filter((t) => !TARGETS.includes(t as TargetName));
if (!(seconds > 0) || !(timeoutMs > 0) || !Number.isInteger(seed) || unknown.length > 0) {
  process.stderr.write(`${usage}${unknown.length ? `\nunknown target: ${unknown.join(', ')}` : ''}\n`);
  process.exit(2);
}

const log = (line: string) => void process.stdout.write(line + '\n');
log(`# fuzz: ${targets.join(', ')}; ${seconds} s each, seed ${seed}, ${timeoutMs} ms per input`);
let failed = 0;
for (const target of targets as TargetName[]) {
  const report = await RUNNERS[target]({ seconds, seed, timeoutMs, saveDir: values['save-dir'], log });
  failed += report.findings.length;
  log(`${target}: ${report.inputs} inputs in ${report.seconds.toFixed(1)} s (${(report.inputs / report.seconds).toFixed(1)}/s), ${report.findings.length} failure(s), peak RSS ${report.peakRssMb} MB`);
}
log(failed === 0 ? 'fuzz: no failures' : `fuzz: ${failed} failure(s); fixtures are in ${values['save-dir']}`);
process.exit(failed === 0 ? 0 : 1);
