// The committed parser sources and WASM must be the build of the committed
// grammar.js and scanner.c (scripts/build-grammar.sh records the hashes;
// `npm run check:grammar` rebuilds from scratch and compares byte for byte).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { grammarDir } from '../support/paths.ts';

const recorded = readFileSync(join(grammarDir, 'src', 'build.sha256'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => {
    const [hash, file] = line.split(/\s+\*?/, 2);
    return { hash: hash!, file: file! };
  });

it('records every input and output of the grammar build', () => {
  assert.deepEqual(
    recorded.map((entry) => entry.file),
    ['grammar.js', 'src/scanner.c', 'src/parser.c', 'tree-sitter-yaoxiang.wasm'],
  );
});

for (const { hash, file } of recorded) {
  it(`${file} matches the last grammar build (run npm run build:grammar after editing grammar.js or scanner.c)`, () => {
    const actual = createHash('sha256').update(readFileSync(join(grammarDir, file))).digest('hex');
    assert.equal(actual, hash, `${file} changed since scripts/build-grammar.sh last ran`);
  });
}
