// Shared CLI plumbing: the project root. (The analysis host for workspace
// commands is project-host.ts: `check` and `fmt` need the root, not the host,
// and the CLI bundle loads a module's imports with it.)
import { detectProjectRoot, type ProjectRoot } from '../ide/index.ts';
import { UsageError } from './io.ts';

export function projectRoot(explicit: string | undefined): ProjectRoot {
  const detected = detectProjectRoot(explicit === undefined ? { cwd: process.cwd() } : { explicit, cwd: process.cwd() });
  if (!detected.ok) throw new UsageError(`${detected.error.code}: ${detected.error.message}`);
  return detected.value;
}
