// Decisions that need the laid-out text: which blocks go on one line (those
// with at most one statement, no comment, nothing multi-line, that fit in
// `line_width`), which lists are broken one item per line because their line
// is too long, and how far each match arm's `=>` is pushed to align.
import type { BlockGroup, MatchGroup } from './groups.ts';
import { countNewlines, layoutTokens, type Layout } from './layout.ts';
import { isComment, type Token } from './tokens.ts';

interface BlockSpan {
  open: number;
  close: number;
}

export function planLayout(tokens: readonly Token[], text: string, unit: string, lineWidth: number, blocks: readonly BlockGroup[], matches: readonly MatchGroup[]): Layout {
  const index = new Map(tokens.map((token, i) => [token.start, i]));
  const byEnd = new Map(tokens.map((token, i) => [token.end, i]));
  const spans: BlockSpan[] = [];
  for (const block of blocks) {
    const open = index.get(block.start);
    const close = byEnd.get(block.end);
    if (open === undefined || close === undefined || block.statements > 1) continue;
    const inner = tokens.slice(open + 1, close);
    if (inner.some((token) => isComment(token) || token.text.includes('\n'))) continue;
    spans.push({ open, close });
  }
  spans.sort((a, b) => a.close - a.open - (b.close - b.open));
  // Joining blocks and breaking lists depend on each other: a block may fit
  // only once a list in it is broken. Breaks only grow, so this ends.
  const breaks = new Set<number>();
  const commas = new Set<number>();
  for (;;) {
    const refused = new Set<BlockSpan>();
    let decided: { joined: ReadonlySet<number>; layout: Layout };
    for (;;) {
      const joined = chooseJoins(tokens, text, spans, refused, breaks);
      const layout = layoutTokens(tokens, text, unit, { joined: joined.gaps, breaks, commas });
      const tooLong = joined.spans.filter((span) => (layout.widths[layout.line[span.open]!] ?? 0) > lineWidth);
      if (tooLong.length === 0) {
        decided = { joined: joined.gaps, layout };
        break;
      }
      for (const span of tooLong) refused.add(span);
    }
    if (!breakLongLists(tokens, lineWidth, decided.layout, breaks, commas)) {
      return align(tokens, text, unit, { joined: decided.joined, breaks, commas }, decided.layout, matches, index);
    }
  }
}

/** Lists whose items may go one per line with a trailing comma (never tuples: `(a,)` is a tuple). */
const BREAKABLE = new Set(['arguments', 'parameters', 'lambda_parameters', 'list', 'type_arguments']);

interface Decided {
  joined: ReadonlySet<number>;
  breaks: ReadonlySet<number>;
  commas: ReadonlySet<number>;
}

/**
 * On each line longer than `line_width`, the outermost block or list that
 * opens and closes on it is broken: a block after `{` and before `}`, a list
 * into one item per line with a trailing comma. Nothing inside a record,
 * dictionary or pattern in braces is broken. Returns whether anything was.
 */
function breakLongLists(tokens: readonly Token[], lineWidth: number, layout: Layout, breaks: Set<number>, commas: Set<number>): boolean {
  const pairs = bracketPairs(tokens);
  const sameLine = (pair: BracketPair) => layout.line[pair.close] === layout.line[pair.open];
  let changed = false;
  const handled = new Set<number>();
  for (const pair of pairs) {
    const lineNo = layout.line[pair.open]!;
    if (handled.has(lineNo) || (layout.widths[lineNo] ?? 0) <= lineWidth || !sameLine(pair) || pair.close === pair.open + 1) continue;
    let inBraces = false;
    for (let outer = pair.enclosing; outer !== undefined && sameLine(pairs[outer]!); outer = pairs[outer]!.enclosing) {
      if (tokens[pairs[outer]!.open]!.text === '{') inBraces = true;
    }
    if (inBraces) continue;
    const opener = tokens[pair.open]!;
    if (opener.text === '{') {
      if (opener.parent !== 'block') continue;
      breaks.add(pair.open + 1);
      breaks.add(pair.close);
    } else {
      if (!BREAKABLE.has(opener.parent) || tokens.slice(pair.open + 1, pair.close).some(isComment)) continue;
      breaks.add(pair.open + 1);
      for (const comma of pair.commas) if (comma + 1 < pair.close) breaks.add(comma + 1);
      breaks.add(pair.close);
      if (tokens[pair.close - 1]!.text !== ',') commas.add(pair.close);
    }
    handled.add(lineNo);
    changed = true;
  }
  return changed;
}

