// The last few source texts parse_source was given, parsed: an agent sends the
// same snippet again (other max_depth, tab_size or named_only; a retry; the
// registry's own shrink retries), and the tree and syntax diagnostics of a
// text are a function of the text alone, so they are kept instead of being
// parsed and diagnosed again (about two thirds of a 1,000-line call). A new
// text is most often a kept one edited (the agent changed a line and asks
// again): it is parsed by editing the kept tree, as an editor's keystroke is,
// which gives the tree a fresh parse gives at a fraction of the cost.
import type { Parser } from 'web-tree-sitter';
import { changeBetween, parseSource, type ParsedSource, type TextChange } from '../ide/index.ts';

export interface ParsedSourcesLimits {
  /** Texts kept at most. */
  entries: number;
  /** UTF-16 units of text kept at most, all entries together (a tree's WASM memory grows with its text). */
  chars: number;
}

export const DEFAULT_PARSED_SOURCES: ParsedSourcesLimits = { entries: 4, chars: 1024 * 1024 };

export class ParsedSources {
  readonly #limits: ParsedSourcesLimits;
  /** In order of use, the least recent first. */
  readonly #entries = new Map<string, ParsedSource>();
  #chars = 0;

  constructor(limits: ParsedSourcesLimits = DEFAULT_PARSED_SOURCES) {
    this.#limits = limits;
  }

  /** Texts kept now. */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The parse of `text`. The tree is the caller's own (a copy, which costs a
   * reference count, not a parse): it deletes it when done, whatever becomes
   * of the kept one. The diagnostics are shared and must not be changed.
   */
  parse(parser: Parser, text: string): ParsedSource {
    // A text too large to keep is parsed for its call only.
    if (text.length > this.#limits.chars) return parseSource(parser, text);
    let entry = this.#entries.get(text);
    if (entry) {
      this.#entries.delete(text);
      this.#entries.set(text, entry);
    } else {
      const base = this.#closest(text);
      entry = base ? parseSource(parser, text, base) : parseSource(parser, text);
      this.#keep(text, entry);
    }
    return { ...entry, tree: entry.tree.copy() };
  }

  /** Deletes every kept tree. */
  clear(): void {
    for (const entry of this.#entries.values()) entry.tree.delete();
    this.#entries.clear();
    this.#chars = 0;
  }

  /**
   * The kept text `text` shares most with, and the change from it, when they
   * share more than half of `text`: below that, editing a tree saves little.
   */
  #closest(text: string): { tree: ParsedSource['tree']; text: string; change: TextChange } | undefined {
    let best: { tree: ParsedSource['tree']; text: string; change: TextChange } | undefined;
    let bestShared = text.length / 2;
    for (const [kept, entry] of this.#entries) {
      const change = changeBetween(kept, text);
      const shared = kept.length - (change.end - change.start);
      if (shared > bestShared) {
        best = { tree: entry.tree, text: kept, change };
        bestShared = shared;
      }
    }
    return best;
  }

  #keep(text: string, entry: ParsedSource): void {
    this.#entries.set(text, entry);
    this.#chars += text.length;
    for (const [oldest, old] of this.#entries) {
      if (this.#entries.size <= this.#limits.entries && this.#chars <= this.#limits.chars) break;
      this.#entries.delete(oldest);
      this.#chars -= oldest.length;
      old.tree.delete();
    }
  }
}
