// Document and range formatting through the formatter's public entry. The
// client's tab size and spaces/tabs apply, and `[fmt]` of yaoxiang.toml wins
// over them: the project's settings are the ones every editor should share.
// A file left unformatted gets no edits; when the reason is not a syntax error
// (which the editor already shows), the user is told it in a message.
import { LSPErrorCodes, MessageType, ResponseError, ShowMessageNotification, type CancellationToken, type DocumentFormattingParams, type DocumentRangeFormattingParams, type FormattingOptions, type TextEdit } from 'vscode-languageserver';
import { lineEdits, resolveFormatOptions, type AnalysisHost, type FormatOptions, type Span } from '../../ide/index.ts';
import { toSpan, toTextEdit } from '../convert.ts';
import type { Context } from './context.ts';

export function formatting(context: Context) {
  return (params: DocumentFormattingParams, token: CancellationToken) => formatEdits(context, params.textDocument.uri, params.options, token);
}

export function rangeFormatting(context: Context) {
  return (params: DocumentRangeFormattingParams, token: CancellationToken) => formatEdits(context, params.textDocument.uri, params.options, token, params.range);
}

async function formatEdits(context: Context, uri: string, options: FormattingOptions, token: CancellationToken, range?: DocumentRangeFormattingParams['range']): Promise<TextEdit[] | null> {
  const session = context.session();
  const found = await session.file(uri, token);
  if (!found) return null;
  const settings = resolveFormatOptions({ indent_width: options.tabSize, use_tabs: !options.insertSpaces }, found.host.manifest.fmt);
  const { formatted, diagnostics } = await formatCancellably(found.host, found.file.text, settings, token);
  // The editor may have changed the text while the thread worked: edits for the old text would corrupt it.
  const now = await session.file(uri, token);
  if (now?.file.text !== found.file.text) throw new ResponseError(LSPErrorCodes.ContentModified, 'the document changed while it was being formatted');
  if (diagnostics.length > 0) {
    const reason = diagnostics.find((d) => d.code.startsWith('FORMAT_'));
    // A notification: `window.showWarningMessage` would send a request, which a client may not serve.
    if (reason) void context.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `${reason.message} (${reason.code} at line ${reason.range.start.line}, column ${reason.range.start.column})` });
    return null;
  }
  const within: Span | undefined = range ? toSpan(found.file.lines, range, session.encoding) : undefined;
  return lineEdits(found.file.text, formatted, within).map((e) => toTextEdit(found.file.lines, e, session.encoding));
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
