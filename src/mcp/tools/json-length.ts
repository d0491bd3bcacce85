// The length JSON.stringify would give a plain value, counted without building
// the string: a tool sizes its result against the limit before building it.

// Control characters are what JSON escapes, so the class names them on purpose.
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `JSON.stringify(text).length`, quotes included. */
export function jsonStringLength(text: string): number {
  // Most texts need no escape; the regex finds that natively, without a loop in JS.
  if (!NEEDS_ESCAPE.test(text)) return text.length + 2;
  let length = text.length + 2;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x5c) length += 1; // \" and \\
    else if (c < 0x20) length += c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 1 : 5; // \n, or \u00XX
    else if (c >= 0xd800 && c <= 0xdfff) {
      // A well-formed pair stays as it is; a lone surrogate becomes \uXXXX.
      const pairs = c <= 0xdbff ? isLow(text.charCodeAt(i + 1)) : false;
      if (pairs) i++;
      else length += 5;
    }
  }
  return length;
}

function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** `JSON.stringify(value).length` for JSON data: objects, arrays, strings, finite numbers, booleans, null; undefined properties are left out as JSON.stringify does. */
export function jsonLength(value: unknown): number {
  if (typeof value === 'string') return jsonStringLength(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4;
  if (typeof value === 'boolean') return value ? 4 : 5;
  if (value === null) return 4;
  if (Array.isArray(value)) {
    let length = 2 + Math.max(0, value.length - 1);
    for (const item of value) length += item === undefined ? 4 : jsonLength(item);
    return length;
  }
  if (typeof value === 'object') {
    let length = 2;
    let members = 0;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      length += jsonStringLength(key) + 1 + jsonLength(item);
      members++;
    }
    return length + Math.max(0, members - 1);
  }
  throw new TypeError(`not JSON data: ${typeof value}`);
}
