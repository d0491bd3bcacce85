// The grammar loaded for a batch command, under the WASM tier-up budget that
// suits how much it will parse (batch-heap.ts says why the budget matters).
import { statSync } from 'node:fs';
import { loadYaoXiang } from '../ide/index.ts';
import { BATCH_WASM_TIERING_BUDGET, TIER_UP_FROM_BYTES, V8_WASM_TIERING_BUDGET } from './batch-heap.ts';

/**
 * Loads the grammar for a batch that will parse about `sourceBytes`. V8 gives
 * each WASM instance its functions' budgets when it is made, so the budget is
 * V8's own only while the grammar loads, and the batch's again before any
 * code cache is taken (V8 refuses a cache made under other flags). Once the
 * grammar is loaded, this changes nothing.
 */
export async function loadGrammarForBatch(sourceBytes: number): Promise<void> {
  if (sourceBytes < TIER_UP_FROM_BYTES) return void (await loadYaoXiang());
  const { default: v8 } = await import('node:v8');
  v8.setFlagsFromString(`--wasm-tiering-budget=${V8_WASM_TIERING_BUDGET}`);
  try {
    await loadYaoXiang();
  } finally {
    v8.setFlagsFromString(`--wasm-tiering-budget=${BATCH_WASM_TIERING_BUDGET}`);
  }
}

/** The bytes of `files` on disk, counted only up to the tier-up threshold (a file that cannot be read counts nothing; reading it reports why). */
export function sourceBytesOf(files: readonly string[]): number {
  let total = 0;
  for (const file of files) {
    total += sizeOf(file);
    if (total >= TIER_UP_FROM_BYTES) break;
  }
  return total;
}

function sizeOf(file: string): number {
  try {
    return statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  } catch {
    // EACCES (a folder on the way that can be listed but not entered), ELOOP, …: the read says which.
    return 0;
  }
}
