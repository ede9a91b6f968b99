// @vitest-environment jsdom
import '../../test/setup.ts';
import { act, configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MirrorStatus } from '../../../domain/schemas/mirror.ts';
import type { ResultsSummary } from '../../api/types.ts';
import { chooseLocale } from '../../i18n/locale.ts';
import { scheduleFixture, settingsFixture } from '../../test/fixtures.ts';
import { competition, fakeApi, renderApp } from '../../test/renderApp.tsx';
import { FakeEventSource } from '../../test/fakeEventSource.ts';

// Lazy routes load their modules on first use; on a busy 2-core machine that can take over 1 s.
configure({ asyncUtilTimeout: 8_000 });
afterEach(async () => {
  vi.unstubAllGlobals();
  await chooseLocale('en');
});

const mirrored = (over: Partial<MirrorStatus> = {}): MirrorStatus => ({
  venue: 'Ballroom laptop',
  state: 'live',
  // 12:03:41 PM in New York, the fixture competition's zone.
  updatedAt: '2026-11-14T17:03:41Z',
  contactAt: '2026-11-14T17:03:45Z',
  link: null,
  ...over,
});

const summary: ResultsSummary = {
  competition: { key: 'demo', fullName: 'Valley Spring Swing 2026' },
  events: [],
};

/** The public pages of the fixture competition, its mirror answering `mirror` (a function: each read). */
function serve(mirror: MirrorStatus | (() => MirrorStatus), comp = competition({ resultsPageShown: true })) {
  return fakeApi({
    'GET /site': { competition: 'demo' },
    'GET /competitions/demo': comp,
    'GET /competitions/demo/mirror': mirror,
    'GET /competitions/demo/settings/events': { ...settingsFixture, version: 1 },
    'GET /competitions/demo/schedule': scheduleFixture([]),
    'GET /competitions/demo/events': [],
    'GET /competitions/demo/results': summary,
  });
}

const line = () => document.querySelector('.mirror-line');

describe('the public line of a competition mirrored from its venue', () => {
  it('says /live is live from the venue, updated at the competition’s wall-clock time, the venue named in the title', async () => {
    serve(mirrored());
    renderApp('/live');
    const live = await screen.findByText('Live from the venue · updated 12:03:41 PM');
    expect(live).toHaveAttribute('title', 'Sent from the venue: Ballroom laptop');
    expect(live).toHaveAttribute('data-state', 'live');
    // Quiet while live: not announced on every batch.
    expect(live).not.toHaveAttribute('role');
  });

  it('on a 24-hour competition, /results says it as 12:03:41', async () => {
    serve(
      mirrored({ updatedAt: '2026-11-14T12:03:41Z' }),
      competition({ resultsPageShown: true, clock: '24h', timeZone: 'UTC' }),
    );
    renderApp('/results');
    expect(await screen.findByText('Live from the venue · updated 12:03:41')).toBeVisible();
  });

  it('says calmly that the venue is offline and results come when it reconnects', async () => {
    serve(mirrored({ state: 'offline' }));
    renderApp('/results');
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('The venue is offline; results will appear here when it reconnects.');
    expect(notice).toHaveAttribute('data-state', 'offline');
    expect(notice).toHaveAttribute('title', 'Sent from the venue: Ballroom laptop');
  });

  it('on /live, says the page waits for the venue while it is offline, not "updating live"', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    serve(mirrored({ state: 'offline' }));
    renderApp('/live');
    const heading = await screen.findByRole('heading', { level: 1, name: /Live/ });
    act(() => FakeEventSource.last!.dispatchEvent(new Event('open')));
    await waitFor(() => expect(heading).toHaveTextContent('waiting for the venue'));
    expect(heading.querySelector('.live-feed')).toHaveAttribute('data-state', 'waiting');
  });

  it('shows nothing for a competition run on this server (the venue itself, or a site without a venue)', async () => {
    const link = { state: 'connected' as const, since: '2026-11-14T17:00:00Z', behind: 2, behindSeconds: 3 };
    const api = serve({ venue: null, state: 'own', updatedAt: null, contactAt: null, link });
    renderApp('/live');
    await screen.findByRole('heading', { name: /Live/ });
    await waitFor(() => expect(api.mock.calls.some(([url]) => String(url).endsWith('/mirror'))).toBe(true));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(line()).toBeNull();
    expect(screen.queryByText(/venue/i)).toBeNull();
  });

  it('shows nothing from a server without mirrors (404)', async () => {
    fakeApi({
      'GET /site': { competition: 'demo' },
      'GET /competitions/demo': competition({ resultsPageShown: true }),
      'GET /competitions/demo/results': summary,
    });
    renderApp('/results');
    expect(await screen.findByRole('heading', { name: 'Results' })).toBeVisible();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(line()).toBeNull();
  });

  it('reads in German, the time in the competition’s clock', async () => {
    await chooseLocale('de');
    serve(mirrored(), competition({ resultsPageShown: true, clock: '24h' }));
    renderApp('/live');
    expect(await screen.findByText('Live vom Veranstaltungsort · aktualisiert 12:03:41')).toHaveAttribute(
      'title',
      'Gesendet vom Veranstaltungsort: Ballroom laptop',
    );
  });

  it('German offline notice', async () => {
    await chooseLocale('de');
    serve(mirrored({ state: 'offline' }));
    renderApp('/results');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Der Veranstaltungsort ist offline; Ergebnisse erscheinen hier, sobald er wieder verbunden ist.',
    );
  });

  it('moves its time with any change the stream announces (a batch of results), with no polling', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let updatedAt = '2026-11-14T17:03:41Z';
    const api = serve(() => mirrored({ updatedAt }));
    renderApp('/results');
    expect(await screen.findByText('Live from the venue · updated 12:03:41 PM')).toBeVisible();
    act(() => FakeEventSource.last!.dispatchEvent(new Event('open')));
    await waitFor(() => expect(api.mock.calls.filter(([u]) => String(u).endsWith('/mirror')).length).toBe(2));

    updatedAt = '2026-11-14T17:09:02Z';
    act(() => {
      FakeEventSource.last!.dispatchEvent(
        new MessageEvent('change', { data: '{"topic":"results","version":9}' }),
      );
    });
    expect(await screen.findByText('Live from the venue · updated 12:09:02 PM')).toBeVisible();
    expect(api.mock.calls.filter(([u]) => String(u).endsWith('/mirror'))).toHaveLength(3);
  });
});
