#!/usr/bin/env node
import module from 'node:module';

// Node 22.1+ keeps compiled code on disk between runs (NODE_COMPILE_CACHE or this
// call); Node 20 has no such cache, so there the call is skipped.
module.enableCompileCache?.();

const { main } = await import('../dist/src/cli/main.js');

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`yaoxiang: internal error: ${error?.stack ?? error}\n`);
    process.exitCode = 70;
  },
);
