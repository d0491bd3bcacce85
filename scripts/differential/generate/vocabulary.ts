// Names people give things in small programs, so generated code reads like the
// corpus and the documentation rather than like x1, x2, x3.
export const FUNCTION_NAMES = ['add', 'sum2', 'scale', 'clamp', 'total', 'area', 'perimeter', 'double', 'triple', 'square', 'cube', 'offset', 'combine', 'score', 'bonus', 'tax', 'discount', 'distance', 'volume', 'average2', 'diff', 'product', 'mix', 'weight', 'step', 'next_id', 'grow', 'shrink', 'fee', 'budget'];
export const PARAMETER_NAMES = ['a', 'b', 'n', 'm', 'x', 'y', 'count', 'amount', 'width', 'height', 'size', 'value', 'base', 'rate', 'price', 'qty', 'left', 'right', 'k', 'depth'];
export const VARIABLE_NAMES = ['result', 'answer', 'value', 'count', 'subtotal', 'sum', 'total_price', 'width', 'height', 'level', 'age', 'score', 'limit', 'index', 'steps', 'balance', 'points', 'items_left', 'speed', 'retries', 'year', 'port', 'seats', 'weight', 'rank'];
export const STRING_NAMES = ['name', 'title', 'label', 'message', 'greeting', 'city', 'owner', 'status', 'tag', 'motto'];
export const WORDS = ['hello', 'world', 'yaoxiang', 'alice', 'bob', 'ready', 'done', 'north', 'tea', 'river', 'paper', 'stone'];
export const RECORDS: readonly { type: string; fields: readonly string[] }[] = [
  { type: 'Point', fields: ['x', 'y'] },
  { type: 'Size', fields: ['width', 'height'] },
  { type: 'Account', fields: ['id', 'balance'] },
  { type: 'Item', fields: ['price', 'qty'] },
  { type: 'Vec2', fields: ['dx', 'dy'] },
  { type: 'Range', fields: ['low', 'high'] },
  { type: 'Score', fields: ['home', 'away'] },
  { type: 'Cell', fields: ['row', 'col'] },
];
export const METHOD_NAMES = ['sum', 'span', 'norm', 'weight', 'key', 'spread', 'measure'];
export const ENUMS: readonly { type: string; variants: readonly string[] }[] = [
  { type: 'Direction', variants: ['north', 'east', 'south', 'west'] },
  { type: 'Color', variants: ['red', 'green', 'blue'] },
  { type: 'Level', variants: ['low', 'medium', 'high'] },
];
export const MODULE_NAMES = ['geometry', 'util', 'billing', 'shapes', 'helpers', 'mathx'];
