// Renames the captures of a tree-sitter query, keeping every other character
// of it (patterns, predicates, comments, layout). Each capture is renamed by a
// function that sees its name, the node it is written on (`identifier`,
// `"use"`, the members of `[...]`) and the node patterns around it, so
// `(call_expression function: (identifier) @function)` can become
// `@function.call` while `(declaration target: (identifier) @function)` stays.
// References to a capture in a predicate (`(#eq? @x "self")`) follow the name
// its pattern gave it. A rename to null removes the capture.

/** Where a capture is written. */
export interface CaptureSite {
  name: string;
  /** Node types or `"literal"` tokens the capture applies to: one, or the members of an alternation. */
  on: string[];
  /** The node patterns enclosing the captured one, outermost first. */
  within: string[];
}

export type CaptureRenamer = (site: CaptureSite) => string | null;

export class QuerySyntaxError extends Error {
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(`${message} at offset ${offset}`);
    this.name = 'QuerySyntaxError';
    this.offset = offset;
  }
}

type Frame =
  | { kind: 'node'; type: string }
  | { kind: 'alternation'; members: string[] }
  | { kind: 'group' }
  | { kind: 'predicate' };

const IDENTIFIER = /[A-Za-z_][\w.-]*/y;
const CAPTURE = /@[\w.-]+/y;

/** `query` with each capture renamed by `rename`. */
export function renameCaptures(query: string, rename: CaptureRenamer): string {
  let out = '';
  let at = 0;
  const stack: Frame[] = [];
  /** What the capture about to be read would apply to. */
  let subject: string[] = [];
  /** The names this top-level pattern gave its captures, for its predicates. */
  let renamed = new Map<string, string | null>();

  const enclosingNodes = (): string[] => stack.flatMap((frame) => (frame.kind === 'node' ? [frame.type] : []));
  const addToAlternation = (items: string[]) => {
    const top = stack[stack.length - 1];
    if (top?.kind === 'alternation') top.members.push(...items);
  };
  const startItem = () => {
    if (stack.length === 0) renamed = new Map();
  };

  while (at < query.length) {
    const char = query[at]!;
    if (char === ';') {
      const end = query.indexOf('\n', at);
      const stop = end === -1 ? query.length : end;
      out += query.slice(at, stop);
      at = stop;
    } else if (char === '"') {
      const end = stringEnd(query, at);
      const literal = query.slice(at, end);
      out += literal;
      at = end;
      if (stack[stack.length - 1]?.kind !== 'predicate') {
        startItem();
        subject = [literal];
        addToAlternation(subject);
      }
    } else if (char === '(') {
      startItem();
      out += char;
      at++;
      const rest = query.slice(at).match(/^\s*/)![0];
      const next = at + rest.length;
      if (query[next] === '#') stack.push({ kind: 'predicate' });
      else {
        IDENTIFIER.lastIndex = next;
        const type = IDENTIFIER.exec(query);
        if (type && query[next + type[0].length] !== ':') stack.push({ kind: 'node', type: type[0] });
        else stack.push({ kind: 'group' });
      }
    } else if (char === '[') {
      startItem();
      stack.push({ kind: 'alternation', members: [] });
      out += char;
      at++;
    } else if (char === ')' || char === ']') {
      const frame = stack.pop();
      if (!frame || (char === ']') !== (frame.kind === 'alternation')) throw new QuerySyntaxError(`unbalanced '${char}'`, at);
      if (frame.kind === 'node') subject = [frame.type];
      else if (frame.kind === 'alternation') subject = frame.members;
      if (frame.kind === 'node' || frame.kind === 'alternation') addToAlternation(subject);
      out += char;
      at++;
    } else if (char === '@') {
      CAPTURE.lastIndex = at;
      const token = CAPTURE.exec(query);
      if (!token) throw new QuerySyntaxError('a capture without a name', at);
      const name = token[0].slice(1);
      at += token[0].length;
      if (stack[stack.length - 1]?.kind === 'predicate') {
        const to = renamed.has(name) ? renamed.get(name) : name;
        if (to === null) throw new QuerySyntaxError(`a predicate on the removed capture @${name}`, at);
        out += `@${to}`;
      } else {
        // The capture of the node just closed: that node is not its own enclosing pattern.
        const to = rename({ name, on: subject, within: enclosingNodes() });
        renamed.set(name, to);
        if (to === null) out = out.replace(/[ \t]*$/, '');
        else out += `@${to}`;
      }
    } else {
      const top = stack[stack.length - 1];
      IDENTIFIER.lastIndex = at;
      const word = /[A-Za-z_]/.test(char) ? IDENTIFIER.exec(query) : null;
      if (word) {
        // A bare node type (`_`) or a field name (`name:`); only the former is a subject.
        if (query[at + word[0].length] !== ':' && top?.kind !== 'predicate' && (stack.length === 0 || top?.kind !== 'node' || word[0] !== top.type)) {
          subject = [word[0]];
        }
        out += word[0];
        at += word[0].length;
      } else {
        out += char;
        at++;
      }
    }
  }
  if (stack.length > 0) throw new QuerySyntaxError('an unclosed pattern', query.length);
  return out;
}

function stringEnd(query: string, start: number): number {
  for (let i = start + 1; i < query.length; i++) {
    if (query[i] === '\\') i++;
    else if (query[i] === '"') return i + 1;
  }
  throw new QuerySyntaxError('an unterminated string', start);
}
