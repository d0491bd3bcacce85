// A project's yaoxiang.toml with problems is reported as warnings on that file,
// published unasked once the project is loaded, and withdrawn when the file is
// fixed on disk (the server's own watcher: Neovim on Linux tells of nothing).
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { startClient } from '../support/lsp-client.ts';

const MAIN = 'main = {\n    x = 1\n    print(x)\n}\n';

/** Gives up after 10 s rather than hang the suite: the assertion then says what was missing. */
function within<T>(promise: Promise<T>, ms = 10_000): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<undefined>((resolve) => { timer = setTimeout(resolve, ms, undefined); })]).finally(() => clearTimeout(timer));
}

describe('yaoxiang lsp: problems of yaoxiang.toml', () => {
  it('are published as warnings on the manifest, and cleared once it is fixed on disk', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'yaoxiang-manifest-')));
    writeFileSync(join(dir, 'main.yx'), MAIN);
    writeFileSync(join(dir, 'yaoxiang.toml'), '[package]\nname = "m"\n\n[fmt]\nindent_width = "wide"\n');
    const client = await startClient(dir);
    try {
      const manifest = pathToFileURL(join(dir, 'yaoxiang.toml')).href;
      const main = client.uri('main.yx');
      await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: main, languageId: 'yaoxiang', version: 1, text: MAIN } });
      const warned = await within(client.diagnosticsFor(manifest, (p) => p.diagnostics.length > 0));
      assert.ok(warned, `no diagnostics for yaoxiang.toml; stderr:\n${client.stderr()}`);
      assert.deepEqual(warned.diagnostics.map((d) => [d.code, d.severity, d.source]), [['MANIFEST_INVALID', 2, 'yaoxiang']]);
      assert.match(warned.diagnostics[0]!.message, /indent_width/);

      const cleared = client.nextDiagnostics(manifest, (p: PublishDiagnosticsParams) => p.diagnostics.length === 0);
      writeFileSync(join(dir, 'yaoxiang.toml'), '[package]\nname = "m"\n\n[fmt]\nindent_width = 2\n');
      assert.ok(await within(cleared), 'the warning was not withdrawn within 10 s of the fix');
      assert.equal(await client.stop(), 0);
    } finally {
      client.child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
