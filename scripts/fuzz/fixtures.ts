// Regression fixtures: each failure the fuzzer finds is kept as
// test/fuzz/regressions/<target>-<hash>.json, and npm test replays them all.
// JSON rather than .yx, because sources may hold lone surrogates and NULs
// that a UTF-8 file cannot carry.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export type TargetName = 'source' | 'incremental' | 'mcp-stdio' | 'mcp-http' | 'mcp-http-token' | 'mcp-sse';
export const TARGETS: readonly TargetName[] = ['source', 'incremental', 'mcp-stdio', 'mcp-http', 'mcp-http-token', 'mcp-sse'];

export interface Fixture<Input = unknown> {
  target: TargetName;
  /** The property that broke when it was found, and how. */
  check: string;
  message: string;
  input: Input;
  /** Set while the bug is open: the replay skips the fixture with this reason. */
  known?: string;
}

export function fixtureName(fixture: Fixture): string {
  const hash = createHash('sha256').update(JSON.stringify(fixture.input)).digest('hex').slice(0, 10);
  return `${fixture.target}-${hash}.json`;
}

export function saveFixture(dir: string, fixture: Fixture): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, fixtureName(fixture));
  // A stack in the message names files by this checkout's place on this machine: kept relative to the checkout.
  const message = fixture.message.split(pathToFileURL(join(dir, '..', '..', '..')).href + '/').join('');
  writeFileSync(path, JSON.stringify({ ...fixture, message }, null, 2) + '\n');
  return path;
}

export function loadFixtures(dir: string): Array<{ file: string; fixture: Fixture }> {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => ({ file, fixture: JSON.parse(readFileSync(join(dir, file), 'utf8')) as Fixture }));
}
