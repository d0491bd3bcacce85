// A module hook for a child process under test: prints `module <url>` on
// stderr for every module it resolves. Installed by module-trace.ts. The hook
// runs on its own thread, where process.stderr.write hands the line to the main
// thread, which may exit before printing it (a `--help` run lost its last
// module's line now and then): the line is written to fd 2 before resolve returns.
import { writeSync } from 'node:fs';
import type { ResolveHook } from 'node:module';

export const resolve: ResolveHook = async (specifier, context, next) => {
  const resolved = await next(specifier, context);
  writeSync(2, `module ${resolved.url}\n`);
  return resolved;
};