interface BracketPair {
  open: number;
  close: number;
  /** Top-level commas. */
  commas: number[];
  /** Index in the pair list of the pair around this one. */
  enclosing: number | undefined;
}

/** Every bracket pair, in order of its opener. */
function bracketPairs(tokens: readonly Token[]): BracketPair[] {
  const pairs: BracketPair[] = [];
  const stack: number[] = [];
  tokens.forEach((token, i) => {
    if (isComment(token)) return;
    if (token.text === '(' || token.text === '[' || token.text === '{') {
      pairs.push({ open: i, close: -1, commas: [], enclosing: stack[stack.length - 1] });
      stack.push(pairs.length - 1);
    } else if (token.text === ',') {
      const top = stack[stack.length - 1];
      if (top !== undefined) pairs[top]!.commas.push(i);
    } else if (token.text === ')' || token.text === ']' || token.text === '}') {
      const top = stack.pop();
      if (top !== undefined) pairs[top]!.close = i;
    }
  });
  // A tree without errors closes every bracket.
  return pairs;
}

/** Innermost first: a block joins when every line break inside it is joined already. */
function chooseJoins(tokens: readonly Token[], text: string, spans: readonly BlockSpan[], refused: ReadonlySet<BlockSpan>, forced: ReadonlySet<number>) {
  const gaps = new Set<number>();
  const chosen: BlockSpan[] = [];
  const breakBefore = (i: number) => forced.has(i) || countNewlines(text.slice(tokens[i - 1]!.end, tokens[i]!.start)) > 0;
  for (const span of spans) {
    if (refused.has(span)) continue;
    let single = true;
    for (let i = span.open + 2; i < span.close && single; i++) if (breakBefore(i) && !gaps.has(i)) single = false;
    if (!single) continue;
    if (breakBefore(span.open + 1)) gaps.add(span.open + 1);
    if (breakBefore(span.close)) gaps.add(span.close);
    chosen.push(span);
  }
  return { gaps, spans: chosen };
}

/** Pads patterns so that `=>` lines up, in every match whose arms each start a line. */
function align(tokens: readonly Token[], text: string, unit: string, decided: Decided, layout: Layout, matches: readonly MatchGroup[], index: ReadonlyMap<number, number>): Layout {
  const padding = new Map<number, number>();
  for (const match of matches) {
    const arms = match.arms.map((arm) => ({ start: index.get(arm.start), arrow: index.get(arm.arrow) }));
    if (arms.some((arm) => arm.start === undefined || arm.arrow === undefined)) continue;
    const startsLine = (i: number) => i === 0 || layout.line[i - 1] !== layout.line[i];
    const lines = new Set(arms.map((arm) => layout.line[arm.arrow!]));
    if (lines.size !== arms.length || !arms.every((arm) => startsLine(arm.start!) && layout.line[arm.start!] === layout.line[arm.arrow!])) continue;
    const target = Math.max(...arms.map((arm) => layout.column[arm.arrow!]!));
    for (const arm of arms) {
      const pad = target - layout.column[arm.arrow!]!;
      if (pad > 0) padding.set(arm.arrow!, pad);
    }
  }
  return padding.size === 0 ? layout : layoutTokens(tokens, text, unit, { ...decided, padding });
}
