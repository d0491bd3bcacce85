// The open documents: their text (vscode-languageserver-textdocument) and
// their tree, re-parsed incrementally from the client's content changes.
// The TextDocument is the one copy of the text; the tree's text is made from
// the same edits at the same offsets, so the two cannot drift apart. The
// server's main thread keeps the text alone (no parser): it never analyses.
import type { Parser } from 'web-tree-sitter';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { SyntaxDocument } from '../ide/index.ts';
import { applyContentChanges } from './content-changes.ts';
import type { Encoding } from './convert.ts';

export interface OpenDocument {
  uri: string;
  text: TextDocument;
  /** The tree, kept where a parser was given (the request workers). */
  syntax: SyntaxDocument | undefined;
}

export class DocumentStore {
  readonly #parser: Parser | undefined;
  readonly #encoding: Encoding;
  readonly #open = new Map<string, OpenDocument>();

  constructor(parser: Parser | undefined, encoding: Encoding) {
    this.#parser = parser;
    this.#encoding = encoding;
  }

  get(uri: string): OpenDocument | undefined {
    return this.#open.get(uri);
  }

  uris(): string[] {
    return [...this.#open.keys()];
  }

  open(uri: string, languageId: string, version: number, text: string): OpenDocument {
    this.close(uri);
    const document = { uri, text: TextDocument.create(uri, languageId, version, text), syntax: this.#parser ? new SyntaxDocument(this.#parser, text, version) : undefined };
    this.#open.set(uri, document);
    return document;
  }

  /**
   * Applies the changes in order, as the spec says (see content-changes.ts).
   * The TextDocument is the text; the tree follows it through the very edits
   * that made it, or is parsed afresh when a change replaced everything.
   */
  change(uri: string, version: number, changes: readonly TextDocumentContentChangeEvent[]): OpenDocument | undefined {
    const document = this.#open.get(uri);
    if (!document) return undefined;
    const applied = applyContentChanges(document.text, changes, version, this.#encoding);
    if (applied.replaced) document.syntax?.replace(document.text.getText(), version);
    else document.syntax?.update(applied.edits, version);
    return document;
  }

  close(uri: string): void {
    this.#open.get(uri)?.syntax?.dispose();
    this.#open.delete(uri);
  }

  dispose(): void {
    for (const uri of this.uris()) this.close(uri);
  }
}
