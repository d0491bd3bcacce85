// A CPU profile summary for issue 24's question: how much of `check` is spent
// crossing into the tree (web-tree-sitter's node API: its JS glue and the WASM
// calls made through it) rather than parsing or analysing.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  /** Under a web-tree-sitter.js frame other than Parser.parse. */
  nodeApiMs: number;
  /** Under Parser.parse (the parse itself, grammar and runtime). */
  parseMs: number;
  gcMs: number;
  idleMs: number;
  /** The functions with the most self time outside idle, "name file" → ms. */
  top: Array<[string, number]>;
}

const TREE_SITTER_GLUE = /web-tree-sitter\.(c?js|mjs)$/;

/** Summarizes the one .cpuprofile in `dir` (node --cpu-prof --cpu-prof-dir=dir). */
export function summarizeProfile(dir: string): ProfileSummary {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  // What each node's stack is under: the outermost web-tree-sitter frame decides.
  const kindOf = new Map<number, 'api' | 'parse' | 'other'>();
  const kind = (id: number): 'api' | 'parse' | 'other' => {
    const known = kindOf.get(id);
    if (known) return known;
    const parent = parentOf.get(id);
    const above = parent === undefined ? 'other' : kind(parent);
    const frame = byId.get(id)!.callFrame;
    const own = above !== 'other' ? above : TREE_SITTER_GLUE.test(frame.url) ? (frame.functionName === 'parse' ? 'parse' : 'api') : 'other';
    kindOf.set(id, own);
    return own;
  };
  const summary: ProfileSummary = { totalMs: 0, nodeApiMs: 0, parseMs: 0, gcMs: 0, idleMs: 0, top: [] };
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') {
      summary.idleMs += ms;
      return;
    }
    summary.totalMs += ms;
    if (frame.functionName === '(garbage collector)') summary.gcMs += ms;
    const k = kind(id);
    if (k === 'api') summary.nodeApiMs += ms;
    else if (k === 'parse') summary.parseMs += ms;
    const name = `${frame.functionName || '(anonymous)'} ${path.basename(frame.url) || '-'}`;
    self.set(name, (self.get(name) ?? 0) + ms);
  });
  summary.top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
  return summary;
}
