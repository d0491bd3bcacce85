// Document outline: the file's types with their fields and methods, its
// functions and its top-level bindings, as a tree.
import type { Binding, FileModel, Span, SymbolKind } from '../model/types.ts';

export interface OutlineItem {
  name: string;
  kind: SymbolKind;
  /** The name token. */
  span: Span;
  /** The whole declaration. */
  declaration: Span;
  /** `pub`, `mut`, the container of a method declared away from its type. */
  detail?: string;
  children: OutlineItem[];
}

const TOP_LEVEL: ReadonlySet<SymbolKind> = new Set(['function', 'record', 'interface', 'generic', 'type', 'variable']);

export function documentOutline(model: FileModel): OutlineItem[] {
  const topLevel = (b: Binding) => model.scopes[b.scope]?.kind === 'module';
  const items: OutlineItem[] = [];
  const types = new Map<string, OutlineItem>();
  for (const binding of model.bindings) {
    if (!topLevel(binding) || !TOP_LEVEL.has(binding.kind)) continue;
    const item = itemOf(binding, binding.name);
    items.push(item);
    if (binding.kind === 'record' || binding.kind === 'interface' || binding.kind === 'generic' || binding.kind === 'type') types.set(binding.name, item);
  }
  for (const binding of model.bindings) {
    if (binding.kind !== 'field' && binding.kind !== 'method') continue;
    const owner = binding.container ? types.get(binding.container) : undefined;
    if (owner) owner.children.push(itemOf(binding, binding.name));
    else if (topLevel(binding)) items.push(itemOf(binding, `${binding.container ?? '?'}.${binding.name}`));
  }
  const byStart = (a: OutlineItem, b: OutlineItem) => a.span.start - b.span.start;
  for (const item of items) item.children.sort(byStart);
  return items.sort(byStart);
}

function itemOf(binding: Binding, name: string): OutlineItem {
  const detail = [binding.isPublic ? 'pub' : '', binding.mutable ? 'mut' : '', binding.typeName ?? ''].filter(Boolean).join(' ');
  return { name, kind: binding.kind, span: binding.span, declaration: binding.declaration, ...(detail ? { detail } : {}), children: [] };
}
