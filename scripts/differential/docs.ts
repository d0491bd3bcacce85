// The code blocks of the reference repository's docs/, each one a program:
// ```yaoxiang and ```yx fences, and unlabelled fences whose text is plainly
// YaoXiang. Read from the git directory, so no checkout is needed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ProgramFile } from './programs.ts';

export class DocsUnavailable extends Error {
  override name = 'DocsUnavailable';
}

const REVISIONS = ['v0.7.12', 'HEAD'];

function git(gitDir: string, args: string[]): string | undefined {
  const result = spawnSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return result.status === 0 ? result.stdout : undefined;
}

export interface DocBlock {
  /** docs path and the block's first line, e.g. `docs/src/en/guide.md:120`. */
  origin: string;
  text: string;
}

/** The blocks of every docs/**.md at v0.7.12 (HEAD when the tag is missing), first occurrence of each text only. */
export function docBlocks(gitDir: string): { revision: string; blocks: DocBlock[]; duplicates: number } {
  const revision = REVISIONS.find((r) => git(gitDir, ['rev-parse', '--verify', '--quiet', `${r}^{commit}`]) !== undefined);
  if (!revision) throw new DocsUnavailable(`no v0.7.12 or HEAD in ${gitDir}`);
  const listing = git(gitDir, ['ls-tree', '-r', '--name-only', revision, 'docs']) ?? '';
  const seen = new Set<string>();
  const blocks: DocBlock[] = [];
  let duplicates = 0;
  for (const file of listing.split('\n').filter((f) => f.endsWith('.md')).sort()) {
    const markdown = git(gitDir, ['show', `${revision}:${file}`]) ?? '';
    for (const block of fencedBlocks(markdown)) {
      if (!isYaoXiang(block.info, block.text)) continue;
      if (seen.has(block.text)) {
        duplicates++;
        continue;
      }
      seen.add(block.text);
      blocks.push({ origin: `${file}:${block.line}`, text: block.text });
    }
  }
  return { revision, blocks, duplicates };
}

interface Fence {
  info: string;
  /** 1-based line of the opening fence. */
  line: number;
  text: string;
}

/** Fenced blocks (``` or ~~~, indented as list items may be), the indent of the opening fence removed. */
export function fencedBlocks(markdown: string): Fence[] {
  const lines = markdown.split('\n');
  const fences: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^([ \t]*)(`{3,}|~{3,})[ \t]*([^`\s]*)/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const marker = open[2]!;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = /^[ \t]*(`{3,}|~{3,})[ \t]*$/.exec(lines[j]!);
      if (close && close[1]![0] === marker[0] && close[1]!.length >= marker.length) break;
      body.push(lines[j]!.slice(Math.min(indent, lines[j]!.length - lines[j]!.trimStart().length)));
    }
    fences.push({ info: open[3]!.toLowerCase(), line: i + 1, text: body.join('\n').replace(/\s+$/, '') + '\n' });
    i = j;
  }
  return fences;
}

/** Labelled yaoxiang/yx, or unlabelled with a YaoXiang function binding or std import and nothing of another language. */
function isYaoXiang(info: string, text: string): boolean {
  if (info === 'yaoxiang' || info === 'yx') return true;
  if (info !== '') return false;
  if (text.trim() === '') return false;
  const yaoxiang = /^\s*(?:pub\s+)?\w+\s*(?::\s*[^=\n]+)?=\s*\([^)\n]*\)\s*=>/m.test(text) || /^\s*use\s+std\./m.test(text);
  const foreign = /^\s*(?:fn |let |def |function |import |#include|\$ |npm |cargo |yaoxiang )/m.test(text);
  return yaoxiang && !foreign;
}

/** The blocks written as files under `dir` (named by a hash of the text, so re-runs reuse the reference's cache). */
export function writeDocBlocks(blocks: readonly DocBlock[], dir: string): ProgramFile[] {
  mkdirSync(dir, { recursive: true });
  return blocks.map((block) => {
    const absolute = path.join(dir, `${createHash('sha256').update(block.text).digest('hex').slice(0, 16)}.yx`);
    writeFileSync(absolute, block.text);
    return { name: block.origin, absolute, text: block.text };
  });
}
