// Delta debugging for text after fast-check has shrunk the recipe: the seed
// program is most of a mutated input, and only cutting it shows which lines
// and characters the failure needs.
export async function reduceText(text: string, fails: (candidate: string) => Promise<boolean>, budgetMs: number): Promise<string> {
  const deadline = Date.now() + budgetMs;
  let current = text;
  for (const unit of ['line', 'char'] as const) {
    if (unit === 'char' && current.length > 2000) break;
    let parts = unit === 'line' ? current.split(/(?<=\n)/) : [...current];
    for (let chunk = Math.max(1, Math.floor(parts.length / 2)); chunk >= 1; chunk = chunk === 1 ? 0 : Math.max(1, Math.floor(chunk / 2))) {
      for (let i = 0; i < parts.length; ) {
        if (Date.now() > deadline) return current;
        const candidate = [...parts.slice(0, i), ...parts.slice(i + chunk)];
        if (await fails(candidate.join(''))) {
          parts = candidate;
          current = candidate.join('');
        } else {
          i += chunk;
        }
      }
    }
  }
  return current;
}
