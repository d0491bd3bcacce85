// Fixtures in the style of rust-analyzer's: several files in one string,
// `$0` for the cursor, and caret lines marking expected ranges.
//
//   //- /utils.yx
//   pub total = 1
//   //  ^^^^^
//   //- /main.yx
//   use utils.{total}
//   x = tot$0al
//
// A caret line (`^`s alone, optionally after `//`) marks columns of the line
// above it and is removed, as is `$0`. Without `//` it can mark column 1.
import { createParser } from '../../src/syntax/language.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { analyzeFile, type FileAnalysis } from '../../src/analysis/analyze.ts';

export interface Marked {
  file: string;
  line: number;
  column: number;
  endColumn: number;
}

export interface Fixture {
  files: Map<string, string>;
  cursor?: { file: string; offset: number; line: number; column: number };
  marks: Marked[];
}

export function parseFixture(source: string): Fixture {
  const files = new Map<string, string>();
  const marks: Marked[] = [];
  let cursor: Fixture['cursor'];
  let current = '/main.yx';
  let lines: string[] = [];
  const flush = () => {
    if (lines.length > 0 || files.has(current)) files.set(current.replace(/^\//, ''), lines.join('\n') + '\n');
  };
  for (const raw of source.replace(/^\n/, '').split('\n')) {
    const header = /^\/\/- (\S+)\s*$/.exec(raw);
    if (header) {
      if (lines.length > 0) flush();
      current = header[1]!;
      lines = [];
      continue;
    }
    if (/^\s*(\/\/)?\s*\^+\s*$/.test(raw) && lines.length > 0) {
      const start = raw.indexOf('^');
      const end = raw.lastIndexOf('^') + 1;
      marks.push({ file: current.replace(/^\//, ''), line: lines.length, column: start + 1, endColumn: end + 1 });
      continue;
    }
    const at = raw.indexOf('$0');
    let line = raw;
    if (at !== -1) {
      line = raw.slice(0, at) + raw.slice(at + 2);
      const before = lines.join('\n').length + (lines.length > 0 ? 1 : 0);
      cursor = { file: current.replace(/^\//, ''), offset: before + at, line: lines.length + 1, column: at + 1 };
    }
    lines.push(line);
  }
  flush();
  return { files, marks, ...(cursor ? { cursor } : {}) };
}

const parser = await createParser();

/** Analyses fixture files in memory, as the World would on disk. */
export function analyzeFixture(fixture: Fixture): Map<string, FileAnalysis> {
  const analyzed = new Map<string, FileAnalysis>();
  for (const [path, text] of fixture.files) {
    const tree = parseOrThrow(parser, text);
    analyzed.set(path, analyzeFile(tree, path, text, (candidate) => fixture.files.has(candidate)));
    tree.delete();
  }
  return analyzed;
}
