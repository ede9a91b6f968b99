// @vitest-environment jsdom
import '../test/setup.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageReads, type BootReads } from '../boot.ts';
import { useSchedule } from './queries/schedule.ts';
import { useEventResults } from './queries/results.ts';
import { competition } from '../test/renderApp.tsx';
import { adoptBootReads } from './bootReads.ts';
import { useCompetition, useEventSettings } from './queries/competition.ts';
import { useEvents } from './queries/events.ts';

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

  it('start nothing on staff screens, which begin with the session', () => {
    expect(pageReads('/admin/setup', 'demo')).toEqual([]);
    expect(pageReads('/judges/3', 'demo')).toEqual([]);
    expect(pageReads('/login', 'demo')).toEqual([]);
    expect(pageReads('/rules', 'demo').map((r) => r.path)).toEqual([base]);
  });
});
