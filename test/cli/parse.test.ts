// `yaoxiang parse` as a user runs it: output, exit codes, messages.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cliPath, examplesDir } from '../support/paths.ts';

function run(args: string[], input?: string | Buffer) {
  const result = spawnSync(process.execPath, [cliPath, ...args], { input, encoding: 'utf8', maxBuffer: 1 << 30 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const scratch = mkdtempSync(join(tmpdir(), 'yaoxiang-parse-'));

describe('yaoxiang parse', () => {
  it('prints an S-expression and exits 0 for a clean file', () => {
    const result = run(['parse', join(examplesDir, 'demo', 'main.yx')]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^\(source_file \[1:1 - \d+:1\]\n  \(line_comment/);
    assert.match(result.stdout, /\(use_statement/);
    assert.equal(result.stderr, '');
  });

  it('prints JSON with types, fields, 1-based ranges and leaf text', () => {
    const result = run(['parse', '--format', 'json', '-'], 'x = 1');
    assert.equal(result.code, 0);
    const root = JSON.parse(result.stdout);
    assert.equal(root.type, 'source_file');
    assert.deepEqual(root.children[0].children.map((c: { field: string; text: string }) => [c.field, c.text]), [
      ['left', 'x'],
      ['right', '1'],
    ]);
    assert.deepEqual(root.children[0].start, { line: 1, column: 1 });
  });

  it('prints a tree nested 10,000 levels deep as JSON and as an S-expression, indented only so far', () => {
    const source = `x = ${'['.repeat(10_000)}1${']'.repeat(10_000)}\n`;
    const json = run(['parse', '--format', 'json', '-'], source);
    assert.equal(json.code, 0, json.stderr);
    let node = JSON.parse(json.stdout);
    let depth = 0;
    while (node.children) [node, depth] = [node.children[node.children.length - 1], depth + 1];
    assert.deepEqual([node.type, depth], ['integer', 10_002]);
    const sexp = run(['parse', '-'], source);
    assert.equal(sexp.code, 0, sexp.stderr);
    assert.equal(sexp.stdout.split('\n').length, 10_005);
    // Indented in full it would be about 100 MB.
    assert.ok(sexp.stdout.length < 5_000_000, `${sexp.stdout.length} characters`);
  });

  it('lists only the errors with --errors and exits 1', () => {
    const result = run(['parse', '--errors', '-'], 'a = 1\nb = @\n');
    assert.equal(result.code, 1);
    assert.match(result.stdout, /^<stdin>:2:5: syntax error at "@"\n/);
  });

  it('prints errors as JSON with --errors --format json', () => {
    const result = run(['parse', '--errors', '--format', 'json', '-'], 'f(a b)');
    assert.equal(result.code, 1);
    const problems = JSON.parse(result.stdout);
    assert.ok(problems.length > 0);
    assert.deepEqual(Object.keys(problems[0]).sort(), ['end', 'kind', 'start', 'text', 'type']);
  });

  it('reports a missing file, a directory and invalid UTF-8 with exit 2', () => {
    const missing = run(['parse', join(scratch, 'nope.yx')]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /nope\.yx: no such file/);
    const directory = run(['parse', scratch]);
    assert.equal(directory.code, 2);
    assert.match(directory.stderr, /is a directory/);
    const bad = join(scratch, 'bad.yx');
    writeFileSync(bad, Buffer.from([0x78, 0x20, 0x3d, 0x20, 0x22, 0xff, 0x22]));
    const invalid = run(['parse', bad]);
    assert.equal(invalid.code, 2);
    assert.match(invalid.stderr, /not valid UTF-8 \(first invalid byte at offset 5\)/);
    assert.equal(invalid.stdout, '');
  });

  it('rejects bad usage with exit 2 and a message', () => {
    assert.equal(run(['parse', '--format', 'xml', '-'], '').code, 2);
    assert.match(run(['parse', '--bogus']).stderr, /Unknown option/);
    assert.equal(run(['parse', 'a.yx', 'b.yx']).code, 2);
    const unknown = run(['frobnicate']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command "frobnicate"/);
  });
});
