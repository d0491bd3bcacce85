// `node --import <this file's URL>` makes a child process list on stderr every
// module it loads, so a test can say what a command costs at start-up without
// timing it: ES modules as they are resolved (module-trace-hook.ts), CommonJS
// modules (the CLI bundle's `require`s) as the process exits. Scripts run
// through vm.Script (the bundle's commands, src/cli/code-cache.ts) are not
// modules and are not listed.
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

register(new URL('./module-trace-hook.js', import.meta.url));

const require = createRequire(import.meta.url);
process.on('exit', () => {
  for (const file of Object.keys(require.cache)) process.stderr.write(`module ${pathToFileURL(file).href}\n`);
});
