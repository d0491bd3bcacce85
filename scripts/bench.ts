// `npm run bench`: every benchmark, with its numbers on stdout.
import { benchCheck } from './bench/check.ts';
import { benchFormat } from './bench/format.ts';
import { benchKeystroke } from './bench/keystroke.ts';
import { benchMcp } from './bench/mcp.ts';
import { benchLsp } from './bench/lsp.ts';
import { benchParse } from './bench/parse.ts';
import { benchScaling } from './bench/scaling.ts';
import { benchTypecheck } from './bench/typecheck.ts';
import { benchWorkspace } from './bench/workspace.ts';

const log = (line: string) => void process.stdout.write(line + '\n');

const SECTIONS: Array<[key: string, title: string, run: (log: (line: string) => void) => Promise<unknown>]> = [
  ['parse', 'parser', benchParse],
  ['workspace', 'workspace', benchWorkspace],
  ['typecheck', 'type checking', benchTypecheck],
  ['check', 'cold check, side by side', benchCheck],
  ['scaling', 'scaling of each pass', benchScaling],
  ['format', 'formatter', benchFormat],
  ['mcp', 'MCP server', benchMcp],
  ['lsp', 'language server', benchLsp],
  ['keystroke', 'keystroke → diagnostics in process', benchKeystroke],
];

// `npm run bench -- lsp format` runs only those sections.
const only = process.argv.slice(2);
const unknown = only.filter((key) => !SECTIONS.some(([k]) => k === key));
if (unknown.length > 0) {
  process.stderr.write(`unknown bench section(s) ${unknown.join(', ')}; sections: ${SECTIONS.map(([k]) => k).join(', ')}\n`);
  process.exit(2);
}

log('# yaoxiang-analyzer benchmarks');
log(`node ${process.version}, ${process.platform}/${process.arch}`);
for (const [key, title, run] of SECTIONS) {
  if (only.length > 0 && !only.includes(key)) continue;
  log('');
  log(`## ${title}`);
  await run(log);
}
