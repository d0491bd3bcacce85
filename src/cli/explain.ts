// `yaoxiang explain CODE`: what a diagnostic code means, in the layout of the
// reference's `render_explain_output` (command.rs) plus our description,
// or as a JSON object.
import { parseArgs } from 'node:util';
import { explain, type Explanation, type Lang } from '../ide/index.ts';
import { EXIT, UsageError } from './io.ts';

export const explainHelp = `Usage: yaoxiang explain CODE [--json] [--lang en|zh]

Explain a diagnostic code of the reference compiler (v0.7.12): its category,
title and message template as the compiler has them, what it means, an
example and how to fix it. CODE is case-insensitive, and a number alone is an
E code (10 is E0010).

Options:
  -j, --json         the explanation as a JSON object on stdout
  -l, --lang en|zh   the language of the explanation (default: en)
Exit status: 0 explained, 1 unknown code (nearest codes on stderr), 2 usage error.`;

export async function runExplain(argv: string[], out: (text: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', short: 'j', default: false },
      lang: { type: 'string', short: 'l', default: 'en' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    out(explainHelp + '\n');
    return EXIT.ok;
  }
  const lang = values.lang;
  if (lang !== 'en' && lang !== 'zh') throw new UsageError(`--lang must be en or zh, not ${JSON.stringify(lang)}`);
  if (positionals.length !== 1) {
    throw new UsageError(positionals.length === 0 ? 'expected an error code, e.g. yaoxiang explain E0010' : `expected one error code, got ${positionals.length}`);
  }
  const result = explain(positionals[0]!, lang satisfies Lang);
  if (!result.ok) {
    const { message, suggestions } = result.error;
    process.stderr.write(`${message}\n${suggestions.length > 0 ? `Did you mean: ${suggestions.join(', ')}?\n` : ''}`);
    if (values.json) out(JSON.stringify({ error: result.error }, null, 2) + '\n');
    return EXIT.findings;
  }
  out((values.json ? JSON.stringify(result.value, null, 2) : renderExplanation(result.value)) + '\n');
  return EXIT.ok;
}

/**
 * The reference's lines (`Error`, `Category`, `Title`, `Message Template`,
 * `Help` when non-empty, `Example`), with our description before the example
 * and the example's message after it. Labels stay English in every language,
 * as in the reference.
 */
export function renderExplanation(e: Explanation): string {
  const lines = [`Error ${e.code}`, `Category: ${e.category}`, `Title: ${e.title}`, `Message Template: ${e.template}`];
  if (e.help !== '') lines.push(`Help: ${e.help}`);
  lines.push(`\nDescription:\n${e.description}`);
  lines.push(`\nExample:\n${e.example}`);
  lines.push(`\nExample Message:\n${e.severity} [${e.code}] ${e.exampleMessage}`);
  return lines.join('\n');
}
