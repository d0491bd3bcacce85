// `yaoxiang rename FILE OLD NEW`: prints the renamed source, or writes it
// (and every other file the rename changes) with --write.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { analyzeFile, createParser, isWithin, LineIndex, recoverWrites, parseOrThrow, renameInSource, renameInWorkspace, type FileChange, type RenameRefusal, type RenameScope, type WorkspaceFile } from '../ide/index.ts';
import { EXIT, readSource, UsageError } from './io.ts';
import { requirePosition } from './numbers.ts';
import { projectFile, withProject } from './project-host.ts';
import { projectRoot } from './project.ts';
import { describeRecovery, writeChanges } from './write.ts';
import { escapeControls, shownPath } from './shown-path.ts';

export const renameHelp = `Usage: yaoxiang rename FILE OLD NEW [--scope module|function:NAME] [--write] [--json] [--project-root DIR]

Rename OLD to NEW where it is bound and everywhere it is used, following
scopes: strings, comments and same-named bindings elsewhere are left alone.
OLD is a name, \`Type.member\` for a method or field, or LINE:COL (1-based).
Inside a project (yaoxiang.toml, or --project-root) a top-level binding is
renamed in every file that imports it too. Prints the new text of FILE;
refuses with a RENAME_* code on stderr and exit status 1 when the rename is
unsafe (NEW is not a name, is a keyword, would capture or be captured).

Options:
  --scope module         a top-level binding (default)
  --scope function:NAME  a local or parameter of function NAME
  --write                write the changed files instead of printing, as one
                         transaction: every file or none (see below)
  --force                also replace read-only and hard-linked files, and write
                         through symbolic links (never outside the project root)
  --recover              finish or undo an interrupted --write (any yaoxiang
                         command does this first anyway)
  --json                 the edits and new sources as JSON
  --project-root DIR     the project root (default: detected)

--write refuses (exit 1, nothing written) when a file changed since it was
read, lies outside the project root (the working directory outside a
project), or is a link, hard-linked or read-only (unless --force). The
journal .yaoxiang/rename-journal.json lists the files while they are
written, so a run that is killed is finished or undone by the next command.`;

export async function runRename(argv: string[], out: (text: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      scope: { type: 'string', default: 'module' },
      write: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      'project-root': { type: 'string' },
      force: { type: 'boolean', default: false },
      recover: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    out(renameHelp + '\n');
    return EXIT.ok;
  }
  if (values.recover) {
    if (positionals.length > 0) throw new UsageError('--recover takes no FILE OLD NEW');
    return recover(values['project-root'], out);
  }
  if (positionals.length !== 3) throw new UsageError('expected FILE OLD NEW');
  const [file, oldName, newName] = positionals as [string, string, string];
  const scope = values.scope;
  if (scope !== 'module' && !/^function:[A-Za-z_][\w.]*$/.test(scope)) throw new UsageError(`--scope must be module or function:NAME, not ${JSON.stringify(scope)}`);
  if (values.write && file === '-') throw new UsageError('--write needs a file, not standard input');
  const position = /^(\d+):(\d+)$/.exec(oldName);
  const result = await plan(file, position ? { line: Number(position[1]), column: Number(position[2]) } : oldName, newName, scope as RenameScope, values['project-root']);
  if (result.diagnostics.length > 0) {
    if (values.json) out(JSON.stringify({ file, changes: [], diagnostics: result.diagnostics }, null, 2) + '\n');
    // Messages may name paths (a file that could not be read): escaped, so that they cannot forge lines.
    for (const d of result.diagnostics) process.stderr.write(`${shownPath(d.file === undefined ? file : result.shown(d.file))}:${d.range.start.line}:${d.range.start.column}: ${d.code}: ${escapeControls(d.message)}\n${d.help ? `  help: ${escapeControls(d.help)}\n` : ''}`);
    return EXIT.findings;
  }
  if (values.write && result.changes.length > 0) {
    const root = projectRoot(values['project-root']).root;
    const changes = result.changes.map((c) => ({ path: c.absolute, original: c.original, text: c.source }));
    const outcome = await writeChanges(changes, { root, force: values.force, allOrNothing: true, command: 'rename' });
    if (outcome.refused.length > 0) {
      process.stderr.write(`yaoxiang rename: nothing was written (${outcome.refused.length} of ${changes.length} file(s) refused)\n`);
      return EXIT.findings;
    }
  }
  if (values.json) {
    out(JSON.stringify({ file, changes: result.changes.map(({ file: f, edits, source }) => ({ file: f, edits, source })), diagnostics: [], written: values.write }, null, 2) + '\n');
  } else if (!values.write) {
    const own = result.changes.find((c) => c.isTarget);
    out(own ? own.source : result.original);
    const others = result.changes.filter((c) => !c.isTarget).map((c) => c.file);
    if (others.length > 0) process.stderr.write(`yaoxiang rename: also changes ${others.map(shownPath).join(', ')} (use --write or --json)\n`);
  }
  return EXIT.ok;
}

