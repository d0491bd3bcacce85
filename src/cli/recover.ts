// Every command that works in a project first finishes or undoes a write that
// was interrupted there (a `rename --write` or `fmt --write` killed midway),
// so no command ever sees a half-renamed project.
import { parseArgs } from 'node:util';
import { recoverWrites } from '../ide/index.ts';
import { projectRoot } from './project.ts';
import { describeRecovery } from './write.ts';

/** Recovers in the project `argv` names (its --project-root, else the detected one); quiet when there is nothing to do. */
export function recoverBeforeCommand(argv: readonly string[]): void {
  let root: string;
  try {
    root = projectRoot(explicitRoot(argv)).root;
  } catch {
    // No usable root: the command itself says why.
    return;
  }
  const recovery = recoverWrites(root);
  if (recovery.kind !== 'none') process.stderr.write(`yaoxiang: ${describeRecovery(recovery, root)}\n`);
}

function explicitRoot(argv: readonly string[]): string | undefined {
  const { values } = parseArgs({ args: [...argv], strict: false, allowPositionals: true, options: { 'project-root': { type: 'string' } } });
  const given = values['project-root'];
  return typeof given === 'string' ? given : undefined;
}
