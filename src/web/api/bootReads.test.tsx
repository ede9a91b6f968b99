// @vitest-environment jsdom
import { invoicesQuery, moneyTotalsQuery, teamsQuery } from './queries/money.ts';
import '../test/setup.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageReads, type BootReads, type BootSession } from '../boot.ts';
import { readSession } from '../shared/session.ts';
import { pathOf } from './client.ts';
import * as endpoints from '../../domain/schemas/endpoints.ts';
import { announcementsQuery } from './queries/results.ts';
import { floorQuery } from './queries/rounds.ts';
import { officialsQuery } from './queries/officials.ts';
import { registrationsQuery } from './queries/registrations.ts';
import { scheduleQuery, useSchedule } from './queries/schedule.ts';
import { useEventResults } from './queries/results.ts';
import { competition } from '../test/renderApp.tsx';
import { adoptBootReads } from './bootReads.ts';
import {
  adminsQuery,
  competitionQuery,
  dashboardQuery,
  eventSettingsQuery,
  meQuery,
  useCompetition,
  useEventSettings,
} from './queries/competition.ts';
import { eventsQuery, panelsQuery, printPanelsQuery, useEvents } from './queries/events.ts';

afterEach(() => vi.unstubAllGlobals());

/** What boot.ts would have fetched for `pathname`, answered from `answers` (path → JSON, or undefined). */
function bootFor(pathname: string, answers: Record<string, unknown>): BootReads {
  const site = Promise.resolve({ competition: 'demo' });
  return {
    site,
    reads: site.then(() =>
      pageReads(pathname, 'demo').map((r) => ({ ...r, answer: Promise.resolve(answers[r.path]) })),
    ),
  };
}

