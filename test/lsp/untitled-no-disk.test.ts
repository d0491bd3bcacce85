// An untitled document never touches the disk (issue 22 item 7): the server,
// traced with strace from open to close, makes no file-system call on a path
// that names the document or lies in its working directory, where a trap
// folder named after the document's root holds the module it imports.
// Needs strace (and ptrace); skipped without them unless YAOXIANG_REQUIRE_STRACE=1.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { cliPath } from '../support/paths.ts';

const URI = 'untitled:Untitled-1';
const TEXT = 'use std.io\nuse utils.{total}\n\nhelper = (n: Int) => { return n + 1 }\n\nmain = {\n    io.println(helper(total))\n}\n';
const AT_HELPER = { textDocument: { uri: URI }, position: { line: 6, character: 17 } };

// Installed is not enough: a container may forbid ptrace.
const canTrace = spawnSync('strace', ['-qq', '-o', '/dev/null', 'true']).status === 0;
const skip = !canTrace && process.env.YAOXIANG_REQUIRE_STRACE !== '1' ? 'strace is not installed or cannot trace here' : false;

/** Every path a traced file-system call named, as written in the call (relative ones are against the cwd); getcwd only reports one. */
function pathsNamed(trace: string): string[] {
  return [...trace.matchAll(/^\d+\s+(\w+)\((?:AT_FDCWD, |-?\d+, )?"((?:[^"\\]|\\.)*)"/gm)].filter((m) => m[1] !== 'getcwd').map((m) => m[2]!);
}

describe('yaoxiang lsp: an untitled document on the disk', { skip }, () => {
  it('open, diagnostics, hover, definition, rename, formatting, completion and close name no path of its own or of the cwd', async () => {
    const folder = realpathSync(mkdtempSync(join(tmpdir(), 'yaoxiang-untitled-trace-')));
    const cwd = join(folder, 'cwd');
    mkdirSync(join(cwd, URI), { recursive: true });
    writeFileSync(join(cwd, URI, 'utils.yx'), 'pub total = 1\n');
    const tracePath = join(folder, 'trace.txt');
    const child = spawn('strace', ['-f', '-qq', '-e', 'trace=%file', '-o', tracePath, process.execPath, cliPath, 'lsp', '--stdio'], { cwd, stdio: ['pipe', 'pipe', 'ignore'] });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      connection.onRequest(() => null);
      const published = new Promise<PublishDiagnosticsParams>((resolve) => connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
        if (p.uri === URI && p.diagnostics.length > 0) resolve(p);
      }));
      connection.listen();
      // No folder: the only project the server could make is the document's.
      await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, workspaceFolders: null, capabilities: {} });
      await connection.sendNotification('initialized', {});
      await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaoxiang', version: 1, text: TEXT } });
      assert.deepEqual((await published).diagnostics.map((d) => d.message.split('\n')[0]), ["Unknown variable: 'total'"]);
      assert.ok(await connection.sendRequest('textDocument/hover', AT_HELPER));
      assert.deepEqual(await connection.sendRequest('textDocument/definition', AT_HELPER), [{ uri: URI, range: { start: { line: 3, character: 0 }, end: { line: 3, character: 6 } } }]);
      assert.ok(await connection.sendRequest('textDocument/rename', { ...AT_HELPER, newName: 'assist' }));
      assert.ok(await connection.sendRequest('textDocument/formatting', { textDocument: AT_HELPER.textDocument, options: { tabSize: 4, insertSpaces: true } }));
      assert.ok(await connection.sendRequest('textDocument/completion', AT_HELPER));
      await connection.sendNotification('textDocument/didClose', { textDocument: { uri: URI } });
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      await exited;
      const paths = pathsNamed(readFileSync(tracePath, 'utf8'));
      assert.ok(paths.some((p) => p.endsWith('yaoxiang.js')), 'the trace holds the server\'s own file-system calls');
      assert.deepEqual(paths.filter((p) => p.includes('untitled:') || p.startsWith(cwd) || p === 'utils.yx'), []);
    } finally {
      connection.dispose();
      child.kill();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
