// The result contract every tool follows: `schemaVersion` and `isError` in
// every structured result, the same data serialized compactly in one text
// block, typed tool-level error codes, and a fixed ceiling on result size.
import * as z from 'zod';
import { MAX_SOURCE_CHARS, type Diagnostic, type HumanRange } from '../ide/index.ts';

// 2.0: parse_source returns the tree as flat node lines (`nodes`), not a nested `ast`.
export const SCHEMA_VERSION = '2.0';

export const ERROR_CODES = {
  invalidInput: 'MCP-INVALID-INPUT',
  projectNotFound: 'MCP-PROJECT-NOT-FOUND',
  pathOutsideProject: 'MCP-PATH-OUTSIDE-PROJECT',
  indexing: 'MCP-INDEXING',
  resultTooLarge: 'MCP-RESULT-TOO-LARGE',
  // The call ran past its time budget (--call-timeout-ms) and was stopped.
  timeout: 'MCP-TIMEOUT',
  // A project file on disk the server cannot serve (left out of every workspace result until it changes).
  fileUnreadable: 'MCP-FILE-UNREADABLE',
  fileInvalidUtf8: 'MCP-FILE-INVALID-UTF8',
  fileTooLarge: 'MCP-FILE-TOO-LARGE',
  internal: 'MCP-INTERNAL',
} as const;

export type ToolErrorCode = Exclude<(typeof ERROR_CODES)[keyof typeof ERROR_CODES], 'MCP-INTERNAL'>;

/** A failure the caller can act on: becomes an `isError: true` result, never a protocol error. */
export class ToolError extends Error {
  readonly code: ToolErrorCode;
  readonly details: Record<string, unknown> | undefined;
  constructor(code: ToolErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ToolError';
    this.code = code;
    this.details = details;
  }
}

export interface Limits {
  /** Largest `source` argument, in UTF-16 code units (what a JS string's length counts). */
  maxSourceChars: number;
  /** Largest serialized result; ~4 characters a token keeps the default near 16k tokens, under Claude Code's 25k. */
  maxResultChars: number;
  /** How long workspace tools wait for the first index before answering MCP-INDEXING. */
  indexWaitMs: number;
  /** How long one tools/call may take, waiting for a worker included, before it is stopped with MCP-TIMEOUT. */
  callTimeoutMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  // The language server's document limit too (ide/source.ts says why 2 Mi units).
  maxSourceChars: MAX_SOURCE_CHARS,
  maxResultChars: 64_000,
  indexWaitMs: 10_000,
  callTimeoutMs: 10_000,
};

/** `[startLine, startCol, endLine, endCol]`, 1-based, end exclusive: short for agents, still exact. */
export type Span = [number, number, number, number];

export function spanOf(range: HumanRange): Span {
  return [range.start.line, range.start.column, range.end.line, range.end.column];
}

// An array of four rather than a tuple: tuples become `items: false`, which strict clients reject.
export const spanSchema = z
  .array(z.number().int())
  .length(4)
  .describe('[startLine, startColumn, endLine, endColumn]: 1-based, end exclusive, columns count Unicode characters');

export const diagnosticSchema = z.object({
  code: z.string().describe('The reference compiler\'s code (E0001…), or a tool code such as RENAME_CONFLICT'),
  severity: z.enum(['error', 'warning', 'info', 'hint']),
  message: z.string(),
  span: spanSchema,
  help: z.string().optional(),
});

export const fileDiagnosticSchema = diagnosticSchema.extend({ file: z.string().describe('Relative to the project root') });

export type McpDiagnostic = z.infer<typeof diagnosticSchema>;

export function toMcpDiagnostic(d: Diagnostic): McpDiagnostic {
  return { code: d.code, severity: d.severity, message: d.message, span: spanOf(d.range), ...(d.help ? { help: d.help } : {}) };
}

/** Fields every successful structured result starts with. */
export const envelope = {
  schemaVersion: z.literal(SCHEMA_VERSION),
  isError: z.literal(false),
};

export const errorResultSchema = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION),
  isError: z.literal(true),
  errorCode: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});

export interface CallToolResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  structuredContent: Record<string, unknown>;
  isError: boolean;
}

export function success(data: Record<string, unknown>): CallToolResult {
  const structured = { schemaVersion: SCHEMA_VERSION, isError: false, ...data };
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured, isError: false };
}

export function failure(error: ToolError): CallToolResult {
  const structured = {
    schemaVersion: SCHEMA_VERSION,
    isError: true,
    errorCode: error.code,
    message: error.message,
    ...(error.details ? { details: error.details } : {}),
  };
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured, isError: true };
}

/** Rejects text a JS string can hold but UTF-8 cannot: lone surrogates (JSON `\ud800`). */
export function requireSource(source: string, limits: Limits, field = 'source'): string {
  if (source.length > limits.maxSourceChars) {
    throw new ToolError(ERROR_CODES.invalidInput, `${field} is ${source.length} characters; the limit is ${limits.maxSourceChars}. Send a smaller piece, or start the server with a larger --max-source-chars.`);
  }
  const at = firstLoneSurrogate(source);
  if (at !== -1) {
    throw new ToolError(ERROR_CODES.invalidInput, `${field} is not valid Unicode: a lone surrogate at UTF-16 offset ${at}. Send UTF-8 text.`);
  }
  return source;
}

function firstLoneSurrogate(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) { i++; continue; }
      return i;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return i;
  }
  return -1;
}

/** The fields that say how much of a list a result shows; pairs with `page`. */
export const pageFields = {
  total: z.number().int(),
  truncated: z.boolean(),
};

/** Cuts a list to `limit` and says what was left out. */
export function page<T>(items: readonly T[], limit: number): { items: T[]; total: number; truncated: boolean } {
  return { items: items.slice(0, limit), total: items.length, truncated: items.length > limit };
}
