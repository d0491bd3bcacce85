// What both servers take as a JSON-RPC request's id when they answer a
// message they refuse: a string or a safe integer. JSON-RPC 2.0 (§4) allows a
// string, a number or null, and says numbers should not have fractions; an
// integer past 2^53 does not survive JSON.parse, so an answer carrying it would
// name another request. Anything else is no usable id: the answer carries null
// (JSON-RPC 2.0 §5) or there is none. It lives below the front ends so that
// both share it (they reach it through ide/index.ts).

/** The id itself when a reply can carry it (a string or a safe integer), else undefined. */
export function usableRequestId(id: unknown): string | number | undefined {
  return typeof id === 'string' || Number.isSafeInteger(id) ? (id as string | number) : undefined;
}
