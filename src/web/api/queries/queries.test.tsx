// @vitest-environment jsdom
import '../../test/setup.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLiveUpdates } from '../../realtime/useLiveUpdates.ts';
import { competition, fakeApi } from '../../test/renderApp.tsx';
import { competitionQueryKey } from './keys.ts';
import { useCompetition, useEventSettings } from './competition.ts';
import { useEvents } from './events.ts';
import { FakeEventSource } from '../../test/fakeEventSource.ts';

function Probe() {
  const { competition: c, key } = useCompetition();
  const { events } = useEvents();
  const { settings } = useEventSettings();
  useLiveUpdates(key);
  return (
    <p>
      {c?.fullName ?? 'Loading...'} | {events ? `${events.length} events` : '…'} |{' '}
      {settings ? `index ${settings.showScheduleIndex ? 'shown' : 'hidden'}` : '…'}
    </p>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('competition queries with the change feed', () => {
  it('keys queries by [competition, topic] and refetches exactly what a change names', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let name = 'Valley Spring Swing 2026';
    const fetchMock = fakeApi({
      'GET /site': { competition: 'demo' },
      'GET /competitions/demo': () => competition({ fullName: name }),
      'GET /competitions/demo/events': [],
      'GET /competitions/demo/settings/events': { showScheduleIndex: false, version: 1 },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Valley Spring Swing 2026 | 0 events | index hidden')).toBeInTheDocument();
    expect(client.getQueryData(competitionQueryKey('demo', 'competition'))).toMatchObject({ key: 'demo' });
    expect(FakeEventSource.last?.url).toBe('/api/v1/competitions/demo/stream');

    const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path)).length;
    expect(calls('/competitions/demo/events')).toBe(1);
    name = 'Valley Spring Swing 2026 (renamed)';
    act(() => {
      FakeEventSource.last!.dispatchEvent(
        new MessageEvent('change', { data: '{"topic":"competition","version":9}' }),
      );
    });
    expect(
      await screen.findByText('Valley Spring Swing 2026 (renamed) | 0 events | index hidden'),
    ).toBeInTheDocument();
    // Only the competition was refetched, not the events.
    expect(calls('/competitions/demo/events')).toBe(1);
    expect(calls('/competitions/demo')).toBe(2);
  });
});
