// Tool arguments derived from each tool's real inputSchema (as tools/list
// gives it): values that fit, values just outside the bounds, wrong types,
// missing and extra fields, huge strings and deeply nested objects.
import fc from 'fast-check';

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
}

export interface ListedTool {
  name: string;
  inputSchema: JsonSchema;
}

/** Strings that mean something to the tools: sources, paths (inside, outside, odd), queries, codes. */
const NAMED_STRINGS: Record<string, readonly string[]> = {
  source: ['x = 1\n', 'main = () => {\n    io.println("hi")\n}\n', 'use std.io\nPoint: Type = { x: Float, y: Float }\n', 'f = (a, b) => a + b\ny = f(1, 2)\n', '', '(((', 'x = "\ud800"\n', '\u0000', 'x = 1\r\ny = x\r\n'],
  path: ['main.yx', 'utils.yx', 'geometry.yx', '.', '', ' ', 'nope.yx', '../main.yx', '../../etc/passwd', '/etc/passwd', 'C:\\Windows', '\\\\?\\C:\\x', 'main.yx\u0000', '..%2fmain.yx', 'a/'.repeat(200) + 'b.yx', '~', '*.yx', 'main.yx/..', 'file:///etc/passwd'],
  query: ['total', 'Point.shift', 'main.yx:8:10', 'utils.yx:total', 'main.yx:0:0', 'main.yx:999999:1', 'nope.yx:1:1', '.', '..', 'a.b.c.d', '*', '爻', 'x'.repeat(200)],
  code: ['E0001', 'e1', 'E0000001', 'E9999', 'W0001', 'x', '0', '-1', 'E1001'],
  name: ['x', 'count', 'total', 'main', 'if', 'Type', '_', '1x', 'a-b', 'ß', 'fuzz_name', 'a'.repeat(256)],
  scope: ['module', 'function:main', 'function:', 'function:1', 'Module', 'function:f', 'global'],
};

function namedStrings(key: string): readonly string[] | undefined {
  if (key === 'source') return NAMED_STRINGS.source;
  if (key.endsWith('path') || key.endsWith('root') || key === 'file_paths') return NAMED_STRINGS.path;
  if (key === 'old_name' || key === 'new_name') return NAMED_STRINGS.name;
  return NAMED_STRINGS[key];
}

const hugeString = fc.constantFrom(100_000, 1_000_000).map((n) => 'x = 1\n'.repeat(Math.ceil(n / 6)).slice(0, n));

/**
 * Deep values travel as placeholders that `expandDeep` turns into nested JSON
 * text after serialization: JSON.stringify itself overflows the stack on them,
 * while the server's JSON.parse does not.
 */
const deepValue = fc.tuple(fc.constantFrom(10, 100, 1000, 10_000, 100_000), fc.constantFrom('a', 'o')).map(([depth, kind]) => `__deep_${depth}_${kind}__`);

export function expandDeep(text: string): string {
  return text.replace(/"__deep_(\d+)_([ao])__"/g, (_, depth: string, kind: string) => {
    const n = Number(depth);
    return kind === 'a' ? '['.repeat(n) + '1' + ']'.repeat(n) : '{"a":'.repeat(n) + '1' + '}'.repeat(n);
  });
}

/** Anything at all, for a field of the wrong type. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null), fc.boolean(), fc.integer(), fc.double(), fc.string({ maxLength: 20 }), fc.constant([]), fc.constant({}),
  fc.jsonValue({ maxDepth: 3 }), deepValue, hugeString, fc.constant(Number.MAX_SAFE_INTEGER + 2), fc.constant(-0),
);

function valueFor(key: string, schema: JsonSchema, seeds: readonly string[]): fc.Arbitrary<unknown> {
  const examples = (schema.examples ?? []).map((e) => fc.constant(e));
  switch (schema.type) {
    case 'string': {
      if (schema.enum) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, fc.string({ maxLength: 8 }));
      const named = namedStrings(key);
      const options: Array<fc.Arbitrary<unknown>> = [...examples, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 })];
      if (named) options.push(fc.constantFrom(...named), fc.constantFrom(...named));
      if (key === 'source' && seeds.length > 0) options.push(fc.constantFrom(...seeds), fc.constantFrom(...seeds));
      if (schema.maxLength !== undefined) options.push(fc.constant('x'.repeat(schema.maxLength)), fc.constant('x'.repeat(schema.maxLength + 1)));
      return fc.oneof(...options);
    }
    case 'integer': {
      const min = schema.minimum ?? -1e6;
      const max = schema.maximum ?? 1e6;
      return fc.oneof({ weight: 4, arbitrary: fc.integer({ min, max }) }, fc.constantFrom(min - 1, max + 1, 0, -1, 1.5, 2 ** 31, 2 ** 53, 1e300), ...examples);
    }
    case 'number':
      return fc.oneof(fc.double(), ...examples);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const item = valueFor(key, schema.items ?? {}, seeds);
      return fc.oneof({ weight: 4, arbitrary: fc.array(item, { maxLength: 5 }) }, fc.constant([]), ...examples);
    }
    default:
      return fc.oneof(wrongValue, ...examples);
  }
}

/** Arguments for one tool: mostly well-formed, often with a field broken, dropped or added. */
export function toolArguments(tool: ListedTool, seeds: readonly string[]): fc.Arbitrary<unknown> {
  const properties = Object.entries(tool.inputSchema.properties ?? {});
  const required = new Set(tool.inputSchema.required ?? []);
  const fields = properties.map(([key, schema]) =>
    fc.record({
      key: fc.constant(key),
      // Required fields are mostly there; optional ones half the time.
      present: required.has(key) ? fc.boolean().chain((b) => (b ? fc.constant(true) : fc.boolean())) : fc.boolean(),
      value: fc.oneof({ weight: 6, arbitrary: valueFor(key, schema, seeds) }, { weight: 1, arbitrary: wrongValue }),
    }),
  );
  const wellFormed = fc.tuple(...fields).map((chosen) => Object.fromEntries(chosen.filter((f) => f.present).map((f) => [f.key, f.value])));
  const withExtra = fc.tuple(wellFormed, fc.string({ maxLength: 10 }), wrongValue).map(([args, key, value]) => ({ ...args, [key]: value }));
  return fc.oneof({ weight: 8, arbitrary: wellFormed }, { weight: 1, arbitrary: withExtra }, { weight: 1, arbitrary: wrongValue });
}
