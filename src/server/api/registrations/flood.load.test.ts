import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { Client, useTestServer } from '../../test/harness.ts';
import { percentile, regressionBound, runClient } from '../../test/timing.ts';

// The flood names its 100 addresses in X-Forwarded-For, as a proxy in front of the server would.
process.env.PROMENADE_TRUST_PROXY = '1';
// As production runs: answers not checked against their schemas (a test's cost), public notices
// gathered once a second during a burst.
const { s } = useTestServer({ validateResponses: false, publicPulseMs: 1000 });
const C = '/api/v1/competitions/demo';
/**
 * What a visitor reads meanwhile: the competition, the schedule, pages of the competitors, and every
 * event with its entries (1.6 MB at 3,000 couples, changed by every registration: rebuilt once per
 * public notice, before the notice goes out, so no reader waits for the build; realtime/readCache.ts).
 */
const EVENTS = `${C}/events`;
const PUBLIC_GETS = [C, `${C}/schedule`, `${C}/competitors`, `${C}/competitors?limit=50&offset=1000`, EVENTS];

const child = <T>(script: string, args: string[]) => runClient<T>(script, s.url, args);

describe('a registration flood from 100 addresses', () => {
  it('keeps public GETs within a wide multiple of their unloaded time, with 3,000 couples already registered', async () => {
    const admin = new Client(s.url);
    await admin.login();
    const lines = ['lead_name,lead_email,follow_name,follow_email,affiliation,events'];
    for (let i = 1; i <= 3000; i++)
      lines.push(
        `Early Lead${i},el${i}@example.com,Early Follow${i},ef${i}@example.com,Team ${i % 40},bronze-latin-c-r-s;newcomer-latin-c-r`,
      );
    const imported = await admin.post(`${C}/registrations/import`, { csv: lines.join('\n'), dryRun: false });
    expect(imported.body.created).toBe(3000);
    // Phones have the event list open before the flood starts: the server keeps it from then on.
    expect((await new Client(s.url).get(EVENTS)).status).toBe(200);
    // The same visitor before the flood: the baseline of this run, on this machine as loaded now.
    const quiet = await child<Record<string, number[]>>('visitor.mjs', ['2000', ...PUBLIC_GETS]);
    const baseline = PUBLIC_GETS.flatMap((p) => quiet[p]!);

    // The flood and the visitor each in their own process, as outside clients are.
    const running = child<{ sent: number; statuses: Record<string, number> }>('flood.mjs', [
      '100',
      '9000',
      't',
    ]);
    await new Promise((r) => setTimeout(r, 2500)); // the flood under way (its process started)
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const byPath = await child<Record<string, number[]>>('visitor.mjs', ['6000', ...PUBLIC_GETS]);
    loop.disable();
    const result = await running;
    const ms = PUBLIC_GETS.flatMap((p) => byPath[p]!);
    const [p50, p99] = [percentile(ms, 50), percentile(ms, 99)];
    const baseP99 = percentile(baseline, 99);
    console.log(
      `flood: ${JSON.stringify(result)}; ${ms.length} public GETs meanwhile: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (before the flood: ${baseline.length} GETs, p99 ${baseP99.toFixed(1)} ms); longest event-loop block ${Math.round(loop.max / 1e6)} ms; slowest per path: ${PUBLIC_GETS.map((p) => `${p.slice(C.length) || '/'} ${Math.max(...byPath[p]!).toFixed(0)}`).join(', ')}`,
    );
    expect(result.statuses['201']).toBeGreaterThan(300);
    expect(ms.length).toBeGreaterThan(50);
    // Without the read cache every registration rebuilt the 1.6 MB event list under the readers: seconds.
    expect(p99).toBeLessThan(regressionBound(baseP99));
  }, 120_000);
});
