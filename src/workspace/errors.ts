// Typed errors of the workspace layer: plain data, so every adapter can map
// them to its own protocol (MCP error codes, LSP messages, CLI exit codes).

export type WorkspaceErrorCode =
  | 'PROJECT_NOT_FOUND'
  | 'PATH_OUTSIDE_PROJECT'
  | 'FILE_NOT_FOUND'
  | 'NOT_A_FILE'
  | 'UNREADABLE'
  | 'INVALID_UTF8'
  | 'TOO_LARGE'
  | 'INDEXING';

export interface WorkspaceError {
  code: WorkspaceErrorCode;
  message: string;
  path?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: WorkspaceError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T>(code: WorkspaceErrorCode, message: string, path?: string): Result<T> {
  return { ok: false, error: path === undefined ? { code, message } : { code, message, path } };
}
