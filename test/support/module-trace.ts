// `node --import <this file's URL>` makes a child process list on stderr every
// module it loads (see module-trace-hook.ts), so a test can say what a
// command costs at start-up without timing it.
import { register } from 'node:module';

register(new URL('./module-trace-hook.js', import.meta.url));
