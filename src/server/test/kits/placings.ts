/**
 * Test helper: an event of the demo competition danced to its posted final with a chosen couple first,
 * through the API as on the day (desk registration, rounds, the demo judges' marks, compute, post).
 */
import type { Client } from '../harness.ts';
import type { Judge } from './testFlow.ts';
import { ok } from './testEvent.ts';

const API = '/api/v1/competitions/demo';

export interface Dancer {
  name: string;
  email: string;
}

export interface DancedEvent {
  key: string;
  /** The winning couple's number. */
  winner: string;
}

/**
 * Creates `name` (Standard, `level`, `dances`), registers `couple` at the desk and `others` more couples,
 * and dances it: with `semi`, a Semi-Final recalling six then the Final; else a straight final. Every
 * judge places `couple` 1st in every dance.
 */
export async function danceEvent(
  admin: Client,
  judges: Judge[],
  opts: {
    name: string;
    level: string;
    dances: string[];
    couple: { lead: Dancer; follow: Dancer };
    semi: boolean;
  },
): Promise<DancedEvent> {
  const ev = await ok<{ key: string }>(
    admin.post(`${API}/events`, {
      name: opts.name,
      style: 'Standard',
      level: opts.level,
      dances: opts.dances,
    }),
  );
  const path = `${API}/events/${ev.key}`;
  const reg = await ok<{ leadNumber: number }>(
    admin.post(`${API}/registrations`, {
      lead: opts.couple.lead,
      follow: opts.couple.follow,
      affiliation: 'Riverside University',
      events: [ev.key],
      consents: { lead: { liability: true, media: false }, follow: { liability: true, media: false } },
    }),
  );
  const winner = String(reg.leadNumber);
  for (let i = 1; i <= (opts.semi ? 8 : 5); i++)
    await ok(
      admin.post(`${path}/entries`, {
        leadName: `Lead ${i} ${opts.name}`,
        followName: `Follow ${i} ${opts.name}`,
      }),
    );
  await ok(admin.put(`${path}/panel`, { officialIds: judges.map((j) => j.id) }));
  await ok(admin.post(`${path}/rounds/generate`, {}));
  let final = 1;
  if (opts.semi) {
    await ok(admin.patch(`${path}/rounds/1`, { recallSize: 6 }));
    const started = await ok<{ round: { couples: string[] } }>(admin.post(`${path}/rounds/1/start`, {}));
    const recalled = [winner, ...started.round.couples.filter((c) => c !== winner).slice(0, 5)];
    for (const j of judges)
      await ok(
        j.client.put(
          `${path}/rounds/1/marks/${j.id}`,
          Object.fromEntries(opts.dances.map((d) => [d, recalled])),
        ),
      );
    await ok(admin.post(`${path}/rounds/1/results`, {}));
    await ok(admin.post(`${path}/rounds/1/post`, {}));
    final = 2;
  }
  const started = await ok<{ round: { couples: string[] } }>(admin.post(`${path}/rounds/${final}/start`, {}));
  const order = [winner, ...started.round.couples.filter((c) => c !== winner)];
  for (const j of judges)
    await ok(
      j.client.put(
        `${path}/rounds/${final}/marks/${j.id}`,
        Object.fromEntries(opts.dances.map((d) => [d, Object.fromEntries(order.map((c, i) => [c, i + 1]))])),
      ),
    );
  await ok(admin.post(`${path}/rounds/${final}/results`, {}));
  await ok(admin.post(`${path}/rounds/${final}/post`, {}));
  return { key: ev.key, winner };
}
