// The `yaoxiang` command: dispatches to one module per subcommand. Each command's
// module is imported only when that command runs: importing them all up front
// (the MCP SDK, the language server, the analysis) cost 0.3 s before `--help`.
import { EXIT, SourceReadError, UsageError } from './exit.ts';

const help = `Usage: yaoxiang <command> [options]

Commands:
  parse [FILE|-]   print the syntax tree (S-expression or JSON) or its errors
  check [PATH...]  report syntax and type errors with the reference compiler's codes
  symbols QUERY    find functions, types, methods, fields, bindings by name
  references QUERY every use of a name, member or position, across files
  imports FILE     the use statements of a file and what they resolve to
  explain CODE     what a diagnostic code means, with an example and a fix
  fmt [PATH...]    format files (--check, --write, --diff)
  rename FILE OLD NEW
                   rename a binding and its uses, refusing unsafe renames
  mcp              serve the tools over MCP (stdio, or --http on loopback)
  lsp              the language server on stdio

Run 'yaoxiang <command> --help' for the options of a command.`;

/** Commands that work in a project: each first finishes or undoes an interrupted write there. */
const RECOVERING = new Set(['parse', 'check', 'symbols', 'references', 'imports', 'fmt', 'rename', 'mcp']);

type Command = (argv: string[], out: (text: string) => void) => Promise<number>;

/**
 * Each command: the module that holds it (the CLI bundle makes a script of
 * each module, scripts/bundle.ts) and how to load it. The servers run for
 * hours; every other command is a batch that runs and exits (batch-heap.ts).
 */
const commands: Record<string, { module: string; server?: true; load: () => Promise<Command> }> = {
  parse: { module: 'parse', load: async () => (await import('./parse.ts')).runParse },
  check: { module: 'check', load: async () => (await import('./check.ts')).runCheck },
  symbols: { module: 'navigate', load: async () => (await import('./navigate.ts')).runSymbols },
  references: { module: 'navigate', load: async () => (await import('./navigate.ts')).runReferences },
  imports: { module: 'navigate', load: async () => (await import('./navigate.ts')).runImports },
  explain: { module: 'explain', load: async () => (await import('./explain.ts')).runExplain },
  fmt: { module: 'fmt', load: async () => (await import('./fmt.ts')).runFmt },
  rename: { module: 'rename', load: async () => (await import('./rename.ts')).runRename },
  mcp: { module: 'mcp', server: true, load: async () => (await import('./mcp.ts')).runMcp },
  lsp: { module: 'lsp', server: true, load: async () => (await import('./lsp.ts')).runLsp },
};

/** The module of each batch command (what the CLI bundle's scripts are made of). */
export const BATCH_COMMAND_MODULES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(commands).filter(([, command]) => !command.server).map(([name, command]) => [name, command.module]),
);

export async function main(argv: string[]): Promise<number> {
  stopQuietlyWhenTheReaderGoes();
  const [name, ...rest] = argv;
  const out = (text: string) => void process.stdout.write(text);
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
    out(help + '\n');
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const known = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!known) {
    process.stderr.write(`yaoxiang: unknown command ${JSON.stringify(name)}\n\n${help}\n`);
    return EXIT.usage;
  }
  if (!known.server) await (await import('./batch-heap.ts')).tuneV8ForBatch();
  const command = await known.load();
  try {
    if (RECOVERING.has(name) && !(name === 'rename' && rest.includes('--recover'))) (await import('./recover.ts')).recoverBeforeCommand(rest);
    return await command(rest, out);
  } catch (error) {
    if (error instanceof UsageError || error instanceof SourceReadError || isParseArgsError(error)) {
      // The message may name a path as the user gave it: escaped, so that it cannot forge lines.
      process.stderr.write(`yaoxiang ${name}: ${(await import('./shown-path.ts')).escapeControls((error as Error).message)}\n`);
      return EXIT.usage;
    }
    throw error;
  }
}

function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

/**
 * `yaoxiang symbols x | head` closes stdout early; the rest of the output has
 * no reader, which is not an error of ours. Any other failure to write it is
 * said in one line, with exit 2, as for any I/O error.
 */
function stopQuietlyWhenTheReaderGoes(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT.ok);
    // A full disk or a broken device: the output is lost, which is an I/O error of the run, not a bug.
    process.stderr.write(`yaoxiang: cannot write the output: ${error.code ?? error.message}\n`);
    process.exit(EXIT.usage);
  });
}
