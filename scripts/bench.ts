// `npm run bench`: every benchmark, with its numbers on stdout.
import { benchFormat } from './bench/format.ts';
import { benchMcp } from './bench/mcp.ts';
import { benchLsp } from './bench/lsp.ts';
import { benchParse } from './bench/parse.ts';
import { benchTypecheck } from './bench/typecheck.ts';
import { benchWorkspace } from './bench/workspace.ts';

const log = (line: string) => void process.stdout.write(line + '\n');

log('# yaoxiang-analyzer benchmarks');
log(`node ${process.version}, ${process.platform}/${process.arch}`);
log('');
log('## parser');
await benchParse(log);
log('');
log('## workspace');
await benchWorkspace(log);
log('');
log('## type checking');
await benchTypecheck(log);
log('');
log('## formatter');
await benchFormat(log);
log('');
log('## MCP server');
await benchMcp(log);
log('');
log('## language server');
await benchLsp(log);
