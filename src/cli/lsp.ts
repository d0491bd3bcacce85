// `yaoxiang lsp`: the language server on stdio (src/lsp/).
import { runLanguageServer } from '../lsp/server.ts';
import { EXIT } from './io.ts';
import { wholeNumberOption } from './numbers.ts';
import { surviveUnhandledRejections } from './process-guards.ts';

export const lspHelp = `Usage: yaoxiang lsp [--stdio] [--call-timeout-ms N]

Run the language server over stdin/stdout (JSON-RPC, LSP 3.17). The project
root is the client's workspace folder. Logs go to stderr. Requests run on
worker threads; one that runs longer than --call-timeout-ms (default 10000,
also YAOXIANG_CALL_TIMEOUT_MS) is stopped and answered RequestFailed.`;

export async function runLsp(argv: string[], out: (text: string) => void): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    out(lspHelp + '\n');
    return EXIT.ok;
  }
  const budgetMs = callTimeout(argv);
  surviveUnhandledRejections('lsp');
  await runLanguageServer(budgetMs === undefined ? {} : { budgetMs });
  return EXIT.ok;
}

/** The last `--call-timeout-ms N` (or `--call-timeout-ms=N`), else YAOXIANG_CALL_TIMEOUT_MS; editors pass other flags we ignore. */
function callTimeout(argv: string[]): number | undefined {
  const at = argv.findLastIndex((arg) => arg === '--call-timeout-ms' || arg.startsWith('--call-timeout-ms='));
  const given = at < 0 ? process.env.YAOXIANG_CALL_TIMEOUT_MS : argv[at]!.includes('=') ? argv[at]!.split('=')[1] : argv[at + 1];
  if (given === undefined || given === '') return undefined;
  return wholeNumberOption('--call-timeout-ms', given, 1, Number.MAX_SAFE_INTEGER, ' of milliseconds');
}
