// Our formatter's output against the reference formatter's on one program:
// identical, different only by documented divergences (format-rules.ts, each
// rule that was needed named), or different in a way no rule explains, with
// the smallest diff left once the rules are applied.
import type { Node, Parser } from 'web-tree-sitter';
import { formatDiff } from '../../src/analysis/format/index.ts';
import { DEFAULT_FORMAT_OPTIONS, type FormatOptions } from '../../src/analysis/format/options.ts';
import { applyEdits, applyRule, BYTES_RULE, OVERLONG_RULE, TOKEN_RULES, TreeCache, type Edit, type Original, type Rule, type Side } from './format-rules.ts';

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

/** Width in bytes, as the reference measures (§4.3), a tab of the indentation counting `indent_width`. */
function byteWidth(line: string, options: FormatOptions): number {
  const tabs = /^\t*/.exec(line)![0].length;
  return Buffer.byteLength(line, 'utf8') + tabs * (options.indent_width - 1);
}

/** Width as ours measures it: code points, a tab of the indentation counting `indent_width`. */
function pointWidth(line: string, options: FormatOptions): number {
  const tabs = /^\t*/.exec(line)![0].length;
  return [...line].length + tabs * (options.indent_width - 1);
}

/** The top-level statements (comments left out) of `text`. */
function topLevel(parser: Parser, text: string): { start: number; end: number; oneLine: boolean }[] {
  const tree = parser.parse(text);
  if (!tree) return [];
  try {
    return tree.rootNode.namedChildren.filter((c): c is Node => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment')
      .map((c) => ({ start: c.startIndex, end: c.endIndex, oneLine: c.startPosition.row === c.endPosition.row }));
  } finally {
    tree.delete();
  }
}

/**
 * The reference prints some statements on one line however long (record
 * types, parameter lists, if-chains: §4.3), where ours breaks them. When both
 * sides have the same tokens, each statement holding a reference line over the
 * width is compared by its tokens alone: its layout is the reference's bug.
 * So is a top-level statement the reference printed on one line over the
 * width before the rules shortened it (`f: (x: Int) -> Int = (x: Int) => { x
 * + 1 }`, where ours, keeping `(x) =>`, breaks by its own text). And a
 * statement ours prints on one line that fits in code points but not in UTF-8
 * bytes, which the reference measures (§4.3): it breaks it.
 */
/** `trees`: the comparison's parsed texts (the rules parsed both sides' normalised texts already), which outlive this call. */
function overlong(parser: Parser, trees: TreeCache, ours: string, reference: string, rawReference: string, options: FormatOptions): [string, string, Set<string>] {
  const reasons = new Set<string>();
  const oursTree = trees.of(ours);
  const referenceTree = trees.of(reference);
  if (!oursTree || !referenceTree) return [ours, reference, reasons];
  // The comma ours adds after the last item of a broken list is layout too.
  const a = withoutTrailingCommas(leaves(oursTree.rootNode, ours));
  const b = withoutTrailingCommas(leaves(referenceTree.rootNode, reference));
  if (a.length !== b.length || a.some((leaf, i) => leaf.text !== b[i]!.text)) return [ours, reference, reasons];
  const ranges: [number, number][] = [];
  /** The leaves of the statement (of a block or the file) holding the node, on the side whose leaves are `side`. */
  const statementAt = (node: Node | null, side: Leaf[]): void => {
    while (node?.parent && node.parent.type !== 'block' && node.parent.type !== 'source_file') node = node.parent;
    if (!node) return;
    const from = side.findIndex((leaf) => leaf.start >= node.startIndex);
    if (from < 0) return;
    let to = from;
    while (to + 1 < side.length && side[to + 1]!.end <= node.endIndex) to++;
    ranges.push([from, to]);
  };
  const lines = (text: string, each: (line: string, start: number) => void): void => {
    let offset = 0;
    for (const line of text.split('\n')) {
      each(line, offset);
      offset += line.length + 1;
    }
  };
  lines(reference, (line, lineStart) => {
    if (byteWidth(line, options) <= options.line_width) return;
    const first = b.findIndex((leaf) => leaf.start >= lineStart);
    if (first < 0) return;
    reasons.add(OVERLONG_RULE);
    statementAt(referenceTree.rootNode.descendantForIndex(b[first]!.start), b);
  });
  const raw = topLevel(parser, rawReference);
  const normalised = referenceTree.rootNode.namedChildren.filter((c): c is Node => c !== null && c.type !== 'line_comment' && c.type !== 'block_comment');
  if (raw.length === normalised.length) {
    raw.forEach((statement, i) => {
      if (statement.oneLine && byteWidth(rawReference.slice(statement.start, statement.end), options) > options.line_width) {
        reasons.add(OVERLONG_RULE);
        statementAt(normalised[i]!, b);
      }
    });
  }
  lines(ours, (line, lineStart) => {
    if (byteWidth(line, options) <= options.line_width || pointWidth(line, options) > options.line_width) return;
    const first = a.findIndex((leaf) => leaf.start >= lineStart);
    if (first < 0 || a[first]!.start >= lineStart + line.length) return;
    reasons.add(BYTES_RULE);
    statementAt(oursTree.rootNode.descendantForIndex(a[first]!.start), a);
  });
  if (ranges.length === 0) return [ours, reference, reasons];
  const collapse = (text: string, side: Leaf[]): string => {
    const edits: Edit[] = ranges.map(([from, to]) => ({ start: side[from]!.start, end: side[to]!.end, text: side.slice(from, to + 1).map((l) => l.text).join(' ') }));
    return applyEdits(text, edits).text;
  };
  return [collapse(ours, a), collapse(reference, b), reasons];
}

/**
 * The rules of one comparison, each result kept: finding the rules a
 * comparison needs normalises the same texts once per rule left out, so each
 * rule meets the same few texts again and again (each parsed once, too).
 */
class Normaliser {
  readonly parser: Parser;
  readonly original: Original;
  readonly trees: TreeCache;
  readonly #results = new Map<Rule, Map<string, string>>();

  constructor(parser: Parser, original: Original) {
    this.parser = parser;
    this.original = original;
    this.trees = new TreeCache(parser);
  }

  apply(rule: Rule, text: string, side: Side): string {
    let results = this.#results.get(rule);
    if (!results) this.#results.set(rule, (results = new Map<string, string>()));
    const key = `${side}\0${text}`;
    let result = results.get(key);
    if (result === undefined) results.set(key, (result = applyRule(this.parser, rule, text, side, this.original, this.trees)));
    return result;
  }

  delete(): void {
    this.trees.delete();
  }
}

function normalise(normaliser: Normaliser, ours: string, reference: string, rules: readonly Rule[], layout: boolean, reasons = new Set<string>()): [string, string] {
  const { parser, original } = normaliser;
  const rawReference = reference;
  for (const rule of rules) {
    ours = normaliser.apply(rule, ours, 'ours');
    reference = normaliser.apply(rule, reference, 'reference');
  }
  if (!layout) return [ours, reference];
  const [a, b, why] = overlong(parser, normaliser.trees, ours, reference, rawReference, original.options);
  for (const reason of why) reasons.add(reason);
  return [a, b];
}

/** How our output `ours` compares with the reference's `reference` for the program `source`, both formatted with `options`. */
export function compareFormatted(parser: Parser, source: string, ours: string, reference: string, name = 'program.yx', options: FormatOptions = DEFAULT_FORMAT_OPTIONS): FormatComparison {
  if (ours === reference) return { class: 'identical', rules: [] };
  const tree = parser.parse(source);
  if (!tree) throw new Error('the parser gave no tree');
  const original: Original = { tree, text: source, options };
  const normaliser = new Normaliser(parser, original);
  try {
    const [a, b] = normalise(normaliser, ours, reference, TOKEN_RULES, true);
    if (a !== b) {
      const applied = [...new Set(TOKEN_RULES.filter((rule) => normaliser.apply(rule, ours, 'ours') !== ours || normaliser.apply(rule, reference, 'reference') !== reference).map((r) => r.name))];
      return { class: 'unexplained', rules: applied, diff: minimalDiff(a, b, name) };
    }
    // Each rule is needed when the two differ without it (the over-long rule left out when it is not needed itself).
    const [x, y] = normalise(normaliser, ours, reference, TOKEN_RULES, false);
    const layout = x !== y;
    const needed: string[] = [];
    for (const rule of TOKEN_RULES) {
      const [p, q] = normalise(normaliser, ours, reference, TOKEN_RULES.filter((r) => r !== rule), layout);
      // Two rules may share a name: the halves of one divergence.
      if (p !== q && !needed.includes(rule.name)) needed.push(rule.name);
    }
    if (layout) {
      const reasons = new Set<string>();
      normalise(normaliser, ours, reference, TOKEN_RULES, true, reasons);
      needed.push(...reasons);
    }
    return { class: 'explained', rules: needed };
  } finally {
    normaliser.delete();
    tree.delete();
  }
}

/** The hunks of the diff, without file header lines. */
function minimalDiff(ours: string, reference: string, name: string): string {
  return formatDiff(ours, reference, name).map((h) => [`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`, ...h.lines].join('\n')).join('\n');
}
