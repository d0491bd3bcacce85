// Loads the YaoXiang grammar into web-tree-sitter once per process.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Language, Node, Parser } from 'web-tree-sitter';
import { adoptBinding } from './cursor-steps.ts';
import { ownText } from './own-text.ts';
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
/** The module object web-tree-sitter's WASM binding filled in. */
let binding: { HEAP8?: Int8Array } | undefined;

/** Bytes of web-tree-sitter's WASM memory (0 before it is loaded): it grows to what the largest parse needed and never shrinks. */
export function wasmHeapBytes(): number {
  return binding?.HEAP8?.buffer.byteLength ?? 0;
}

/** The YaoXiang language; the first call initialises web-tree-sitter. */
export function loadYaoXiang(): Promise<Language> {
  loading ??= (async () => {
    // The module object Parser.init fills in: node tables walk through its exports (cursor-steps.ts).
    const runtime = runtimeWasmPath();
    const module: { locateFile(): string; HEAP8?: Int8Array } = { locateFile: () => runtime };
    await Parser.init(module);
    binding = module;
    adoptBinding(module);
    adoptWordTransfers(module);
    readOwnTexts();
    return Language.load(new Uint8Array(await readFile(grammarWasmPath)));
  })();
  return loading;
}

/**
 * The CLI bundle (scripts/bundle.ts) holds web-tree-sitter's script and a copy
 * of the WASM built with it, and defines this as that copy's path: resolving
 * the package from node_modules cost a cold command 2–3.5 ms (package.json
 * lookups and its exports map), and the copy cannot be of another version
 * than the script. Undefined everywhere else.
 */
declare const YAOXIANG_BUNDLED_RUNTIME_WASM: string | undefined;

/** web-tree-sitter's own WASM, wherever this code runs from (the bundle's script would guess the bundle's folder). */
function runtimeWasmPath(): string {
  if (typeof YAOXIANG_BUNDLED_RUNTIME_WASM === 'string') return YAOXIANG_BUNDLED_RUNTIME_WASM;
  return createRequire(import.meta.url).resolve('web-tree-sitter/web-tree-sitter.wasm');
}

/**
 * `Node.text` gives name-sized texts as strings of their own (own-text.ts):
 * the analysis reads names through it in a hundred places, and every one of
 * them would otherwise hold the document's text for as long as a memo keeps
 * the name.
 */
function readOwnTexts(): void {
  const descriptor = Object.getOwnPropertyDescriptor(Node.prototype, 'text');
  // eslint-disable-next-line @typescript-eslint/unbound-method -- the prototype's getter, called below with each node as `this`
  const read = descriptor?.get;
  if (!descriptor || !read) return;
  Object.defineProperty(Node.prototype, 'text', { ...descriptor, get(this: Node) { return ownText(read.call(this) as string); } });
}

/** A parser already set to YaoXiang. Parsers hold WASM memory: call `delete()` when done. */
export async function createParser(): Promise<Parser> {
  const language = await loadYaoXiang();
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}
