// JSON-RPC traffic for the MCP targets: well-formed requests of both protocol
// eras built from the real tool list, then broken at every level (ids of odd
// types, wrong versions, unknown methods, params of the wrong shape, batches,
// truncated or garbled text, plain garbage).
import fc from 'fast-check';
import { expandDeep, toolArguments, wrongValue, type ListedTool } from './args.ts';

export const MODERN_VERSION = '2026-07-28';
/** Characters, so at most 3 bytes each in UTF-8: under the SDK's 10 MiB stdio line limit. */
const MAX_LINE_CHARS = 3 * 1024 * 1024;
export const LEGACY_VERSION = '2025-11-25';

/** What a 2026-07-28 request carries in params._meta instead of an initialize handshake. */
export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
  'io.modelcontextprotocol/clientInfo': { name: 'yaoxiang-fuzz', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

export type Json = unknown;

export function request(id: Json, method: string, params: Record<string, unknown> | undefined, modern: boolean): Record<string, unknown> {
  const withMeta = modern ? { ...params, _meta: { ...MODERN_META, ...(params?._meta as object | undefined) } } : params;
  return { jsonrpc: '2.0', id, method, ...(withMeta === undefined ? {} : { params: withMeta }) };
}

export const INITIALIZE_PARAMS = { protocolVersion: LEGACY_VERSION, capabilities: {}, clientInfo: { name: 'yaoxiang-fuzz', version: '1.0.0' } };

const validId = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 1_000_000 }) }, fc.string({ maxLength: 12 }), fc.constantFrom(-1, Number.MAX_SAFE_INTEGER, '', '爻'));
const oddId = fc.oneof(fc.constant(null), fc.boolean(), fc.double(), fc.constantFrom(1.5, 2 ** 53, 1e300, -0), fc.constant({}), fc.constant([1]), fc.constant('i'.repeat(100_000)));
const anyId = fc.oneof({ weight: 8, arbitrary: validId }, { weight: 1, arbitrary: oddId });

const METHODS = ['initialize', 'ping', 'tools/list', 'tools/call', 'server/discover', 'notifications/initialized', 'notifications/cancelled', 'resources/list', 'prompts/list', 'logging/setLevel', 'completion/complete', 'subscriptions/listen', 'tasks/get', 'nope', '', 'tools/', 'TOOLS/LIST', 'rpc.discover'];

/** A well-formed message, before any mutation. */
function wellFormed(tools: readonly ListedTool[], seeds: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const modern = fc.boolean();
  const call = fc.tuple(anyId, fc.constantFrom(...tools), modern).chain(([id, tool, isModern]) =>
    toolArguments(tool, seeds).map((args) => request(id, 'tools/call', { name: tool.name, arguments: args }, isModern)));
  const unknownTool = fc.tuple(anyId, fc.string({ maxLength: 20 }), modern).map(([id, name, isModern]) => request(id, 'tools/call', { name, arguments: {} }, isModern));
  const simple = fc.tuple(anyId, fc.constantFrom('ping', 'tools/list', 'server/discover'), modern).map(([id, method, isModern]) => request(id, method, {}, isModern));
  const initialize = anyId.map((id) => request(id, 'initialize', INITIALIZE_PARAMS, false));
  const cursor = fc.tuple(anyId, fc.string({ maxLength: 30 })).map(([id, c]) => request(id, 'tools/list', { cursor: c }, false));
  const notification = fc.constantFrom('notifications/initialized', 'notifications/cancelled', 'notifications/progress', 'notifications/roots/list_changed', 'notifications/nope')
    .chain((method) => fc.record({ requestId: anyId, reason: fc.string({ maxLength: 10 }) }).map((params) => ({ jsonrpc: '2.0', method, params })));
  const response = fc.tuple(anyId, fc.jsonValue({ maxDepth: 2 }), fc.boolean()).map(([id, value, ok]) => ({ jsonrpc: '2.0', id, ...(ok ? { result: value } : { error: { code: -32000, message: JSON.stringify(value) } }) }));
  const other = fc.tuple(anyId, fc.constantFrom(...METHODS), fc.option(fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), { nil: undefined }))
    .map(([id, method, params]) => request(id, method, params, false));
  return fc.oneof({ weight: 10, arbitrary: call }, { weight: 2, arbitrary: unknownTool }, { weight: 3, arbitrary: simple }, initialize, cursor, notification, response, { weight: 2, arbitrary: other });
}

