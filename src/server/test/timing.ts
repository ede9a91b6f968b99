/**
 * Timed assertions in the gate. The gate runs on a shared two-core machine, where an absolute time is
 * noise: a bound is a wide multiple of a baseline measured in the same run, with a floor far above
 * what a healthy server takes and far below what the failure it guards against took. The exact figures
 * (p99 < 100 ms and the like) are measured by `npm run bench` and reported, not asserted here.
 */
import { spawn } from 'node:child_process';

export { percentile } from '../../../bench/lib/stats.ts';

/** At most `times` the baseline, and never less than `floorMs`. */
export const regressionBound = (baselineMs: number, { times = 10, floorMs = 1000 } = {}): number =>
  Math.max(baselineMs * times, floorMs);

/**
 * Runs `script` (src/server/test) in its own process against `url`, as an outside client is: a flood
 * or a visitor timed apart from the server's event loop. Resolves with the JSON it printed.
 */
export function runClient<T>(script: string, url: string, args: string[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const proc = spawn(process.execPath, [`src/server/test/${script}`, url, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.on('error', reject);
    proc.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`${script} exited ${code}`)),
    );
  });
}
