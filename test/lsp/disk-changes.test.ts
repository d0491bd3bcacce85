// Files changed on disk behind the editor's back (issue 22 item 3): a client
// with no `workspace/didChangeWatchedFiles` (Neovim on Linux) sends nothing,
// so the server's own watcher must re-diagnose the files that import the one
// that changed, without a keystroke. A client that can watch is asked to.
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import type { ClientCapabilities, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { startClient, type ClientBehaviour } from '../support/lsp-client.ts';

const MAIN = 'use std.io\nuse utils.{total}\n\nmain = {\n    x = total(1, 2)\n    io.println(x)\n}\n';
const UTILS = 'pub total: (a: Int, b: Int) -> Int = {\n    return a + b\n}\n';

const codes = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => d.code);

const WATCHING: ClientCapabilities = { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } };

const CASES: Array<{ name: string; manifest: boolean; behaviour: ClientBehaviour; watching?: true }> = [
  { name: 'a project folder named by the client, the client watching nothing', manifest: true, behaviour: {} },
  { name: 'a lone folder, no workspace folder (its own files watched, not its tree), the client watching nothing', manifest: false, behaviour: { rootUri: null, workspaceFolders: null, cwd: '/' } },
  { name: 'a project folder, the client watching (registered dynamically) and telling', manifest: true, behaviour: {}, watching: true },
];

describe('yaoxiang lsp: changes on disk reach the diagnostics of open files', () => {
  for (const { name, manifest, behaviour, watching } of CASES) {
    it(`${name}: renaming total in utils.yx on disk gives main.yx E1001 without a keystroke`, async () => {
      const dir = realpathSync(mkdtempSync(join(tmpdir(), 'yaoxiang-disk-')));
      writeFileSync(join(dir, 'main.yx'), MAIN);
      writeFileSync(join(dir, 'utils.yx'), UTILS);
      if (manifest) writeFileSync(join(dir, 'yaoxiang.toml'), '[package]\nname = "disk"\nversion = "0.1.0"\n');
      const client = await startClient(dir, watching ? WATCHING : {}, behaviour);
      try {
        const main = pathToFileURL(join(dir, 'main.yx')).href;
        const clean = client.nextDiagnostics(main);
        await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: main, languageId: 'yaoxiang', version: 1, text: MAIN } });
        assert.deepEqual(codes(await clean), []);
        const stale = client.nextDiagnostics(main, (p) => codes(p).includes('E1001'));
        const started = performance.now();
        writeFileSync(join(dir, 'utils.yx'), UTILS.replace('total', 'sum'));
        // A watching client tells of the change as well; the server's own watcher may have seen it first.
        if (watching) await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('utils.yx'), type: 2 }] });
        let timer: NodeJS.Timeout | undefined;
        const published = await Promise.race([stale, new Promise<undefined>((resolve) => { timer = setTimeout(resolve, 5000, undefined); })]);
        clearTimeout(timer);
        assert.ok(published, 'main.yx was re-diagnosed within 5 s of the change on disk');
        assert.deepEqual(codes(published), ['E1001']);
        if (process.env.YAOXIANG_VERBOSE) process.stderr.write(`disk change to diagnostics: ${(performance.now() - started).toFixed(0)} ms\n`);
        // Sent on `initialized`, before the first publication: observed by now.
        assert.equal(client.serverRequests.includes('client/registerCapability'), watching === true, client.serverRequests.join());
        assert.equal(await client.stop(), 0);
      } finally {
        client.child.kill();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
