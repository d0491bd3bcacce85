// Writing the files a command changed, through the workspace's transaction
// (write-transaction.ts), and telling the user what was refused and why.
import { hashBytes, journalPath, writeFiles, type Recovery, type WriteOutcome } from '../ide/index.ts';
import { escapeControls } from './shown-path.ts';

export interface Change {
  /** The file as the user named it or as the command shows it. */
  path: string;
  /** The text the new one was computed from: the file must still hold exactly this. */
  original: string;
  text: string;
}

export interface WriteSettings {
  root: string;
  force: boolean;
  allOrNothing: boolean;
  command: string;
}

/** Writes `changes`; each refusal is reported on stderr as `yaoxiang CMD: CODE: message`. */
export async function writeChanges(changes: readonly Change[], settings: WriteSettings): Promise<WriteOutcome> {
  const outcome = await writeFiles(changes.map((c) => ({ path: c.path, expectedHash: hashBytes(c.original), text: c.text })), settings);
  for (const refusal of outcome.refused) process.stderr.write(`yaoxiang ${settings.command}: ${refusal.code}: ${escapeControls(refusal.message)}\n`);
  return outcome;
}

/** One line on what recovery found at `root`. */
export function describeRecovery(recovery: Recovery, root: string): string {
  const journal = journalPath(root);
  switch (recovery.kind) {
    case 'none': return `no interrupted write in ${root}`;
    case 'in-progress': return `a write by yaoxiang process ${recovery.pid} is in progress (${journal}); left alone`;
    case 'rolled-back': return `undid an interrupted write of ${recovery.files} file(s): none had been replaced yet (${journal})`;
    case 'completed': {
      const kept = recovery.skipped.length > 0 ? `; ${recovery.skipped.length} edited since, kept as they are: ${recovery.skipped.join(', ')}` : '';
      return `completed an interrupted write of ${recovery.files} file(s) (${journal})${kept}`;
    }
  }
}
