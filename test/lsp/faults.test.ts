// The language server with files going bad on disk under it, a client that
// leaves without `shutdown`, and cancellation while a big workspace refreshes.
import assert from 'node:assert/strict';
import { existsSync, lstatSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { CancellationTokenSource } from 'vscode-jsonrpc/node.js';
import type { Location, SymbolInformation } from 'vscode-languageserver-protocol';
import { bigProject } from '../support/big-project.ts';
import { FaultyDisk } from '../support/faulty-disk.ts';
import { FAULTS, faultProject, repair } from '../support/fs-faults.ts';
import { startClient, type LspClient } from '../support/lsp-client.ts';

const TROUBLE = /\n\s+at |unhandled|uncaught|EPIPE/i;

function isFileOnDisk(uri: string): boolean {
  const file = fileURLToPath(uri);
  return existsSync(file) && lstatSync(file).isFile();
}

describe('yaoxiang lsp: files going bad on disk', () => {
  let client: LspClient;
  let dir: string;
  before(async () => {
    dir = faultProject();
    client = await startClient(dir);
  });
  after(async () => {
    assert.equal(await client.stop(), 0);
    assert.deepEqual(client.protocolErrors, [], 'stdout carried only protocol');
    assert.doesNotMatch(client.stderr(), TROUBLE);
    rmSync(dir, { recursive: true, force: true });
  });

  /** Where `total` is defined and used, as the server sees it after being told the files changed. */
  async function look(): Promise<{ symbols: string[]; references: string[] }> {
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('util.yx'), type: 2 }] });
    const symbols = await client.connection.sendRequest<SymbolInformation[]>('workspace/symbol', { query: 'total' });
    const references = await client.connection.sendRequest<Location[] | null>('textDocument/references', {
      textDocument: { uri: client.uri('main.yx') }, position: { line: 1, character: 13 }, context: { includeDeclaration: true },
    });
    for (const s of symbols) assert.ok(isFileOnDisk(s.location.uri), s.location.uri);
    for (const l of references ?? []) assert.ok(isFileOnDisk(l.uri), l.uri);
    return { symbols: symbols.map((s) => s.location.uri), references: (references ?? []).map((l) => l.uri) };
  }

  it('serves util.yx while it is whole', async () => {
    const seen = await look();
    assert.ok(seen.symbols.includes(client.uri('util.yx')));
    assert.ok(seen.references.includes(client.uri('util.yx')));
  });

  for (const fault of FAULTS.filter((f) => !f.injected)) {
    it(`util.yx ${fault.name}: left out of symbols and references, back once repaired`, async () => {
      const disk = new FaultyDisk();
      fault.apply(dir, disk);
      const broken = await look();
      assert.ok(!broken.symbols.includes(client.uri('util.yx')), 'no symbol of util.yx');
      assert.ok(!broken.references.includes(client.uri('util.yx')), 'no reference into util.yx');
      assert.ok(broken.references.includes(client.uri('main.yx')), 'main.yx still answers');
      repair(dir, disk);
      const repaired = await look();
      assert.ok(repaired.symbols.includes(client.uri('util.yx')));
      assert.ok(repaired.references.includes(client.uri('util.yx')));
    });
  }
});

describe('yaoxiang lsp: a client that leaves', () => {
  /** Starts a server on `dir`, leaves as `leave` does, and expects code 1 (no shutdown came) and a clean stderr. */
  async function assertLeftCleanly(dir: string, leave: (client: LspClient) => Promise<void>): Promise<void> {
    const client = await startClient(dir);
    try {
      await leave(client);
      assert.equal(await client.exited, 1, 'the LSP says: exit code 1 without shutdown');
      assert.deepEqual(client.protocolErrors, []);
      assert.doesNotMatch(client.stderr(), TROUBLE);
    } finally {
      client.child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('exit without shutdown', () => assertLeftCleanly(faultProject(), (client) => client.connection.sendNotification('exit')));

  it('stdin closed mid-request', () =>
    assertLeftCleanly(bigProject(300), async (client) => {
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [] });
      void client.connection.sendRequest('workspace/symbol', { query: 'total' }).catch(() => undefined);
      // The request is written a turn later; ending stdin before that would be the test's error, not the server's.
      await new Promise((resolve) => setTimeout(resolve, 20));
      client.child.stdin.end();
    }));
});

describe('yaoxiang lsp: $/cancelRequest on a big workspace', () => {
  let client: LspClient;
  let dir: string;
  before(async () => {
    dir = bigProject(400);
    client = await startClient(dir);
  });
  after(async () => {
    assert.equal(await client.stop(), 0);
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [method, params] of [
    ['textDocument/references', () => ({ textDocument: { uri: client.uri('mod5.yx') }, position: { line: 2, character: 11 }, context: { includeDeclaration: true } })],
    ['workspace/symbol', () => ({ query: 'total' })],
  ] as const) {
    it(`${method}, cancelled while the World re-reads 400 files, answers RequestCancelled; the next one is answered`, async () => {
      // Told the files changed, the server re-stats every file before answering: cancellation arrives in those turns.
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [] });
      const source = new CancellationTokenSource();
      const pending = client.connection.sendRequest(method, params(), source.token);
      source.cancel();
      await assert.rejects(pending, { code: -32800 });
      const answered = await client.connection.sendRequest<unknown[]>(method, params());
      assert.ok(answered.length > 0);
    });
  }
});
