// Timing shared by the bench sections: interleaved A/B runs with warm-up,
// P50/P99, and goal lines that say MISSED when a goal is not reached.
import { performance } from 'node:perf_hooks';

export function median(values: number[]): number {
  return percentile(values, 50);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function formatMs(ms: number): string {
  return ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`;
}

export interface Summary {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export function summarize(samples: number[]): Summary {
  return { n: samples.length, p50: median(samples), p99: percentile(samples, 99), max: samples.length ? Math.max(...samples) : Number.NaN };
}

/** "P50 1.20 ms, P99 3.40 ms (n=500)"; with under 100 samples P99 is the maximum, and says so. */
export function formatSummary(s: Summary): string {
  return `P50 ${formatMs(s.p50)}, P99 ${formatMs(s.p99)}${s.n < 100 ? ' (= max)' : `, max ${formatMs(s.max)}`} (n=${s.n})`;
}

/**
 * One measured run: resolves to its own figure in ms when it measures itself
 * (a child's reported time), or to nothing to be timed by the wall clock.
 */
export type Run = () => Promise<number | void> | number | void;

/**
 * Runs every case `warmup + rounds` times, one of each per round, starting each
 * round with the next case, so that load on the machine and order effects hit
 * all cases alike. Warm-up rounds are not kept.
 */
export async function interleave<K extends string>(cases: Record<K, Run>, options: { warmup: number; rounds: number }): Promise<Record<K, number[]>> {
  const keys = Object.keys(cases) as K[];
  const samples = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < options.warmup + options.rounds; round++) {
    for (let i = 0; i < keys.length; i++) {
      const key = keys[(round + i) % keys.length]!;
      const start = performance.now();
      const own = await cases[key]();
      const ms = typeof own === 'number' ? own : performance.now() - start;
      if (round >= options.warmup) samples[key].push(ms);
    }
  }
  return samples;
}

/** `goal: WHAT ≤ LIMIT: MEASURED` and MISSED when the measured value is over the limit (or was not measured). */
export function goalLine(what: string, measured: number, limit: number, show: (value: number) => string = formatMs): string {
  const measuredAtAll = Number.isFinite(measured);
  const met = measuredAtAll && measured <= limit;
  // A figure that rounds to the limit itself shows four significant digits too: `0.50× (0.5012) MISSED`, not a bare `0.50× MISSED`.
  const shown = measuredAtAll ? show(measured) : 'not measured';
  const exact = measuredAtAll && measured !== limit && shown === show(limit) ? ` (${measured.toPrecision(4)})` : '';
  return `  goal: ${what} ≤ ${show(limit)}: ${shown}${exact}${met ? ' (met)' : ' MISSED'}`;
}

export const ratio = (value: number): string => `${value.toFixed(2)}×`;
