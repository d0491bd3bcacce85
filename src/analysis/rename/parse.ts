// The parser the rename entry points share, created on first use.
import type { Parser } from 'web-tree-sitter';
import { parseOrThrow, reparseChanged } from '../../syntax/document.ts';
import { createParser } from '../../syntax/language.ts';
import { buildFileModel } from '../model/build.ts';
import type { Reparse } from './types.ts';

let shared: Promise<Parser> | undefined;

/** Parses and models a text; the caller deletes the tree. */
export async function reparser(): Promise<Reparse> {
  shared ??= createParser();
  const parser = await shared;
  return (text, from) => {
    const tree = from ? reparseChanged(parser, from.tree, from.text, from.edits.map((e) => ({ start: e.start, end: e.end, text: e.newText }))) : parseOrThrow(parser, text);
    return { tree, model: buildFileModel(tree) };
  };
}
