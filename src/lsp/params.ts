// The params every request we serve must have, checked once where a message
// comes in (boundary.ts) instead of in each handler: the handlers read
// `params.textDocument.uri` or `params.newName` as the LSP types promise, so a
// client that left one out got -32603 "Cannot read properties of undefined",
// and a position of {line: null} or -1 was silently read as 0:0. Only what the
// handlers read is required; other fields pass unchecked, as LSP lets a
// client send more than a server knows.
import * as z from 'zod';

/** LSP's uinteger: positions, sizes. */
const uinteger = z.number().int().min(0).max(2 ** 31 - 1);
const textDocument = z.object({ uri: z.string() });
const position = z.object({ line: uinteger, character: uinteger });
const range = z.object({ start: position, end: position });
const atPosition = { textDocument, position };

/** Params by request method; a method not here has none that a handler reads. */
export const REQUEST_PARAMS: Readonly<Record<string, z.ZodType>> = {
  // `null` capabilities made the library's own initialize throw before ours ran (and the server never initialized).
  initialize: z.object({
    capabilities: z.object({ general: z.object({ positionEncodings: z.array(z.string()).optional() }).optional() }),
    workspaceFolders: z.array(z.object({ uri: z.string() })).nullish(),
    rootUri: z.string().nullish(),
    rootPath: z.string().nullish(),
  }),
  'textDocument/hover': z.object(atPosition),
  'textDocument/definition': z.object(atPosition),
  'textDocument/references': z.object({ ...atPosition, context: z.object({ includeDeclaration: z.boolean() }) }),
  'textDocument/documentHighlight': z.object(atPosition),
  'textDocument/prepareRename': z.object(atPosition),
  'textDocument/rename': z.object({ ...atPosition, newName: z.string() }),
  'textDocument/formatting': z.object({ textDocument, options: z.object({ tabSize: uinteger, insertSpaces: z.boolean() }) }),
  'textDocument/rangeFormatting': z.object({ textDocument, range, options: z.object({ tabSize: uinteger, insertSpaces: z.boolean() }) }),
  'textDocument/documentSymbol': z.object({ textDocument }),
  'workspace/symbol': z.object({ query: z.string() }),
  'textDocument/completion': z.object(atPosition),
  'textDocument/signatureHelp': z.object(atPosition),
  'textDocument/inlayHint': z.object({ textDocument, range }),
  'textDocument/semanticTokens/full': z.object({ textDocument }),
  'textDocument/semanticTokens/full/delta': z.object({ textDocument, previousResultId: z.string() }),
  'textDocument/semanticTokens/range': z.object({ textDocument, range }),
  'textDocument/foldingRange': z.object({ textDocument }),
  'textDocument/selectionRange': z.object({ textDocument, positions: z.array(position) }),
  'textDocument/codeAction': z.object({ textDocument, range }),
  'textDocument/diagnostic': z.object({ textDocument }),
};

/** Why `params` will not do for `method` (each field named by its path), or undefined when they will. */
export function invalidParams(method: string, params: unknown): string | undefined {
  const schema = REQUEST_PARAMS[method];
  if (!schema) return undefined;
  const parsed = schema.safeParse(params);
  if (parsed.success) return undefined;
  const problems = parsed.error.issues.slice(0, 3).map((issue) => `${['params', ...issue.path.map(String)].join('.')}: ${issue.message}`);
  return `invalid params for ${method}: ${problems.join('; ')}`;
}
