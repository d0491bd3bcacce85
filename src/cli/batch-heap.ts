// V8 as a batch command wants it. `check` of many files keeps little alive
// between files, but V8 sizes its heap for a long-lived program, not a batch
// that ends in seconds:
// - It doubles the young generation (up to 2 × 16 MiB semi-spaces on 64-bit)
//   once enough has survived scavenges in total, however long ago: on 1,000
//   files that growth alone was 16 of 103 MiB peak RSS.
// - It lets the old generation grow up to 4× what survived the last full
//   collection before collecting again. On 1,000 files about 17 MiB is live at
//   any time, yet the heap reached 38 MiB and the node tables' ArrayBuffers 13
//   MiB of garbage: peak RSS 98–104 MiB. Capping that factor at 3 took the peak
//   to 89–92 MiB; a cap of 2 reached 85 MiB but cost 11% CPU time.
// Neither cap made a measurable difference to CPU time (the first: 1,000 files
// 3.1 s either way; the cap of 3, interleaved runs: 1,000 files 0.98×, the
// 1.6 MB file 1.03×), so a batch command sets both. V8 reads these flags when it
// resizes the heap, so setting them after start-up works. A V8 that no longer
// knew a flag would say so on stderr: test/cli/bundle.test.ts checks that
// `check` prints nothing but its own lines.
//
// The optimizing compiler inlines less (half V8's cumulative budget): a batch
// of seconds spends a large part of its CPU compiling hot functions on V8's
// background threads (0.9 s of TurboFan jobs on a 1,000-file check of 1.5–2 s,
// on a two-core machine), and smaller compile jobs leave the main thread more
// of the machine, while the code it runs is barely slower. Medians of
// interleaved pairs, CPU / wall: set here against the commit before, 1,000
// files 0.92× / 0.95× (20 pairs) and 0.98× / 0.99× (12), 10,000 lines 0.90× /
// 0.91× (12); on the command line, 100 files 0.95× / 0.98×, the 1.6 MB file
// 0.91× / 0.97×. The servers, which run for hours, keep V8's default.
//
// WASM functions start in V8's baseline compiler (Liftoff) and are recompiled
// by TurboFan, on a background thread, once they have run through a budget of
// executed code. tree-sitter's parse loop (`ts_parser_parse_wasm`, 27 KB of
// WASM) is hot at once, and its TurboFan job takes 50–85 ms here; Node waits
// for V8's background jobs when the event loop empties, so a check of 10 files sat idle
// for up to 35 ms after printing its result, waiting for code it would never
// run. A batch starts with a budget that parsing about 50 KB does not use up
// (BATCH_WASM_TIERING_BUDGET), and a command that knows it will parse more
// loads the grammar under V8's own budget (grammar-load.ts). Interleaved,
// wall time against V8's budget for all: 10 files 0.85×, 1,000 lines 0.85×,
// 35 files (48 KB) 0.88×; with the batch budget 60 files (82 KB) took 1.03×
// and 100 files 1.02×, hence TIER_UP_FROM_BYTES.
//
// JavaScript functions are optimized once they have run a budget of bytecode
// (V8's interrupt budget: 66 KiB in Node 20's V8). A cold batch of a fraction
// of a second has TurboFan compile functions that are hot only for a while.
// With about three times that budget (BATCH_INTERRUPT_BUDGET), interleaved
// against V8's own (14 pairs, wall / CPU): 10 files 0.89× / 0.83×, 1,000 lines
// 0.92× / 0.87×, 100 files 0.93× / 0.91×, 10,000 lines 0.91× / 0.85×; 1,000
// files, two seconds of mostly optimized code, 1.02× / 0.96× (20 pairs). 256
// KiB measured the same; 768 KiB took 1,000 files 1.06× the wall time of 256
// KiB; going back to V8's budget part way through a large batch made 1,000
// files 1.05×.
//
// Every command but the servers is such a batch, and is tuned before its code
// is compiled: V8 refuses a code cache made under other flags (code-cache.ts),
// so the flags must be the same when the CLI bundle's script is compiled as
// when its cache is taken at exit. `node:v8` is imported only here and in
// grammar-load.ts, when a command runs: `--help` does without it.

/** What a batch starts with: TurboFan's job for the parse loop comes after about 50 KB of source parsed (14 KB used 0.4–0.8 × 10⁹ of it). */
export const BATCH_WASM_TIERING_BUDGET = 2_000_000_000;
/** V8's own budget (V8 11.3, Node 20). Only how soon a large batch tiers up depends on it: the batch budget is set again once the grammar is loaded. */
export const V8_WASM_TIERING_BUDGET = 1_800_000;
/** Source a batch will parse from which it loads the grammar under V8's own budget. */
export const TIER_UP_FROM_BYTES = 64 * 1024;

/** Bytecode a function runs before V8 considers optimizing it (`--interrupt-budget`; V8 11.3's own is 66 KiB). */
export const BATCH_INTERRUPT_BUDGET = 192 * 1024;

/** What a batch command sets, in order. Setting them again to the same values changes nothing, not even V8's flag hash. */
export const BATCH_V8_FLAGS: readonly string[] = [
  '--semi-space-growth-factor=1',
  '--heap-growing-percent=200',
  '--max-inlined-bytecode-size-cumulative=460',
  `--wasm-tiering-budget=${BATCH_WASM_TIERING_BUDGET}`,
  `--interrupt-budget=${BATCH_INTERRUPT_BUDGET}`,
];

export async function tuneV8ForBatch(): Promise<void> {
  const { default: v8 } = await import('node:v8');
  for (const flag of BATCH_V8_FLAGS) v8.setFlagsFromString(flag);
}
