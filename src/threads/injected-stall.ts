// Fault injection for the tests of budgets, cancellation and shutdown: a job
// named in YAOXIANG_FAULT_STALL (`name=ms[,name=ms…]`: an MCP tool or an LSP
// method, e.g. `textDocument/diagnostic=60000`, or `name@N=ms` for an LSP job
// on version N of its document only) blocks its worker for that long before
// it runs, deaf to cancellation as a long WASM parse or type check is. The
// inputs that were slow enough for these tests have been made linear
// (issue 21 item 3), so the tests need a stall that does not depend on
// any pass staying slow. Unset, it costs one lookup per job.

function stalls(): ReadonlyMap<string, number> {
  const spec = process.env.YAOXIANG_FAULT_STALL;
  const table = new Map<string, number>();
  if (!spec) return table;
  for (const entry of spec.split(',')) {
    const at = entry.lastIndexOf('=');
    const ms = Number(entry.slice(at + 1));
    if (at > 0 && Number.isFinite(ms) && ms > 0) table.set(entry.slice(0, at).trim(), ms);
  }
  return table;
}

const STALLS = stalls();

/** Blocks the thread for the stall configured for job `name` (on version `version` of its document), if any. */
export function stallIfInjected(name: string, version?: number): void {
  if (STALLS.size === 0) return;
  const ms = STALLS.get(name) ?? (version === undefined ? undefined : STALLS.get(`${name}@${version}`));
  if (ms === undefined) return;
  // Atomics.wait blocks this worker without spinning a core, as deaf as a busy loop.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
