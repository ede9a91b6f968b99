// @vitest-environment jsdom
import '../../test/setup.ts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicCompetitor } from '../../../domain/schemas/registration.ts';
import { scheduleFixture, settingsFixture, scheduleItem } from '../../test/fixtures.ts';
import { fakeNetwork } from '../../test/network.ts';
import { competition, renderApp } from '../../test/renderApp.tsx';

afterEach(() => vi.unstubAllGlobals());

const C = '/competitions/demo';
const dmitri: PublicCompetitor = {
  id: 12,
  personId: 40,
  name: 'Dmitri Silva',
  affiliation: 'Riverside U',
  number: 112,
  partners: [{ id: 13, name: 'Anna Lee' }],
  entries: [
    {
      entryId: 1,
      eventKey: 'std',
      eventName: 'Bronze Standard',
      style: 'Standard',
      level: 'Bronze',
      role: 'lead',
      partner: { id: 13, name: 'Anna Lee' },
      leadNumber: 112,
      scratched: false,
    },
  ],
};
const schedule = scheduleFixture([
  scheduleItem({
    eventKey: 'std',
    eventName: 'Bronze Standard',
    roundNumber: 1,
    roundName: 'Semi-Final',
    roundState: 2,
    startedAt: '2026-11-14T14:32:00Z',
  }),
  scheduleItem({ eventKey: 'other', eventName: 'Gold Latin', roundNumber: 1 }),
  scheduleItem({
    eventKey: 'std',
    eventName: 'Bronze Standard',
    roundNumber: 2,
    roundName: 'Final',
    estimatedStart: '2026-11-14T15:10:00Z',
  }),
]);

function serve(extra: Record<string, unknown> = {}) {
  return fakeNetwork({
    'GET /site': { body: { competition: 'demo' } },
    [`GET ${C}`]: { body: competition() },
    [`GET ${C}/schedule`]: { body: schedule },
    [`GET ${C}/settings/events`]: { body: settingsFixture },
    ...extra,
  });
}

describe('/competitors/{id}', () => {
  it('says which competitor was not found, not that the competition is missing', async () => {
    serve();
    renderApp('/competitors/99999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Competitor not found' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/There is no competitor #99999 in this competition/)).toBeInTheDocument();
    expect(screen.queryByText(/competition could not be found/)).toBeNull();
    expect(screen.getByRole('link', { name: 'All competitors' })).toHaveAttribute('href', '/competitors');
  });

  it('does not ask for an id that cannot be one', async () => {
    const network = serve();
    renderApp('/competitors/abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Competitor not found' }),
    ).toBeInTheDocument();
    expect(network.requests.some((r) => r.path.includes('/competitors/abc'))).toBe(false);
  });

  it('shows each of their rounds with its time: started, estimated, and the final only if recalled', async () => {
    serve({
      [`GET ${C}/competitors/12`]: { body: dmitri },
      [`GET ${C}/competitors/12/results`]: { body: [] },
    });
    renderApp('/competitors/12');
    const list = await screen.findByTestId('competitor-rounds');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Sat9:32 AMstartedBronze Standard · Semi-Final112 with Anna LeeOn the floor',
      'Sat10:10 AMestimatedBronze Standard · Final112 with Anna Lee · if recalledComing up',
    ]);
  });

  it('leaves the times off when the organizers hide the live schedule', async () => {
    serve({
      [`GET ${C}/competitors/12`]: { body: dmitri },
      [`GET ${C}/competitors/12/results`]: { body: [] },
      [`GET ${C}/settings/events`]: { body: { ...settingsFixture, hideLiveSchedule: true } },
    });
    renderApp('/competitors/12');
    const list = await screen.findByTestId('competitor-rounds');
    expect(screen.getByText('The organizers are not showing times today.')).toBeInTheDocument();
    expect(list).not.toHaveTextContent(/AM/);
  });
});
