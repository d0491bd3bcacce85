// A Wadler-style document: text, groups that print flat when they fit, and
// line breaks that become spaces (or nothing) in flat mode.

export type Doc = string | Doc[] | Group | Indent | Line | IfBreak | Verbatim | Suffix | Hug | Fill;

interface Group { kind: 'group'; contents: Doc; shouldBreak: boolean }
interface Indent { kind: 'indent'; contents: Doc }
/** `soft`: nothing when flat; `hard`: always a newline (and breaks every enclosing group). */
interface Line { kind: 'line'; soft: boolean; hard: boolean }
interface IfBreak { kind: 'ifBreak'; broken: Doc; flat: Doc }
/** Source text copied as written; its own line breaks are kept and never indented. */
interface Verbatim { kind: 'verbatim'; text: string }
/** What ends a line without counting toward its width (a statement's trailing comment, as in the reference). */
interface Suffix { kind: 'suffix'; contents: Doc }
/**
 * `head` on one line then `tail` (`f(a, b, (x) => {` then the lambda's body) when
 * that much fits, else `fallback` (the same parts laid out another way).
 */
interface Hug { kind: 'hug'; head: Doc; tail: Doc; fallback: Doc }
/**
 * `first` then each of `rest` after a `line`: all on one line when that fits;
 * else the line holds as many as fit and every one after breaks onto a line of
 * its own, one level in (`a + b + c⏎    + d⏎    + e`, as the reference breaks a
 * chain of operators).
 */
interface Fill { kind: 'fill'; first: Doc; rest: Doc[] }
/** A renderer's step inside a broken fill: the next item, on the line if it fits and none before it broke. */
interface FillItem { kind: 'fillItem'; item: Doc; state: { broken: boolean; lines: number } }

export const line: Doc = { kind: 'line', soft: false, hard: false };
export const softline: Doc = { kind: 'line', soft: true, hard: false };
export const hardline: Doc = { kind: 'line', soft: false, hard: true };

export function group(contents: Doc, shouldBreak = false): Doc {
  return { kind: 'group', contents, shouldBreak };
}

export function indent(contents: Doc): Doc {
  return { kind: 'indent', contents };
}

export function ifBreak(broken: Doc, flat: Doc = ''): Doc {
  return { kind: 'ifBreak', broken, flat };
}

export function suffix(contents: Doc): Doc {
  return { kind: 'suffix', contents };
}

/** `first` and `rest`, each after a `line`, on as few lines as fit from the start (see Fill). */
export function fill(first: Doc, rest: Doc[]): Doc {
  return { kind: 'fill', first, rest };
}

/** `head` flat then `tail` where the line holds `head` and `tail` up to its first line break; else `fallback`. */
export function hug(head: Doc, tail: Doc, fallback: Doc): Doc {
  return { kind: 'hug', head, tail, fallback };
}

/** Whether the doc holds a line break of its own or text copied over several lines, so cannot print on one line. */
export function spansLines(doc: Doc): boolean {
  const todo: Doc[] = [doc];
  while (todo.length > 0) {
    const current = todo.pop()!;
    if (typeof current === 'string') continue;
    if (!Array.isArray(current) && ((current.kind === 'line' && current.hard) || (current.kind === 'verbatim' && current.text.includes('\n')) || (current.kind === 'group' && current.shouldBreak))) return true;
    todo.push(...partsOf(current));
  }
  return false;
}

export function verbatim(text: string): Doc {
  return text.includes('\n') ? { kind: 'verbatim', text } : text;
}

export function join(separator: Doc, docs: readonly Doc[]): Doc[] {
  const out: Doc[] = [];
  docs.forEach((doc, i) => {
    if (i > 0) out.push(separator);
    out.push(doc);
  });
  return out;
}

export interface PrintOptions {
  lineWidth: number;
  indentWidth: number;
  useTabs: boolean;
}

/**
 * Whether the doc must print on several lines whatever the width (a hard line, a group marked broken).
 * Worked out children first with a stack of its own, so a deeply nested doc cannot overflow the call stack.
 */
