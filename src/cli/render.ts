// The reference's text layout for one diagnostic (util/diagnostic/emitter/text.rs):
//   error [E1001] message
//    --> file:line:col
//      3 │ source line
//        │     ^^^
//   help: …
import type { Diagnostic, LineIndex } from '../ide/index.ts';

const COLORS: Record<string, string> = { error: '31', warning: '33', info: '34', hint: '36' };

export function renderDiagnostic(d: Diagnostic, file: string, lines: LineIndex, options: { color: boolean }): string {
  const severity = options.color ? `\x1b[${COLORS[d.severity]}m${d.severity}\x1b[0m` : d.severity;
  const code = options.color ? `\x1b[1m[${d.code}]\x1b[0m` : `[${d.code}]`;
  const out = [`${severity} ${code} ${d.message}`, ` --> ${file}:${d.range.start.line}:${d.range.start.column}`];
  const { start, end } = d.range;
  const lastLine = Math.min(end.line, start.line + 5);
  for (let line = start.line; line <= lastLine && line <= lines.lineCount; line++) {
    out.push(`${String(line).padStart(4)} │ ${lines.lineText(line - 1)}`);
    if (line === start.line) {
      const width = end.line === start.line ? Math.max(1, end.column - start.column) : Math.max(1, [...lines.lineText(line - 1)].length - start.column + 1);
      out.push(`     │ ${' '.repeat(start.column - 1)}${'^'.repeat(width)}`);
    }
  }
  if (d.help) out.push(`help: ${d.help}`);
  return out.join('\n') + '\n';
}
