// Every tool, over every transport and protocol era the server speaks: a happy
// path, one with diagnostics, and a tool-level error each.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { CallToolResult } from '../../src/mcp/contract.ts';
import { Host } from '../../src/mcp/host.ts';
import { callTool } from '../../src/mcp/server.ts';
import { call, CONNECTIONS, connect, scratchProject, type Connected } from './support.ts';

const BROKEN = 'use missing_mod\n\nbad: Int = "text"\n\nuse_unknown = { io.println(nope) }\n';

let project: Awaited<ReturnType<typeof scratchProject>>;
before(async () => {
  project = await scratchProject();
  await writeFile(path.join(project.dir, 'broken.yx'), BROKEN);
});
after(() => project.remove());

for (const kind of CONNECTIONS) {
  describe(`over ${kind}`, { timeout: 60_000 }, () => {
    let c: Connected;
    before(async () => {
      c = await connect(kind, project.dir);
    });
    after(() => c.close());

    test('negotiates the era it asked for', () => {
      assert.equal(c.client.getProtocolEra(), kind.endsWith('modern') ? 'modern' : 'legacy');
    });

    test('lists the eight tools with schemas and honest annotations', async () => {
      const { tools } = await c.client.listTools();
      assert.deepEqual(tools.map((t) => t.name), ['parse_source', 'format_source', 'lookup_symbol', 'find_references', 'typecheck', 'explain_diagnostic', 'list_imports', 'rename_symbol']);
      for (const tool of tools) {
        assert.ok(tool.title && tool.description && tool.outputSchema, tool.name);
        assert.equal(tool.annotations?.readOnlyHint, tool.name !== 'rename_symbol', tool.name);
        for (const [field, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
          const s = schema as { description?: string; examples?: unknown[] };
          assert.ok(s.description, `${tool.name}.${field} has a description`);
          assert.ok(s.examples && s.examples.length > 0, `${tool.name}.${field} has an example`);
        }
      }
    });

    test('an unknown tool is a protocol error, not a result', async () => {
      await assert.rejects(c.client.callTool({ name: 'no_such_tool', arguments: {} }), (error: { code?: number }) => error.code === -32602);
    });

    test('parse_source: a tree, bounded', async () => {
      const r = await call(c.client, 'parse_source', { source: 'x: Int = 1 + 2\n', max_depth: 1 });
      assert.equal(r.schemaVersion, '2.0');
      assert.equal(r.isError, false);
      assert.equal(r.nodes, '-1 source_file 1:1-2:1\n0 declaration 1:1-1:15\n');
      assert.equal(r.node_count, 2);
      assert.equal(r.truncated, true);
      assert.deepEqual(r.diagnostics, []);
    });

    test('parse_source: a result with quotes, backslashes, CJK and emoji is the in-process result, byte for byte', async () => {
      // Workers write results and the transports splice them in (src/mcp/written-result.ts), or send objects.
      const source = 'x: String = "quotes \\" 中文 \\\\"\n// 注释 🎉\nmain = () => { io.println(f"{x}") }\n';
      const host = new Host({ root: { root: project.dir, source: 'explicit' }, watch: false, log: () => undefined });
      const expected = await callTool(host, 'parse_source', { source }, new AbortController().signal);
      const result = (await c.client.callTool({ name: 'parse_source', arguments: { source } })) as CallToolResult;
      assert.deepEqual(result.content, expected.content);
      assert.deepEqual(result.structuredContent, expected.structuredContent);
      assert.equal(result.isError, false);
    });

    test('parse_source: syntax errors are data', async () => {
      const r = await call(c.client, 'parse_source', { source: 'x = (1 +\n' });
      assert.equal(r.isError, false);
      assert.ok(r.diagnostics.length > 0);
      assert.match(r.diagnostics[0].code, /^E0\d{3}$/);
      assert.equal(r.diagnostics[0].span.length, 4);
      assert.ok(r.diagnostics[0].span[0] >= 1);
    });

    test('parse_source: text that is not valid Unicode is refused', async () => {
      const r = await call(c.client, 'parse_source', { source: 'x = "\ud800"\n' });
      assert.equal(r.isError, true);
      assert.equal(r.errorCode, 'MCP-INVALID-INPUT');
      assert.match(r.message, /lone surrogate at UTF-16 offset 5/);
    });

    test('format_source: formatted text and hunks', async () => {
      const r = await call(c.client, 'format_source', { source: 'x:Int=1+2\n' });
      assert.equal(r.formatted, 'x: Int = 1 + 2\n');
      assert.equal(r.changed, true);
      assert.deepEqual(r.diff, [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-x:Int=1+2', '+x: Int = 1 + 2'] }]);
    });

    test('format_source: a broken source comes back unchanged with diagnostics', async () => {
      const r = await call(c.client, 'format_source', { source: 'x = (1 +\n' });
      assert.equal(r.isError, false);
      assert.equal(r.formatted, 'x = (1 +\n');
      assert.equal(r.changed, false);
      assert.ok(r.diagnostics.length > 0);
    });

    test('format_source: a source nested too deeply comes back unchanged with FORMAT_TOO_DEEP and where', async () => {
      const source = `x = ${'['.repeat(300)}1${']'.repeat(300)}\n`;
      const r = await call(c.client, 'format_source', { source });
      assert.equal(r.isError, false);
      assert.equal(r.changed, false);
      assert.deepEqual(r.diagnostics.map((d: { code: string; severity: string; span: number[] }) => [d.code, d.severity, d.span]), [['FORMAT_TOO_DEEP', 'warning', [1, 260, 1, 261]]]);
    });

    test('format_source: bad arguments are MCP-INVALID-INPUT', async () => {
      const r = await call(c.client, 'format_source', { source: 'x = 1\n', tab_size: 0 });
      assert.equal(r.errorCode, 'MCP-INVALID-INPUT');
      assert.match(r.message, /tab_size/);
    });

    test('lookup_symbol: finds a function with its file and span', async () => {
      const r = await call(c.client, 'lookup_symbol', { query: 'distance' });
      assert.deepEqual(r.symbols[0], { name: 'distance', kind: 'function', container: null, file: 'geometry.yx', range: [14, 5, 14, 13], exported: true });
    });

    test('lookup_symbol: a limit cuts the list and says so', async () => {
      const r = await call(c.client, 'lookup_symbol', { query: 's', limit: 1 });
      assert.equal(r.symbols.length, 1);
      assert.equal(r.truncated, true);
      assert.ok(r.total > 1);
    });

    test('lookup_symbol: a workspace outside the project is refused', async () => {
      const r = await call(c.client, 'lookup_symbol', { query: 'x', workspace_root: '../..' });
      assert.equal(r.errorCode, 'MCP-PATH-OUTSIDE-PROJECT');
    });

    test('find_references: definition and uses across files', async () => {
      const r = await call(c.client, 'find_references', { query: 'total' });
      assert.deepEqual(r.definition, { file: 'utils.yx', range: [6, 5, 6, 10], line_text: 'pub total: (xs: List(Int)) -> Int = (xs) => {' });
      assert.ok(r.locations.some((l: { file: string; line_text: string }) => l.file === 'main.yx' && l.line_text.includes('total(sq)')));
      assert.equal(r.total, r.locations.length);
    });

    test('find_references: by position', async () => {
      const r = await call(c.client, 'find_references', { query: 'main.yx:8:5' });
      assert.equal(r.definition.file, 'main.yx');
      assert.deepEqual(r.locations.map((l: { range: number[] }) => l.range[0]), [8, 9]);
    });

    test('find_references: a file that is not in the project', async () => {
      const r = await call(c.client, 'find_references', { query: 'nowhere.yx:1:1' });
      assert.equal(r.errorCode, 'MCP-INVALID-INPUT');
      const outside = await call(c.client, 'find_references', { query: '../../etc/x.yx:1:1' });
      assert.equal(outside.errorCode, 'MCP-PATH-OUTSIDE-PROJECT');
    });

    test('typecheck: a clean file', async () => {
      const r = await call(c.client, 'typecheck', { file_paths: ['main.yx'], project_root: '.' });
      assert.deepEqual(r.diagnostics, []);
      assert.equal(r.summary.errors, 0);
      assert.ok(r.summary.files >= 1);
    });

    test('typecheck: type errors are data, with codes and spans', async () => {
      const r = await call(c.client, 'typecheck', { file_paths: ['broken.yx'], project_root: '.' });
      assert.equal(r.isError, false);
      assert.deepEqual(r.diagnostics.map((d: { code: string; span: number[]; file: string }) => [d.file, d.code, d.span]), [
        ['broken.yx', 'E1002', [3, 1, 3, 4]],
        ['broken.yx', 'E1001', [5, 17, 5, 19]],
        ['broken.yx', 'E1001', [5, 28, 5, 32]],
      ]);
      assert.deepEqual(r.summary, { errors: 3, warnings: 0, files: 1 });
    });

    test('typecheck: a project root that does not exist', async () => {
      const r = await call(c.client, 'typecheck', { file_paths: [], project_root: 'no-such-dir' });
      assert.equal(r.errorCode, 'MCP-PROJECT-NOT-FOUND');
    });

    test('explain_diagnostic: a known code', async () => {
      const r = await call(c.client, 'explain_diagnostic', { code: 'E1001' });
      assert.equal(r.code, 'E1001');
      assert.ok(r.title && r.description && r.example && r.help && r.category);
    });

    test('explain_diagnostic: in Chinese', async () => {
      const en = await call(c.client, 'explain_diagnostic', { code: 'e1002' });
      const zh = await call(c.client, 'explain_diagnostic', { code: 'E1002', lang: 'zh' });
      assert.equal(zh.code, 'E1002');
      assert.notEqual(zh.description, en.description);
    });

    test('explain_diagnostic: an unknown code suggests near ones', async () => {
      const r = await call(c.client, 'explain_diagnostic', { code: 'E10001' });
      assert.equal(r.errorCode, 'MCP-INVALID-INPUT');
      assert.ok(r.details.suggestions.includes('E1001'));
    });

    test('list_imports: modules and what they resolve to', async () => {
      const r = await call(c.client, 'list_imports', { file_path: 'main.yx' });
      assert.deepEqual(r.imports.map((i: { module: string; resolved: unknown }) => [i.module, i.resolved]), [
        ['std.io', { kind: 'std', target: 'std.io' }],
        ['utils', { kind: 'file', target: 'utils.yx' }],
        ['geometry', { kind: 'file', target: 'geometry.yx' }],
      ]);
      assert.deepEqual(r.imports[1].items.map((i: { name: string }) => i.name), ['squares', 'total', 'describe']);
    });

    test('list_imports: an unresolved module is reported as such', async () => {
      const r = await call(c.client, 'list_imports', { file_path: 'broken.yx' });
      assert.deepEqual(r.imports[0].resolved, { kind: 'unresolved', target: null });
    });

    test('list_imports: a path out of the project is refused', async () => {
      const r = await call(c.client, 'list_imports', { file_path: '../../../etc/passwd' });
      assert.equal(r.errorCode, 'MCP-PATH-OUTSIDE-PROJECT');
    });

    test('rename_symbol: edits and the renamed text', async () => {
      const r = await call(c.client, 'rename_symbol', { source: 'count = 1\nio.println(count) // count\n', old_name: 'count', new_name: 'total' });
      assert.equal(r.source, 'total = 1\nio.println(total) // count\n');
      assert.deepEqual(r.edits, [{ span: [1, 1, 1, 6], new_text: 'total' }, { span: [2, 12, 2, 17], new_text: 'total' }]);
      assert.deepEqual(r.diagnostics, []);
    });

    test('rename_symbol: a refusal is a diagnostic with no edits', async () => {
      const r = await call(c.client, 'rename_symbol', { source: 'count = 1\n', old_name: 'count', new_name: 'if' });
      assert.equal(r.isError, false);
      assert.deepEqual(r.edits, []);
      assert.equal(r.diagnostics[0].code, 'RENAME_KEYWORD');
    });

    test('rename_symbol: a malformed scope is MCP-INVALID-INPUT', async () => {
      const r = await call(c.client, 'rename_symbol', { source: 'x = 1\n', old_name: 'x', new_name: 'y', scope: 'everywhere' });
      assert.equal(r.errorCode, 'MCP-INVALID-INPUT');
      assert.match(r.message, /scope/);
    });
  });
}
