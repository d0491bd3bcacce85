// Decisions that need the laid-out text: which blocks go on one line (those
// with at most one statement, no comment, nothing multi-line, that fit in
// `line_width`) and how far each match arm's `=>` is pushed to align.
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
  const refused = new Set<BlockSpan>();
  for (;;) {
    const joined = chooseJoins(tokens, text, spans, refused);
    const layout = layoutTokens(tokens, text, unit, { joined: joined.gaps });
    const tooLong = joined.spans.filter((span) => (layout.widths[layout.line[span.open]!] ?? 0) > lineWidth);
    if (tooLong.length === 0) return align(tokens, text, unit, joined.gaps, layout, matches, index);
    for (const span of tooLong) refused.add(span);
  }
}

/** Innermost first: a block joins when every line break inside it is joined already. */
function chooseJoins(tokens: readonly Token[], text: string, spans: readonly BlockSpan[], refused: ReadonlySet<BlockSpan>) {
  const gaps = new Set<number>();
  const chosen: BlockSpan[] = [];
  const breakBefore = (i: number) => countNewlines(text.slice(tokens[i - 1]!.end, tokens[i]!.start)) > 0;
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
function align(tokens: readonly Token[], text: string, unit: string, joined: ReadonlySet<number>, layout: Layout, matches: readonly MatchGroup[], index: ReadonlyMap<number, number>): Layout {
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
  return padding.size === 0 ? layout : layoutTokens(tokens, text, unit, { joined, padding });
}
