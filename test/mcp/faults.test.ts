// The file faults of test/support/fs-faults.ts through the workspace tools: the
// World's reads go through a FaultyDisk, so each fault lands exactly between a
// listing and its reads, at the first index or at a later call's re-stat. Every
// call answers; a vanished file is simply absent, a broken one is reported with
// its MCP-FILE-* code, and once repaired the file is back.
import assert from 'node:assert/strict';
import { existsSync, lstatSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Host } from '../../src/mcp/host.ts';
import { callTool } from '../../src/mcp/server.ts';
import { FaultyDisk } from '../support/faulty-disk.ts';
import { FAULTS, faultProject, repair, UTIL, type Fault } from '../support/fs-faults.ts';

const signal = new AbortController().signal;
const CODES = { UNREADABLE: 'MCP-FILE-UNREADABLE', INVALID_UTF8: 'MCP-FILE-INVALID-UTF8', TOO_LARGE: 'MCP-FILE-TOO-LARGE' } as const;

type Structured = Record<string, any>;

async function tool(host: Host, name: string, args: Record<string, unknown>): Promise<Structured> {
  return (await callTool(host, name, args, signal)).structuredContent;
}

function isFileOnDisk(dir: string, file: string): boolean {
  const absolute = path.join(dir, file);
  return existsSync(absolute) && lstatSync(absolute).isFile();
}

/** Every tool's view of util.yx after `fault`, checked against what the fault should have made of it. */
async function expectConsistent(host: Host, dir: string, fault: Fault): Promise<void> {
  const expect = fault.expect;
  const problem = 'problem' in expect ? CODES[expect.problem] : undefined;
  const holdsTotal = 'text' in expect && expect.text === UTIL;
  const refused = fault.outside ? 'MCP-PATH-OUTSIDE-PROJECT' : 'MCP-INVALID-INPUT';

  const symbols = await tool(host, 'lookup_symbol', { query: 'total' });
  assert.equal(symbols.isError, false);
  for (const s of symbols.symbols) assert.ok(isFileOnDisk(dir, s.file), `lookup_symbol: ${s.file} is on disk`);
  assert.equal(symbols.symbols.some((s: Structured) => s.file === 'util.yx'), holdsTotal);

  const references = await tool(host, 'find_references', { query: 'total' });
  assert.equal(references.isError, false);
  for (const l of references.locations) assert.ok(isFileOnDisk(dir, l.file), `find_references: ${l.file} is on disk`);
  assert.equal(references.locations.some((l: Structured) => l.file === 'util.yx'), holdsTotal);

  const full = await tool(host, 'typecheck', { file_paths: [], project_root: '.' });
  assert.equal(full.isError, false);
  const utilDiagnostics = full.diagnostics.filter((d: Structured) => d.file === 'util.yx');
  if (problem) {
    assert.deepEqual(utilDiagnostics.map((d: Structured) => [d.code, d.severity, d.span]), [[problem, 'error', [1, 1, 1, 1]]]);
    assert.match(utilDiagnostics[0].message, /util\.yx .*cannot be served/);
  } else {
    assert.equal(utilDiagnostics.length, 0);
  }
  for (const d of full.diagnostics) assert.ok(isFileOnDisk(dir, d.file), `typecheck: ${d.file} is on disk`);

  // Fast mode on the importer says why its import is empty.
  const fast = await tool(host, 'typecheck', { file_paths: ['main.yx'], project_root: '.' });
  assert.equal(fast.diagnostics.some((d: Structured) => d.file === 'util.yx' && d.code === problem), problem !== undefined);

  const direct = await tool(host, 'typecheck', { file_paths: ['util.yx'], project_root: '.' });
  if ('gone' in expect) assert.equal(direct.errorCode, refused);
  else if (problem) assert.deepEqual(direct.diagnostics.map((d: Structured) => d.code), [problem]);
  else assert.equal(direct.isError, false);

  const imports = await tool(host, 'list_imports', { file_path: 'main.yx' });
  assert.equal(imports.imports[0].resolved.kind, 'gone' in expect ? 'unresolved' : 'file');

  const own = await tool(host, 'list_imports', { file_path: 'util.yx' });
  if ('gone' in expect) assert.equal(own.errorCode, refused);
  else if (problem) {
    assert.equal(own.errorCode, problem);
    assert.equal(own.details.file, 'util.yx');
  } else assert.deepEqual(own.imports, []);
}

describe('workspace tools: files changing while the World reads them', () => {
  for (const moment of ['between listing and reading', 'at a later call'] as const) {
    for (const fault of FAULTS) {
      it(`util.yx ${fault.name}, ${moment}`, { timeout: 30_000 }, async () => {
        const dir = faultProject();
        const disk = new FaultyDisk();
        const logged: string[] = [];
        const host = new Host({ root: { root: dir, source: 'explicit' }, watch: false, disk, log: (m) => logged.push(m) });
        try {
          if (moment === 'between listing and reading') disk.afterList = () => fault.apply(dir, disk);
          host.startIndexing();
          if (moment === 'at a later call') {
            assert.equal((await tool(host, 'lookup_symbol', { query: 'total' })).isError, false);
            disk.afterList = () => fault.apply(dir, disk);
          }
          await expectConsistent(host, dir, fault);
          repair(dir, disk);
          await expectConsistent(host, dir, { name: 'repaired', expect: { text: UTIL }, apply: () => undefined });
          assert.deepEqual(logged.filter((m) => /error|failed/i.test(m)), []);
        } finally {
          host.dispose();
          rmSync(dir, { recursive: true, force: true });
        }
      });
    }
  }
});