type Edit = (message: Record<string, unknown>) => unknown;

/** Breaks one level of a message: the envelope, the params or the tool arguments. */
const edit: fc.Arbitrary<Edit> = fc.oneof(
  wrongValue.map((v): Edit => (m) => ({ ...m, jsonrpc: v })),
  fc.constantFrom('1.0', '2', '2.0 ', '').map((v): Edit => (m) => ({ ...m, jsonrpc: v })),
  fc.constant<Edit>(({ jsonrpc: _, ...m }) => m),
  fc.constant<Edit>(({ id: _, ...m }) => m),
  oddId.map((v): Edit => (m) => ({ ...m, id: v })),
  wrongValue.map((v): Edit => (m) => ({ ...m, method: v })),
  fc.constant<Edit>(({ method: _, ...m }) => m),
  wrongValue.map((v): Edit => (m) => ({ ...m, params: v })),
  fc.constant<Edit>(({ params: _, ...m }) => m),
  fc.tuple(fc.string({ maxLength: 8 }), wrongValue).map(([k, v]): Edit => (m) => ({ ...m, [k]: v })),
  wrongValue.map((v): Edit => (m) => ({ ...m, params: { ...(m.params as object), _meta: v } })),
  wrongValue.map((v): Edit => (m) => ({ ...m, params: { ...(m.params as object), _meta: { ...((m.params as { _meta?: object })?._meta), progressToken: v } } })),
  fc.constantFrom('2025-03-26', '1999-01-01', 'bogus', '').map((v): Edit => (m) => ({ ...m, params: { ...(m.params as object), _meta: { ...MODERN_META, 'io.modelcontextprotocol/protocolVersion': v } } })),
  wrongValue.map((v): Edit => (m) => ({ ...m, params: { ...(m.params as object), name: v } })),
  wrongValue.map((v): Edit => (m) => ({ ...m, params: { ...(m.params as object), arguments: v } })),
  fc.constant<Edit>((m) => [m]),
  fc.constant<Edit>((m) => [m, m]),
  fc.constant<Edit>(() => []),
);

/** How the text of a serialized message is garbled, after the edits. */
const garble = fc.oneof(
  fc.nat().map((at) => (text: string) => text.slice(0, at % (text.length + 1))),
  fc.tuple(fc.nat(), fc.nat({ max: 8 })).map(([at, n]) => (text: string) => text.slice(0, at % (text.length + 1)) + text.slice((at % (text.length + 1)) + n)),
  fc.tuple(fc.nat(), fc.constantFrom('"', '{', '}', '[', ']', ',', ':', '\\', '\u0000', '\ud800', '\uFEFF', ' ', 'null', '1e999')).map(([at, s]) => (text: string) => text.slice(0, at % (text.length + 1)) + s + text.slice(at % (text.length + 1))),
);

/** One line of the stdio wire: never contains a newline (one line is one message). */
export function line(tools: readonly ListedTool[], seeds: readonly string[]): fc.Arbitrary<string> {
  const message = fc.tuple(wellFormed(tools, seeds), fc.array(edit, { maxLength: 2 })).map(([m, edits]) => edits.reduce<unknown>((v, e) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? e(v as Record<string, unknown>) : v), m));
  const text = message.map((m) => expandDeep(JSON.stringify(m) ?? 'undefined'));
  const garbled = fc.tuple(text, garble).map(([t, g]) => g(t));
  const garbage = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 60 }), fc.constantFrom('', ' ', '{}', '[]', 'null', '42', '"x"', 'true', '{"jsonrpc":"2.0"}', '\ufeff{"jsonrpc":"2.0","id":1,"method":"ping"}'));
  // Past the SDK's 10 MiB line limit stdio closes by design (see scripts/fuzz.ts): such a line is cut to 1 MiB.
  return fc.oneof({ weight: 12, arbitrary: text }, { weight: 3, arbitrary: garbled }, { weight: 2, arbitrary: garbage }).map((t) => (t.length > MAX_LINE_CHARS ? t.slice(0, 1024 * 1024) : t).replace(/[\r\n]/g, ' '));
}
