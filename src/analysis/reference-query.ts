// The ways a caller names what to find references of: `total`, `Point.shift`,
// `utils.yx:total` (a name in one file) or `main.yx:8:10` (1-based position).
import { findReferences, targetAt, targetsNamed, type AnalyzedFile, type Location } from './navigation.ts';
import type { MembersOf } from './receivers.ts';

export type ReferenceQuery =
  | { kind: 'position'; file: string; line: number; column: number }
  | { kind: 'name'; name: string; file?: string };

export function parseReferenceQuery(query: string): ReferenceQuery {
  const position = /^(.+\.yx):(\d+):(\d+)$/.exec(query);
  if (position) return { kind: 'position', file: position[1]!, line: Number(position[2]), column: Number(position[3]) };
  const inFile = /^(.+\.yx):([A-Za-z_][\w.]*)$/.exec(query);
  if (inFile) return { kind: 'name', name: inFile[2]!, file: inFile[1]! };
  return { kind: 'name', name: query };
}

/**
 * Every location of what the query names, definitions first per target.
 * `file` in the query must already be a key of `files` (the caller resolves paths).
 * `members`: the checker's receiver types, for members (see findReferences).
 */
export function referencesForQuery(files: ReadonlyMap<string, AnalyzedFile>, query: ReferenceQuery, members?: MembersOf): Location[] {
  if (query.kind === 'position') {
    const state = files.get(query.file);
    if (!state) return [];
    const target = targetAt(files, query.file, state.lines.fromHuman({ line: query.line, column: query.column }), members);
    return target ? findReferences(files, target, members) : [];
  }
  return targetsNamed(files, query.name, query.file).flatMap((t) => findReferences(files, t, members));
}
