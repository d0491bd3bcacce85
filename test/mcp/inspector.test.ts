// Black-box: the MCP Inspector's CLI (an independent client) drives `yaoxiang mcp`
// over stdio in both protocol eras: tools/list in strict schema-portability
// mode, and one tools/call of every tool.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { bin, demoProject, repoRoot } from './support.ts';

const run = promisify(execFile);
const inspector = path.join(repoRoot, 'node_modules/.bin/mcp-inspector');

const CALLS: Array<[string, Record<string, unknown>, (r: Record<string, any>) => void]> = [
  ['parse_source', { source: 'x: Int = 1\n' }, (r) => assert.match(r.nodes, /^-1 source_file 1:1-2:1\n/)],
  ['format_source', { source: 'x:Int=1\n' }, (r) => assert.equal(r.formatted, 'x: Int = 1\n')],
  ['lookup_symbol', { query: 'distance' }, (r) => assert.equal(r.symbols[0].file, 'geometry.yx')],
  ['find_references', { query: 'squares' }, (r) => assert.equal(r.definition.file, 'utils.yx')],
  ['typecheck', { file_paths: ['main.yx'], project_root: '.' }, (r) => assert.equal(r.summary.errors, 0)],
  ['explain_diagnostic', { code: 'E1002' }, (r) => assert.equal(r.code, 'E1002')],
  ['list_imports', { file_path: 'main.yx' }, (r) => assert.equal(r.imports.length, 3)],
  ['rename_symbol', { source: 'a = 1\nb = a\n', old_name: 'a', new_name: 'c' }, (r) => assert.equal(r.source, 'c = 1\nb = c\n')],
];

let home: string;
before(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'yaoxiang-inspector-'));
});
after(() => rm(home, { recursive: true, force: true }));

async function inspect(era: string, args: string[]): Promise<{ code: number; json: Record<string, any> }> {
  // The Inspector keeps a catalog under HOME; a scratch HOME keeps tests from touching the user's.
  const env = { ...process.env, HOME: home, MCP_CATALOG_PATH: path.join(home, 'catalog') };
  const argv = ['--cli', '--format', 'json', '--protocol-era', era, process.execPath, bin, 'mcp', '--project-root', demoProject, ...args];
  try {
    const { stdout } = await run(inspector, argv, { env, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, json: JSON.parse(stdout) };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, json: e.stdout ? JSON.parse(e.stdout) : { stderr: e.stderr } };
  }
}

for (const era of ['legacy', 'modern']) {
  describe(`the MCP Inspector CLI, ${era} era`, { timeout: 120_000 }, () => {
    test('tools/list passes --strict with all eight tools', async () => {
      const { code, json } = await inspect(era, ['--strict', '--method', 'tools/list']);
      assert.equal(code, 0, JSON.stringify(json));
      assert.equal(json.result.tools.length, 8);
    });

    test('tools/call of every tool', async () => {
      // Two at a time: each call starts a server process.
      for (let i = 0; i < CALLS.length; i += 2) {
        await Promise.all(CALLS.slice(i, i + 2).map(async ([name, args, check]) => {
          const { code, json } = await inspect(era, ['--method', 'tools/call', '--tool-name', name, '--tool-args-json', JSON.stringify(args)]);
          assert.equal(code, 0, `${name}: ${JSON.stringify(json)}`);
          assert.equal(json.result.isError, false, name);
          check(json.result.structuredContent);
        }));
      }
    });

    test('a tool-level error exits 5 with the typed error in the result', async () => {
      const { code, json } = await inspect(era, ['--method', 'tools/call', '--tool-name', 'list_imports', '--tool-args-json', JSON.stringify({ file_path: '../outside.yx' })]);
      assert.equal(code, 5);
      assert.equal(json.result.structuredContent.errorCode, 'MCP-PATH-OUTSIDE-PROJECT');
    });
  });
}
