// Shared CLI plumbing: the project root and the World for workspace commands.
import { detectProjectRoot, type ProjectRoot } from '../workspace/root.ts';
import { World } from '../workspace/world.ts';
import { UsageError } from './io.ts';

export function projectRoot(explicit: string | undefined): ProjectRoot {
  const detected = detectProjectRoot(explicit === undefined ? { cwd: process.cwd() } : { explicit, cwd: process.cwd() });
  if (!detected.ok) throw new UsageError(`${detected.error.code}: ${detected.error.message}`);
  return detected.value;
}

/** A fully loaded World for one CLI invocation. */
export async function loadWorld(explicit: string | undefined): Promise<World> {
  const world = new World(projectRoot(explicit));
  await world.load();
  return world;
}
