// The MCP server without a transport: tools/list and tools/call over the tool
// registry. Built per connection (stdio) or per request (HTTP); everything
// heavy lives in the shared Host.
import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { envelope, ERROR_CODES, errorResultSchema, failure, success, ToolError, type CallToolResult } from './contract.ts';
import type { Host } from './host.ts';
import { CallScope } from './tools/call-scope.ts';
import { TOOLS } from './tools/index.ts';
import type { ToolDefinition } from './tools/tool.ts';
import { portableSchema } from './portable-schema.ts';
import type { ToolRunner } from './tool-pool.ts';

export const SERVER_NAME = 'yaoxiang';
export const SERVER_VERSION = '0.1.0';

const INSTRUCTIONS =
  'Code intelligence for the YaoXiang (爻象) language. Lines and columns are 1-based everywhere; spans are [startLine, startCol, endLine, endCol] with the end exclusive. ' +
  'Paths are relative to the project root. Syntax and type errors in code are data (isError false); isError true carries an errorCode: MCP-INVALID-INPUT, MCP-PROJECT-NOT-FOUND, MCP-PATH-OUTSIDE-PROJECT, MCP-INDEXING (retry shortly), MCP-RESULT-TOO-LARGE (ask for less), MCP-TIMEOUT (the call ran past its time budget; ask for less), MCP-FILE-UNREADABLE, MCP-FILE-INVALID-UTF8, MCP-FILE-TOO-LARGE (a project file on disk that cannot be served; fix it and retry).';

type ObjectSchema = { [key: string]: unknown; type: 'object' };

interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: ObjectSchema;
  outputSchema: ObjectSchema;
  annotations: ToolDefinition['annotations'] & { title: string };
}

/** JSON Schemas are derived once per process: every connection lists the same tools. */
let listed: ListedTool[] | undefined;

export function listTools(): ListedTool[] {
  listed ??= TOOLS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: objectSchema(z.toJSONSchema(tool.input, { io: 'input', target: 'draft-2020-12' })),
    // Error results carry structured content too, so the schema admits both shapes.
    outputSchema: objectSchema(z.toJSONSchema(z.union([tool.output.extend(envelope), errorResultSchema]), { io: 'output', target: 'draft-2020-12' })),
    annotations: { title: tool.title, ...tool.annotations },
  }));
  return listed;
}

/** `run` runs tools/call: on the server's worker pool (tool-pool.ts), or in process when not given. */
export function buildServer(host: Host, run: ToolRunner = (name, args, signal) => callTool(host, name, args, signal)): Server {
  const server = new Server({ name: SERVER_NAME, version: SERVER_VERSION, title: 'YaoXiang analyzer' }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler('tools/list', () => ({ tools: listTools() }));
  server.setRequestHandler('tools/call', (request, ctx) => run(request.params.name, request.params.arguments, stopSignal(ctx.mcpReq.signal, ctx.http?.req?.signal)));
  return server;
}

/**
 * When a tool should stop: on `notifications/cancelled` or a closed connection
 * (the SDK aborts `mcpReq.signal`), and when an HTTP client hangs up mid-request.
 * A 2025-era session would keep the answer for a resume only with an event
 * store, and we keep none, so no one could ever read it.
 */
function stopSignal(request: AbortSignal, hangUp: AbortSignal | undefined): AbortSignal {
  return hangUp ? AbortSignal.any([request, hangUp]) : request;
}

/** Runs one tool. Caller mistakes become `isError` results; our own bugs become -32603 and are logged. */
export async function callTool(host: Host, name: string, args: unknown, signal: AbortSignal): Promise<CallToolResult> {
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}. Tools: ${TOOLS.map((t) => t.name).join(', ')}`);
  const parsed = tool.input.safeParse(args ?? {});
  if (!parsed.success) return failure(new ToolError(ERROR_CODES.invalidInput, `Invalid arguments for ${name}: ${z.prettifyError(parsed.error).replace(/\n/g, '; ')}`));
  const scope = new CallScope();
  try {
    let current = parsed.data;
    for (;;) {
      const result = success(await tool.run(current, host, signal, scope));
      const size = result.content[0]!.text.length;
      if (size <= host.limits.maxResultChars) return result;
      const smaller = tool.shrink?.(current);
      if (smaller === undefined) {
        return failure(new ToolError(ERROR_CODES.resultTooLarge, `The result of ${name} is ${size} characters, over this server's ${host.limits.maxResultChars}-character limit. Ask for less (a smaller source or max_depth), or start the server with a larger --max-result-chars.`, { size, limit: host.limits.maxResultChars }));
      }
      current = smaller;
    }
  } catch (error) {
    if (error instanceof ToolError) return failure(error);
    // Nobody is waiting: the SDK sends no response for a cancelled request, and there is no bug to log.
    if (signal.aborted) throw error;
    host.log(`internal error in ${name}: ${(error as Error).stack ?? String(error)}`);
    throw new ProtocolError(ProtocolErrorCode.InternalError, `Internal error in ${name}: ${(error as Error).message}`, { errorCode: ERROR_CODES.internal });
  } finally {
    scope.end();
  }
}

/** Zod may emit `$schema` and omit `type` for empty objects; MCP wants an object root. */
function objectSchema(schema: Record<string, unknown>): ObjectSchema {
  return { ...portableSchema(schema), type: 'object' };
}

