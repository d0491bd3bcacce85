// What a definition's statement says beyond its name: `pub` and `mut`, the
// type an annotation or a constructor call gives (for member resolution).
import type { Node } from 'web-tree-sitter';
import type { Binding } from './types.ts';

/** `pub` and `mut` lead a statement, in either order (grammar: _pub_modifiers, _mut_modifiers). */
export function modifiersOf(statement: Node): Partial<Binding> {
  const modifiers = { isPublic: false, mutable: false };
  for (let child = statement.firstChild; child; child = child.nextSibling) {
    const type = child.type;
    if (type === 'visibility') modifiers.isPublic = true;
    else if (type === 'mutability') modifiers.mutable = true;
    else if (type !== 'line_comment' && type !== 'block_comment') break;
  }
  return modifiers;
}

/** The type name an annotation gives, for member resolution: `Point`, `&mut Point`, `List(Int)` → List. */
export function typeInfo(type: Node | null): Partial<Binding> {
  let current = type;
  while (current && (current.type === 'reference_type' || current.type === 'pointer_type')) current = current.childForFieldName('type');
  if (current?.type === 'type_identifier') return { typeName: current.text };
  if (current?.type === 'generic_type') {
    const name = current.childForFieldName('name');
    return name ? { typeName: name.text } : {};
  }
  return {};
}

/** `p = Point(x=1, y=2)`: the binding holds a Point. */
export function constructorType(value: Node | null): Partial<Binding> {
  if (value?.type !== 'call_expression') return {};
  const callee = value.childForFieldName('function');
  return callee?.type === 'identifier' && /^[A-Z]/.test(callee.text) ? { typeName: callee.text } : {};
}

export interface ImportedName {
  /** The name the file binds: the alias, the item or the path's last name. */
  bound: Node;
  /** The item's name when an alias binds it (`old` in `use m.{old as x}`). */
  item?: Node;
  facts: Partial<Binding>;
}

/** What a `use` statement binds: `use m.{a, b as c}`, `use m as n`, `use std.io`. */
export function importedNames(statement: Node): ImportedName[] {
  const path = statement.childForFieldName('path');
  if (!path) return [];
  const segments = path.namedChildren.filter((n): n is Node => n?.type === 'identifier');
  const modulePath = segments.map((s) => s.text).join('.');
  const items = statement.childForFieldName('items');
  if (!items) {
    const bound = statement.childForFieldName('alias') ?? segments[segments.length - 1];
    return bound ? [{ bound, facts: { container: modulePath, modulePath, exported: false } }] : [];
  }
  const names: ImportedName[] = [];
  for (const item of items.namedChildren) {
    if (item?.type !== 'use_item') continue;
    const name = item.childForFieldName('name');
    const alias = item.childForFieldName('alias');
    if (!name) continue;
    names.push({
      bound: alias ?? name,
      ...(alias ? { item: name } : {}),
      facts: {
        container: modulePath,
        modulePath,
        importedName: name.text,
        ...(alias ? { importedSpan: { start: name.startIndex, end: name.endIndex } } : {}),
        isPublic: item.children.some((c) => c?.type === 'pub'),
        exported: false,
      },
    });
  }
  return names;
}
