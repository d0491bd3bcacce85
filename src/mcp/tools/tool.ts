// The shape of one tool: its schemas and annotations, and a handler that
// returns plain data. The registry turns that data into MCP results.
import type * as z from 'zod';
import type { Host } from '../host.ts';
import type { CallScope } from './call-scope.ts';

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolDefinition<Input extends z.ZodObject = z.ZodObject, Output extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: Input;
  /** The data fields; the registry adds `schemaVersion` and `isError`. */
  output: Output;
  annotations: ToolAnnotations;
  /** `scope` lasts the whole call, across the retries `shrink` asks for. */
  run(args: z.infer<Input>, host: Host, signal: AbortSignal, scope: CallScope): Promise<z.infer<Output>>;
  /** Narrower arguments to retry with when the result is over the size limit; undefined when it cannot shrink. */
  shrink?(args: z.infer<Input>): z.infer<Input> | undefined;
}

/** Halves a list tool's `limit`, the usual way to fit a result under the size limit. */
export function halveLimit<Args extends { limit: number }>(args: Args): Args | undefined {
  return args.limit > 1 ? { ...args, limit: Math.floor(args.limit / 2) } : undefined;
}

/** Keeps each module's argument types while the registry holds them all. */
export function defineTool<Input extends z.ZodObject, Output extends z.ZodObject>(tool: ToolDefinition<Input, Output>): ToolDefinition {
  return tool;
}

export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };
