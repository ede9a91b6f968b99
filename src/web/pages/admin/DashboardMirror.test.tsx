// @vitest-environment jsdom
import '../../test/setup.ts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MirrorStatus } from '../../../domain/schemas/mirror.ts';
import { chooseLocale } from '../../i18n/locale.ts';
import {
  competitionFixture,
  dashboardFixture,
  fakeNetwork,
  renderRoutes,
  signedInRoutes,
} from '../../test/adminTesting.tsx';
import { MIRROR_REFRESH_MS } from './DashboardMirror.tsx';

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await chooseLocale('en');
});

type Link = NonNullable<MirrorStatus['link']>;
const venue = (link: Link | null): MirrorStatus => ({
  venue: null,
  state: 'own',
  updatedAt: null,
  contactAt: null,
  link,
});
const connected: Link = { state: 'connected', since: '2026-11-21T09:00:00Z', behind: 0, behindSeconds: 0 };

/** The dashboard at the venue, on a 24-hour clock in UTC, its link as `mirror` says (a function: each read). */
function serve(mirror: MirrorStatus | (() => MirrorStatus)) {
  const network = fakeNetwork(
    signedInRoutes({
      'GET /competitions/demo': { body: competitionFixture({ clock: '24h', timeZone: 'UTC' }) },
      'GET /competitions/demo/dashboard': { body: dashboardFixture },
      'GET /competitions/demo/floor?next=0': { body: { onFloor: [], next: [] } },
      'GET /competitions/demo/mirror':
        typeof mirror === 'function' ? () => ({ body: mirror() }) : { body: mirror },
    }),
  );
  renderRoutes('/admin');
  return network;
}

const card = () => screen.findByRole('region', { name: 'Public site' });

describe('the dashboard’s public-site card at the venue', () => {
  it('says the link is connected and nothing is behind', async () => {
    serve(venue(connected));
    expect(await card()).toHaveTextContent('Public site: connected · 0 changes behind');
    expect(await card()).toHaveAttribute('data-state', 'connected');
  });

  it('says how many changes and seconds it is behind', async () => {
    serve(venue({ ...connected, behind: 3, behindSeconds: 12 }));
    expect(await card()).toHaveTextContent('Public site: connected · behind 3 changes (12 s)');
    expect(await card()).toHaveAttribute('data-state', 'behind');
  });

  it('says since when it is offline and how many changes wait', async () => {
    serve(venue({ state: 'offline', since: '2026-11-21T12:03:41Z', behind: 14, behindSeconds: 95 }));
    expect(await card()).toHaveTextContent('Public site: offline since 12:03 · 14 changes waiting');
    expect(await card()).toHaveAttribute('data-state', 'offline');
  });

  it('is not there when the competition is mirrored nowhere', async () => {
    const network = serve(venue(null));
    expect(await screen.findByText('Posted: 10')).toBeInTheDocument();
    await waitFor(() => expect(network.calls('GET', '/competitions/demo/mirror')).toHaveLength(1));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByRole('region', { name: 'Public site' })).toBeNull();
    expect(screen.queryByTestId('dashboard-mirror')).toBeNull();
  });

  it('asks again every few seconds while there is a link: the link comes back with no public change', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let link: Link = { state: 'offline', since: '2026-11-21T12:03:41Z', behind: 2, behindSeconds: 30 };
    serve(() => venue(link));
    expect(await card()).toHaveTextContent('offline since 12:03 · 2 changes waiting');
    link = connected;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MIRROR_REFRESH_MS + 100);
    });
    expect(await card()).toHaveTextContent('Public site: connected · 0 changes behind');
  });

  it('reads in German', async () => {
    await chooseLocale('de');
    serve(venue({ state: 'offline', since: '2026-11-21T12:03:41Z', behind: 14, behindSeconds: 95 }));
    expect(await screen.findByRole('region', { name: 'Öffentliche Seite' })).toHaveTextContent(
      'Öffentliche Seite: offline seit 12:03 · 14 Änderungen warten',
    );
  });
});
