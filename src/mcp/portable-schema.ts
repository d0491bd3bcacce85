// JSON Schemas as strict clients take them. zod writes a nullable field as
// `type: ["string", "null"]` and a free-form record as `additionalProperties: {}`:
// both legal, but the MCP Inspector's --strict mode warns about them, and
// clients that map tool schemas onto a single-`type` dialect (Gemini's
// function declarations) reject the tool or drop the constraint. Same
// contract, portable spelling: `anyOf` branches of one type each, and
// `additionalProperties: true`.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A copy of `schema` with every type array split into `anyOf` and every empty sub-schema of additionalProperties made `true`. */
export function portableSchema<T extends Record<string, unknown>>(schema: T): T {
  return rewrite(schema as Json) as T;
}

function rewrite(node: Json): Json {
  if (Array.isArray(node)) return node.map(rewrite);
  if (node === null || typeof node !== 'object') return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && isEmptyObject(value)) out[key] = true;
    else out[key] = rewrite(value);
  }
  const { type, ...rest } = out;
  if (!Array.isArray(type)) return out;
  const branches = type.map((t) => ({ type: t, ...(typeof t === 'string' ? typeKeywords(rest, t) : {}) }));
  for (const branch of branches) for (const key of Object.keys(branch)) delete rest[key];
  if (rest.anyOf === undefined) return { ...rest, anyOf: branches };
  // An anyOf already there must hold too.
  const { anyOf, ...others } = rest;
  return { ...others, allOf: [{ anyOf: branches }, { anyOf }] };
}

/** Keywords that constrain only values of one JSON type, which move into that type's branch. */
const KEYWORDS_OF: Record<string, readonly string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format', 'enum'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems'],
  object: ['properties', 'required', 'additionalProperties', 'propertyNames', 'minProperties', 'maxProperties'],
};

function typeKeywords(node: { [key: string]: Json }, type: string): { [key: string]: Json } {
  const moved: { [key: string]: Json } = {};
  for (const key of KEYWORDS_OF[type] ?? []) if (node[key] !== undefined) moved[key] = node[key]!;
  return moved;
}

function isEmptyObject(value: Json): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
}
