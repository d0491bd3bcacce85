// The one place where the core's plain data (UTF-16 offsets, 1-based human
// ranges, project-relative paths, our symbol kinds) becomes LSP types, and back.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CompletionItemKind, DiagnosticSeverity, SymbolKind,
  type Diagnostic as LspDiagnostic, type Location, type Position, type Range, type TextEdit,
} from 'vscode-languageserver';
import type { CompletionKind, Diagnostic, HumanRange, LineIndex, Severity, Span, SymbolKind as CoreSymbolKind } from '../ide/index.ts';

/** How LSP characters are counted: UTF-16 code units (the default) or UTF-8 bytes. */
export type Encoding = 'utf-16' | 'utf-8';

export function toPosition(lines: LineIndex, offset: number, encoding: Encoding): Position {
  const position = lines.toLsp(offset);
  if (encoding === 'utf-16') return position;
  const start = lines.lineStart(position.line);
  return { line: position.line, character: Buffer.byteLength(lines.lineText(position.line).slice(0, offset - start), 'utf8') };
}

export function toOffset(lines: LineIndex, position: Position, encoding: Encoding): number {
  if (encoding === 'utf-16') return lines.fromLsp(position);
  return lines.fromLsp({ line: position.line, character: utf16Column(lines.lineText(position.line), position.character) });
}

/** A UTF-8 byte column of `line` as a UTF-16 one: the first character that does not end before it; at most the line's end. */
export function utf16Column(line: string, byteColumn: number): number {
  let bytes = 0;
  let units = 0;
  for (const char of line) {
    if (bytes >= byteColumn) break;
    bytes += Buffer.byteLength(char, 'utf8');
    units += char.length;
  }
  return units;
}

export function toRange(lines: LineIndex, span: Span, encoding: Encoding): Range {
  return { start: toPosition(lines, span.start, encoding), end: toPosition(lines, span.end, encoding) };
}

export function toSpan(lines: LineIndex, range: Range, encoding: Encoding): Span {
  return { start: toOffset(lines, range.start, encoding), end: toOffset(lines, range.end, encoding) };
}

export function humanToSpan(lines: LineIndex, range: HumanRange): Span {
  return { start: lines.fromHuman(range.start), end: lines.fromHuman(range.end) };
}

export function humanToRange(lines: LineIndex, range: HumanRange, encoding: Encoding): Range {
  return toRange(lines, humanToSpan(lines, range), encoding);
}

export function toTextEdit(lines: LineIndex, edit: Span & { newText: string }, encoding: Encoding): TextEdit {
  return { range: toRange(lines, edit, encoding), newText: edit.newText };
}

/** The project-relative path of a `file:` URI inside `root`, or undefined. */
export function relativePath(root: string, uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  const absolute = fileURLToPath(uri);
  const relative = path.relative(root, absolute);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
}

export function uriOf(root: string, relative: string): string {
  return pathToFileURL(path.join(root, relative)).href;
}

/** `uri`: the file's, from Workspaces.uriOf (a diskless document's project names no file on disk). */
export function toLocation(uri: string, lines: LineIndex, range: HumanRange, encoding: Encoding): Location {
  return { uri, range: humanToRange(lines, range, encoding) };
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function toDiagnostic(lines: LineIndex, diagnostic: Diagnostic, encoding: Encoding): LspDiagnostic {
  const message = diagnostic.help ? `${diagnostic.message}\nhelp: ${diagnostic.help}` : diagnostic.message;
  return {
    range: humanToRange(lines, diagnostic.range, encoding),
    severity: SEVERITY[diagnostic.severity],
    code: diagnostic.code,
    source: 'yaoxiang',
    message,
  };
}

const SYMBOL_KIND: Record<CoreSymbolKind, SymbolKind> = {
  function: SymbolKind.Function,
  method: SymbolKind.Method,
  record: SymbolKind.Struct,
  interface: SymbolKind.Interface,
  generic: SymbolKind.TypeParameter,
  type: SymbolKind.Class,
  variable: SymbolKind.Variable,
  parameter: SymbolKind.Variable,
  field: SymbolKind.Field,
  import: SymbolKind.Module,
};

export function toSymbolKind(kind: CoreSymbolKind): SymbolKind {
  return SYMBOL_KIND[kind];
}

const COMPLETION_KIND: Record<CompletionKind, CompletionItemKind> = {
  function: CompletionItemKind.Function,
  method: CompletionItemKind.Method,
  record: CompletionItemKind.Struct,
  interface: CompletionItemKind.Interface,
  generic: CompletionItemKind.TypeParameter,
  type: CompletionItemKind.Class,
  variable: CompletionItemKind.Variable,
  parameter: CompletionItemKind.Variable,
  field: CompletionItemKind.Field,
  import: CompletionItemKind.Module,
  module: CompletionItemKind.Module,
  constant: CompletionItemKind.Constant,
  keyword: CompletionItemKind.Keyword,
};

export function toCompletionKind(kind: CompletionKind): CompletionItemKind {
  return COMPLETION_KIND[kind];
}