export function breaks(doc: Doc, memo = new Map<object, boolean>()): boolean {
  if (typeof doc === 'string') return false;
  const todo: Exclude<Doc, string>[] = [doc];
  while (todo.length > 0) {
    const current = todo[todo.length - 1]!;
    if (memo.has(current)) {
      todo.pop();
      continue;
    }
    const waiting = todo.length;
    for (const part of partsOf(current)) if (typeof part !== 'string' && !memo.has(part)) todo.push(part);
    if (todo.length > waiting) continue;
    todo.pop();
    memo.set(current, breaksGiven(current, (part) => typeof part !== 'string' && memo.get(part) === true));
  }
  return memo.get(doc)!;
}

function partsOf(doc: Exclude<Doc, string>): readonly Doc[] {
  if (Array.isArray(doc)) return doc;
  switch (doc.kind) {
    case 'group': case 'indent': case 'suffix': return [doc.contents];
    case 'ifBreak': return [doc.broken, doc.flat];
    case 'hug': return [doc.head, doc.tail, doc.fallback];
    case 'fill': return [doc.first, ...doc.rest];
    case 'line': case 'verbatim': return [];
  }
}

/** `breaks` of one doc, from what its parts give. */
function breaksGiven(doc: Exclude<Doc, string>, partBreaks: (part: Doc) => boolean): boolean {
  if (Array.isArray(doc)) return doc.some(partBreaks);
  switch (doc.kind) {
    case 'line': return doc.hard;
    case 'verbatim': return false;
    case 'group': return doc.shouldBreak || partBreaks(doc.contents);
    case 'indent': case 'suffix': return partBreaks(doc.contents);
    case 'ifBreak': return partBreaks(doc.broken) && partBreaks(doc.flat);
    // Its head never breaks (the printer makes a hug only of one that can print flat).
    case 'hug': return partBreaks(doc.tail) && partBreaks(doc.fallback);
    case 'fill': return partBreaks(doc.first) || doc.rest.some(partBreaks);
  }
}

type Mode = 'flat' | 'break';
interface Command { level: number; mode: Mode; doc: Doc | FillItem }

/** Display width: code points (a wide CJK character counts as one). */
export function width(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export function render(doc: Doc, options: PrintOptions): string {
  const memo = new Map<object, boolean>();
  const out: string[] = [];
  let column = 0;
  const stack: Command[] = [{ level: 0, mode: 'break', doc }];
  let lines = 0;
  const newline = (level: number) => {
    lines++;
    // Trailing spaces of the line just ended go; text inside literals never ends in one.
    if (out.length > 0) out[out.length - 1] = withoutTrailingBlanks(out[out.length - 1]!);
    const pad = options.useTabs ? '\t'.repeat(level) : ' '.repeat(level * options.indentWidth);
    out.push('\n' + pad);
    column = level * options.indentWidth;
  };
  while (stack.length > 0) {
    const { level, mode, doc: current } = stack.pop()!;
    if (typeof current === 'string') {
      out.push(current);
      column += width(current);
      continue;
    }
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ level, mode, doc: current[i]! });
      continue;
    }
    switch (current.kind) {
      case 'verbatim': {
        out.push(current.text);
        column = width(current.text.slice(current.text.lastIndexOf('\n') + 1));
        break;
      }
      case 'indent':
        stack.push({ level: level + 1, mode, doc: current.contents });
        break;
      case 'suffix':
        stack.push({ level, mode, doc: current.contents });
        break;
      case 'ifBreak':
        stack.push({ level, mode, doc: mode === 'break' ? current.broken : current.flat });
        break;
      case 'line':
        if (mode === 'flat' && !current.hard) {
          if (!current.soft) {
            out.push(' ');
            column++;
          }
        } else {
          newline(level);
        }
        break;
      case 'group': {
        const flat = mode === 'flat' || (!breaks(current, memo) && fits(current.contents, stack, options.lineWidth - column, memo));
        stack.push({ level, mode: flat ? 'flat' : 'break', doc: current.contents });
        break;
      }
      case 'fill': {
        if (mode === 'flat' || (!breaks(current, memo) && fits(current, stack, options.lineWidth - column, memo))) {
          for (let i = current.rest.length - 1; i >= 0; i--) stack.push({ level, mode: 'flat', doc: [line, current.rest[i]!] });
          stack.push({ level, mode: 'flat', doc: current.first });
          break;
        }
        const state = { broken: false, lines };
        for (let i = current.rest.length - 1; i >= 0; i--) stack.push({ level, mode: 'break', doc: { kind: 'fillItem', item: current.rest[i]!, state } });
        stack.push({ level, mode: 'break', doc: current.first });
        break;
      }
      case 'fillItem': {
        // On this line while each fits (with what follows it up to its next possible break); from the first that
        // does not, one a line; and all of them once what came before spans lines (`a and⏎    b` then `⏎    or c`).
        if (!current.state.broken && lines === current.state.lines && !breaks(current.item, memo) && fits([' ', current.item], stack, options.lineWidth - column, memo)) {
          stack.push({ level, mode: 'flat', doc: [' ', current.item] });
        } else {
          current.state.broken = true;
          newline(level + 1);
          stack.push({ level: level + 1, mode: 'break', doc: current.item });
        }
        break;
      }
      case 'hug': {
        if (mode === 'flat') {
          stack.push({ level, mode, doc: current.tail }, { level, mode, doc: current.head });
          break;
        }
        // The tail, measured as it will print, ends the line at its first break.
        // On the stack while it is measured, not in a copy of it: inside a block the stack holds every statement still to print.
        const tail: Command = { level, mode: 'break', doc: current.tail };
        stack.push(tail);
        if (fits(current.head, stack, options.lineWidth - column, memo)) stack.push({ level, mode: 'flat', doc: current.head });
        else stack[stack.length - 1] = { level, mode: 'break', doc: current.fallback };
        break;
      }
    }
  }
  return out.join('');
}

