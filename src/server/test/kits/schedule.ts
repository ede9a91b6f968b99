/** Test helpers for the day's schedule: competition settings and small events with one dancer. */
import { expect } from 'vitest';
import type { Client } from '../harness.ts';

/** PATCH the competition with its current version. */
export async function patchCompetition(admin: Client, api: string, body: object) {
  const { version } = (await admin.get(api)).body;
  return admin.patch(api, { ...body, version });
}

/**
 * A one-round, one-dance event (a final) with `dancer` leading couple `number` and `others` more
 * couples numbered after it; answers the event's key.
 */
export async function eventWith(
  admin: Client,
  api: string,
  name: string,
  dancer: string,
  number: number,
  others = 1,
): Promise<string> {
  const made = await admin.post(`${api}/events`, { name, style: 'Latin', level: 'Gold', dances: ['Rumba'] });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const key = made.body.key as string;
  const leads = [dancer, ...Array.from({ length: others }, (_, i) => `${name} Other ${i + 1}`)];
  for (const [i, lead] of leads.entries()) {
    const e = await admin.post(`${api}/events/${key}/entries`, {
      leadName: lead,
      followName: `${name} Follow ${i}`,
      leadNumber: number + i,
    });
    expect(e.status, JSON.stringify(e.body)).toBe(201);
  }
  expect((await admin.post(`${api}/events/${key}/rounds/generate`, {})).status).toBe(200);
  return key;
}

/** The kit bound to one signed-in admin and competition (`others`: couples beside the dancer's). */
export function scheduleKit(admin: Client, api: string, others = 1) {
  return {
    patchCompetition: (body: object) => patchCompetition(admin, api, body),
    eventWith: (name: string, dancer: string, number: number) =>
      eventWith(admin, api, name, dancer, number, others),
    /**
     * Sets when the day's first round starts (null: no time yet). Tests that compare estimated times
     * give a day years ahead: once the day has begun, the estimates run from the clock, not the start.
     */
    startDayAt: async (firstStart: string | null) => {
      const res = await admin.put(`${api}/settings/events`, { scheduleFirstStartTime: firstStart });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    },
  };
}
