// A TextMate grammar run as VS Code runs it: vscode-textmate on the
// vscode-oniguruma regex engine (WebAssembly), line by line with the rule stack
// carried across lines. Gives the scopes of every UTF-16 offset of a text.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import oniguruma from 'vscode-oniguruma';
import textmate from 'vscode-textmate';

const require = createRequire(import.meta.url);

let engine: Promise<textmate.IOnigLib> | undefined;

function onigLib(): Promise<textmate.IOnigLib> {
  engine ??= (async () => {
    const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    return {
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    };
  })();
  return engine;
}

/** The grammar in `path` (a .tmLanguage.json), with no other grammars to include. */
export async function loadTextMateGrammar(path: string): Promise<textmate.IGrammar> {
  const json = readFileSync(path, 'utf8');
  const scopeName = (JSON.parse(json) as { scopeName: string }).scopeName;
  const registry = new textmate.Registry({
    onigLib: onigLib(),
    loadGrammar: async (name) => (name === scopeName ? textmate.parseRawGrammar(json, path) : null),
  });
  const grammar = await registry.loadGrammar(scopeName);
  if (!grammar) throw new Error(`${path}: no grammar ${scopeName}`);
  return grammar;
}

/** The scope stack (outermost first) of each UTF-16 offset of `text`; a line break gets its line's last scopes. */
export function scopesOf(grammar: textmate.IGrammar, text: string): string[][] {
  const scopes: string[][] = [];
  let stack = textmate.INITIAL;
  for (const line of text.split('\n')) {
    const result = grammar.tokenizeLine(line, stack);
    for (const token of result.tokens) {
      for (let i = token.startIndex; i < Math.min(token.endIndex, line.length); i++) scopes.push(token.scopes);
    }
    scopes.push(result.tokens.at(-1)?.scopes ?? ['source']);
    stack = result.ruleStack;
  }
  scopes.length = text.length;
  return scopes;
}
