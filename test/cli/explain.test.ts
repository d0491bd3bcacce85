// `yaoxiang explain` as a user runs it.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { cliPath } from '../support/paths.ts';

function run(args: string[]) {
  const result = spawnSync(process.execPath, [cliPath, 'explain', ...args], { encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('yaoxiang explain', () => {
  it('prints the reference lines, our description and the example message', () => {
    const result = run(['e1002']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Error E1002\nCategory: Type Check\nTitle: Type Mismatch\nMessage Template: Expected type '\{expected\}', found type '\{found\}'\nHelp: /);
    assert.match(result.stdout, /\nDescription:\n[^]+\n\nExample:\n[^]+\n\nExample Message:\nerror \[E1002\] Expected type '[^']+', found type '[^']+'\n$/);
    assert.equal(result.stderr, '');
  });

  it('answers in Chinese and as JSON', () => {
    const result = run(['E0001', '--lang', 'zh', '--json']);
    assert.equal(result.code, 0, result.stderr);
    const value = JSON.parse(result.stdout);
    assert.equal(value.code, 'E0001');
    assert.equal(value.title, '无效字符');
    assert.equal(value.template, "无效字符：'{char}'");
    assert.match(value.description, /[\u4e00-\u9fff]/);
  });

  it('exits 1 with the nearest codes for an unknown code', () => {
    const result = run(['E1004', '--json']);
    assert.equal(result.code, 1);
    assert.equal(result.stderr, 'Unknown error code: E1004\nDid you mean: E1003, E1002, E1001, E1040, E1054?\n');
    assert.equal(JSON.parse(result.stdout).error.kind, 'UNKNOWN_CODE');
  });

  it('exits 2 on usage errors', () => {
    assert.equal(run([]).code, 2);
    assert.equal(run(['E0001', '--lang', 'fr']).code, 2);
    assert.equal(run(['E0001', 'E0002']).code, 2);
  });
});

describe('a reader that closes early (yaoxiang … | head)', () => {
  it('ends quietly, without an internal error', async () => {
    const child = spawn(process.execPath, [cliPath, 'explain', 'E1002'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(stderr, '');
    assert.equal(code, 0);
  });
});
