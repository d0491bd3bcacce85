// JSON text as `JSON.stringify(value, null, 2)` writes it, built with a stack
// of its own: V8's JSON.stringify recurses and overflows on a syntax tree
// nested a few thousand levels deep. Past INDENT_LEVELS the indentation stops
// growing, so such a tree prints in a size that grows with it, not with its
// square (10,000 levels indented in full would pass V8's longest string).

export const INDENT_LEVELS = 100;

interface Open {
  close: ']' | '}';
  /** Keys (undefined in an array) and values, in order. */
  items: Array<[string | undefined, unknown]>;
  next: number;
  depth: number;
}

/** Plain data (objects, arrays, strings, numbers, booleans, null) as indented JSON. */
export function jsonText(value: unknown, indent = '  '): string {
  const out: string[] = [];
  const stack: Open[] = [];
  const write = (item: unknown, depth: number) => {
    if (Array.isArray(item)) {
      open('[', ']', item.map((entry): [undefined, unknown] => [undefined, entry]), depth);
    } else if (item !== null && typeof item === 'object') {
      // JSON.stringify leaves out properties whose value is undefined.
      open('{', '}', Object.entries(item).filter(([, entry]) => entry !== undefined), depth);
    } else {
      out.push(JSON.stringify(item) ?? 'null');
    }
  };
  const open = (start: '[' | '{', close: ']' | '}', items: Open['items'], depth: number) => {
    if (items.length === 0) {
      out.push(start + close);
      return;
    }
    out.push(start);
    stack.push({ close, items, next: 0, depth });
  };
  write(value, 0);
  while (stack.length > 0) {
    const open = stack[stack.length - 1]!;
    if (open.next === open.items.length) {
      stack.pop();
      out.push(`\n${indent.repeat(Math.min(open.depth, INDENT_LEVELS))}${open.close}`);
      continue;
    }
    const [key, item] = open.items[open.next++]!;
    out.push(`${open.next > 1 ? ',' : ''}\n${indent.repeat(Math.min(open.depth + 1, INDENT_LEVELS))}${key === undefined ? '' : `${JSON.stringify(key)}: `}`);
    write(item, open.depth + 1);
  }
  return out.join('');
}
