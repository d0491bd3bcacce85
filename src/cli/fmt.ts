// `yaoxiang fmt [PATH...]`: formats .yx files, printing, checking, diffing or
// rewriting them. Options come from `[fmt]` of the nearest yaoxiang.toml above
// each file, overridden by the command line.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createParser, format, LineIndex, MANIFEST_FILE, parseManifest, resolveFormatOptions, unifiedDiff, type FormatOptions, type FormatSettings } from '../ide/index.ts';
import { collectFiles } from './check.ts';
import { EXIT, readSource, UsageError } from './io.ts';
import { projectRoot } from './project.ts';
import { renderDiagnostic } from './render.ts';
import { writeAtomically } from './write.ts';

export const fmtHelp = `Usage: yaoxiang fmt [PATH...|-] [--check | --write | --diff] [--project-root DIR]

Format .yx files (PATH: files or folders, searched recursively; '-' reads
standard input; default: the project). Layout changes, plus \`use\` statements
hoisted and sorted; tokens, comments, literals and grouping parentheses stay as
written, and every result is parsed again to prove it. A file with syntax
errors is left alone and its errors are reported.

Options:
      --check        list the files that would change; exit 1 if any
      --write        rewrite changed files in place (atomically)
      --diff         print unified diffs instead of the formatted text
      --indent N     indentation width (default: [fmt] indent_width, else 4)
      --line-width N maximum line width (default: [fmt] line_width, else 120)
      --use-tabs     indent with tabs
      --no-sort-imports  keep \`use\` statements where they are
      --project-root DIR  the project formatted when no PATH is given
Settings: [fmt] of the nearest yaoxiang.toml above each file (indent_width,
line_width, use_tabs, sort_imports; single_quote is accepted and ignored,
since '…' is a char literal), then the options above.
Exit status: 0 done (or nothing to change), 1 --check found changes or a file
has syntax errors, 2 usage or I/O error.`;

export async function runFmt(argv: string[], out: (text: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      check: { type: 'boolean', default: false },
      write: { type: 'boolean', default: false },
      diff: { type: 'boolean', default: false },
      indent: { type: 'string' },
      'line-width': { type: 'string' },
      'use-tabs': { type: 'boolean' },
      'no-sort-imports': { type: 'boolean' },
      'project-root': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    out(fmtHelp + '\n');
    return EXIT.ok;
  }
  if ([values.check, values.write, values.diff].filter(Boolean).length > 1) throw new UsageError('choose one of --check, --write and --diff');
  const stdin = positionals.includes('-');
  if (stdin && (positionals.length > 1 || values.write)) throw new UsageError("'-' (standard input) must be the only PATH and cannot be written");
  const overrides = cliSettings(values);
  const files = stdin ? ['-'] : await collectFiles(positionals.length > 0 ? positionals : [projectRoot(values['project-root']).root]);
  if (files.length === 0) throw new UsageError('No .yx files found in provided paths');
  const settings = new SettingsLookup();
  const parser = await createParser();
  let changed = 0;
  let broken = 0;
  try {
    for (const file of files) {
      const { name, text } = await readSource(file);
      const shown = file === '-' ? name : displayPath(file);
      const options = resolveFormatOptions(settings.for(file === '-' ? process.cwd() : path.dirname(file)), overrides);
      const result = format(parser, text, options);
      const lines = new LineIndex(text);
      for (const d of result.diagnostics) process.stderr.write(renderDiagnostic(d, shown, lines, { color: false }) + '\n');
      if (result.diagnostics.some((d) => d.severity === 'error')) {
        broken++;
        process.stderr.write(`${shown}: not formatted (syntax errors)\n`);
      }
      const differs = result.formatted !== text;
      if (differs) changed++;
      if (values.check) {
        if (differs) out(`${shown}\n`);
      } else if (values.diff) {
        out(unifiedDiff(text, result.formatted, toSlashes(shown)));
      } else if (values.write) {
        if (differs) {
          await writeAtomically(file, result.formatted);
          out(`Formatted ${shown}\n`);
        }
      } else {
        out(result.formatted);
      }
    }
  } finally {
    parser.delete();
  }
  if (values.check || values.write) {
    process.stderr.write(`${changed} of ${files.length} file(s) ${values.check ? 'would be reformatted' : 'reformatted'}\n`);
  }
  return broken > 0 || (values.check && changed > 0) ? EXIT.findings : EXIT.ok;
}

/** [fmt] of the nearest yaoxiang.toml above a folder, read once per manifest. */
class SettingsLookup {
  readonly #byManifest = new Map<string, FormatSettings>();

  for(dir: string): FormatSettings {
    const manifest = nearestManifest(path.resolve(dir));
    if (!manifest) return {};
    let settings = this.#byManifest.get(manifest);
    if (!settings) {
      const parsed = parseManifest(readFileSync(manifest, 'utf8'));
      for (const problem of parsed.problems) process.stderr.write(`${manifest}: ${problem.message}\n`);
      settings = parsed.manifest.fmt;
      this.#byManifest.set(manifest, settings);
    }
    return settings;
  }
}

function nearestManifest(dir: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    const candidate = path.join(current, MANIFEST_FILE);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(current) === current) return undefined;
  }
}

function displayPath(absolute: string): string {
  const relative = path.relative(process.cwd(), absolute);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative;
}

function toSlashes(p: string): string {
  return p.split(path.sep).join('/');
}

function cliSettings(values: { indent?: string; 'line-width'?: string; 'use-tabs'?: boolean; 'no-sort-imports'?: boolean }): Partial<FormatOptions> {
  const settings: Partial<FormatOptions> = {};
  if (values.indent !== undefined) settings.indent_width = wholeNumber('--indent', values.indent, 0, 16);
  if (values['line-width'] !== undefined) settings.line_width = wholeNumber('--line-width', values['line-width'], 1, 10_000);
  if (values['use-tabs']) settings.use_tabs = true;
  if (values['no-sort-imports']) settings.sort_imports = false;
  return settings;
}

function wholeNumber(flag: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, not ${JSON.stringify(text)}`);
  return n;
}
