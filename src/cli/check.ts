// `yaoxiang check [PATH...]`: syntax and type diagnostics for files and folders, as
// text in the reference's layout or as the reference's `check --json` document.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkFiles, collectFiles as collectYxFiles, LineIndex, type CheckedDiagnostic } from '../ide/index.ts';
import { loadGrammarForBatch, sourceBytesOf } from './grammar-load.ts';
import { EXIT, readSource, SourceReadError, UsageError } from './io.ts';
import { wholeNumberOption } from './numbers.ts';
import { projectRoot } from './project.ts';
import { EXCERPT_WIDTH, renderDiagnostic } from './render.ts';
import { shownPath } from './shown-path.ts';

/** Diagnostics printed per file: the first ones say what is wrong; a thousand more only flood the terminal. */
const DEFAULT_MAX_PER_FILE = 20;

export type { CheckedDiagnostic };

export const checkHelp = `Usage: yaoxiang check [PATH...] [--json] [--project-root DIR]

Report the syntax and type errors of .yx files, with the reference compiler's
codes (folders are searched recursively, skipping .git, .yaoxiang, target and
node_modules). Without PATH, the project root: the nearest folder above the
current one holding yaoxiang.toml. Local modules (use utils) resolve in the
importer's folder, then the project root.

Options:
  --json               the reference's check --json document on stdout
  --project-root DIR   the project root (default: detected)
  --color auto|always|never
  --max-per-file N     text output: at most N diagnostics per file, then how
                       many more (default ${DEFAULT_MAX_PER_FILE}; 0 shows all; --json always has all)
Long source lines are shown as a window of ${EXCERPT_WIDTH} characters around the caret.
Exit status: 0 no errors, 1 errors found, 2 usage or I/O error.`;

export async function runCheck(argv: string[], out: (text: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      'project-root': { type: 'string' },
      color: { type: 'string', default: 'auto' },
      'max-per-file': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    out(checkHelp + '\n');
    return EXIT.ok;
  }
  const maxPerFile = values['max-per-file'] === undefined ? DEFAULT_MAX_PER_FILE : wholeNumberOption('--max-per-file', values['max-per-file'], 0, Number.MAX_SAFE_INTEGER, ' (0 for no limit)');
  const detected = projectRoot(values['project-root']);
  const root = detected.root;
  // Inside a project (yaoxiang.toml or --project-root) files outside it are refused, as the servers refuse them.
  const within = detected.source === 'cwd' ? {} : { within: root };
  const paths = positionals.length > 0 ? positionals : [root];
  const files = await collectFiles(paths);
  if (files.length === 0) throw new UsageError('No .yx files found in provided paths');
  if (!['auto', 'always', 'never'].includes(values.color)) throw new UsageError(`--color must be auto, always or never, not ${JSON.stringify(values.color)}`);
  const color = values.color === 'always' || (values.color === 'auto' && process.stderr.isTTY === true);
  // Text output is rendered file by file as each is checked, so no file's text
  // is kept for the end; it is printed at the end, as before, so that an
  // unreadable file stops the run before anything is printed.
  const rendered: string[] = [];
  const renderFile = (file: string, text: string, ofFile: readonly CheckedDiagnostic[]) => {
    if (ofFile.length === 0) return;
    const lines = new LineIndex(text);
    const shown = maxPerFile === 0 ? ofFile : ofFile.slice(0, maxPerFile);
    for (const d of shown) rendered.push('\n' + renderDiagnostic(d, file, lines, { color }));
    const hidden = ofFile.length - shown.length;
    if (hidden > 0) rendered.push(`\n${shownPath(file)}: ${hidden} more diagnostic(s) not shown (--max-per-file 0 or --json lists all)\n`);
  };
  await loadGrammarForBatch(sourceBytesOf(files));
  const checked = await checkFiles(files, {
    root,
    read: async (absolute) => (await readSource(absolute, within)).text,
    display: displayPath,
    ...(values.json ? {} : { onFile: renderFile }),
  });
  const found = checked.diagnostics;
  const errors = found.filter((d) => d.severity === 'error').length;
  const warnings = found.filter((d) => d.severity === 'warning').length;
  if (values.json) {
    out(JSON.stringify({
      error_count: errors,
      warning_count: warnings,
      diagnostics: found.map((d) => ({
        file: d.file,
        severity: d.severity,
        code: d.code,
        message: d.message,
        line: d.range.start.line,
        column: d.range.start.column,
        end_line: d.range.end.line,
        end_column: d.range.end.column,
        ...(d.help ? { help: d.help } : {}),
      })),
    }, null, 2) + '\n');
  } else {
    for (const text of rendered) process.stderr.write(text);
    if (errors === 0) process.stderr.write(`Check passed (${files.length} file(s))\n`);
    process.stderr.write(`Summary: ${errors} error(s), ${warnings} warning(s)\n`);
  }
  return errors > 0 ? EXIT.findings : EXIT.ok;
}

/** How a file is named in diagnostics: relative to the working directory when below it. */
function displayPath(absolute: string): string {
  const relative = path.relative(process.cwd(), absolute);
  return relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative;
}

/** Every .yx file named or under a named folder, absolute, sorted, without duplicates. */
export async function collectFiles(paths: string[]): Promise<string[]> {
  const collected = await collectYxFiles(paths);
  if (collected.ok) return collected.files;
  if ('missing' in collected) throw new SourceReadError(`Path does not exist: ${collected.missing}`);
  throw new SourceReadError(`UNREADABLE: ${collected.unreadable}: ${collected.reason}`);
}
