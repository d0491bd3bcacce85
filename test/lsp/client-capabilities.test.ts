// The server against clients that advertise less than it could use, or refuse
// what it asks of them: Neovim 0.11 pulls diagnostics but cannot be asked to
// pull again (no `workspace.diagnostics.refreshSupport`), and answers such a
// request with MethodNotFound; that once ended the process.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import type { ClientCapabilities, Hover } from 'vscode-languageserver-protocol';
import { copyFixture, startClient, type LspClient } from '../support/lsp-client.ts';
import { repoRoot } from '../support/paths.ts';

const FIXTURE = join(repoRoot, 'test', 'lsp', 'fixture');

const TROUBLE = /\n\s+at |uncaught|not handled/i;

/** What Neovim 0.11.4 says of diagnostics and file watching. */
const NEOVIM_0_11: ClientCapabilities = {
  textDocument: { diagnostic: { dynamicRegistration: false }, publishDiagnostics: { relatedInformation: true } },
  workspace: { didChangeWatchedFiles: { dynamicRegistration: true } },
};

const PULL_AND_REFRESH: ClientCapabilities = {
  textDocument: { diagnostic: { dynamicRegistration: false } },
  workspace: { diagnostics: { refreshSupport: true } },
};

async function openAndEdit(client: LspClient): Promise<string> {
  const uri = client.uri('main.yx');
  const text = readFileSync(join(client.root, 'main.yx'), 'utf8');
  await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaoxiang', version: 1, text } });
  await client.connection.sendNotification('textDocument/didChange', {
    textDocument: { uri, version: 2 },
    contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '// edited\n' }],
  });
  return uri;
}

async function withClient(capabilities: ClientCapabilities, refuse: boolean, body: (client: LspClient) => Promise<void>): Promise<void> {
  const dir = copyFixture(FIXTURE);
  const client = await startClient(dir, capabilities, { refuseServerRequests: refuse });
  try {
    await body(client);
    assert.equal(await client.stop(), 0, 'alive until shutdown, then a clean exit');
    assert.deepEqual(client.protocolErrors, []);
    assert.doesNotMatch(client.stderr(), TROUBLE);
  } finally {
    client.child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('yaoxiang lsp: what the client can and cannot do', () => {
  it('Neovim 0.11 refusing every request: diagnostics are pushed, no refresh is asked for, the server lives on', async () => {
    await withClient(NEOVIM_0_11, true, async (client) => {
      assert.equal(client.initialize.capabilities.diagnosticProvider, undefined, 'no pull offered to a client that cannot be refreshed');
      const main = client.uri('main.yx');
      const published = client.nextDiagnostics(main, (p) => p.version === 2);
      await openAndEdit(client);
      const report = await published;
      assert.deepEqual(report.diagnostics.map((d) => d.code), ['E2010']);
      await sleep(500);
      assert.ok(!client.serverRequests.includes('workspace/diagnostic/refresh'), client.serverRequests.join());
      assert.deepEqual(client.serverRequests, ['client/registerCapability'], 'the watcher registration was asked for, and refused');
      const hover = await client.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri: main }, position: { line: 8, character: 9 } });
      assert.ok(hover, 'still answering after its requests were refused');
      await client.stderrMatching(/refused to watch files/);
    });
  });

  it('a client with pull and refresh is asked to pull again, and its refusal is survived', async () => {
    await withClient(PULL_AND_REFRESH, true, async (client) => {
      assert.deepEqual(client.initialize.capabilities.diagnosticProvider, { interFileDependencies: true, workspaceDiagnostics: false });
      const uri = await openAndEdit(client);
      for (let waited = 0; !client.serverRequests.includes('workspace/diagnostic/refresh') && waited < 5000; waited += 50) await sleep(50);
      assert.ok(client.serverRequests.includes('workspace/diagnostic/refresh'));
      await sleep(200);
      const report = await client.connection.sendRequest<{ items: Array<{ code: string }> }>('textDocument/diagnostic', { textDocument: { uri } });
      assert.deepEqual(report.items.map((d) => d.code), ['E2010']);
      await client.stderrMatching(/refused workspace\/diagnostic\/refresh/);
    });
  });

  it('a client that advertises nothing gets pushed diagnostics and is never sent a request', async () => {
    await withClient({}, false, async (client) => {
      const published = client.nextDiagnostics(client.uri('main.yx'), (p) => p.version === 2);
      await openAndEdit(client);
      assert.deepEqual((await published).diagnostics.map((d) => d.code), ['E2010']);
      await sleep(300);
      assert.deepEqual(client.serverRequests, []);
    });
  });
});
