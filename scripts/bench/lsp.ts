// The language server as an editor sees it: hover, definition, references and
// rename round trips over stdio on a 1,000-line file (target: under 50 ms),
// then edit → diagnostics on a 2,500-line file (lsp-edit.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startClient } from '../../test/support/lsp-client.ts';
import { benchEditToDiagnostics } from './lsp-edit.ts';
import { formatMs, median, percentile } from './stats.ts';

const ROUNDS = 30;

export async function benchLsp(log: (line: string) => void): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'yaoxiang-bench-lsp-'));
  const text = thousandLines();
  writeFileSync(join(root, 'yaoxiang.toml'), '[package]\nname = "bench"\n');
  writeFileSync(join(root, 'main.yx'), text);
  const client = await startClient(root);
  try {
    const uri = client.uri('main.yx');
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaoxiang', version: 1, text } });
    const position = mostUsedName(text);
    const at = { textDocument: { uri }, position };
    const cases: Array<[string, string, object]> = [
      ['hover', 'textDocument/hover', at],
      ['definition', 'textDocument/definition', at],
      ['references', 'textDocument/references', { ...at, context: { includeDeclaration: true } }],
      ['rename', 'textDocument/rename', { ...at, newName: 'renamed_for_bench' }],
    ];
    log(`1,000-line file (${text.length} chars), name at ${position.line + 1}:${position.character + 1}`);
    for (const [name, method, params] of cases) {
      await client.connection.sendRequest(method, params);
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const start = performance.now();
        await client.connection.sendRequest(method, params);
        times.push(performance.now() - start);
      }
      log(`${name}: median ${formatMs(median(times))}, p95 ${formatMs(percentile(times, 95))} (round trip over stdio, ${ROUNDS} runs)`);
    }
  } finally {
    await client.stop();
  }
  await benchEditToDiagnostics(log);
}

/** 190 five-line functions, then a `main` calling the first one 48 times: 1,000 lines without syntax errors. */
function thousandLines(): string {
  const lines: string[] = [];
  for (let i = 0; i < 190; i++) lines.push(`pub step_${i}: (n: Int) -> Int = (n) => {`, '    x = n + 1', `    return x * ${i + 2}`, '}', '');
  lines.push('main = {');
  for (let i = 0; i < 48; i++) lines.push(`    v${i} = step_0(${i})`);
  lines.push('}');
  return lines.join('\n') + '\n';
}

/** The last call of `step_0`. */
function mostUsedName(text: string): { line: number; character: number } {
  const offset = text.lastIndexOf('step_0(');
  const before = text.slice(0, offset);
  return { line: before.split('\n').length - 1, character: offset - before.lastIndexOf('\n') - 1 };
}
