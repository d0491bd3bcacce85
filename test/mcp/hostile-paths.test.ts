// Issue 9, hostile input: every path-taking tool argument against a table of
// paths that try to escape the root, confuse the resolver, or are simply
// broken. Each must get a documented tool error code (never a crash or a
// -32603), and nothing outside the root may be read.
import assert from 'node:assert/strict';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Host } from '../../src/mcp/host.ts';
import { callTool } from '../../src/mcp/server.ts';
import { demoProject } from './support.ts';

const signal = new AbortController().signal;
const OUT = 'MCP-PATH-OUTSIDE-PROJECT';
const NOT_FOUND = 'MCP-PROJECT-NOT-FOUND';
const INVALID = 'MCP-INVALID-INPUT';
const OK = 'ok';
type Expect = typeof OUT | typeof NOT_FOUND | typeof INVALID | typeof OK;

/** Written into files outside the root: no result may ever contain it. */
const MARKER = 'OUTSIDE_MARKER_93f1c7';
const isRoot = process.getuid?.() === 0;

const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'yaoxiang-hostile-')));
const root = path.join(base, 'project');
const outsideDir = path.join(base, 'outside');

interface Case {
  name: string;
  path: string;
  /** The answer when the path is given as a file (file_path, file_paths, query). */
  file: Expect;
  /** The answer when the path is given as a project or workspace root. */
  root: Expect;
  skip?: string | false;
}

