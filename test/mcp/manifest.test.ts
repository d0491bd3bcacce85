// The project's yaoxiang.toml as the MCP tools see it: read again when it
// changes on disk (a [fmt] edited while the server runs applies to the next
// format_source), and its problems reported as MCP-MANIFEST-INVALID warnings on
// that file by typecheck and format_source, instead of silently using defaults.
import assert from 'node:assert/strict';
import { rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Host } from '../../src/mcp/host.ts';
import { callTool } from '../../src/mcp/server.ts';
import { scratchProject } from './support.ts';

const signal = new AbortController().signal;
const SOURCE = 'main = () => {\nx = 1\nprint(x)\n}\n';

type Structured = Record<string, any>;

describe('yaoxiang.toml through the MCP tools', () => {
  let project: { dir: string; remove(): Promise<void> };
  let host: Host;
  let stamp = Date.now() / 1000 - 100;
  // Each write gets a later mtime: two writes within one clock tick must not look unchanged.
  const writeManifest = (text: string) => {
    const file = path.join(project.dir, 'yaoxiang.toml');
    writeFileSync(file, text);
    stamp += 2;
    utimesSync(file, stamp, stamp);
  };
  const tool = async (name: string, args: Record<string, unknown>): Promise<Structured> => (await callTool(host, name, args, signal)).structuredContent;
  const indentOf = (formatted: string) => /\n( *)print/.exec(formatted)![1]!.length;

  before(async () => {
    project = await scratchProject();
    writeManifest('[package]\nname = "demo"\nversion = "0.1.0"\n\n[fmt]\nindent_width = 2\n');
    host = new Host({ root: { root: project.dir, source: 'explicit' }, watch: false, log: () => undefined });
  });
  after(async () => {
    host.dispose();
    await project.remove();
  });

  it('format_source follows [fmt] as it is on disk at each call', async () => {
    const first = await tool('format_source', { source: SOURCE });
    assert.equal(indentOf(first.formatted), 2);
    assert.deepEqual(first.diagnostics, []);
    writeManifest('[fmt]\nindent_width = 8\n');
    assert.equal(indentOf((await tool('format_source', { source: SOURCE })).formatted), 8);
  });

  it('a manifest that is not TOML: defaults, and a warning where the parser stopped', async () => {
    writeManifest('[fmt]\nindent_width = 2\n[package\n');
    const formatted = await tool('format_source', { source: SOURCE });
    assert.equal(indentOf(formatted.formatted), 4);
    assert.deepEqual(formatted.diagnostics.map((d: Structured) => [d.code, d.severity, d.span[0]]), [['MCP-MANIFEST-INVALID', 'warning', 3]]);
    assert.match(formatted.diagnostics[0].message, /^yaoxiang\.toml is not valid TOML/);

    const checked = await tool('typecheck', { file_paths: [], project_root: '.' });
    const onManifest = checked.diagnostics.filter((d: Structured) => d.file === 'yaoxiang.toml');
    assert.deepEqual(onManifest.map((d: Structured) => [d.code, d.severity]), [['MCP-MANIFEST-INVALID', 'warning']]);
    assert.equal(checked.summary.warnings, checked.diagnostics.filter((d: Structured) => d.severity === 'warning').length);
  });

  it('a wrong value type is named; fixed, the warning goes', async () => {
    writeManifest('[fmt]\nindent_width = "two"\n');
    const checked = await tool('typecheck', { file_paths: ['main.yx'], project_root: '.' });
    const warning = checked.diagnostics.find((d: Structured) => d.file === 'yaoxiang.toml');
    assert.equal(warning?.code, 'MCP-MANIFEST-INVALID');
    assert.match(warning.message, /indent_width/);

    writeManifest('[fmt]\nindent_width = 2\n');
    const fixed = await tool('typecheck', { file_paths: [], project_root: '.' });
    assert.equal(fixed.diagnostics.some((d: Structured) => d.file === 'yaoxiang.toml'), false);
    assert.equal(indentOf((await tool('format_source', { source: SOURCE })).formatted), 2);
  });

  it('no manifest any more: the defaults, no warning', async () => {
    rmSync(path.join(project.dir, 'yaoxiang.toml'));
    const formatted = await tool('format_source', { source: SOURCE });
    assert.equal(indentOf(formatted.formatted), 4);
    assert.deepEqual(formatted.diagnostics, []);
  });

  it('a manifest that is a symbolic link: the defaults, and a warning that says why', async () => {
    const target = path.join(project.dir, 'shared.toml');
    writeFileSync(target, '[fmt]\nindent_width = 2\n');
    symlinkSync(target, path.join(project.dir, 'yaoxiang.toml'));
    const formatted = await tool('format_source', { source: SOURCE });
    assert.equal(indentOf(formatted.formatted), 4);
    assert.deepEqual(formatted.diagnostics.map((d: Structured) => [d.code, d.severity]), [['MCP-MANIFEST-INVALID', 'warning']]);
    assert.match(formatted.diagnostics[0].message, /^yaoxiang\.toml is a symbolic link, not a regular file/);
  });
});
