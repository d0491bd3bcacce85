// What a call calls: the callee's label and parameter names, from its
// declaration (a function's signature or lambda, a record's fields) or the std
// catalogue (`io.println`).
import type { Node } from 'web-tree-sitter';
import { stdModule } from '../std/index.ts';
import type { AnalyzedFile } from '../navigation.ts';
import { declarationHead } from './hover.ts';
import { declaredAt } from './target.ts';
import { visibleBindings } from './scope.ts';

export interface CalleeSignature {
  /** `distance(a: &Point, b: &Point) -> Float`. */
  label: string;
  /** Each parameter as written (`a: &Point`) and its name. */
  parameters: Array<{ label: string; name: string }>;
}

export function calleeSignature(files: ReadonlyMap<string, AnalyzedFile>, path: string, callee: Node): CalleeSignature | undefined {
  const file = files.get(path);
  if (!file) return undefined;
  const name = callee.type === 'member_expression' ? callee.childForFieldName('field') : callee;
  if (!name || name.type !== 'identifier' && name.type !== 'type_identifier') return undefined;
  const object = callee.type === 'member_expression' ? callee.childForFieldName('object') : null;
  if (object?.type === 'identifier') {
    const module = visibleBindings(file.model, callee.startIndex).find((b) => b.name === object.text && b.kind === 'import' && b.importedName === undefined);
    const std = module?.modulePath ? stdModule(module.modulePath) : undefined;
    const item = std?.exports.find((e) => e.name === name.text);
    if (item?.signature) return fromParameterList(`${object.text}.${name.text}`, item.signature);
    if (std) return undefined;
  }
  const declared = declaredAt(files, path, name.startIndex);
  const home = declared?.file ? files.get(declared.file) : undefined;
  if (!declared?.binding || !home) return undefined;
  const binding = declared.binding;
  if (binding.kind === 'record') {
    const fields = home.model.bindings.filter((b) => b.kind === 'field' && b.container === binding.name);
    const parameters = fields.map((f) => ({ label: home.text.slice(f.declaration.start, f.declaration.end), name: f.name }));
    return { label: `${binding.name}(${parameters.map((p) => p.label).join(', ')})`, parameters };
  }
  if (binding.kind !== 'function' && binding.kind !== 'method') return undefined;
  const head = declarationHead(home.text, binding.declaration);
  const list = head.slice(head.indexOf(binding.name) + binding.name.length).replace(/^\s*[:=]\s*/, '');
  const signature = list.startsWith('(') ? fromParameterList(binding.name, list) : undefined;
  return signature && object && calledOnValue(file, object) ? withoutReceiver(binding.name, signature) : signature;
}

/**
 * `q.shift(1, 1)`: the receiver is the first parameter (`self`, or the first
 * parameter of a `pub` function bound as a method), so the arguments start at
 * the second. `Point.shift(q, 1, 1)` on the type passes all of them.
 */
function calledOnValue(file: AnalyzedFile, object: Node): boolean {
  if (object.type !== 'identifier') return true;
  const use = file.model.uses.find((u) => u.span.start === object.startIndex);
  const binding = use?.binding === undefined ? undefined : file.model.bindings[use.binding];
  if (!binding) return !/^[A-Z]/.test(object.text);
  return binding.kind !== 'import' && binding.kind !== 'record' && binding.kind !== 'interface' && binding.kind !== 'generic' && binding.kind !== 'type';
}

function withoutReceiver(name: string, signature: CalleeSignature): CalleeSignature {
  const parameters = signature.parameters.slice(1);
  const open = signature.label.indexOf('(');
  const rest = signature.label.slice(open + matchingParen(signature.label.slice(open)) + 1);
  return { label: `${name}(${parameters.map((p) => p.label).join(', ')})${rest}`, parameters };
}

/** `(a: Int, b: Int) -> Int` (or a lambda's `(a, b) =>`) after `name`. */
function fromParameterList(name: string, list: string): CalleeSignature | undefined {
  const close = matchingParen(list);
  if (close < 0) return undefined;
  const inner = list.slice(1, close);
  const parameters = splitTopLevel(inner).map((label) => ({ label, name: label.split(':')[0]!.trim().replace(/^mut\s+/, '') }));
  const rest = list.slice(close + 1).trim().replace(/\s*=.*$/, '');
  return { label: `${name}(${inner})${rest ? ' ' + rest : ''}`, parameters };
}

function matchingParen(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if ('([{<'.includes(c)) depth++;
    else if (')]}>'.includes(c) && text[i - 1] !== '-') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = text.slice(start).trim();
  if (last) parts.push(last);
  return parts;
}
