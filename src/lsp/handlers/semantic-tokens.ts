// textDocument/semanticTokens/full, /full/delta and /range with a standard legend.
import type { CancellationToken, Range, SemanticTokens, SemanticTokensDelta, SemanticTokensDeltaParams, SemanticTokensLegend, SemanticTokensParams, SemanticTokensRangeParams } from 'vscode-languageserver';
import { TOKEN_MODIFIERS, TOKEN_TYPES, type Analysis, type LineIndex } from '../../ide/index.ts';
import { toOffset, toPosition, type Encoding } from '../convert.ts';
import type { Context } from './context.ts';

export const SEMANTIC_TOKEN_LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

/** What the data job is asked: a document's tokens, or only those overlapping `range`. */
export interface SemanticTokenDataParams {
  uri: string;
  range?: Range;
}

/** A document's tokens (or a range's), encoded; undefined for a file outside the project. Runs where the analysis is (a request worker). */
export function semanticTokenData(context: Context) {
  return async (params: SemanticTokenDataParams, token: CancellationToken): Promise<number[] | undefined> => {
    const session = context.session();
    const found = await session.file(params.uri, token);
    if (!found) return undefined;
    const { lines } = found.file;
    const within = params.range && { start: toOffset(lines, params.range.start, session.encoding), end: toOffset(lines, params.range.end, session.encoding) };
    return encode(lines, found.analysis.semanticTokens(found.path, within), session.encoding);
  };
}

/**
 * Full, delta and range over `data`; the previous full results are kept here,
 * so a delta is against what this client was sent. A range (what an editor
 * shows of a large file, asked before or instead of the whole) is its own
 * answer and leaves them as they are.
 */
export function semanticTokenHandlers(data: (params: SemanticTokenDataParams, token: CancellationToken) => Promise<number[] | undefined>) {
  const last = new Map<string, { resultId: string; data: number[] }>();
  let counter = 0;
  const compute = async (uri: string, token: CancellationToken) => {
    const encoded = await data({ uri }, token);
    if (!encoded) return undefined;
    const result = { resultId: String(++counter), data: encoded };
    last.set(uri, result);
    return result;
  };
  return {
    full: async (params: SemanticTokensParams, token: CancellationToken): Promise<SemanticTokens> =>
      (await compute(params.textDocument.uri, token)) ?? { data: [] },
    delta: async (params: SemanticTokensDeltaParams, token: CancellationToken): Promise<SemanticTokens | SemanticTokensDelta> => {
      const previous = last.get(params.textDocument.uri);
      const next = await compute(params.textDocument.uri, token);
      if (!next) return { data: [] };
      if (!previous || previous.resultId !== params.previousResultId) return next;
      return { resultId: next.resultId, edits: [singleEdit(previous.data, next.data)] };
    },
    range: async (params: SemanticTokensRangeParams, token: CancellationToken): Promise<SemanticTokens> =>
      ({ data: (await data({ uri: params.textDocument.uri, range: params.range }, token)) ?? [] }),
  };
}

/** Relative LSP encoding, one token per line piece (multi-line comments are split). */
function encode(lines: LineIndex, tokens: ReturnType<Analysis['semanticTokens']>, encoding: Encoding): number[] {
  const data: number[] = [];
  let line = 0;
  let character = 0;
  for (const token of tokens) {
    const types = TOKEN_TYPES.indexOf(token.type);
    const modifiers = token.modifiers.reduce((bits, m) => bits | (1 << TOKEN_MODIFIERS.indexOf(m)), 0);
    for (let start = token.start; start < token.end;) {
      const startPosition = toPosition(lines, start, encoding);
      const lineEnd = lines.lineEnd(startPosition.line);
      const end = Math.min(token.end, lineEnd);
      const length = toPosition(lines, end, encoding).character - startPosition.character;
      if (length > 0) {
        data.push(startPosition.line - line, startPosition.line === line ? startPosition.character - character : startPosition.character, length, types, modifiers);
        line = startPosition.line;
        character = startPosition.character;
      }
      start = lines.lineStart(startPosition.line + 1) > start ? lines.lineStart(startPosition.line + 1) : token.end;
    }
  }
  return data;
}

function singleEdit(before: number[], after: number[]): { start: number; deleteCount: number; data: number[] } {
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  prefix -= prefix % 5;
  let suffix = 0;
  while (suffix < before.length - prefix && suffix < after.length - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  suffix -= suffix % 5;
  return { start: prefix, deleteCount: before.length - prefix - suffix, data: after.slice(prefix, after.length - suffix) };
}
