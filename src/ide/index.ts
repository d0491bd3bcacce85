// The one entry the front ends (cli/, mcp/, lsp/) import: the host, its
// snapshots, the calls on source texts, and the plain data they return. What
// is not exported here is the analysis's own business (enforced by ESLint).
export { AnalysisHost, loadedHost, type AnalysisHostOptions } from './host.ts';
export { Analysis, parseReferenceQuery, type ImportListing, type PathResolution, type ReferenceQuery, type WorkspaceTypecheck } from './analysis.ts';
export { MAX_SOURCE_CHARS, parseSource, type ParsedSource } from './source.ts';
export { jsonDepth, MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';
export { usableRequestId } from './json-rpc-id.ts';
export { checkFiles, collectFiles, type CheckedDiagnostic, type CheckedFiles } from './check.ts';

// Syntax trees and positions: what adapters convert to their protocol's positions.
export { createParser, loadYaoXiang, wasmHeapBytes } from '../syntax/language.ts';
export { changeBetween, parseOrThrow, SyntaxDocument, type TextChange } from '../syntax/document.ts';
export { syntaxProblems, toJson, toSExpression, type JsonNode } from '../syntax/inspect.ts';
export { walkFlat, type FlatNode, type FlatWalk } from '../syntax/flat-tree.ts';
export { LineIndex, withTabStops, type HumanRange } from '../syntax/positions.ts';

// Plain data the calls return.
export type { Diagnostic, Severity } from '../analysis/diagnostics/types.ts';
export type { FileDiagnostic, TypecheckMode } from '../analysis/infer/index.ts';
export { SYMBOL_KINDS, type SymbolKind, type Span } from '../analysis/model/types.ts';
export type { AnalyzedFile, Location, SymbolInfo } from '../analysis/navigation.ts';
export type { CompletionKind } from '../analysis/editor/completion.ts';
export type { HoverInfo } from '../analysis/editor/hover.ts';
export type { OutlineItem } from '../analysis/editor/outline.ts';
export { TOKEN_MODIFIERS, TOKEN_TYPES } from '../analysis/editor/tokens.ts';
export { lineEdits } from '../analysis/editor/edits.ts';

// The error catalogue, the formatter and rename on a single source.
export { explain, type Explanation, type Lang } from '../analysis/catalogue/index.ts';
export { format, resolveFormatOptions, unifiedDiff, type FormatOptions, type FormatSettings } from '../analysis/format/index.ts';
export { analyzeFile } from '../analysis/analyze.ts';
export { renameInSource, renameInWorkspace, type FileChange, type RenameRefusal, type RenameScope, type WorkspaceFile } from '../analysis/rename/index.ts';
export { Cancelled, throwIfCancelled } from '../analysis/turns.ts';

// The workspace's rules the front ends apply to what users give them.
export { detectProjectRoot, isWithin, MANIFEST_FILE, resolveInProject, toPosix, type ProjectRoot } from '../workspace/root.ts';
export { parseManifest, type ManifestProblem } from '../workspace/manifest.ts';
export { decodeUtf8 as decodeSource } from '../workspace/utf8.ts';
export { MAX_FILE_BYTES, readTextFile, type TextFile } from '../workspace/file-access.ts';
export { hashBytes, type FileIdentity } from '../workspace/file-identity.ts';
export { writeFiles, type PlannedWrite, type WriteOutcome, type WriteRefusal } from '../workspace/write-transaction.ts';
export { journalPath, recoverWrites, type Recovery } from '../workspace/write-journal.ts';
export type { DiskChangeListener, FileProblem, FileState, WorldStatus } from '../workspace/world.ts';
export type { ListScope, WorldDisk } from '../workspace/disk.ts';
export { FormatThreadError, type FormatJob, type FormatJobResult } from '../threads/format-thread.ts';