/**
 * `text` without the spaces and tabs at its end. Not `/[ \t]+$/`: that retries
 * from every blank of every indentation run in the text, quadratic in deep code.
 */
export function withoutTrailingBlanks(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** Whether `doc` printed flat, plus what follows up to the next line break, fits in `room`. */
function fits(doc: Doc, rest: readonly Command[], room: number, memo: Map<object, boolean>): boolean {
  const todo: Array<{ mode: Mode; doc: Doc | FillItem }> = [{ mode: 'flat', doc }];
  let restIndex = rest.length - 1;
  while (room >= 0) {
    let item = todo.pop();
    if (!item) {
      if (restIndex < 0) return true;
      const next = rest[restIndex--]!;
      item = { mode: next.mode, doc: next.doc };
    }
    const { mode, doc: current } = item;
    if (typeof current === 'string') {
      room -= width(current);
      continue;
    }
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) todo.push({ mode, doc: current[i]! });
      continue;
    }
    switch (current.kind) {
      case 'verbatim': {
        // Only the first line of multi-line text shares the line being measured.
        const newline = current.text.indexOf('\n');
        room -= width(newline < 0 ? current.text : current.text.slice(0, newline));
        if (newline >= 0) return room >= 0;
        break;
      }
      case 'indent':
        todo.push({ mode, doc: current.contents });
        break;
      case 'suffix':
        // The line ends with it, and it does not count.
        return true;
      case 'ifBreak':
        todo.push({ mode, doc: mode === 'break' ? current.broken : current.flat });
        break;
      case 'line':
        if (mode === 'break' || current.hard) return true;
        if (!current.soft) room--;
        break;
      case 'group':
        // A group after the one measured keeps the mode of what holds it: its first
        // possible break (in a broken parent) ends the line being measured.
        todo.push({ mode: breaks(current, memo) ? 'break' : mode, doc: current.contents });
        break;
      case 'hug':
        // As it prints when it fits: the head flat, the tail up to its first break.
        todo.push({ mode, doc: current.tail }, { mode: 'flat', doc: current.head });
        break;
      case 'fill':
        // Flat; in a broken parent, up to its first item, where its line may end (as a group's first line).
        if (mode === 'break') {
          todo.push({ mode: 'break', doc: line }, { mode: 'break', doc: current.first });
          break;
        }
        for (let i = current.rest.length - 1; i >= 0; i--) todo.push({ mode: 'flat', doc: [' ', current.rest[i]!] });
        todo.push({ mode: 'flat', doc: current.first });
        break;
      case 'fillItem':
        // The next item of a broken fill may start a line of its own.
        return true;
    }
  }
  return false;
}
