// Bounded reads of file-access.ts: a file is read to its end whatever size it
// reported, and one that grows past the limit is refused.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readRegularFile, readTextFile } from '../../src/workspace/file-access.ts';

describe('bounded reads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'yaoxiang-file-access-'));

  it('reads small, empty and larger-than-a-chunk files whole, each its own bytes', () => {
    for (const size of [0, 1, 2048, 64 * 1024, 64 * 1024 + 1, 300_000]) {
      const file = join(dir, `f${size}.yx`);
      const bytes = Buffer.alloc(size, 'ab');
      writeFileSync(file, bytes);
      const read = readRegularFile(file);
      assert.ok(read.ok);
      assert.ok(read.value.bytes.equals(bytes), `${size} bytes`);
      assert.equal(read.value.info.size, size);
    }
    // Two reads in a row give buffers that do not share what they hold.
    writeFileSync(join(dir, 'a.yx'), 'a = 1\n');
    writeFileSync(join(dir, 'b.yx'), 'b = 2\n');
    const a = readTextFile(join(dir, 'a.yx'));
    const b = readTextFile(join(dir, 'b.yx'));
    assert.ok(a.ok && b.ok);
    assert.deepEqual([a.value.text, b.value.text], ['a = 1\n', 'b = 2\n']);
  });

  it('reads to the end of a file that reports no size, and refuses one past the limit', { skip: process.platform !== 'linux' && 'needs /proc' }, () => {
    // /proc files report size 0 and have content: the read does not trust the size.
    const read = readRegularFile('/proc/self/status');
    assert.ok(read.ok);
    assert.equal(read.value.info.size, 0);
    assert.match(read.value.bytes.toString('utf8'), /^Name:/);
    const tooLarge = readRegularFile('/proc/self/status', { limit: 10 });
    assert.ok(!tooLarge.ok);
    assert.equal(tooLarge.error.code, 'TOO_LARGE');
  });
});
