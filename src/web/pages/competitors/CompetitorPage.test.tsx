// @vitest-environment jsdom
import '../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  it('says when they are on next, names the floors, and reminds them once when asked', async () => {
    const soon = new Date(Date.now() + 15 * 60_000 + 20_000).toISOString();
    const twoFloors = scheduleFixture(
      [
        scheduleItem({
          eventKey: 'std',
          eventName: 'Bronze Standard',
          roundName: 'Semi-Final',
          floor: 'Studio B',
          estimatedStart: soon,
          minutesLate: 25,
        }),
        scheduleItem({ eventKey: 'other', eventName: 'Gold Latin', floor: 'Ballroom' }),
      ],
      {
        floors: [
          { name: 'Ballroom', pace: 1, minutesLate: null },
          { name: 'Studio B', pace: 1, minutesLate: null },
        ],
      },
    );
    const shown: { title: string; body?: string }[] = [];
    class FakeNotification {
      static permission = 'default';
      static requestPermission = vi.fn(async () => {
        FakeNotification.permission = 'granted';
        return 'granted';
      });
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body });
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    serve({
      [`GET ${C}/competitors/12`]: { body: dmitri },
      [`GET ${C}/competitors/12/results`]: { body: [] },
      [`GET ${C}/schedule`]: { body: twoFloors },
    });
    renderApp('/competitors/12');
    const next = await screen.findByTestId('dancer-next');
    expect(next).toHaveTextContent('You are on in about 15 minutes');
    expect(next).toHaveTextContent('Bronze Standard · Semi-Final · Studio B · couple 112');
    const row = within(screen.getByTestId('competitor-rounds')).getByRole('listitem');
    expect(row).toHaveTextContent('112 with Anna Lee · Studio B');
    // Its floor runs late: the new estimate, and by how much.
    expect(row).toHaveTextContent('running 25 min late');
    // Nothing is asked before the reader chooses to.
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Remind me before each round' }));
    expect(await screen.findByText(/Reminders are on/)).toBeInTheDocument();
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]).toEqual({
      title: 'You are on in about 15 minutes',
      body: 'Bronze Standard · Semi-Final · Studio B · couple 112',
    });
  });
});
