// Project root detection, path resolution against every attack of the spec,
// and the World: indexing state, freshness, overlays.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { detectProjectRoot, resolveInProject } from '../../src/workspace/root.ts';
import { parseManifest } from '../../src/workspace/manifest.ts';
import { World } from '../../src/workspace/world.ts';

function scratchProject(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'yaoxiang-ws-')));
  writeFileSync(join(dir, 'yaoxiang.toml'), '[package]\nname = "t"\nversion = "0.1.0"\n\n[fmt]\nindent_width = 2\n');
  mkdirSync(join(dir, 'src', 'deep'), { recursive: true });
  writeFileSync(join(dir, 'src', 'main.yx'), 'use util.{total}\nmain = { x = total }\n');
  writeFileSync(join(dir, 'util.yx'), 'pub total = 1\n');
  return dir;
}

describe('detectProjectRoot', () => {
  const dir = scratchProject();
  it('prefers an explicit root, then the nearest yaoxiang.toml, then the working directory', () => {
    assert.deepEqual(detectProjectRoot({ explicit: dir, cwd: '/' }), { ok: true, value: { root: dir, source: 'explicit' } });
    assert.deepEqual(detectProjectRoot({ cwd: join(dir, 'src', 'deep') }), { ok: true, value: { root: dir, source: 'manifest' } });
    const bare = realpathSync(mkdtempSync(join(tmpdir(), 'yaoxiang-bare-')));
    assert.deepEqual(detectProjectRoot({ cwd: bare }), { ok: true, value: { root: bare, source: 'cwd' } });
  });
  it('reports a missing root as PROJECT_NOT_FOUND', () => {
    const result = detectProjectRoot({ explicit: join(dir, 'nope'), cwd: '/' });
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.error.code, 'PROJECT_NOT_FOUND');
  });
});

describe('resolveInProject', () => {
  const dir = scratchProject();
  const outsideDir = realpathSync(mkdtempSync(join(tmpdir(), 'yaoxiang-outside-')));
  writeFileSync(join(outsideDir, 'secret.yx'), 'x = 1\n');
  symlinkSync(outsideDir, join(dir, 'escape'));
  symlinkSync(join(outsideDir, 'secret.yx'), join(dir, 'secret-link.yx'));
  symlinkSync(join(dir, 'util.yx'), join(dir, 'inner-link.yx'));
  symlinkSync(join(dir, 'loop-a'), join(dir, 'loop-b'));
  symlinkSync(join(dir, 'loop-b'), join(dir, 'loop-a'));

  const inside: Array<[string, string]> = [
    ['util.yx', 'util.yx'],
    ['./src/main.yx', 'src/main.yx'],
    ['src/deep/../main.yx', 'src/main.yx'],
    ['src\\main.yx', 'src/main.yx'],
    [join(dir, 'src', 'main.yx'), 'src/main.yx'],
    ['inner-link.yx', 'inner-link.yx'],
    ['not-yet-created.yx', 'not-yet-created.yx'],
    ['..name.yx', '..name.yx'],
    ['..%2fx.yx', '..%2fx.yx'],
  ];
  for (const [input, relative] of inside) {
    it(`accepts ${JSON.stringify(input)}`, () => {
      const result = resolveInProject(dir, input);
      assert.ok(result.ok, JSON.stringify(result));
      assert.equal(result.value.relative, relative);
    });
  }

  const attacks = [
    '../etc/passwd', '../../x.yx', 'src/../../x.yx', 'src/deep/../../../x.yx', '..', '/etc/passwd',
    outsideDir, join(outsideDir, 'secret.yx'), 'escape/secret.yx', 'secret-link.yx', 'loop-a/x.yx',
    'a\0b.yx', '..\\..\\x.yx', 'src\\..\\..\\x.yx', 'C:\\Windows\\system.ini', 'C:x.yx', 'c:/x.yx',
    '\\\\server\\share\\x.yx', '\\\\?\\C:\\x.yx', '//server/share/x.yx', '',
  ];
  for (const input of attacks) {
    it(`refuses ${JSON.stringify(input)} with PATH_OUTSIDE_PROJECT`, () => {
      const result = resolveInProject(dir, input);
      assert.equal(result.ok, false);
      assert.equal(!result.ok && result.error.code, 'PATH_OUTSIDE_PROJECT');
    });
  }
});

