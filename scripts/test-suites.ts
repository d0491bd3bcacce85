// Which test files `npm run test:fast` leaves to `npm test`. The fast set is
// every in-process unit, fixture and golden test; what is listed here drives
// whole programs (the CLI, the servers, editors, a C compiler), sweeps the
// corpus, replays the fuzzer's findings or stresses limits. A new test file
// is fast unless it is listed, so the edit loop never silently loses one.

/** A file relative to test/ without `.test.ts`, or a folder ending in `/`. */
interface SlowEntry {
  readonly path: string;
  readonly why: string;
}

export const SLOW: readonly SlowEntry[] = [
  { path: 'editors/nvim', why: 'drives Neovim' },
  { path: 'editors/nvim-lsp', why: 'drives Neovim with the language server' },
  { path: 'editors/vscode', why: 'packages and loads the VS Code extension' },
  { path: 'editors/zed', why: 'the Zed extension, and its wasm build' },
  { path: 'native/', why: 'builds the grammar with gcc' },
  { path: 'cli/', why: 'runs bin/yaoxiang as a process per case' },
  { path: 'rename/cli', why: 'runs bin/yaoxiang rename' },
  { path: 'lsp/server', why: 'runs `yaoxiang lsp` over stdio' },
  { path: 'lsp/client-capabilities', why: 'runs `yaoxiang lsp` over stdio' },
  { path: 'lsp/document-sync', why: 'runs `yaoxiang lsp` over stdio' },
  { path: 'lsp/faults', why: 'runs `yaoxiang lsp` over stdio' },
  { path: 'lsp/hostile-input', why: 'runs `yaoxiang lsp` over stdio, once per broken message' },
  { path: 'lsp/roots', why: 'runs `yaoxiang lsp` over stdio' },
  { path: 'lsp/disk-changes', why: 'runs `yaoxiang lsp` over stdio, and waits for the watcher' },
  { path: 'lsp/workers', why: 'request workers on a real `yaoxiang lsp`, beside seconds of type checking' },
  { path: 'lsp/main-thread', why: 'a real `yaoxiang lsp` taking a 1.5 MB document (seconds on its workers)' },
  { path: 'mcp/tools', why: 'every tool over every transport' },
  { path: 'mcp/http', why: 'the HTTP transport' },
  { path: 'mcp/http-guards', why: 'the HTTP transport' },
  { path: 'mcp/stdio-wire', why: 'the stdio transport, as a process' },
  { path: 'mcp/malformed-messages', why: 'both transports, as processes' },
  { path: 'mcp/transport-edges', why: 'both transports, as processes' },
  { path: 'mcp/inspector', why: 'the MCP Inspector CLI' },
  { path: 'mcp/cancellation', why: 'cancellation over the transports' },
  { path: 'mcp/format-cancellation', why: 'cancellation over the transports' },
  { path: 'mcp/agent-chain', why: 'long tool chains' },
  { path: 'mcp/churn', why: 'many files changing under the server' },
  { path: 'mcp/hostile-paths', why: 'many hostile file-system layouts' },
  { path: 'mcp/workers', why: 'the worker pool on a real stdio server' },
  { path: 'mcp/load', why: 'load' },
  { path: 'mcp/soak', why: 'soak' },
  { path: 'analysis/adversarial', why: 'pathological inputs at size' },
  { path: 'scaling/scaling', why: 'time ratios at n and 4n for every pass: run alone, not beside other files' },
  { path: 'scaling/servers', why: "issue 21's pathological inputs on a real `yaoxiang mcp`" },
  { path: 'format/limits', why: 'nesting at the depth bounds' },
  { path: 'threads/format-thread', why: 'worker threads and timed cancellation' },
  { path: 'fuzz/regressions', why: 'every fuzzer finding, each in full' },
  { path: 'grammar/conformance', why: 'the whole shared corpus' },
  { path: 'grammar/corpus', why: 'the whole shared corpus' },
  { path: 'format/corpus', why: 'the whole shared corpus' },
  { path: 'infer/corpus', why: 'the whole shared corpus' },
  { path: 'rename/corpus', why: 'the whole shared corpus' },
];

/** `dir/name` of a test file (`dist/test/dir/name.test.js` or its source), for matching SLOW. */
function suiteName(file: string): string {
  return file.replace(/\\/g, '/').replace(/^(.*\/)?test\//, '').replace(/\.test\.[jt]s$/, '');
}

function matches(entry: SlowEntry, name: string): boolean {
  return entry.path.endsWith('/') ? name.startsWith(entry.path) : name === entry.path;
}

/** The files of `files` that are not slow; throws when an entry of SLOW names no file (a rename left it stale). */
export function fastSuites(files: readonly string[]): string[] {
  const names = files.map(suiteName);
  const stale = SLOW.filter((entry) => !names.some((name) => matches(entry, name)));
  if (stale.length > 0) throw new Error(`scripts/test-suites.ts lists tests that do not exist: ${stale.map((e) => e.path).join(', ')}`);
  return files.filter((_, i) => !SLOW.some((entry) => matches(entry, names[i]!)));
}
