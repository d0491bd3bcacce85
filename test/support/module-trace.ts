// `node --import <this file's URL>` makes a child process list on stderr every
// module it loads, so a test can say what a command costs at start-up without
// timing it: ES modules as they are resolved (module-trace-hook.ts), CommonJS
// modules (the CLI bundle's `require`s) as the process exits, and then every
// builtin the process loaded (`builtin <name>`, Node's internal ones included). Scripts run
// through vm.Script (the bundle's commands, src/cli/code-cache.ts) are not
// modules and are not listed.
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

register(new URL('./module-trace-hook.js', import.meta.url));

const require = createRequire(import.meta.url);
process.on('exit', () => {
  for (const file of Object.keys(require.cache)) process.stderr.write(`module ${pathToFileURL(file).href}\n`);
  // Undocumented, but in every Node since 0.x; a Node without it lists no builtins (and the tests asking say so).
  for (const entry of (process as { moduleLoadList?: string[] }).moduleLoadList ?? []) if (entry.startsWith('NativeModule ')) process.stderr.write(`builtin ${entry.slice('NativeModule '.length)}\n`);
});