const cases: Case[] = [
  // `..` in every position
  { name: '../x.yx', path: '../x.yx', file: OUT, root: OUT },
  { name: 'a/../../x.yx', path: 'a/../../x.yx', file: OUT, root: OUT },
  { name: './../x.yx', path: './../x.yx', file: OUT, root: OUT },
  { name: 'utils.yx/../../x.yx', path: 'utils.yx/../../x.yx', file: OUT, root: OUT },
  { name: 'a/b/c/../../../../x.yx', path: 'a/b/c/../../../../x.yx', file: OUT, root: OUT },
  { name: 'trailing ..', path: '..', file: OUT, root: OUT },
  { name: 'trailing ../', path: '../', file: OUT, root: OUT },
  { name: 'a/../.. (trailing)', path: 'a/../..', file: OUT, root: OUT },
  { name: 'x/.. (back at the root)', path: 'x/..', file: INVALID, root: OK },
  { name: 'deep ../ to /etc/passwd', path: '../'.repeat(30) + 'etc/passwd', file: OUT, root: OUT },
  { name: '../outside/secret.yx', path: '../outside/secret.yx', file: OUT, root: OUT },
  // backslash forms
  { name: '..\\x.yx', path: '..\\x.yx', file: OUT, root: OUT },
  { name: '..\\..\\etc\\passwd', path: '..\\..\\etc\\passwd', file: OUT, root: OUT },
  { name: 'a\\..\\..\\x.yx', path: 'a\\..\\..\\x.yx', file: OUT, root: OUT },
  // URL-encoded: literal names on POSIX, which name nothing in the project
  { name: '%2e%2e/x.yx', path: '%2e%2e/x.yx', file: INVALID, root: NOT_FOUND },
  { name: '..%2fx.yx', path: '..%2fx.yx', file: INVALID, root: NOT_FOUND },
  { name: '%2e%2e%5cx.yx', path: '%2e%2e%5cx.yx', file: INVALID, root: NOT_FOUND },
  { name: '%2e%2e%2f%2e%2e%2fetc%2fpasswd', path: '%2e%2e%2f%2e%2e%2fetc%2fpasswd', file: INVALID, root: NOT_FOUND },
  { name: '..%5c..%5cx.yx', path: '..%5c..%5cx.yx', file: INVALID, root: NOT_FOUND },
  // absolute paths outside, and inside
  { name: '/etc/passwd', path: '/etc/passwd', file: OUT, root: OUT },
  { name: '/tmp', path: '/tmp', file: OUT, root: OUT },
  { name: '/', path: '/', file: OUT, root: OUT },
  { name: 'the parent directory, absolute', path: base, file: OUT, root: OUT },
  { name: 'a file outside, absolute', path: path.join(outsideDir, 'secret.yx'), file: OUT, root: OUT },
  { name: 'a file inside, absolute', path: path.join(root, 'main.yx'), file: OK, root: NOT_FOUND },
  { name: 'the root, absolute', path: root, file: INVALID, root: OK },
  { name: 'out and back in', path: path.join(root, '..', 'project', 'utils.yx'), file: OK, root: NOT_FOUND },
  // symlinks out of the root, and a loop
  { name: 'escape -> /etc', path: 'escape', file: OUT, root: OUT },
  { name: 'escape/passwd', path: 'escape/passwd', file: OUT, root: OUT },
  { name: 'escape/hostname', path: 'escape/hostname', file: OUT, root: OUT },
  { name: 'out.yx -> /etc/hostname', path: 'out.yx', file: OUT, root: OUT },
  { name: 'leak.yx -> ../outside/secret.yx', path: 'leak.yx', file: OUT, root: OUT },
  { name: 'outdir -> ../outside', path: 'outdir', file: OUT, root: OUT },
  { name: 'outdir/secret.yx', path: 'outdir/secret.yx', file: OUT, root: OUT },
  { name: 'loop -> loop', path: 'loop', file: OUT, root: OUT },
  { name: 'loop/x.yx', path: 'loop/x.yx', file: OUT, root: OUT },
  // Windows drive and UNC forms
  { name: 'C:\\x.yx', path: 'C:\\x.yx', file: OUT, root: OUT },
  { name: 'C:x.yx', path: 'C:x.yx', file: OUT, root: OUT },
  { name: 'c:/Windows/x.yx', path: 'c:/Windows/x.yx', file: OUT, root: OUT },
  { name: '\\\\server\\share\\x.yx', path: '\\\\server\\share\\x.yx', file: OUT, root: OUT },
  { name: '//server/share/x.yx', path: '//server/share/x.yx', file: OUT, root: OUT },
  { name: '\\\\?\\C:\\x.yx', path: '\\\\?\\C:\\x.yx', file: OUT, root: OUT },
  // NUL
  { name: 'utils\\u0000.yx', path: 'utils\u0000.yx', file: OUT, root: OUT },
  { name: 'a lone NUL', path: '\u0000', file: OUT, root: OUT },
  // very long
  { name: "'a/'.repeat(5000) + 'x.yx'", path: 'a/'.repeat(5000) + 'x.yx', file: INVALID, root: NOT_FOUND },
  { name: 'a 10,000-character name', path: 'x'.repeat(10_000) + '.yx', file: INVALID, root: NOT_FOUND },
  // missing, wrong kind, unreadable
  { name: 'a missing file', path: 'missing.yx', file: INVALID, root: NOT_FOUND },
  { name: 'a missing directory', path: 'no/such/dir/x.yx', file: INVALID, root: NOT_FOUND },
  { name: 'a directory given as a file', path: 'sub', file: INVALID, root: OK },
  { name: 'a directory named like a file', path: 'dir.yx', file: INVALID, root: OK },
  { name: 'a file given as a directory', path: 'main.yx', file: OK, root: NOT_FOUND },
  { name: 'a file used as a directory', path: 'utils.yx/x.yx', file: INVALID, root: NOT_FOUND },
  { name: 'an unreadable file (chmod 000)', path: 'unreadable.yx', file: INVALID, root: NOT_FOUND, skip: isRoot && 'running as root, which reads anything' },
  { name: 'a trailing space', path: 'main.yx ', file: INVALID, root: NOT_FOUND },
  { name: './main.yx', path: './main.yx', file: OK, root: NOT_FOUND },
  // empty and blank
  { name: 'empty', path: '', file: INVALID, root: OK },
  { name: 'whitespace only', path: '   ', file: INVALID, root: NOT_FOUND },
  { name: 'tab and newline', path: '\t\n', file: INVALID, root: NOT_FOUND },
];

interface Field {
  name: string;
  kind: 'file' | 'root';
  tool: string;
  args(p: string): Record<string, unknown>;
  /** What the field actually does with the path when it differs from the table (e.g. a query that is not a file form). */
  adjust?(p: string, expected: Expect): Expect | 'name-query';
}

const fields: Field[] = [
  { name: 'list_imports file_path', kind: 'file', tool: 'list_imports', args: (p) => ({ file_path: p }) },
  { name: 'list_imports project_root', kind: 'root', tool: 'list_imports', args: (p) => ({ file_path: 'inner.yx', project_root: p }) },
  { name: 'typecheck file_paths', kind: 'file', tool: 'typecheck', args: (p) => ({ file_paths: [p], project_root: '.' }) },
  { name: 'typecheck project_root', kind: 'root', tool: 'typecheck', args: (p) => ({ file_paths: [], project_root: p }) },
  { name: 'lookup_symbol workspace_root', kind: 'root', tool: 'lookup_symbol', args: (p) => ({ query: 'total', workspace_root: p }) },
  { name: 'find_references workspace_root', kind: 'root', tool: 'find_references', args: (p) => ({ query: 'total', workspace_root: p }) },
  {
    name: 'find_references query',
    kind: 'file',
    tool: 'find_references',
    args: (p) => ({ query: `${p}:1:1` }),
    // `file.yx:line:col` only when the path ends in .yx (and has no newline); anything else is a name, which finds nothing.
    adjust: (p, expected) => (`${p}:1:1`.length > 1_000 ? INVALID : /^(.+\.yx)$/.test(p) ? expected : 'name-query'),
  },
];

