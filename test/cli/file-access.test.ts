// Issue 23 item 1 (5, 6): every command reads through the workspace's file
// access. A FIFO, a device, a link to /dev/zero or an oversized file named
// `.yx` gets a clear error at once instead of a hang or a memory blow-up, a
// hostile yaoxiang.toml in a parent folder is ignored, and --project-root
// (or the project's yaoxiang.toml) confines what is read and written.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, openSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cliPath } from '../support/paths.ts';

const messy = 'f = (a,b)=>a+b\n';
const tidy = 'f = (a, b) => a + b\n';

/** Runs the CLI, killing it after `timeoutMs` (a hang on main): the status is then null. */
function run(args: string[], cwd: string, timeoutMs = 5_000) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [cliPath, ...args], { cwd, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, ms: performance.now() - started };
}

function scratch(files: Record<string, string> = {}): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'yaoxiang-access-')));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

function mkfifo(path: string): boolean {
  return spawnSync('mkfifo', [path]).status === 0;
}

/** A character device of our own (root only); /dev/null's numbers. */
function mknodNull(path: string): boolean {
  return spawnSync('mknod', [path, 'c', '1', '3']).status === 0;
}

describe('CLI reads refuse what is not a regular file, at once', () => {
  const dir = scratch({ 'yaoxiang.toml': '[package]\nname = "p"\n', 'ok.yx': messy });
  const kinds: [string, string, RegExp][] = [];
  if (mkfifo(join(dir, 'fifo.yx'))) kinds.push(['fifo.yx', 'a FIFO', /NOT_A_FILE: .*fifo\.yx: is a FIFO/]);
  symlinkSync('/dev/zero', join(dir, 'zero.yx'));
  kinds.push(['zero.yx', 'a link to /dev/zero', /(NOT_A_FILE|PATH_OUTSIDE_PROJECT): .*zero\.yx.*(character device|leads to \/dev\/zero)/]);
  if (mknodNull(join(dir, 'device.yx'))) kinds.push(['device.yx', 'a character device', /NOT_A_FILE: .*device\.yx: is a character device/]);
  writeFileSync(join(dir, 'huge.yx'), '');
  truncateSync(join(dir, 'huge.yx'), 17 * 1024 * 1024);
  kinds.push(['huge.yx', 'a 17 MiB file', /TOO_LARGE: .*huge\.yx: 17825792 bytes, over the 16777216-byte limit/]);

  for (const command of ['check', 'parse', 'fmt']) {
    for (const [name, what, message] of kinds) {
      it(`${command} on ${what}: exit 2 with a clear error within 1 s`, () => {
        const result = run([command, name], dir);
        assert.equal(result.code, 2, `${command} ${name} hung or crashed: ${result.stderr}`);
        assert.match(result.stderr, message);
        assert.ok(result.ms < 1_000, `${command} ${name} took ${Math.round(result.ms)} ms`);
      });
    }
  }

  it('a folder as standard input: exit 2, not an empty program', () => {
    const folder = openSync(dir, 'r');
    try {
      for (const command of [['parse', '-'], ['fmt', '-']]) {
        const result = spawnSync(process.execPath, [cliPath, ...command], { cwd: dir, encoding: 'utf8', stdio: [folder, 'pipe', 'pipe'] });
        assert.equal(result.status, 2, `${command.join(' ')}: ${result.stderr}`);
        assert.match(result.stderr, /NOT_A_FILE: <stdin>: is a directory/);
      }
    } finally {
      closeSync(folder);
    }
  });

  it('fmt goes on with the other files and says which could not be read', () => {
    const result = run(['fmt', '--check', '.'], dir);
    // Listing a folder never picks the FIFO or device up (they are not files); the link to /dev/zero is skipped by the walk too.
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /TOO_LARGE: .*huge\.yx/);
    assert.equal(result.stdout, 'ok.yx\n');
  });
});

