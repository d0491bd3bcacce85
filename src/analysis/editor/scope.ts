// Which bindings of a file are visible at an offset: those of the scopes
// around it, module-level ones everywhere, local ones after they are written.
import type { Binding, FileModel } from '../model/types.ts';

export function visibleBindings(model: FileModel, offset: number): Binding[] {
  const around = new Set(model.scopes.filter((s) => s.start <= offset && offset <= s.end).map((s) => s.id));
  const byName = new Map<string, Binding>();
  for (const binding of model.bindings) {
    if (!around.has(binding.scope) || binding.kind === 'field' || binding.kind === 'method') continue;
    const moduleLevel = model.scopes[binding.scope]?.kind === 'module';
    if (!moduleLevel && binding.kind !== 'parameter' && binding.span.end > offset) continue;
    // Later bindings of the same name shadow earlier ones.
    const known = byName.get(binding.name);
    if (!known || known.scope <= binding.scope) byName.set(binding.name, binding);
  }
  return [...byName.values()];
}
