// Our formatter's output against the reference formatter's on one program:
// identical, different only by documented divergences (format-rules.ts, each
// rule that was needed named), or different in a way no rule explains, with
// the smallest diff left once the rules are applied.
import type { Node, Parser } from 'web-tree-sitter';
import { formatDiff } from '../../src/analysis/format/index.ts';
import { applyEdits, applyRule, OVERLONG_RULE, REFERENCE_LINE_WIDTH, TOKEN_RULES, type Edit, type Original, type Rule } from './format-rules.ts';

export type FormatClass = 'identical' | 'explained' | 'unexplained';

export interface FormatComparison {
  class: FormatClass;
  /** The rules without which the two would not agree (for `explained`), or that applied (for `unexplained`). */
  rules: string[];
  /** For `unexplained`: the diff of the two texts once every rule is applied (ours `-`, the reference's `+`). */
  diff?: string;
}

interface Leaf {
  start: number;
  end: number;
  text: string;
}

function leaves(root: Node, text: string): Leaf[] {
  const out: Leaf[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.childCount === 0 || node.type === 'string_content') {
      if (node.endIndex > node.startIndex) out.push({ start: node.startIndex, end: node.endIndex, text: text.slice(node.startIndex, node.endIndex) });
      continue;
    }
    for (let i = node.childCount - 1; i >= 0; i--) {
      const child = node.child(i);
      if (child) stack.push(child);
    }
  }
  return out;
}

function withoutTrailingCommas(all: Leaf[]): Leaf[] {
  return all.filter((leaf, i) => !(leaf.text === ',' && /^[)\]}]$/.test(all[i + 1]?.text ?? '')));
}

/** Width in bytes, as the reference measures (§4.3). */
const byteWidth = (line: string): number => Buffer.byteLength(line, 'utf8');

/**
 * The reference prints some statements on one line however long (record
 * types, parameter lists, if-chains: §4.3), where ours breaks them. When both
 * sides have the same tokens, each statement holding a reference line over the
 * width is compared by its tokens alone: its layout is the reference's bug.
 */
function overlong(parser: Parser, ours: string, reference: string): [string, string] {
  const oursTree = parser.parse(ours);
  const referenceTree = parser.parse(reference);
  if (!oursTree || !referenceTree) return [ours, reference];
  try {
    // The comma ours adds after the last item of a broken list is layout too.
    const a = withoutTrailingCommas(leaves(oursTree.rootNode, ours));
    const b = withoutTrailingCommas(leaves(referenceTree.rootNode, reference));
    if (a.length !== b.length || a.some((leaf, i) => leaf.text !== b[i]!.text)) return [ours, reference];
    const ranges: [number, number][] = [];
    let offset = 0;
    for (const line of reference.split('\n')) {
      const lineStart = offset;
      offset += line.length + 1;
      if (byteWidth(line) <= REFERENCE_LINE_WIDTH) continue;
      const first = b.findIndex((leaf) => leaf.start >= lineStart);
      if (first < 0) continue;
      let node: Node | null = referenceTree.rootNode.descendantForIndex(b[first]!.start);
      while (node?.parent && node.parent.type !== 'block' && node.parent.type !== 'source_file') node = node.parent;
      if (!node) continue;
      const from = b.findIndex((leaf) => leaf.start >= node.startIndex);
      let to = from;
      while (to + 1 < b.length && b[to + 1]!.end <= node.endIndex) to++;
      ranges.push([from, to]);
    }
    if (ranges.length === 0) return [ours, reference];
    const collapse = (text: string, side: Leaf[]): string => {
      const edits: Edit[] = ranges.map(([from, to]) => ({ start: side[from]!.start, end: side[to]!.end, text: side.slice(from, to + 1).map((l) => l.text).join(' ') }));
      return applyEdits(text, edits).text;
    };
    return [collapse(ours, a), collapse(reference, b)];
  } finally {
    oursTree.delete();
    referenceTree.delete();
  }
}

function normalise(parser: Parser, ours: string, reference: string, rules: readonly Rule[], layout: boolean, original: Original | undefined): [string, string] {
  for (const rule of rules) {
    ours = applyRule(parser, rule, ours, 'ours', original);
    reference = applyRule(parser, rule, reference, 'reference', original);
  }
  return layout ? overlong(parser, ours, reference) : [ours, reference];
}

/** How our output `ours` compares with the reference's `reference` for the program `source`. */
export function compareFormatted(parser: Parser, source: string, ours: string, reference: string, name = 'program.yx'): FormatComparison {
  if (ours === reference) return { class: 'identical', rules: [] };
  const tree = parser.parse(source);
  if (!tree) throw new Error('the parser gave no tree');
  const original: Original = { tree, text: source };
  try {
    const [a, b] = normalise(parser, ours, reference, TOKEN_RULES, true, original);
    if (a !== b) {
      const applied = TOKEN_RULES.filter((rule) => applyRule(parser, rule, ours, 'ours', original) !== ours || applyRule(parser, rule, reference, 'reference', original) !== reference).map((r) => r.name);
      return { class: 'unexplained', rules: applied, diff: minimalDiff(a, b, name) };
    }
    // Each rule is needed when the two differ without it (the over-long rule left out when it is not needed itself).
    const [x, y] = normalise(parser, ours, reference, TOKEN_RULES, false, original);
    const layout = x !== y;
    const needed: string[] = [];
    for (const rule of TOKEN_RULES) {
      const [p, q] = normalise(parser, ours, reference, TOKEN_RULES.filter((r) => r !== rule), layout, original);
      if (p !== q) needed.push(rule.name);
    }
    if (layout) needed.push(OVERLONG_RULE);
    return { class: 'explained', rules: needed };
  } finally {
    tree.delete();
  }
}

/** The hunks of the diff, without file header lines. */
function minimalDiff(ours: string, reference: string, name: string): string {
  return formatDiff(ours, reference, name).map((h) => [`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`, ...h.lines].join('\n')).join('\n');
}
