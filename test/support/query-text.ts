// The text of tree-sitter queries, read without a query parser: which
// captures, node types, tokens and fields a query names. A string may hold
// `;` or `@`, so comments and strings are told apart in one left-to-right pass.

const STRING_OR_COMMENT = /"(?:\\.|[^"\\])*"|;[^\n]*/g;

/** The query without its comments. */
export function withoutComments(query: string): string {
  return query.replace(STRING_OR_COMMENT, (token) => (token.startsWith(';') ? '' : token));
}

function withoutCommentsAndStrings(query: string): string {
  return query.replace(STRING_OR_COMMENT, (token) => (token.startsWith(';') ? '' : '""'));
}

/** Capture names written in a query (not in comments or strings). */
export function capturesOf(query: string): Set<string> {
  return new Set([...withoutCommentsAndStrings(query).matchAll(/@([\w.-]+)/g)].map((m) => m[1]!));
}

/** Named node types, anonymous tokens and field names a query refers to outside its predicates. */
export function nodesOf(query: string): { named: Set<string>; anonymous: Set<string>; fields: Set<string> } {
  const patterns = withoutComments(query).replace(/\(#(?:"(?:\\.|[^"\\])*"|[^()"])*\)/g, '');
  const anonymous = new Set([...patterns.matchAll(/"((?:\\.|[^"\\])*)"/g)].map((m) => JSON.parse(`"${m[1]!}"`) as string));
  const bare = withoutCommentsAndStrings(patterns);
  const named = new Set([...bare.matchAll(/\(\s*([A-Za-z]\w*)/g)].map((m) => m[1]!));
  const fields = new Set([...bare.matchAll(/([A-Za-z]\w*)\s*:/g)].map((m) => m[1]!));
  return { named, anonymous, fields };
}
