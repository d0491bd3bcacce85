// `yaoxiang check [PATH...]`: syntax diagnostics for files and folders, as
// text in the reference's layout or as the reference's `check --json` document.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { globby } from 'globby';
import { syntaxDiagnostics } from '../analysis/diagnostics/syntax.ts';
import type { Diagnostic } from '../analysis/diagnostics/types.ts';
import { parseOrThrow } from '../syntax/document.ts';
import { createParser } from '../syntax/language.ts';
import { LineIndex } from '../syntax/positions.ts';
import { IGNORED_DIRECTORIES } from '../workspace/world.ts';
import { EXIT, readSource, SourceReadError, UsageError } from './io.ts';
import { projectRoot } from './project.ts';
import { renderDiagnostic } from './render.ts';

export const checkHelp = `Usage: yaoxiang check [PATH...] [--json] [--project-root DIR]

Report the syntax errors of .yx files (folders are searched recursively,
skipping .git, .yaoxiang, target and node_modules). Without PATH, the project
root: the nearest folder above the current one holding yaoxiang.toml.

Options:
  --json               the reference's check --json document on stdout
  --project-root DIR   the project root (default: detected)
  --color auto|always|never
Exit status: 0 no errors, 1 errors found, 2 usage or I/O error.`;

export interface CheckedDiagnostic extends Diagnostic {
  file: string;
}

export async function runCheck(argv: string[], out: (text: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      'project-root': { type: 'string' },
      color: { type: 'string', default: 'auto' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    out(checkHelp + '\n');
    return EXIT.ok;
  }
  const paths = positionals.length > 0 ? positionals : [projectRoot(values['project-root']).root];
  const files = await collectFiles(paths);
  if (files.length === 0) throw new UsageError('No .yx files found in provided paths');
  const parser = await createParser();
  const found: CheckedDiagnostic[] = [];
  const sources = new Map<string, string>();
  try {
    for (const file of files) {
      const { text } = await readSource(file);
      sources.set(file, text);
      const tree = parseOrThrow(parser, text);
      for (const d of syntaxDiagnostics(tree, text)) found.push({ ...d, file });
      tree.delete();
    }
  } finally {
    parser.delete();
  }
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
    const color = values.color === 'always' || (values.color === 'auto' && process.stderr.isTTY === true);
    for (const d of found) {
      const text = sources.get(d.file)!;
      process.stderr.write('\n' + renderDiagnostic(d, d.file, new LineIndex(text), { color }));
    }
    if (errors === 0) process.stderr.write(`Syntax check passed (${files.length} file(s))\n`);
    process.stderr.write(`Summary: ${errors} error(s), ${warnings} warning(s)\n`);
  }
  return errors > 0 ? EXIT.findings : EXIT.ok;
}

/** Every .yx file named or under a named folder, absolute, sorted, without duplicates. */
export async function collectFiles(paths: string[]): Promise<string[]> {
  const files = new Set<string>();
  for (const given of paths) {
    const absolute = path.resolve(given);
    let info;
    try {
      info = await stat(absolute);
    } catch {
      throw new SourceReadError(`Path does not exist: ${given}`);
    }
    if (info.isDirectory()) {
      const found = await globby('**/*.yx', {
        cwd: absolute,
        absolute: true,
        gitignore: true,
        ignore: IGNORED_DIRECTORIES.map((dir) => `**/${dir}/**`),
        followSymbolicLinks: false,
      });
      for (const file of found) files.add(path.normalize(file));
    } else if (absolute.endsWith('.yx')) {
      files.add(absolute);
    }
  }
  return [...files].sort();
}