describe('a folder the walk cannot enter', () => {
  // Root reads any folder whatever its mode, so as root the CLI runs as nobody (uid 65534) to meet one it cannot.
  const asRoot = process.getuid?.() === 0;
  const runAsCaller = (args: string[], cwd: string) => {
    const result = spawnSync(process.execPath, [cliPath, ...args], { cwd, encoding: 'utf8', timeout: 10_000, ...(asRoot ? { uid: 65_534, gid: 65_534 } : {}) });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  const dir = scratch({ 'a.yx': tidy, 'locked/b.yx': tidy, 'shut/c.yx': tidy });
  chmodSync(dir, 0o755);
  chmodSync(join(dir, 'a.yx'), 0o644);
  // Neither listed nor entered; listed (its names seen) but not entered.
  chmodSync(join(dir, 'locked'), 0o000);
  chmodSync(join(dir, 'shut'), 0o644);
  const blocked = runAsCaller(['--help'], dir);
  const skip = process.platform === 'win32' ? 'no folder modes on Windows' : blocked.code !== 0 ? `the CLI cannot run as the caller the test needs: ${blocked.stderr}` : false;

  for (const command of [['check'], ['fmt', '--check']]) {
    it(`${command.join(' ')} names it and exits 2, instead of crashing or passing files it never saw`, { skip }, () => {
      const result = runAsCaller([...command, '.'], dir);
      assert.equal(result.code, 2, result.stderr);
      assert.equal(result.stderr, `yaoxiang ${command[0]}: UNREADABLE: ${join(dir, 'locked')}: permission denied\n`);
      const named = runAsCaller([...command, 'a.yx', 'shut'], dir);
      assert.equal(named.code, 2, named.stderr);
      assert.match(named.stderr, new RegExp(`^yaoxiang ${command[0]}: UNREADABLE: ${join(dir, 'shut')}(/c\\.yx)?: permission denied\n`));
      const file = runAsCaller([...command, 'shut/c.yx'], dir);
      assert.equal(file.stderr, `yaoxiang ${command[0]}: UNREADABLE: ${join(dir, 'shut', 'c.yx')}: permission denied\n`);
    });
  }

  it('the project commands say which folders they could not see, and rename refuses', { skip }, () => {
    const left = /^yaoxiang: 2 file\(s\) or folder\(s\) of the project left out:\n  locked\/: UNREADABLE: the folder cannot be read \(permission denied\): its \.yx files are left out\n  shut\/c\.yx: UNREADABLE: /;
    const symbols = runAsCaller(['symbols', 'f'], dir);
    assert.equal(symbols.code, 0, symbols.stderr);
    assert.match(symbols.stderr, left);
    const inside = runAsCaller(['references', 'locked/b.yx:1:1'], dir);
    assert.equal(inside.code, 2);
    assert.match(inside.stderr, /UNREADABLE: the folder cannot be read \(permission denied\)/);
    const rename = runAsCaller(['rename', 'a.yx', 'f', 'g', '--project-root', '.'], dir);
    assert.equal(rename.code, 1, rename.stderr);
    assert.match(rename.stderr, /RENAME_INCOMPLETE_PROJECT: locked\/ \(UNREADABLE: .*\) and 1 more could not be read/);
  });

  it('a folder the .gitignore files leave out is no loss: nothing is said of it', { skip }, () => {
    const ignored = scratch({ 'a.yx': tidy, 'build/b.yx': tidy, '.gitignore': 'build/\n' });
    chmodSync(ignored, 0o755);
    for (const file of ['a.yx', '.gitignore']) chmodSync(join(ignored, file), 0o644);
    chmodSync(join(ignored, 'build'), 0o000);
    const symbols = runAsCaller(['symbols', 'f'], ignored);
    assert.equal(symbols.code, 0, symbols.stderr);
    assert.equal(symbols.stderr, '');
    assert.match(symbols.stdout, /^a\.yx:1:1\tfunction\tf\n$/);
  });
});

describe("fmt's yaoxiang.toml lookup uses the same file access", () => {
  it('a FIFO yaoxiang.toml in a parent folder is reported and ignored, not waited on', (t) => {
    const parent = scratch({ 'project/a.yx': messy });
    if (!mkfifo(join(parent, 'yaoxiang.toml'))) return t.skip('mkfifo is not available');
    const result = run(['fmt', 'a.yx'], join(parent, 'project'));
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, tidy);
    assert.match(result.stderr, /NOT_A_FILE: .*yaoxiang\.toml: is a FIFO.*\(ignored; default settings\)/);
    // A whole fmt run, parser start-up included, is itself near 1 s on a loaded machine: the FIFO may add no wait to it.
    const plain = run(['fmt', 'a.yx'], scratch({ 'a.yx': messy }));
    assert.ok(result.ms < 1_000 || result.ms < plain.ms + 500, `took ${Math.round(result.ms)} ms (a plain run ${Math.round(plain.ms)} ms)`);
  });

  it('a yaoxiang.toml linked to /dev/zero is reported and ignored, not read', () => {
    const parent = scratch({ 'project/a.yx': messy });
    symlinkSync('/dev/zero', join(parent, 'yaoxiang.toml'));
    const result = run(['fmt', 'a.yx'], join(parent, 'project'));
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, tidy);
    assert.match(result.stderr, /NOT_A_FILE: .*yaoxiang\.toml: is a character device/);
  });
});

