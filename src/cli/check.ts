// `yaoxiang check [PATH...]`: syntax and type diagnostics for files and folders, as
// text in the reference's layout or as the reference's `check --json` document.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { globby } from 'globby';
import { existsSync } from 'node:fs';
import { analyzeFile } from '../analysis/analyze.ts';
import type { Diagnostic } from '../analysis/diagnostics/types.ts';
import { TypeChecker, type CheckableFile } from '../analysis/infer/index.ts';
import { isWithin, toPosix } from '../workspace/root.ts';
import { parseOrThrow } from '../syntax/document.ts';
import { createParser } from '../syntax/language.ts';
import { LineIndex } from '../syntax/positions.ts';
import { IGNORED_DIRECTORIES } from '../workspace/disk.ts';
import { EXIT, readSource, SourceReadError, UsageError } from './io.ts';
import { projectRoot } from './project.ts';
import { renderDiagnostic } from './render.ts';

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
  const root = projectRoot(values['project-root']).root;
  const paths = positionals.length > 0 ? positionals : [root];
  const files = await collectFiles(paths);
  if (files.length === 0) throw new UsageError('No .yx files found in provided paths');
  const parser = await createParser();
  const sources = new Map<string, string>();
  let found: CheckedDiagnostic[];
  const loaded = new Map<string, CheckableFile>();
  try {
    const load = async (absolute: string, key: string): Promise<CheckableFile> => {
      const { text } = await readSource(absolute);
      const tree = parseOrThrow(parser, text);
      const base = keyRoot(root, absolute);
      const exists = (relative: string) => existsSync(path.join(base, relative)) && relative.endsWith('.yx');
      const analysis = analyzeFile(tree, toPosix(path.relative(base, absolute)), text, exists);
      const file: CheckableFile = { ...analysis, path: key, tree };
      loaded.set(key, file);
      return file;
    };
    // Targets are keyed by their path as given; the project files they import by the same base.
    const targets: string[] = [];
    for (const absolute of files) {
      const key = displayPath(absolute);
      targets.push(key);
      sources.set(key, (await load(absolute, key)).text);
    }
    for (const absolute of files) {
      const file = loaded.get(displayPath(absolute))!;
      const base = keyRoot(root, absolute);
      for (const i of file.imports) {
        if (i.resolved.kind !== 'file') continue;
        const dependency = path.join(base, i.resolved.path);
        const key = displayPath(dependency);
        if (!loaded.has(key)) await load(dependency, key);
        i.resolved = { kind: 'file', path: key };
      }
    }
    const report = new TypeChecker().check(loaded, { mode: 'fast', targets });
    const wanted = new Set(targets);
    found = report.diagnostics.filter((d) => wanted.has(d.file));
  } finally {
    for (const file of loaded.values()) file.tree.delete();
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
    if (errors === 0) process.stderr.write(`Check passed (${files.length} file(s))\n`);
    process.stderr.write(`Summary: ${errors} error(s), ${warnings} warning(s)\n`);
  }
  return errors > 0 ? EXIT.findings : EXIT.ok;
}

/** Local modules resolve against the project root when the file is inside it, else against the file's folder. */
function keyRoot(root: string, absolute: string): string {
  return isWithin(root, absolute) ? root : path.dirname(absolute);
}

/** How a file is named in diagnostics: relative to the working directory when below it. */
function displayPath(absolute: string): string {
  const relative = path.relative(process.cwd(), absolute);
  return relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative;
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
