// Type annotations in the tree (`Int`, `List(String)`, `(a: Int) -> Int`,
// `&mut Point`) as checker types (semantics.md §5.4 display names).
import type { Node } from 'web-tree-sitter';
import { containerType, scalarAnnotation } from './signatures.ts';
import { VOID, named, type Type } from './types.ts';

export function annotationType(node: Node | null): Type {
  if (!node) return named('');
  switch (node.type) {
    case 'type_identifier':
    case 'identifier': {
      const text = node.text;
      return scalarAnnotation(text) ?? named(text);
    }
    case 'meta_type':
      return { k: 'meta' };
    case 'generic_type': {
      const name = node.childForFieldName('name')?.text ?? '';
      const args = typeArguments(node.childForFieldName('arguments'));
      return containerType(name, args.map(annotationType)) ?? named(name);
    }
    case 'tuple_type': {
      const items = node.namedChildren.filter((c): c is Node => c !== null && !isComment(c));
      if (items.length === 0) return VOID;
      const types = items.map((item) => annotationType(item.type === 'parameter' ? item.childForFieldName('type') : item));
      return types.length === 1 ? types[0]! : { k: 'tuple', items: types };
    }
    case 'function_type':
      return functionAnnotation(node);
    case 'reference_type': {
      const mutable = node.child(0)?.type === '&mut';
      return { k: 'ref', mutable, inner: annotationType(node.childForFieldName('type')) };
    }
    case 'pointer_type':
      return named(`*${node.childForFieldName('type')?.text ?? ''}`);
    case 'record_type':
      return { k: 'struct', name: '', fields: [], interfaces: [] };
    default:
      return named(node.text);
  }
}

/** The parameter types of a function type, in order (a bare type counts as an unnamed parameter). */
export function parameterNodes(fnType: Node): Node[] {
  const params = fnType.childForFieldName('parameters');
  if (!params) return [];
  return params.namedChildren.filter((c): c is Node => c !== null && !isComment(c));
}

export function parameterName(param: Node): string | undefined {
  return param.type === 'parameter' ? param.childForFieldName('name')?.text : undefined;
}

export function parameterAnnotation(param: Node): Node | null {
  return param.type === 'parameter' ? param.childForFieldName('type') : param;
}

function functionAnnotation(node: Node): Type {
  const params = parameterNodes(node).map((p) => annotationType(parameterAnnotation(p)));
  return { k: 'fn', params, ret: annotationType(node.childForFieldName('return_type')) };
}

export function typeArguments(node: Node | null): Node[] {
  if (!node) return [];
  return node.namedChildren.filter((c): c is Node => c !== null && !isComment(c));
}

export function isComment(node: Node): boolean {
  return node.type === 'line_comment' || node.type === 'block_comment';
}

/**
 * A curried signature's value level: `(T: Type) -> (x: T) -> T` has the
 * type-level parameter `T` and the value function `(x: T) -> T`. Parameters
 * typed `Type` are generic names; the innermost function is what calls see.
 */
export interface SignatureShape {
  generics: string[];
  /** The function type whose parameters are values (innermost curried level). */
  valueFunction: Node;
  /** Every named parameter of every level, with its annotation. */
  allParameters: Node[];
}

export function signatureShape(fnType: Node): SignatureShape {
  const generics: string[] = [];
  const allParameters: Node[] = [];
  let level = fnType;
  for (;;) {
    const params = parameterNodes(level);
    const typeLevel = params.length > 0 && params.every((p) => p.type === 'parameter' && parameterAnnotation(p)?.type === 'meta_type');
    allParameters.push(...params.filter((p) => p.type === 'parameter'));
    const ret = level.childForFieldName('return_type');
    if (typeLevel && ret?.type === 'function_type') {
      for (const p of params) generics.push(parameterName(p) ?? '');
      level = ret;
      continue;
    }
    if (ret?.type === 'function_type' && params.some((p) => parameterAnnotation(p)?.type === 'meta_type')) {
      for (const p of params) if (parameterAnnotation(p)?.type === 'meta_type') generics.push(parameterName(p) ?? '');
    }
    return { generics, valueFunction: innermostValueFunction(level), allParameters };
  }
}

function innermostValueFunction(level: Node): Node {
  let current = level;
  for (;;) {
    const ret = current.childForFieldName('return_type');
    if (ret?.type !== 'function_type') return current;
    current = ret;
  }
}

/** The innermost declared return type of a (curried) function type. */
export function innermostReturn(fnType: Node): Node | null {
  return innermostValueFunction(fnType).childForFieldName('return_type');
}
