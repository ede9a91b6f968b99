/**
 * Timed assertions in the gate. The gate runs on a shared two-core machine, where an absolute time is
 * noise: a bound is a wide multiple of a baseline measured in the same run, with a floor far above
 * what a healthy server takes and far below what the failure it guards against took. The exact figures
 * (p99 < 100 ms and the like) are measured by `npm run bench` and reported, not asserted here.
 */
export { percentile } from '../../../bench/lib/stats.ts';

/** At most `times` the baseline, and never less than `floorMs`. */
export const regressionBound = (baselineMs: number, { times = 10, floorMs = 1000 } = {}): number =>
  Math.max(baselineMs * times, floorMs);
