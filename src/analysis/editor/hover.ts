// Hover: the inferred type of the name under the cursor, the line that
// declares it and the doc comment written above that declaration.
import { kindAtUse, type AnalyzedFile } from '../navigation.ts';
import type { Span, SymbolKind } from '../model/types.ts';
import { declaredAt, nameSpanAt } from './target.ts';

export interface HoverInfo {
  /** The identifier hovered, in the hovered file. */
  span: Span;
  name: string;
  kind?: SymbolKind;
  /** The inferred type, as the checker displays it. */
  type?: string;
  /** The declaring statement's head (`pub total: (xs: List(Int)) -> Int`), without its body. */
  declaration?: string;
  /** The comment lines right above the declaration, markers removed. */
  docs?: string;
  /** Where it is declared. */
  file?: string;
}

/** `typeAt` is the checker's type at an offset of the hovered file. */
export function hoverAt(files: ReadonlyMap<string, AnalyzedFile>, path: string, offset: number, typeAt: (offset: number) => string | undefined): HoverInfo | undefined {
  const file = files.get(path);
  if (!file) return undefined;
  const span = nameSpanAt(file, offset);
  if (!span) return undefined;
  const info: HoverInfo = { span, name: file.text.slice(span.start, span.end) };
  const type = typeAt(span.start);
  if (type) info.type = type;
  const declared = declaredAt(files, path, offset);
  const home = declared?.file ? files.get(declared.file) : undefined;
  if (declared?.binding && home) {
    info.kind = kindAtUse(files, home.path, declared.binding);
    info.file = home.path;
    info.declaration = declarationHead(home.text, declared.binding.declaration);
    const docs = docCommentAbove(home.text, declared.binding.declaration.start);
    if (docs) info.docs = docs;
  }
  return info.type || info.declaration ? info : undefined;
}

/** The first line of a declaration, without an opening body (` = {`, ` => {`, `{`). */
export function declarationHead(text: string, declaration: Span): string {
  const whole = text.slice(declaration.start, declaration.end);
  const firstLine = whole.split('\n', 1)[0]!.trimEnd();
  return firstLine.replace(/\s*=>\s*\{$/, '').replace(/\s*=\s*\{$/, '').replace(/\s*\{$/, '').trimEnd();
}

/** The `//` lines or the `/* … *\/` block ending on the line right above `offset`'s line. */
export function docCommentAbove(text: string, offset: number): string | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  if (text.slice(lineStart, offset).trim() !== '') return undefined;
  const above = text.slice(0, Math.max(0, lineStart - 1)).split('\n');
  if (lineStart === 0) return undefined;
  const collected: string[] = [];
  let i = above.length - 1;
  const last = above[i]?.trim() ?? '';
  if (last.endsWith('*/')) {
    const block: string[] = [];
    for (; i >= 0; i--) {
      block.unshift(above[i]!);
      if (above[i]!.includes('/*')) break;
    }
    if (i < 0) return undefined;
    const body = block.join('\n').trim().replace(/^\/\*+/, '').replace(/\*+\/$/, '');
    return body.split('\n').map((l) => l.trim().replace(/^\* ?/, '')).join('\n').trim() || undefined;
  }
  for (; i >= 0 && above[i]!.trim().startsWith('//'); i--) collected.unshift(above[i]!.trim().replace(/^\/\/+ ?/, ''));
  return collected.length > 0 ? collected.join('\n') : undefined;
}
