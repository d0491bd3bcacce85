// Exit codes and the errors main() turns into them. Kept apart from io.ts,
// which reads sources through the analysis host: main imports only this, so
// `yaoxiang --help` and an unknown command load no analysis (and no WASM).
export class UsageError extends Error {
  override name = 'UsageError';
}

export class SourceReadError extends Error {
  override name = 'SourceReadError';
}

/** Exit codes shared by every subcommand. */
export const EXIT = { ok: 0, findings: 1, usage: 2 } as const;
