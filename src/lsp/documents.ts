// The open documents: their text (vscode-languageserver-textdocument) and
// their tree, re-parsed incrementally from the client's content changes.
import type { Parser } from 'web-tree-sitter';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { LineIndex, SyntaxDocument, type TextChange } from '../ide/index.ts';
import { toOffset, toPosition, type Encoding } from './convert.ts';

export interface OpenDocument {
  uri: string;
  text: TextDocument;
  syntax: SyntaxDocument;
}

export class DocumentStore {
  readonly #parser: Parser;
  readonly #encoding: Encoding;
  readonly #open = new Map<string, OpenDocument>();

  constructor(parser: Parser, encoding: Encoding) {
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
    const document = { uri, text: TextDocument.create(uri, languageId, version, text), syntax: new SyntaxDocument(this.#parser, text, version) };
    this.#open.set(uri, document);
    return document;
  }

  /** Applies the changes in order; ranged changes become tree-sitter edits. */
  change(uri: string, version: number, changes: readonly TextDocumentContentChangeEvent[]): OpenDocument | undefined {
    const document = this.#open.get(uri);
    if (!document) return undefined;
    if (changes.some((c) => !('range' in c))) {
      const whole = changes.at(-1)!;
      document.text = TextDocument.update(document.text, [whole], version);
      document.syntax.replace(document.text.getText(), version);
      return document;
    }
    const edits: TextChange[] = [];
    let text = document.text;
    for (const change of changes) {
      if (!('range' in change)) continue;
      // The client counts in its encoding; TextDocument counts UTF-16 code units.
      const lines = new LineIndex(text.getText());
      const start = toOffset(lines, change.range.start, this.#encoding);
      const end = toOffset(lines, change.range.end, this.#encoding);
      edits.push({ start, end, text: change.text });
      const range = { start: toPosition(lines, start, 'utf-16'), end: toPosition(lines, end, 'utf-16') };
      text = TextDocument.update(text, [{ range, text: change.text }], version);
    }
    document.text = text;
    document.syntax.update(edits, version);
    return document;
  }

  close(uri: string): void {
    this.#open.get(uri)?.syntax.dispose();
    this.#open.delete(uri);
  }

  dispose(): void {
    for (const uri of this.uris()) this.close(uri);
  }
}
