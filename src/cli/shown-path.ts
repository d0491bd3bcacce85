// How the command line prints a file name. A name may hold any character but
// / and NUL, and one holding a newline, an ESC or a bidirectional override
// printed raw could forge the lines after it (`ok.yx\nerror …`) or drive the
// terminal. Such a name is printed quoted, as git prints one: in double quotes,
// with \n, \r, \t, \" and \\ and \uXXXX for other control and bidi characters;
// every other name (爻.yx, src/main.yx) unchanged.

// Control characters are what is escaped, so the classes name them on purpose.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex
const ESCAPED = /["\\\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '"': '\\"', '\\': '\\\\' };

export function shownPath(name: string): string {
  if (!UNSAFE.test(name)) return name;
  return `"${name.replace(ESCAPED, escape)}"`;
}

/**
 * A one-line message made elsewhere (an error naming a path the user gave),
 * its control and bidi characters escaped as in shownPath, unquoted: the
 * message cannot forge lines, though a backslash in it is not doubled.
 */
export function escapeControls(message: string): string {
  return UNSAFE.test(message) ? message.replace(ESCAPED, (c) => (c === '"' || c === '\\' ? c : escape(c))) : message;
}

function escape(c: string): string {
  return NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
