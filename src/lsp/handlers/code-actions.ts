// textDocument/codeAction: the core's quick fixes for the diagnostics in range.
import { CodeActionKind, type CancellationToken, type CodeAction, type CodeActionParams } from 'vscode-languageserver';
import { toDiagnostic, toTextEdit } from '../convert.ts';
import type { Context } from './context.ts';

export function codeActions(context: Context) {
  return async (params: CodeActionParams, token: CancellationToken): Promise<CodeAction[] | null> => {
    const session = context.session();
    const found = await session.file(params.textDocument.uri, token);
    if (!found) return null;
    const { analysis, file, path } = found;
    const diagnostics = analysis.diagnostics(path);
    const { start, end } = params.range;
    const touching = diagnostics.filter((d) => {
      const r = toDiagnostic(file.lines, d, session.encoding).range;
      return !(r.end.line < start.line || (r.end.line === start.line && r.end.character < start.character) || r.start.line > end.line || (r.start.line === end.line && r.start.character > end.character));
    });
    return analysis.quickFixes(path, touching).map((fix) => ({
      title: fix.title,
      kind: CodeActionKind.QuickFix,
      diagnostics: [toDiagnostic(file.lines, fix.diagnostic, session.encoding)],
      isPreferred: true,
      edit: { changes: { [params.textDocument.uri]: fix.edits.map((e) => toTextEdit(file.lines, e, session.encoding)) } },
    }));
  };
}
