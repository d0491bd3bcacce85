// A module hook for a child process under test: prints `module <url>` on
// stderr for every module it resolves. Installed by module-trace.ts.
import type { ResolveHook } from 'node:module';

export const resolve: ResolveHook = async (specifier, context, next) => {
  const resolved = await next(specifier, context);
  process.stderr.write(`module ${resolved.url}\n`);
  return resolved;
};