const texts: string[] = [];
let host: Host;

before(() => {
  cpSync(demoProject, root, { recursive: true });
  mkdirSync(path.join(root, 'sub'));
  writeFileSync(path.join(root, 'sub', 'inner.yx'), 'use std.io\ntotal: Int = 1\n');
  mkdirSync(path.join(root, 'dir.yx'));
  writeFileSync(path.join(root, 'dir.yx', 'inner.yx'), 'total: Int = 2\n');
  mkdirSync(outsideDir);
  // A syntax error, so a type check that read it would report it.
  writeFileSync(path.join(outsideDir, 'secret.yx'), `${MARKER} = = (\n`);
  symlinkSync('/etc', path.join(root, 'escape'));
  symlinkSync('/etc/hostname', path.join(root, 'out.yx'));
  symlinkSync(path.join(outsideDir, 'secret.yx'), path.join(root, 'leak.yx'));
  symlinkSync(outsideDir, path.join(root, 'outdir'));
  symlinkSync('loop', path.join(root, 'loop'));
  writeFileSync(path.join(root, 'unreadable.yx'), 'x = 1\n');
  chmodSync(path.join(root, 'unreadable.yx'), 0o000);
  host = new Host({ root: { root, source: 'explicit' }, limits: { indexWaitMs: 60_000 }, watch: false, log: () => undefined });
  host.startIndexing();
});

after(() => {
  host?.dispose();
  rmSync(base, { recursive: true, force: true });
});

function leaks(): string[] {
  const secrets = [MARKER, 'root:x:0:0'];
  try {
    const hostname = readFileSync('/etc/hostname', 'utf8').trim();
    // A short host name ("vm") would match ordinary text; only a distinctive one is checked.
    if (hostname.length >= 8) secrets.push(hostname);
  } catch {
    // No /etc/hostname here.
  }
  return secrets;
}

assert.ok(cases.length >= 40, `${cases.length} cases`);

describe('hostile paths', () => {
  for (const field of fields) {
    describe(field.name, () => {
      for (const c of cases) {
        it(c.name, { skip: c.skip || false }, async () => {
          const table = field.kind === 'file' ? c.file : c.root;
          const expected = field.adjust ? field.adjust(c.path, table) : table;
          const result = await callTool(host, field.tool, field.args(c.path), signal);
          const text = result.content.map((b) => ('text' in b ? b.text : '')).join('\n');
          texts.push(text);
          const structured = result.structuredContent;
          const detail = `${field.name} ${JSON.stringify(c.path.slice(0, 80))}: ${text.slice(0, 400)}`;
          for (const secret of leaks()) assert.ok(!text.includes(secret), `leaked ${secret}: ${detail}`);
          if (expected === 'name-query') {
            assert.equal(result.isError, false, detail);
            assert.equal(structured.total, 0, detail);
          } else if (expected === OK) {
            if (field.kind === 'root' && field.tool === 'list_imports') {
              // The root is accepted; the file may or may not be in it.
              assert.ok(result.isError === false || (structured.errorCode === INVALID && String(structured.message).startsWith('file_path:')), detail);
            } else {
              assert.equal(result.isError, false, detail);
            }
          } else {
            assert.equal(result.isError, true, detail);
            assert.equal(structured.isError, true, detail);
            assert.equal(structured.errorCode, expected, detail);
          }
        });
      }
    });
  }

  it('a full type check of the root reads no file through a symlink out of it', async () => {
    const result = await callTool(host, 'typecheck', { file_paths: [], project_root: '.' }, signal);
    assert.equal(result.isError, false);
    const structured = result.structuredContent as { diagnostics: Array<{ file: string }> };
    const files = new Set(structured.diagnostics.map((d) => d.file));
    for (const linked of ['out.yx', 'leak.yx', 'outdir/secret.yx']) assert.ok(!files.has(linked), `${linked} was checked`);
    const text = result.content.map((b) => ('text' in b ? b.text : '')).join('\n');
    for (const secret of leaks()) assert.ok(!text.includes(secret), `leaked ${secret}`);
  });

  it('no answer at all contained anything from outside the root', () => {
    assert.ok(texts.length >= 40 * fields.length - cases.filter((c) => c.skip).length * fields.length, `${texts.length} answers`);
    for (const secret of leaks()) assert.ok(!texts.some((t) => t.includes(secret)), `leaked ${secret}`);
  });
});
