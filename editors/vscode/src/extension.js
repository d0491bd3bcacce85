// The YaoXiang extension: starts `yaoxiang lsp` (or the command line in the
// `yaoxiang.server.command` setting) on stdio for files of language
// `yaoxiang` (*.yx), named or untitled. CommonJS; esbuild bundles it with
// vscode-languageclient into dist/extension.js (npm run bundle).
'use strict';

const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

const DEFAULT_COMMAND = ['yaoxiang', 'lsp'];

/** @type {import('vscode-languageclient/node').LanguageClient | undefined} */
let client;

/** The setting as [program, ...args]; the default when it is unset, empty or not a string array. */
function serverCommand() {
  const value = vscode.workspace.getConfiguration('yaoxiang').get('server.command');
  if (Array.isArray(value) && value.length > 0 && value.every((part) => typeof part === 'string' && part !== '')) {
    return value;
  }
  return DEFAULT_COMMAND;
}

/** @param {import('vscode').ExtensionContext} context */
function activate(context) {
  const [command, ...args] = serverCommand();
  /** @type {import('vscode-languageclient/node').ServerOptions} */
  const serverOptions = { command, args, transport: TransportKind.stdio };
  /** @type {import('vscode-languageclient/node').LanguageClientOptions} */
  const clientOptions = {
    // Saved files and new, unsaved ones (scheme `untitled`): the server
    // analyses an untitled document on its own, as a single file.
    documentSelector: [
      { scheme: 'file', language: 'yaoxiang' },
      { scheme: 'untitled', language: 'yaoxiang' },
    ],
    synchronize: {
      fileEvents: [
        vscode.workspace.createFileSystemWatcher('**/*.yx'),
        vscode.workspace.createFileSystemWatcher('**/yaoxiang.toml'),
      ],
    },
  };
  client = new LanguageClient('yaoxiang', 'YaoXiang Language Server', serverOptions, clientOptions);
  for (const watcher of clientOptions.synchronize.fileEvents) context.subscriptions.push(watcher);
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('yaoxiang.server.command')) {
        vscode.window.showInformationMessage('YaoXiang: reload the window to start the server with the new command.');
      }
    }),
  );
  return client.start().catch((error) => {
    vscode.window.showErrorMessage(
      `YaoXiang: could not start \`${[command, ...args].join(' ')}\` (${error && error.message ? error.message : error}). ` +
        'Put `yaoxiang` on PATH (`npm link` in the yaoxiang-analyzer checkout) or set `yaoxiang.server.command`.',
    );
  });
}

function deactivate() {
  const running = client;
  client = undefined;
  return running ? running.stop() : undefined;
}

module.exports = { activate, deactivate };