function withClient(boot: BootReads) {
  // As main.tsx: data a minute old is fresh, so a page mounting after the answer arrived keeps it.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  adoptBootReads(queryClient, boot);
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

const base = '/competitions/demo';

describe('reads started before the app loads', () => {
  it('give /live its competition, events, schedule and settings without asking again', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new Error('no request expected')));
    vi.stubGlobal('fetch', fetchMock);
    const schedule = { items: [] };
    const settings = { hideLiveSchedule: false };
    const wrapper = withClient(
      bootFor('/live', {
        [base]: competition(),
        [`${base}/events`]: [],
        [`${base}/schedule`]: schedule,
        [`${base}/settings/events`]: settings,
      }),
    );
    const { result } = renderHook(
      () => ({
        competition: useCompetition().competition,
        events: useEvents().events,
        schedule: useSchedule().schedule,
        settings: useEventSettings().settings,
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.settings).toEqual(settings));
    expect(result.current.competition?.fullName).toBe('Valley Spring Swing 2026');
    expect(result.current.events).toEqual([]);
    expect(result.current.schedule).toEqual(schedule);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('give /results/{event} the event results under the key its page reads', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new Error('no request expected')));
    vi.stubGlobal('fetch', fetchMock);
    const results = { event: { key: 'waltz & more' }, rounds: [] };
    const wrapper = withClient(
      bootFor('/results/waltz%20%26%20more', {
        [base]: competition(),
        [`${base}/results/waltz%20%26%20more`]: results,
      }),
    );
    const { result } = renderHook(() => useEventResults('waltz & more').results, { wrapper });
    await waitFor(() => expect(result.current).toEqual(results));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leave a read that failed to the API client, which asks again', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify(competition({ fullName: 'Asked Again' })), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const wrapper = withClient(bootFor('/', { [base]: undefined }));
    const { result } = renderHook(() => useCompetition().competition, { wrapper });
    await waitFor(() => expect(result.current?.fullName).toBe('Asked Again'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe(`/api/v1${base}`);
  });

  it("start nothing on the sign-in page and the judge's tablet, nor on a guarded screen before sign-in", () => {
    expect(pageReads('/admin/setup', 'demo')).toEqual([]);
    expect(pageReads('/admin/officials/', 'demo', false)).toEqual([]);
    expect(pageReads('/judges/3', 'demo', true)).toEqual([]);
    expect(pageReads('/login', 'demo', true)).toEqual([]);
    expect(pageReads('/rules', 'demo').map((r) => r.path)).toEqual([base]);
    // The open staff screens read only what is public: no need to wait for anyone to sign in.
    expect(pageReads('/admin/deckcaptain', 'demo').map((r) => r.path)).toEqual([
      base,
      `${base}/floor`,
      `${base}/schedule`,
    ]);
  });

  it("start each staff screen's reads under the very keys and paths its queries use", () => {
    const k = 'demo';
    const read = (path: string, q: { queryKey: readonly unknown[] }) => ({ path, queryKey: q.queryKey });
    const schedule = read(pathOf(endpoints.getSchedule, { key: k }), scheduleQuery(k));
    const events = read(pathOf(endpoints.getEvents, { key: k }), eventsQuery(k));
    const settings = read(pathOf(endpoints.getSettingsEvents, { key: k }), eventSettingsQuery(k));
    const announcer = [
      read(pathOf(endpoints.getAnnouncements, { key: k }), announcementsQuery(k)),
      schedule,
      events,
    ];
    const screens: Record<string, { path: string; queryKey: readonly unknown[] }[]> = {
      '/admin': [
        read(pathOf(endpoints.getDashboard, { key: k }), dashboardQuery(k)),
        read(pathOf(endpoints.getFloor, { key: k, next: 0 }), floorQuery(k, 0)),
      ],
      '/admin/officials': [
        read(pathOf(endpoints.getOfficials, { key: k }), officialsQuery(k)),
        read(pathOf(endpoints.getPanels, { key: k }), panelsQuery(k)),
      ],
      '/admin/competitors': [read(pathOf(endpoints.getRegistrations, { key: k }), registrationsQuery(k))],
      '/admin/competitors/add-competitor': [events],
      '/admin/money': [
        read(pathOf(endpoints.getMoney, { key: k }), moneyTotalsQuery(k)),
        read(pathOf(endpoints.getInvoices, { key: k }), invoicesQuery(k)),
        read(pathOf(endpoints.getTeams, { key: k }), teamsQuery(k)),
      ],
      '/admin/setup': [],
      '/admin/setup/events': [events],
      '/admin/settings': [settings, read(pathOf(endpoints.getAdmins, { key: k }), adminsQuery(k))],
      '/admin/eventschedule': [schedule, settings],
      '/admin/scrutineer': [schedule],
      '/admin/chairman': [schedule],
      '/admin/deckcaptain': [read(pathOf(endpoints.getFloor, { key: k }), floorQuery(k)), schedule],
      '/admin/mc': announcer,
      '/admin/results': announcer,
      '/print-sheets': [
        events,
        read(pathOf(endpoints.getPrintPanels, { key: k }), printPanelsQuery(k)),
        schedule,
      ],
    };
    const competitionRead = read(pathOf(endpoints.getCompetitionsOne, { key: k }), competitionQuery(k));
    for (const [route, reads] of Object.entries(screens))
      expect(pageReads(route, k, true), route).toEqual([competitionRead, ...reads]);
  });
});

describe('the session read before the app loads', () => {
  const signedIn = {
    user: { id: 1, email: 'a@example.com', name: 'Ada', isSuperAdmin: true, competitions: [] },
  };
  const boot = (session: BootSession | undefined): BootReads => ({
    site: Promise.resolve({ competition: 'demo' }),
    reads: Promise.resolve([]),
    session: Promise.resolve(session),
  });

  it("answers the admin guard's first check, and every later check asks the server", async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    adoptBootReads(new QueryClient(), boot({ status: 200, body: signedIn }));
    expect(await readSession()).toEqual({ user: signedIn.user });
    expect(fetchMock).not.toHaveBeenCalled();
    // Signed out meanwhile (another tab): the next check finds out.
    expect(await readSession()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('takes a 401 for nobody signed in, without asking again; anything else is asked again', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(signedIn), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    adoptBootReads(client, boot({ status: 401 }));
    expect(await readSession()).toBeNull();
    // The open staff screens' "who is signed in" too.
    await waitFor(() => expect(client.getQueryData(meQuery().queryKey)).toEqual({}));
    expect(fetchMock).not.toHaveBeenCalled();

    // A server hiccup at boot: the guard asks the server itself.
    adoptBootReads(new QueryClient(), boot({ status: 503 }));
    expect(await readSession()).toEqual({ user: signedIn.user });
    expect(fetchMock).toHaveBeenCalled();
  });
});
