// The language server's document size limit, the MCP's source limit
// (MAX_SOURCE_CHARS): a document over it is not kept or analysed, and the user
// is told why; one that grows past it while open is dropped the same way.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MAX_SOURCE_CHARS } from '../../src/ide/index.ts';
import { copyFixture, startClient, type LspClient } from '../support/lsp-client.ts';
import { repoRoot } from '../support/paths.ts';

const FIXTURE = join(repoRoot, 'test', 'lsp', 'fixture');

describe('lsp: document size limit', () => {
  let client: LspClient;
  before(async () => {
    client = await startClient(copyFixture(FIXTURE));
  });
  after(async () => {
    await client.stop();
    rmSync(client.root, { recursive: true, force: true });
  });

  const warning = () => new Promise<{ type: number; message: string }>((resolve) => client.connection.onNotification('window/showMessage', resolve));
  const symbols = (uri: string) => client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } });

  it('refuses to open a document over the limit, with a warning that says so', async () => {
    const uri = client.uri('huge.yx');
    const length = MAX_SOURCE_CHARS + 1;
    const warned = warning();
    const started = performance.now();
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaoxiang', version: 1, text: 'x'.repeat(length) } });
    const message = await warned;
    assert.ok(performance.now() - started < 5_000);
    assert.equal(message.type, 2);
    assert.equal(message.message, `YaoXiang: ${uri} is ${length} characters; the language server analyses documents of at most ${MAX_SOURCE_CHARS}, so this one has no diagnostics or language features while open.`);
    assert.equal(await symbols(uri), null);
  });

  it('drops a document that grows past the limit, and withdraws its diagnostics', async () => {
    const uri = client.uri('growing.yx');
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaoxiang', version: 1, text: 'answer = 42\n' } });
    assert.deepEqual(((await symbols(uri)) as Array<{ name: string }>).map((s) => s.name), ['answer']);
    const warned = warning();
    const cleared = client.nextDiagnostics(uri, (p) => p.diagnostics.length === 0);
    const grown = `answer = 42\n${'// padding\n'.repeat(Math.ceil(MAX_SOURCE_CHARS / 11))}`;
    await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: grown }] });
    assert.match((await warned).message, new RegExp(`is ${grown.length} characters`));
    await cleared;
    assert.equal(await symbols(uri), null);
  });
});
