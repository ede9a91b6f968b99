import { describe, expect, it } from 'vitest';
import { Client, useTestServer } from '../test/harness.ts';
import { seedDemo } from './seed.ts';

const { s } = useTestServer();

const weekday = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });

describe('the demo competition', () => {
  it('falls on the weekend its Details page describes, whatever day it is created', async () => {
    // A Monday, a Thursday, a Saturday and a Sunday: two weeks on used to land on any day of the week.
    for (const day of [16, 19, 21, 22]) {
      const key = `demo-nov${day}`;
      await seedDemo(s.db, key, new Date(`2026-11-${day}T15:00:00Z`));
      const c = (await new Client(s.url).get(`/api/v1/competitions/${key}`)).body;
      expect([weekday(c.startDate), weekday(c.endDate)], key).toEqual(['Saturday', 'Sunday']);
      expect(c.pages.details).toMatch(/\| Saturday \|[^\n]*\n\| Sunday \|/);
      // Two weeks of notice at least, and no more than three.
      const notice = (Date.parse(c.startDate) - Date.parse(`2026-11-${day}`)) / 86_400_000;
      expect(notice).toBeGreaterThanOrEqual(14);
      expect(notice).toBeLessThan(21);
    }
  });
});
