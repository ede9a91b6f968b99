/** Small statistics helpers shared by the benchmarks. */

/** Nearest-rank percentile (p in 0–100) of unsorted numbers; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

/** Wall-clock milliseconds since the epoch with sub-millisecond resolution, comparable across processes. */
export const epochMs = (): number => performance.timeOrigin + performance.now();

export const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;
