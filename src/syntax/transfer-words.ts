// web-tree-sitter passes every Node and TreeCursor between JS and WASM through
// a transfer buffer, one 32-bit word at a time, with the Emscripten runtime's
// generic `setValue(ptr, value, type)` / `getValue(ptr, type)`: a string
// switch on the type and, in this build, a little-endian DataView access per
// word. A `Node` method marshals five words in and five back, so on a 1.6 MB
// `check` those two functions alone were 8% of the CPU time. The wrapper
// calls them through the module object `Parser.init` fills in, so the words
// can be read and written straight through the heap's Int32Array instead,
// which on a little-endian host (every one Node runs on, in practice) is the
// same memory in the same byte order. Every other type goes to the original.

type SetValue = (ptr: number, value: number, type?: string) => void;
type GetValue = (ptr: number, type?: string) => number;

interface TransferModule {
  setValue: SetValue;
  getValue: GetValue;
  HEAP32: Int32Array;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Gives `module` (filled in by `Parser.init`) 32-bit transfers through its
 * heap view; leaves it as it is when it lacks what that needs or the host is
 * big-endian. The heap view is read at each call: growing the WASM memory
 * replaces it.
 */
export function adoptWordTransfers(module: object): boolean {
  const candidate = module as Partial<TransferModule>;
  if (!LITTLE_ENDIAN || typeof candidate.setValue !== 'function' || typeof candidate.getValue !== 'function' || !(candidate.HEAP32 instanceof Int32Array)) return false;
  const target = candidate as TransferModule;
  const { setValue, getValue } = target;
  target.setValue = (ptr, value, type) => {
    if (type === 'i32') target.HEAP32[ptr >>> 2] = value;
    else setValue(ptr, value, type);
  };
  target.getValue = (ptr, type) => (type === 'i32' ? target.HEAP32[ptr >>> 2]! : getValue(ptr, type));
  return true;
}
