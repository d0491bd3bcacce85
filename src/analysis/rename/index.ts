// Scope-aware rename: one file (`renameInSource`) or the workspace (`renameInWorkspace`).
export { renameInSource } from './source.ts';
export { prepareRenameInWorkspace, renameInWorkspace, type PreparedRename, type WorkspaceFile } from './workspace.ts';
export { checkNewName } from './name.ts';
export { refusal } from './refusal.ts';
export { RENAME_CODES, type FileChange, type RenameCode, type RenameRefusal, type RenameResult, type RenameScope, type TextEdit, type WorkspaceRenameResult } from './types.ts';
