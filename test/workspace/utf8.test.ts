// Strict UTF-8 (workspace/utf8.ts): Node's validator decides whether a file is
// text, our scan says where it stops being text, and both must agree with the
// strict decoder on every sequence: well-formed, overlong, surrogate, past
// U+10FFFF, truncated.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeUtf8, firstInvalidUtf8Offset } from '../../src/workspace/utf8.ts';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function decodes(bytes: Uint8Array): boolean {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Every lead byte with the continuation bytes that decide its sequence's edges, plus enough tails to cover 1–4-byte forms. */
function* sequences(): Generator<Uint8Array> {
  const edges = [0x00, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xff];
  for (let lead = 0; lead < 256; lead++) {
    yield Uint8Array.of(lead);
    for (const a of edges) {
      yield Uint8Array.of(lead, a);
      for (const b of [0x80, 0xbf, 0x41]) {
        yield Uint8Array.of(lead, a, b);
        for (const c of [0x80, 0xbf, 0x41]) yield Uint8Array.of(lead, a, b, c);
      }
    }
  }
}

describe('strict UTF-8', () => {
  it('calls a sequence valid exactly when the strict decoder does, with and without text around it', () => {
    let checked = 0;
    for (const sequence of sequences()) {
      for (const bytes of [sequence, Buffer.concat([Buffer.from('a = "'), sequence, Buffer.from('"\n')])]) {
        assert.equal(firstInvalidUtf8Offset(bytes) === -1, decodes(bytes), `bytes ${Buffer.from(bytes).toString('hex')}`);
        checked++;
      }
    }
    assert.ok(checked > 50_000);
  });

  it('names the offset of the first bad byte, past any number of good ones', () => {
    const good = Buffer.from('名字: Int = 1\n'.repeat(1000));
    assert.equal(firstInvalidUtf8Offset(good), -1);
    for (const bad of [[0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe4, 0xbd]]) {
      const bytes = Buffer.concat([good, Buffer.from(bad), good]);
      assert.equal(firstInvalidUtf8Offset(bytes), good.length, `bytes ${Buffer.from(bad).toString('hex')}`);
      assert.deepEqual(decodeUtf8(bytes), { ok: false, offset: good.length });
    }
  });

  it('keeps a leading byte order mark in the text', () => {
    assert.deepEqual(decodeUtf8(Buffer.from('\ufeffx = 1\n')), { ok: true, text: '\ufeffx = 1\n' });
  });
});
