// The edits a request worker has heard but not applied: a document's changes
// are kept in order and applied in one batch when a request needs the
// document, so a burst of keystrokes costs one re-parse, for the latest
// version only, however many came while the worker was busy.
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';

export interface PendingEdits {
  version: number;
  changes: TextDocumentContentChangeEvent[];
}

export class CoalescedEdits {
  readonly #pending = new Map<string, PendingEdits>();

  add(uri: string, version: number, changes: readonly TextDocumentContentChangeEvent[]): void {
    const pending = this.#pending.get(uri);
    // LSP changes apply in order, each to the text the one before left: one list does for many notifications.
    if (pending) {
      pending.version = version;
      pending.changes.push(...changes);
    } else this.#pending.set(uri, { version, changes: [...changes] });
  }

  /** Forgets a document's edits (it was opened afresh or closed). */
  drop(uri: string): void {
    this.#pending.delete(uri);
  }

  /** The documents' pending edits, taken out. */
  take(): Array<[string, PendingEdits]> {
    const taken = [...this.#pending];
    this.#pending.clear();
    return taken;
  }
}
