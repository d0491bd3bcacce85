// parse_source's node lines: what each line says, that the schema's pattern
// pins them, and that a result is sized to the limit as it is built (one run
// per call, the cut as tight as the lines allow).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callTool } from '../../src/mcp/server.ts';
import { Host } from '../../src/mcp/host.ts';
import { jsonStringLength } from '../../src/mcp/tools/json-length.ts';
import { NODES_TEXT, parseSource } from '../../src/mcp/tools/parse-source.ts';
import { demoProject } from './support.ts';

const signal = new AbortController().signal;
const quiet = { log: () => undefined };

function newHost(maxResultChars?: number): Host {
  return new Host({ root: { root: demoProject, source: 'explicit' }, ...(maxResultChars ? { limits: { maxResultChars } } : {}), ...quiet });
}

async function nodes(host: Host, args: Record<string, unknown>): Promise<string[]> {
  const result = await callTool(host, 'parse_source', args, signal);
  assert.equal(result.isError, false, result.content[0]!.text);
  const text = result.structuredContent.nodes as string;
  assert.match(text, NODES_TEXT);
  assert.ok(text.endsWith('\n'));
  return text.slice(0, -1).split('\n');
}

test('one line per node: parent index, type, span, field, leaf text', async () => {
  const host = newHost();
  assert.deepEqual(await nodes(host, { source: 'x: Int = 1 + 2\n' }), [
    '-1 source_file 1:1-2:1',
    '0 declaration 1:1-1:15',
    '1 identifier 1:1-1:2 field=target text="x"',
    '1 type_identifier 1:4-1:7 field=type text="Int"',
    '1 binary_expression 1:10-1:15 field=value',
    '4 integer 1:10-1:11 field=left text="1"',
    '4 integer 1:14-1:15 field=right text="2"',
  ]);
  host.dispose();
});

test('keywords and punctuation are JSON-quoted, inserted tokens say missing, tabs widen columns', async () => {
  const host = newHost();
  const all = await nodes(host, { source: 'x = 1\n', named_only: false });
  assert.ok(all.includes('1 "=" 1:3-1:4 text="="'), all.join('\n'));
  const broken = await nodes(host, { source: 'x = (1 + 2\n' });
  assert.match(broken.at(-1)!, /^\d+ "\)" 1:11-1:11 missing text=""$/, broken.join('\n'));
  const tabbed = await nodes(host, { source: '\tx = 1\n', tab_size: 4 });
  assert.ok(tabbed.includes('1 identifier 1:5-1:6 field=left text="x"'), tabbed.join('\n'));
  host.dispose();
});

test('leaf text is a JSON string, newlines and quotes escaped, and the pattern refuses anything else', async () => {
  const host = newHost();
  const lines = await nodes(host, { source: '/* a "b"\n c */\nx = "q\\"r"\n' });
  assert.ok(lines.includes('0 block_comment 1:1-2:6 text="/* a \\"b\\"\\n c */"'), lines.join('\n'));
  for (const bad of ['x identifier 1:1-1:2\n', '0 a b 1:1-1:2\n', '0 "=" 0:1-1:2\n', '0 identifier 1:1-1:2 missing field=name\n', '0 identifier 1:1-1:2 text=x\n', '0 identifier 1:1-1:2', '-1 source_file 1:1-2:1\nextra\n']) {
    assert.doesNotMatch(bad, NODES_TEXT);
  }
  host.dispose();
});

test('the pattern\'s JSON strings take exactly the strings one alternation per character takes (it is only written to check faster)', () => {
  const plain = /^(?:"(?:[^"\\\n]|\\.)*")$/;
  const line = (text: string) => `0 identifier 1:1-1:2 text=${text}\n`;
  const pieces = ['a', '"', '\\', '\n', '\\"', '\\\\', 'é'];
  let seed = 7;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
  for (let i = 0; i < 20_000; i++) {
    let inner = '';
    for (let n = next() % 8; n > 0; n--) inner += pieces[next() % pieces.length];
    const text = `"${inner}"`;
    assert.equal(NODES_TEXT.test(line(text)), plain.test(text), JSON.stringify(text));
  }
});

test('parents come before their children and name the enclosing node', async () => {
  const host = newHost();
  const source = 'f = (a: Int) => {\n    if a > 1 { return a } else { return 0 }\n}\n';
  const lines = await nodes(host, { source, max_depth: 100 });
  lines.forEach((line, i) => {
    const parent = Number(line.split(' ')[0]);
    assert.ok(parent < i && (i === 0 ? parent === -1 : parent >= 0), line);
    if (parent < 0) return;
    const span = (l: string) => l.split(' ')[2]!.split('-').map((p) => p.split(':').map(Number) as [number, number]);
    const [[sl, sc], [el, ec]] = span(line) as [[number, number], [number, number]];
    const [[psl, psc], [pel, pec]] = span(lines[parent]!) as [[number, number], [number, number]];
    assert.ok(psl < sl || (psl === sl && psc <= sc), `${line} starts inside ${lines[parent]}`);
    assert.ok(el < pel || (el === pel && ec <= pec), `${line} ends inside ${lines[parent]}`);
  });
  host.dispose();
});

const CUT_CASES = [
  { name: 'plain code', source: 'x = 1\n'.repeat(500), named_only: true },
  // Leaf texts and anonymous types that JSON escapes: quotes, backslashes, a tab, an astral character.
  { name: 'escapes', source: 's = "a\\"b\\\\c\td 😀" + "\\\\"\n'.repeat(150), named_only: false },
];

for (const { name, source, named_only } of CUT_CASES) {
  test(`a result over the size limit is cut while it is built: one run, as many nodes as fit (${name})`, async () => {
    const limit = 2_000;
    const all = await nodes(newHost(), { source, max_nodes: 2_000, named_only });
    const host = newHost(limit);
    const run = parseSource.run;
    let runs = 0;
    parseSource.run = (...args) => {
      runs++;
      return run.apply(parseSource, args);
    };
    try {
      const cut = await callTool(host, 'parse_source', { source, named_only }, signal);
      const text = cut.content[0]!.text;
      const count = cut.structuredContent.node_count as number;
      assert.equal(runs, 1);
      assert.equal(cut.structuredContent.truncated, true);
      assert.equal(cut.structuredContent.nodes, all.slice(0, count).map((line) => line + '\n').join(''));
      assert.ok(text.length <= limit, `${text.length} characters`);
      // The next line would not have fitted (give or take the room kept for node_count's widest value).
      assert.ok(text.length + jsonStringLength(all[count]! + '\n') - 2 > limit - 4, `${text.length} characters with ${count} nodes`);
    } finally {
      parseSource.run = run;
      host.dispose();
    }
  });
}

test('a default call on 1,000 lines fits the default limit in full', async () => {
  const host = newHost();
  const source = Array.from({ length: 200 }, (_, i) => `v${i}: Int = ${i} * 2\nw${i} = f(v${i}, "s")\n\n// note ${i}\n`).join('');
  const result = await callTool(host, 'parse_source', { source }, signal);
  assert.equal(result.structuredContent.node_count, 1_000);
  assert.ok(result.content[0]!.text.length <= 64_000);
  host.dispose();
});
