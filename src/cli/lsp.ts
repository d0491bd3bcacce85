// `yaoxiang lsp`: the language server on stdio (src/lsp/).
import { runLanguageServer } from '../lsp/server.ts';
import { EXIT } from './io.ts';
import { surviveUnhandledRejections } from './process-guards.ts';

export const lspHelp = `Usage: yaoxiang lsp [--stdio]

Run the language server over stdin/stdout (JSON-RPC, LSP 3.17). The project
root is the client's workspace folder. Logs go to stderr.`;

export async function runLsp(argv: string[], out: (text: string) => void): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    out(lspHelp + '\n');
    return EXIT.ok;
  }
  surviveUnhandledRejections('lsp');
  await runLanguageServer();
  return EXIT.ok;
}
