// `yaoxiang fmt [PATH...]`: formats .yx files, printing, checking, diffing or
// rewriting them. Options come from `[fmt]` of the nearest yaoxiang.toml above
// each file, overridden by the command line.
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createParser, format, isWithin, LineIndex, MANIFEST_FILE, parseManifest, readTextFile, resolveFormatOptions, unifiedDiff, type FormatOptions, type FormatSettings } from '../ide/index.ts';
import { collectFiles } from './check.ts';
import { loadGrammarForBatch, sourceBytesOf } from './grammar-load.ts';
import { EXIT, readSource, SourceReadError, UsageError } from './io.ts';
import { wholeNumberOption } from './numbers.ts';
import { projectRoot } from './project.ts';
import { renderDiagnostic } from './render.ts';
import { writeChanges, type Change } from './write.ts';
import { escapeControls, shownPath } from './shown-path.ts';

export const fmtHelp = `Usage: yaoxiang fmt [PATH...|-] [--check | --write | --diff] [--project-root DIR]

Format .yx files (PATH: files or folders, searched recursively; '-' reads
standard input; default: the project). Layout changes, plus \`use\` statements
hoisted and sorted; tokens, comments, literals and grouping parentheses stay as
written, and every result is parsed again to prove it. A file with syntax
errors is left alone and its errors are reported.

Options:
      --check        list the files that would change; exit 1 if any
      --write        rewrite changed files in place (atomically, see below)
      --force        also replace read-only and hard-linked files, and write
                     through symbolic links (never outside the project root)
      --diff         print unified diffs instead of the formatted text
      --indent N     indentation width (default: [fmt] indent_width, else 4)
      --line-width N maximum line width (default: [fmt] line_width, else 120)
      --use-tabs     indent with tabs
      --no-sort-imports  keep \`use\` statements where they are
      --project-root DIR  the project formatted when no PATH is given
Settings: [fmt] of the nearest yaoxiang.toml above each file (indent_width,
line_width, use_tabs, sort_imports; single_quote is accepted and ignored,
since '…' is a char literal), then the options above.
--write replaces a file only if it still holds the text that was formatted,
is a regular file inside the project root (the working directory outside a
project), and is not a link, hard-linked or read-only (unless --force); all
files are written as one journalled transaction (.yaoxiang/rename-journal.json),
so an interrupted run is finished or undone by the next yaoxiang command.
Exit status: 0 done (or nothing to change), 1 --check found changes, a file
has syntax errors or a write was refused, 2 usage or I/O error (the other
files are still formatted).`;

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
      force: { type: 'boolean', default: false },
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
  const root = projectRoot(values['project-root']);
  // Inside a project every file read and written must lie in it; a lone folder's commands write only below the working directory.
  const within = root.source === 'cwd' ? undefined : root.root;
  const settings = new SettingsLookup(root.root);
  await loadGrammarForBatch(sourceBytesOf(files));
  const parser = await createParser();
  const changes: Change[] = [];
  let changed = 0;
  let broken = 0;
  let unreadable = 0;
  try {
    for (const file of files) {
      let source;
      try {
        source = await readSource(file, within === undefined ? {} : { within });
      } catch (error) {
        // One file that cannot be read costs that file, not the run.
        if (!(error instanceof SourceReadError)) throw error;
        unreadable++;
        process.stderr.write(`yaoxiang fmt: ${escapeControls(error.message)}\n`);
        continue;
      }
      const { name, text } = source;
      const shown = file === '-' ? name : displayPath(file);
      const options = resolveFormatOptions(await settings.for(file === '-' ? process.cwd() : path.dirname(file)), overrides);
      const result = format(parser, text, options);
      const lines = new LineIndex(text);
      for (const d of result.diagnostics) process.stderr.write(renderDiagnostic(d, shown, lines, { color: false }) + '\n');
      if (result.diagnostics.some((d) => d.severity === 'error')) {
        broken++;
        process.stderr.write(`${shownPath(shown)}: not formatted (syntax errors)\n`);
      }
      const differs = result.formatted !== text;
      if (differs) changed++;
      if (values.check) {
        if (differs) out(`${shownPath(shown)}\n`);
      } else if (values.diff) {
        out(unifiedDiff(text, result.formatted, shownPath(toSlashes(shown))));
      } else if (values.write) {
        if (differs) changes.push({ path: shown, original: text, text: result.formatted });
      } else {
        out(result.formatted);
      }
    }
  } finally {
    parser.delete();
  }
  let refused = 0;
  if (values.write && changes.length > 0) {
    const outcome = await writeChanges(changes, { root: root.root, force: values.force, allOrNothing: false, command: 'fmt' });
    for (const written of outcome.written) out(`Formatted ${shownPath(written)}\n`);
    refused = outcome.refused.length;
    changed = outcome.written.length;
  }
  if (values.check || values.write) {
    process.stderr.write(`${changed} of ${files.length} file(s) ${values.check ? 'would be reformatted' : 'reformatted'}${refused > 0 ? `, ${refused} refused` : ''}${unreadable > 0 ? `, ${unreadable} unreadable` : ''}\n`);
  }
  if (unreadable > 0) return EXIT.usage;
  return broken > 0 || refused > 0 || (values.check && changed > 0) ? EXIT.findings : EXIT.ok;
}

/**
 * [fmt] of the nearest yaoxiang.toml above a folder, read once per manifest
 * through the workspace's file access: one that is a FIFO, a device, a link
 * to /dev/zero or too large (planted in a shared parent such as /tmp) is
 * reported and ignored. The search stops at the project root for files inside it.
 */
class SettingsLookup {
  readonly #byManifest = new Map<string, FormatSettings>();
  readonly #root: string;

  constructor(root: string) {
    this.#root = root;
  }

  async for(dir: string): Promise<FormatSettings> {
    const manifest = nearestManifest(path.resolve(dir), this.#root);
    if (!manifest) return {};
    let settings = this.#byManifest.get(manifest);
    if (!settings) {
      settings = {};
      const read = readTextFile(manifest, { limit: MAX_MANIFEST_BYTES });
      if (!read.ok) {
        process.stderr.write(`yaoxiang fmt: ${read.error.code}: ${read.error.message} (ignored; default settings)\n`);
      } else {
        const parsed = parseManifest(read.value.text);
        for (const problem of parsed.problems) process.stderr.write(`${shownPath(manifest)}: ${problem.message}\n`);
        settings = parsed.manifest.fmt;
      }
      this.#byManifest.set(manifest, settings);
    }
    return settings;
  }
}

/** A manifest is a few hundred bytes; a megabyte is far beyond any real one. */
const MAX_MANIFEST_BYTES = 1024 * 1024;

/** The nearest path named yaoxiang.toml (whatever it is: lstat opens nothing), up to `root` when `dir` is inside it. */
function nearestManifest(dir: string, root: string): string | undefined {
  const stopAtRoot = isWithin(root, dir);
  for (let current = dir; ; current = path.dirname(current)) {
    const candidate = path.join(current, MANIFEST_FILE);
    if (lstatSync(candidate, { throwIfNoEntry: false }) !== undefined) return candidate;
    if (path.dirname(current) === current || (stopAtRoot && current === root)) return undefined;
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
  if (values.indent !== undefined) settings.indent_width = wholeNumberOption('--indent', values.indent, 0, 16);
  if (values['line-width'] !== undefined) settings.line_width = wholeNumberOption('--line-width', values['line-width'], 1, 10_000);
  if (values['use-tabs']) settings.use_tabs = true;
  if (values['no-sort-imports']) settings.sort_imports = false;
  return settings;
}