interface PlannedChange extends FileChange {
  absolute: string;
  isTarget: boolean;
  /** The text the edits were computed from. */
  original: string;
}

interface Planned {
  original: string;
  changes: PlannedChange[];
  diagnostics: RenameRefusal[];
  /** How a refusal's file (a project file) is named on the command line: FILE as given, another by its path in the project (as "also changes" names it). */
  shown: (file: string) => string;
}

/** Project mode for a top-level rename inside a detected project; otherwise FILE alone. */
async function plan(file: string, at: { line: number; column: number } | string, newName: string, scope: RenameScope, explicitRoot: string | undefined): Promise<Planned> {
  const root = file === '-' ? undefined : projectRoot(explicitRoot);
  const absolute = file === '-' ? '-' : path.resolve(file);
  const inProject = root !== undefined && root.source !== 'cwd' && scope === 'module' && isWithin(root.root, absolute);
  if (inProject) {
    return withProject(explicitRoot, async (analysis) => {
      const relative = projectFile(analysis, file);
      const original = analysis.file(relative)!.text;
      if (typeof at !== 'string') requirePosition(analysis.file(relative)!.lines, at, `${at.line}:${at.column}`);
      const result = await analysis.renameAt(relative, at, newName);
      const changes = result.changes.map((c) => ({ ...c, absolute: path.join(analysis.root, c.file), isTarget: c.file === relative, original: analysis.file(c.file)!.text }));
      return { original, changes, diagnostics: result.diagnostics, shown: (f) => (f === relative ? file : f) };
    });
  }
  const within = root === undefined || root.source === 'cwd' ? {} : { within: root.root };
  const { text } = await readSource(file, within);
  if (typeof at === 'string') {
    const result = await renameInSource(text, at, newName, scope);
    const changes = result.edits.length > 0 ? [{ file, edits: result.edits, source: result.source, absolute, isTarget: true, original: text }] : [];
    return { original: text, changes, diagnostics: result.diagnostics, shown: () => file };
  }
  // A position in a lone file: the file as a workspace of one.
  requirePosition(new LineIndex(text), at, `${at.line}:${at.column}`);
  const parser = await createParser();
  const tree = parseOrThrow(parser, text);
  try {
    const only: WorkspaceFile = { ...analyzeFile(tree, file, text, () => false), tree };
    const result = await renameInWorkspace(new Map([[file, only]]), file, at, newName);
    return { original: text, changes: result.changes.map((c) => ({ ...c, absolute, isTarget: true, original: text })), diagnostics: result.diagnostics, shown: () => file };
  } finally {
    tree.delete();
    parser.delete();
  }
}

/** `rename --recover`: what the journal of an interrupted write said, and what was done about it. */
function recover(explicitRoot: string | undefined, out: (text: string) => void): number {
  const root = projectRoot(explicitRoot).root;
  const recovery = recoverWrites(root);
  out(describeRecovery(recovery, root) + '\n');
  return recovery.kind === 'in-progress' ? EXIT.findings : EXIT.ok;
}
