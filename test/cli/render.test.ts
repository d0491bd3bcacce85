// The text layout of `yaoxiang check`: a long source line is shown as a
// window around the range, so that many diagnostics on one line do not print
// the line again each time.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderDiagnostic } from '../../src/cli/render.ts';
import { LineIndex, type Diagnostic } from '../../src/ide/index.ts';

function render(text: string, line: number, column: number, endColumn: number): string[] {
  const d: Diagnostic = { code: 'E1001', severity: 'error', message: "Unknown variable: 'q'", range: { start: { line, column }, end: { line, column: endColumn } } };
  return renderDiagnostic(d, 'a.yx', new LineIndex(text), { color: false }).split('\n');
}

describe('check output', () => {
  it('shows a short line whole', () => {
    assert.deepEqual(render('x = 1 + q\n', 1, 9, 10).slice(2, 4), ['   1 │ x = 1 + q', '     │         ^']);
  });

  it('shows a window of a long line, cut with …, the caret under the range', () => {
    const text = `x = ${'爻'.repeat(5_000)} + q + ${'a'.repeat(5_000)}\n`;
    const column = 5_000 + 8;
    const [, , source, caret] = render(text, 1, column, column + 1);
    assert.ok(source!.length < 200, `${source!.length} characters`);
    assert.match(source!, /^ {3}1 │ …爻+ \+ q \+ a+…$/);
    const at = [...caret!].indexOf('^');
    assert.equal([...source!][at], 'q');
  });
});
