// prepareRename and rename, over the rename core; what it refuses is refused
// here with its message.
import {
  ErrorCodes, ResponseError,
  type CancellationToken, type PrepareRenameParams, type Range, type RenameParams, type TextEdit, type WorkspaceEdit,
} from 'vscode-languageserver';
import { humanToRange, toRange } from '../convert.ts';
import type { Context } from './context.ts';

export function prepareRename(context: Context) {
  return async (params: PrepareRenameParams, token: CancellationToken): Promise<{ range: Range; placeholder: string } | null> => {
    const session = context.session();
    const at = await session.at(params.textDocument.uri, params.position, token);
    if (!at) return null;
    const span = at.analysis.renameSpanAt(at.path, at.offset);
    if (!span || !at.analysis.hasTargetAt(at.path, at.offset)) {
      throw new ResponseError(ErrorCodes.InvalidRequest, 'There is no binding here to rename');
    }
    // Refuse now what no new name could fix, before the user types one.
    const prepared = await at.analysis.prepareRename(at.path, at.offset);
    if (!prepared.ok) throw new ResponseError(ErrorCodes.InvalidRequest, prepared.diagnostics[0]?.message ?? 'This cannot be renamed');
    return { range: toRange(at.file.lines, span, session.encoding), placeholder: at.file.text.slice(span.start, span.end) };
  };
}

export function rename(context: Context) {
  return async (params: RenameParams, token: CancellationToken): Promise<WorkspaceEdit> => {
    const session = context.session();
    const at = await session.at(params.textDocument.uri, params.position, token);
    if (!at) throw new ResponseError(ErrorCodes.InvalidRequest, 'This file is not part of the project');
    const result = await at.analysis.rename(at.path, at.offset, params.newName);
    if (result.changes.length === 0) {
      throw new ResponseError(ErrorCodes.InvalidRequest, result.diagnostics[0]?.message ?? 'Nothing to rename here');
    }
    const changes: Record<string, TextEdit[]> = {};
    for (const change of result.changes) {
      const lines = at.analysis.file(change.file)!.lines;
      changes[session.workspaces.uriOf(at.analysis.root, change.file)] = change.edits.map((e) => ({ range: humanToRange(lines, e.range, session.encoding), newText: e.newText }));
    }
    return { changes };
  };
}
