// Loads the YaoXiang grammar into web-tree-sitter once per process.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Language, Parser } from 'web-tree-sitter';
import { adoptBinding } from './cursor-steps.ts';
import { adoptWordTransfers } from './transfer-words.ts';

/** Where the committed WASM build of tree-sitter-yaoxiang lives, from src/ or dist/src/. */
export const grammarWasmPath: string = fileURLToPath(
  new URL(
    import.meta.url.includes('/dist/src/')
      ? '../../../tree-sitter-yaoxiang/tree-sitter-yaoxiang.wasm'
      : '../../tree-sitter-yaoxiang/tree-sitter-yaoxiang.wasm',
    import.meta.url,
  ),
);

let loading: Promise<Language> | undefined;

/** The YaoXiang language; the first call initialises web-tree-sitter. */
export function loadYaoXiang(): Promise<Language> {
  loading ??= (async () => {
    // The module object Parser.init fills in: node tables walk through its exports (cursor-steps.ts).
    const binding = {};
    await Parser.init(binding);
    adoptBinding(binding);
    adoptWordTransfers(binding);
    return Language.load(new Uint8Array(await readFile(grammarWasmPath)));
  })();
  return loading;
}

/** A parser already set to YaoXiang. Parsers hold WASM memory: call `delete()` when done. */
export async function createParser(): Promise<Parser> {
  const language = await loadYaoXiang();
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}
