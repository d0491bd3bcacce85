// What a position names, as the editor features need it: the target (a
// binding or `Type.member`) and the binding that declares it, in which file.
import type { Binding } from '../model/types.ts';
import { targetAt, type AnalyzedFile, type Target } from '../navigation.ts';

export interface Declared {
  target: Target;
  /** The declaring binding and its file; absent for members nobody declares (std records). */
  binding?: Binding;
  file?: string;
}

/** The target at a UTF-16 offset of `path` and where it is declared. */
export function declaredAt(files: ReadonlyMap<string, AnalyzedFile>, path: string, offset: number): Declared | undefined {
  const target = targetAt(files, path, offset);
  if (!target) return undefined;
  if (target.kind === 'binding') {
    const binding = files.get(target.file)?.model.bindings[target.binding];
    return binding ? { target, binding, file: target.file } : { target };
  }
  for (const file of files.values()) {
    const binding = file.model.bindings.find((b) => (b.kind === 'method' || b.kind === 'field') && b.container === target.type && b.name === target.name);
    if (binding) return { target, binding, file: file.path };
  }
  return { target };
}

/** The identifier span under a UTF-16 offset (the cursor may sit just after it). */
export function nameSpanAt(file: AnalyzedFile, offset: number): { start: number; end: number } | undefined {
  const within = (span: { start: number; end: number }) => span.start <= offset && offset <= span.end;
  const binding = file.model.bindings.find((b) => within(b.span) || (b.importedSpan !== undefined && within(b.importedSpan)));
  if (binding) return binding.importedSpan && within(binding.importedSpan) ? binding.importedSpan : binding.span;
  return file.model.uses.find((u) => within(u.span))?.span;
}
