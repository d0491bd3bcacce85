// One `use` path naming two files in one program: the reference's project
// build (`run`) stops with "模块 `helpers` 解析歧义" (no code); our check says
// E5002 on the `use` that brought the second file. Verified on v0.7.12 with
// `run` in a folder with a yaoxiang.toml (test/differential/modules/
// ambiguous-module-key is the fixture the reference judged).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ambiguousUses } from '../../src/analysis/module-ambiguity.ts';
import { project, TypeChecker } from './support.ts';

const AMBIGUOUS = {
  'main.yx': 'use helpers\nuse app.core\n\nmain = {\n    print(helpers.h())\n    print(core.c())\n}\n',
  'helpers.yx': 'h: () -> Int = 1\n',
  'app/core.yx': 'use helpers\n\nc: () -> Int = helpers.h() + 1\n',
  'app/helpers.yx': 'h: () -> Int = 2\n',
};

/** The diagnostics of a whole-project check of `sources`, as `file:line:column code`. */
const checked = async (sources: Record<string, string>) => codes(new TypeChecker().check(await project(sources), { mode: 'full' }));

const codes = (report: { diagnostics: Array<{ file: string; code: string; range: { start: { line: number; column: number } } }> }) =>
  report.diagnostics.map((d) => `${d.file}:${d.range.start.line}:${d.range.start.column} ${d.code}`);

describe('a module name that names two files in one program', () => {
  it('is E5002 on the use that brought the second file, naming both', async () => {
    const files = await project(AMBIGUOUS);
    const report = new TypeChecker().check(files, { mode: 'full' });
    assert.deepEqual(codes(report), ['app/core.yx:1:1 E5002']);
    assert.match(report.diagnostics[0]!.message, /^Failed to import module 'helpers': in the program of main\.yx it is already helpers\.yx, and this use names app\/helpers\.yx/);
    // Only a check of the whole project walks the programs: a check of one file and its imports does not (a World
    // works out each file's imports when first asked, and asking every file's at once is what a cancellation cannot stop).
    assert.deepEqual(codes(new TypeChecker().check(files, { mode: 'fast', targets: ['app/core.yx'] })), []);
  });

  it('is nothing when the programs that use the name are separate (each runs with its own file)', async () => {
    const one = { 'main.yx': 'use helpers\nmain = { print(helpers.h()) }\n', 'helpers.yx': 'h: () -> Int = 1\n' };
    assert.deepEqual(await checked(Object.fromEntries(['a', 'b'].flatMap((folder) => Object.entries(one).map(([name, text]) => [`${folder}/${name}`, text])))), []);
  });

  it('is nothing when the second file is not reached from the program (the root helpers.yx unused)', async () => {
    const files = await project({ ...AMBIGUOUS, 'main.yx': 'use app.core\nmain = { print(core.c()) }\n', 'other.yx': 'use helpers\n' });
    assert.deepEqual(ambiguousUses(files), []);
  });

  it('is nothing from a stray file no one imports that binds no main (it starts no program)', async () => {
    const stray = { 'main.yx': 'use util.{u}\nmain = { print(u) }\n', 'util.yx': 'use helpers\nu: Int = 1\n', 'helpers.yx': 'h: Int = 1\n', 'app/helpers.yx': 'use util\nh: Int = 2\n' };
    assert.deepEqual(await checked(stray), []);
    // Given a main, it starts one, and in it `helpers` is the stray file itself when util.yx asks for the root's (as `run app/helpers.yx` says).
    assert.deepEqual(await checked({ ...stray, 'app/helpers.yx': 'use util\nh: Int = 2\nmain = { print(h) }\n' }), ['util.yx:1:1 E5002']);
  });

  it('is nothing for one file reached under two paths', async () => {
    const files = await project({
      'main.yx': 'use app.util\nuse app.core\nmain = { print(1) }\n',
      'app/util.yx': 'u: Int = 1\n',
      'app/core.yx': 'use util\nc: Int = 2\n',
    });
    assert.deepEqual(ambiguousUses(files), []);
  });

  it('walks nothing when no name names two files', async () => {
    const files = await project({ 'main.yx': 'use helpers\nmain = { print(helpers.h()) }\n', 'helpers.yx': 'h: () -> Int = 1\n' });
    assert.deepEqual(ambiguousUses(files), []);
  });
});
