// adoptWordTransfers: 32-bit words go through the heap view and read back as the
// Emscripten runtime's DataView accessors would; every other type goes to them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createParser } from '../../src/syntax/language.ts';
import { adoptWordTransfers } from '../../src/syntax/transfer-words.ts';
import { mulberry32 } from '../support/random.ts';

/** A module object like the one Parser.init fills in, its accessors as the runtime writes them (little-endian DataView). */
function runtimeLike() {
  const memory = new ArrayBuffer(1024);
  const view = new DataView(memory);
  const calls: string[] = [];
  const module = {
    HEAP32: new Int32Array(memory),
    setValue(ptr: number, value: number, type = 'i8') {
      calls.push(`set ${type}`);
      if (type === 'i32') view.setInt32(ptr, value, true);
      else if (type === 'i8') view.setInt8(ptr, value);
      else if (type === 'double') view.setFloat64(ptr, value, true);
      else throw new Error(type);
    },
    getValue(ptr: number, type = 'i8') {
      calls.push(`get ${type}`);
      if (type === 'i32') return view.getInt32(ptr, true);
      if (type === 'i8') return view.getInt8(ptr);
      if (type === 'double') return view.getFloat64(ptr, true);
      throw new Error(type);
    },
  };
  return { module, view, calls };
}

describe('adoptWordTransfers', () => {
  it('writes and reads 32-bit words as the runtime does, and leaves other types to it', () => {
    const { module, view, calls } = runtimeLike();
    assert.equal(adoptWordTransfers(module), true);
    const random = mulberry32(0x1eaf);
    for (let i = 0; i < 1_000; i++) {
      const ptr = 4 * Math.floor(random() * 200);
      // Node ids and addresses are unsigned; the runtime stores them as signed words.
      const value = Math.floor(random() * 2 ** 32) - (i % 2 === 0 ? 0 : 2 ** 31);
      module.setValue(ptr, value, 'i32');
      assert.equal(view.getInt32(ptr, true), value | 0);
      assert.equal(module.getValue(ptr, 'i32'), value | 0);
    }
    assert.deepEqual(calls, [], 'no 32-bit word went through the runtime');
    module.setValue(8, -3, 'i8');
    assert.equal(module.getValue(8), -3);
    module.setValue(16, 1.5, 'double');
    assert.equal(module.getValue(16, 'double'), 1.5);
    assert.deepEqual(calls, ['set i8', 'get i8', 'set double', 'get double']);
  });

  it('leaves a module without a heap view or accessors as it is', () => {
    const bare = { setValue: () => undefined };
    assert.equal(adoptWordTransfers(bare), false);
    assert.equal(Object.keys(bare).length, 1);
  });

  it('is what the loaded grammar uses, and nodes read the same through it', async () => {
    const parser = await createParser();
    const tree = parser.parse('x: Int = f(1, "a")\ny = [x, 2]\n')!;
    const root = tree.rootNode;
    const binding = root.child(0)!;
    assert.equal(binding.childForFieldName('target')?.text, 'x');
    assert.deepEqual(root.namedChildren.map((c) => c?.type), root.children.filter((c) => c?.isNamed).map((c) => c?.type));
    assert.equal(root.descendantForIndex(15)?.type, 'string_content');
    tree.delete();
    parser.delete();
  });
});
