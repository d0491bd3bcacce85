// Whole-number options (cli/numbers.ts): decimal digits only, in range, or a usage error that says what the flag takes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { wholeNumberOption } from '../../src/cli/numbers.ts';
import { cliPath, examplesDir } from '../support/paths.ts';

describe('whole-number options', () => {
  it('takes decimal digits in range', () => {
    assert.equal(wholeNumberOption('--n', '0', 0), 0);
    assert.equal(wholeNumberOption('--n', '16', 0, 16), 16);
    assert.equal(wholeNumberOption('--n', '007', 1), 7);
  });

  it('refuses what Number() would take: "", spaces, hex, exponents, signs, fractions; and what is out of range', () => {
    for (const text of ['', ' 4', '4 ', '0x4', '1e1', '+4', '-1', '4.0', '4.5', 'Infinity', '99999999999999999']) {
      assert.throws(() => wholeNumberOption('--n', text, 0), { name: 'UsageError', message: `--n must be a whole number, not ${JSON.stringify(text)}` });
    }
    assert.throws(() => wholeNumberOption('--indent', '17', 0, 16), { message: '--indent must be a whole number from 0 to 16, not "17"' });
    assert.throws(() => wholeNumberOption('--limit', '0', 1), { message: '--limit must be a positive whole number, not "0"' });
  });

  it('the commands refuse them with exit 2, and --color takes only its three words', () => {
    for (const args of [['check', '--max-per-file=', 'demo'], ['fmt', '--check', '--indent=', 'demo'], ['symbols', 'total', '--limit', '1e1', '--project-root', 'demo'], ['check', '--color', 'purple', 'demo']]) {
      const result = spawnSync(process.execPath, [cliPath, ...args], { cwd: examplesDir, encoding: 'utf8' });
      assert.equal(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, /must be /);
    }
  });
});