describe('parseManifest', () => {
  it('reads [package], [fmt] and [i18n]', () => {
    const { manifest, problems } = parseManifest('[package]\nname = "demo"\nversion = "1.0"\n[fmt]\nindent_width = 2\nuse_tabs = true\n[i18n]\nlang = "zh"\n');
    assert.deepEqual(problems, []);
    assert.deepEqual(manifest, { package: { name: 'demo', version: '1.0' }, fmt: { indent_width: 2, use_tabs: true }, i18n: { lang: 'zh' } });
  });
  it('reports malformed TOML and wrong types instead of throwing', () => {
    assert.match(parseManifest('[package\nname = ').problems[0]!.message, /not valid TOML/);
    assert.deepEqual(parseManifest('[fmt]\nindent_width = "four"\n').problems, [{ message: '[fmt] indent_width must be a number' }]);
  });
  it('warns of [fmt] numbers out of range, naming the key, the value and the value used', () => {
    assert.deepEqual(parseManifest('[fmt]\nindent_width = 1000\nline_width = 0\n').problems.map((p) => p.message), [
      '[fmt] indent_width = 1000 is not a whole number from 0 to 16; 16 is used',
      '[fmt] line_width = 0 is not a positive whole number; 120 (the default) is used',
    ]);
    assert.deepEqual(parseManifest('[fmt]\nindent_width = 0\nline_width = 1\n').problems, []);
    // TOML's nan is a float: no indentation at all came of it.
    assert.deepEqual(parseManifest('[fmt]\nindent_width = nan\n').problems.map((p) => p.message), ['[fmt] indent_width = NaN is not a whole number from 0 to 16; 4 is used']);
  });
});

describe('World', () => {
  it('says INDEXING while loading, then serves analysed files', async () => {
    const dir = scratchProject();
    const world = new World({ root: dir, source: 'explicit' });
    const early = await world.files();
    assert.equal(early.ok, false);
    assert.equal(!early.ok && early.error.code, 'INDEXING');
    await world.load();
    const files = await world.files();
    assert.ok(files.ok);
    assert.deepEqual([...files.value.keys()], ['src/main.yx', 'util.yx']);
    assert.equal(world.manifest.fmt.indent_width, 2);
    assert.deepEqual(files.value.get('src/main.yx')!.imports[0]!.resolved, { kind: 'file', path: 'util.yx' });
    world.dispose();
  });

  it('sees files created, changed and deleted after start-up, and skips ignored folders', async () => {
    const dir = scratchProject();
    writeFileSync(join(dir, '.gitignore'), 'generated/\n');
    mkdirSync(join(dir, 'generated'));
    writeFileSync(join(dir, 'generated', 'skip.yx'), 'x = 1\n');
    mkdirSync(join(dir, 'target'));
    writeFileSync(join(dir, 'target', 'skip.yx'), 'x = 1\n');
    const world = new World({ root: dir, source: 'explicit' });
    await world.load();
    writeFileSync(join(dir, 'new.yx'), 'fresh = 1\n');
    writeFileSync(join(dir, 'util.yx'), 'pub total = 2\npub more = 3\n');
    rmSync(join(dir, 'src', 'main.yx'));
    const files = await world.files();
    assert.ok(files.ok);
    assert.deepEqual([...files.value.keys()].sort(), ['new.yx', 'util.yx']);
    assert.match(files.value.get('util.yx')!.text, /more/);
    const index = await world.symbolIndex();
    assert.ok(index.ok && index.value.lookup('fresh').total === 1);
    world.dispose();
  });

  it('shares a refresh among callers that arrived before it started, and only among them', async () => {
    const dir = scratchProject();
    const world = new World({ root: dir, source: 'explicit' });
    await world.load();
    const arrived = world.mark();
    writeFileSync(join(dir, 'a.yx'), 'a = 1\n');
    // No refresh has started since the mark: this caller must look at the disk.
    let files = await world.files(arrived);
    assert.ok(files.ok && files.value.has('a.yx'));
    // A caller with the same mark was covered by that refresh, so it does not look again...
    writeFileSync(join(dir, 'b.yx'), 'b = 1\n');
    files = await world.files(arrived);
    assert.ok(files.ok && !files.value.has('b.yx'));
    // ...but one that arrives now does, and so does one with no mark.
    files = await world.files(world.mark());
    assert.ok(files.ok && files.value.has('b.yx'));
    writeFileSync(join(dir, 'c.yx'), 'c = 1\n');
    files = await world.files();
    assert.ok(files.ok && files.value.has('c.yx'));
    world.dispose();
  });

  it('lets an overlay stand in front of the file on disk', async () => {
    const dir = scratchProject();
    const world = new World({ root: dir, source: 'explicit' });
    await world.load();
    world.setOverlay('util.yx', 'pub unsaved = 1\n', 7);
    let files = await world.files();
    assert.ok(files.ok);
    assert.equal(files.value.get('util.yx')!.source, 'overlay');
    assert.equal(files.value.get('util.yx')!.version, 7);
    await world.clearOverlay('util.yx');
    files = await world.files();
    assert.ok(files.ok);
    assert.equal(files.value.get('util.yx')!.text, 'pub total = 1\n');
    world.dispose();
  });
});

describe('World with a file watcher', () => {
  it('notices a new file through the watcher', async () => {
    const dir = scratchProject();
    const world = new World({ root: dir, source: 'explicit' });
    await world.load({ watch: true });
    writeFileSync(join(dir, 'watched.yx'), 'seen = 1\n');
    let found = false;
    for (let attempt = 0; attempt < 40 && !found; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const files = await world.files();
      found = files.ok && files.value.has('watched.yx');
    }
    assert.ok(found, 'watched.yx appeared within 2 s');
    world.dispose();
  });
});
