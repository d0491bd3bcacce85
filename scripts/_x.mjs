import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fastSuites } from '../dist/scripts/test-suites.js';
const root = 'dist/test';
const all = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.test.js')).map((f) => path.join(root, f)).sort();
const fast = fastSuites(all);
const rows = [];
for (const f of fast) {
  const t = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, '--test', '--test-reporter=dot', f], { encoding: 'utf8' });
  const wall = performance.now() - t;
  const cpu = r.stderr.trim().split('\n').pop().split(' ').reduce((a, b) => a + Number(b), 0);
  rows.push([wall / 1000, cpu, f, r.status]);
}
rows.sort((a, b) => b[0] - a[0]);
let sw = 0, sc = 0; for (const r of rows) { sw += r[0]; sc += r[1]; }
console.log('files', rows.length, 'wall sum', sw.toFixed(1), 'cpu sum', sc.toFixed(1));
for (const r of rows.slice(0, 30)) console.log(r[0].toFixed(1).padStart(6), r[1].toFixed(1).padStart(6), r[3], r[2]);
