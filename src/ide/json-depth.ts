// How deeply a JSON text nests, read off the text without parsing it. Both
// servers refuse messages nested deeper than MAX_JSON_DEPTH: their libraries
// serialize a parsed message again (the MCP SDK's toWebRequest, vscode-jsonrpc's
// log of an invalid message) or clone it to a worker, and JSON.stringify and
// structured clone recurse, so 100,000 nested arrays overflowed the stack (a
// 500 over HTTP; the language server exited). JSON.parse itself does not
// recurse, so only what comes after it is at risk. It lives below the front
// ends so that both share it (they reach it through ide/index.ts).

/** Far beyond any real request (tool arguments nest a few levels). */
export const MAX_JSON_DEPTH = 1000;

export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return deepest;
}

/**
 * Whether `text` nests deeper than `max`. A text with at most `max` opening
 * brackets cannot, and counting them with indexOf is far cheaper than reading
 * every character: a tool call carrying 300 kB of source has a handful.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let openers = 0;
  for (const bracket of ['[', '{']) {
    for (let at = text.indexOf(bracket); at >= 0; at = text.indexOf(bracket, at + 1)) {
      if (++openers > max) return jsonDepth(text) > max;
    }
  }
  return false;
}
