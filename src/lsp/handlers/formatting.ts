// Document and range formatting through the formatter's public entry. The
// client's tab size and spaces/tabs apply, and `[fmt]` of yaoxiang.toml wins
// over them: the project's settings are the ones every editor should share.
// A file left unformatted gets no edits; when the reason is not a syntax error
// (which the editor already shows), the user is told it in a message.
import { LSPErrorCodes, MessageType, ResponseError, ShowMessageNotification, type CancellationToken, type DocumentFormattingParams, type DocumentRangeFormattingParams, type FormattingOptions, type TextEdit } from 'vscode-languageserver';
import { lineEdits, resolveFormatOptions, type AnalysisHost, type FormatOptions, type Span } from '../../ide/index.ts';
import { toSpan, toTextEdit } from '../convert.ts';
import type { Context } from './context.ts';

/** What formatting a document came to: the edits (null: leave it), and a warning for the user when it was refused for a reason the editor does not show. */
export interface FormatAnswer {
  edits: TextEdit[] | null;
  warning?: string;
}

export interface FormatRequest {
  uri: string;
  options: FormattingOptions;
  range?: DocumentRangeFormattingParams['range'];
}

/** Where documents are formatted (a request worker); the handlers below only tell the client. */
export type FormatSource = (request: FormatRequest, token: CancellationToken) => Promise<FormatAnswer>;

export function formatting(context: Context, source: FormatSource) {
  return (params: DocumentFormattingParams, token: CancellationToken) => formatAndTell(context, source, { uri: params.textDocument.uri, options: params.options }, token);
}

export function rangeFormatting(context: Context, source: FormatSource) {
  return (params: DocumentRangeFormattingParams, token: CancellationToken) => formatAndTell(context, source, { uri: params.textDocument.uri, options: params.options, range: params.range }, token);
}

async function formatAndTell(context: Context, source: FormatSource, request: FormatRequest, token: CancellationToken): Promise<TextEdit[] | null> {
  const documents = context.session().documents;
  const version = documents.get(request.uri)?.text.version;
  const answer = await source(request, token);
  // The editor changed the text while it was formatted (the worker hears it only at its next request): edits for the old text would corrupt it.
  if (documents.get(request.uri)?.text.version !== version) throw new ResponseError(LSPErrorCodes.ContentModified, 'the document changed while it was being formatted');
  // A notification: `window.showWarningMessage` would send a request, which a client may not serve.
  if (answer.warning) void context.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: answer.warning });
  return answer.edits;
}

/** Formats a document of the context's session (on a request worker). */
export function formatAnswer(context: Context): FormatSource {
  return (request, token) => formatEdits(context, request.uri, request.options, token, request.range);
}

async function formatEdits(context: Context, uri: string, options: FormattingOptions, token: CancellationToken, range?: DocumentRangeFormattingParams['range']): Promise<FormatAnswer> {
  const session = context.session();
  const found = await session.file(uri, token);
  if (!found) return { edits: null };
  const settings = resolveFormatOptions({ indent_width: options.tabSize, use_tabs: !options.insertSpaces }, found.host.manifest.fmt);
  const { formatted, diagnostics } = await formatCancellably(found.host, found.file.text, settings, token);
  // The editor may have changed the text while the thread worked: edits for the old text would corrupt it.
  const now = await session.file(uri, token);
  if (now?.file.text !== found.file.text) throw new ResponseError(LSPErrorCodes.ContentModified, 'the document changed while it was being formatted');
  if (diagnostics.length > 0) {
    const reason = diagnostics.find((d) => d.code.startsWith('FORMAT_'));
    return reason ? { edits: null, warning: `${reason.message} (${reason.code} at line ${reason.range.start.line}, column ${reason.range.start.column})` } : { edits: null };
  }
  const within: Span | undefined = range ? toSpan(found.file.lines, range, session.encoding) : undefined;
  return { edits: lineEdits(found.file.text, formatted, within).map((e) => toTextEdit(found.file.lines, e, session.encoding)) };
}

/** Formats on the host's worker thread; `$/cancelRequest` stops it and answers RequestCancelled. */
async function formatCancellably(host: AnalysisHost, source: string, options: FormatOptions, token: CancellationToken) {
  const controller = new AbortController();
  const cancelled = token.onCancellationRequested(() => controller.abort(new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled')));
  try {
    return await host.format({ source, options, hunks: false }, controller.signal);
  } finally {
    cancelled.dispose();
  }
}
