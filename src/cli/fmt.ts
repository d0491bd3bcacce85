// `yaoxiang fmt [PATH...]`: formats .yx files, printing, checking, diffing or
// rewriting them. Options come from `[fmt]` of the project's yaoxiang.toml.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { format, resolveFormatOptions, unifiedDiff, type FormatOptions } from '../analysis/format/index.ts';
import { createParser } from '../syntax/language.ts';
import { LineIndex } from '../syntax/positions.ts';
import { parseManifest } from '../workspace/manifest.ts';
import { MANIFEST_FILE } from '../workspace/root.ts';
import { collectFiles } from './check.ts';
import { EXIT, readSource, UsageError } from './io.ts';
import { projectRoot } from './project.ts';
import { renderDiagnostic } from './render.ts';
import { writeAtomically } from './write.ts';

export const fmtHelp = `Usage: yaoxiang fmt [PATH...] [--check | --write | --diff] [--project-root DIR]

Format .yx files (PATH: files or folders, searched recursively; default: the
project). Only whitespace changes, plus \`use\` statements hoisted and sorted;
comments, literals and line breaks stay as written. A file with syntax errors
is left alone and its errors are reported.

Options:
      --check        list the files that would change; exit 1 if any
      --write        rewrite changed files in place (atomically)
      --diff         print unified diffs instead of the formatted text
      --indent N     indentation width (default: [fmt] indent_width, else 4)
      --use-tabs     indent with tabs
      --no-sort-imports  keep \`use\` statements where they are
      --project-root DIR  where yaoxiang.toml is looked for
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
  const root = projectRoot(values['project-root']).root;
  const options = resolveFormatOptions(manifestSettings(root), cliSettings(values));
  const files = await collectFiles(positionals.length > 0 ? positionals : [root]);
  if (files.length === 0) throw new UsageError('No .yx files found in provided paths');
  const parser = await createParser();
  let changed = 0;
  let broken = 0;
  try {
    for (const file of files) {
      const shown = path.relative(process.cwd(), file) || file;
      const { text } = await readSource(file);
      const result = format(parser, text, options);
      for (const d of result.diagnostics) process.stderr.write(renderDiagnostic(d, shown, new LineIndex(text), { color: false }) + '\n');
      if (result.diagnostics.some((d) => d.severity === 'error')) broken++;
      const differs = result.formatted !== text;
      if (differs) changed++;
      if (values.check) {
        if (differs) out(`${shown}\n`);
      } else if (values.diff) {
        out(unifiedDiff(text, result.formatted, shown));
      } else if (values.write) {
        if (differs) await writeAtomically(file, result.formatted);
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

function manifestSettings(root: string): Partial<FormatOptions> | undefined {
  const manifest = path.join(root, MANIFEST_FILE);
  return existsSync(manifest) ? parseManifest(readFileSync(manifest, 'utf8')).manifest.fmt : undefined;
}

function cliSettings(values: { indent?: string; 'use-tabs'?: boolean; 'no-sort-imports'?: boolean }): Partial<FormatOptions> {
  const settings: Partial<FormatOptions> = {};
  if (values.indent !== undefined) {
    const width = Number(values.indent);
    if (!Number.isInteger(width) || width < 0 || width > 16) throw new UsageError(`--indent must be a whole number from 0 to 16, not ${JSON.stringify(values.indent)}`);
    settings.indent_width = width;
  }
  if (values['use-tabs']) settings.use_tabs = true;
  if (values['no-sort-imports']) settings.sort_imports = false;
  return settings;
}