describe('the project root confines reads and writes', () => {
  function project() {
    const dir = scratch({
      'p/yaoxiang.toml': '[package]\nname = "p"\n',
      'p/a.yx': messy,
      'outside/secret.yx': 'secret = 1\nmain = { secret }\n',
      'outside/indir.yx': messy,
    });
    symlinkSync('../outside', join(dir, 'p', 'link'));
    symlinkSync('../outside/indir.yx', join(dir, 'p', 'alias.yx'));
    return dir;
  }

  it('rename --project-root . on a file outside refuses with PATH_OUTSIDE_PROJECT and writes nothing', () => {
    const dir = project();
    const result = run(['rename', '--project-root', '.', '../outside/secret.yx', 'secret', 's3', '--write'], join(dir, 'p'));
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /PATH_OUTSIDE_PROJECT: \.\.\/outside\/secret\.yx is outside the project root/);
    assert.equal(readFileSync(join(dir, 'outside', 'secret.yx'), 'utf8'), 'secret = 1\nmain = { secret }\n');
  });

  it('fmt --write through a folder link or a file link leading outside refuses, even with --force', () => {
    const dir = project();
    for (const args of [['fmt', '--write', 'link/indir.yx'], ['fmt', '--write', 'alias.yx'], ['fmt', '--write', '--force', 'alias.yx']]) {
      const result = run(args, join(dir, 'p'));
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, /PATH_OUTSIDE_PROJECT: .* is outside the project root .*\(it leads to .*outside\/indir\.yx\)/);
    }
    assert.equal(readFileSync(join(dir, 'outside', 'indir.yx'), 'utf8'), messy);
    assert.equal(run(['fmt', '--write', 'a.yx'], join(dir, 'p')).code, 0);
    assert.equal(readFileSync(join(dir, 'p', 'a.yx'), 'utf8'), tidy);
  });

  it('check in a project refuses a file outside it', () => {
    const dir = project();
    const result = run(['check', '../outside/indir.yx'], join(dir, 'p'));
    assert.equal(result.code, 2);
    assert.match(result.stderr, /PATH_OUTSIDE_PROJECT/);
  });

  it('outside any project, fmt --write refuses files outside the working directory', () => {
    const dir = scratch({ 'work/keep.yx': messy, 'elsewhere/x.yx': messy });
    const result = run(['fmt', '--write', '../elsewhere/x.yx'], join(dir, 'work'));
    // Read (a lone folder confines no reads), but the write is refused.
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /PATH_OUTSIDE_PROJECT/);
    assert.equal(readFileSync(join(dir, 'elsewhere', 'x.yx'), 'utf8'), messy);
  });
});

describe('parse - reads standard input with the same bound', () => {
  it('standard input from /dev/zero stops at the limit with TOO_LARGE', async () => {
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [cliPath, 'parse', '-'], { stdio: ['pipe', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const zeros = Buffer.alloc(1024 * 1024);
      const feed = () => {
        while (child.stdin.writable && child.stdin.write(zeros));
      };
      child.stdin.on('drain', feed);
      child.stdin.on('error', () => undefined);
      feed();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, stderr });
      });
    });
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /TOO_LARGE: <stdin>: more than 16777216 bytes/);
  });
});
