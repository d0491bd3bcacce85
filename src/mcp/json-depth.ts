// How deeply a JSON text nests, read off the text without parsing it. The
// HTTP transport refuses bodies nested deeper than MAX_JSON_DEPTH: the SDK
// serializes the parsed body again (toWebRequest), and JSON.stringify
// recurses, so 100,000 nested arrays overflowed the stack into a 500.
// JSON.parse itself does not recurse, so only the re-serialization is at risk.

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
