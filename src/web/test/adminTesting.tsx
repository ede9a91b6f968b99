/**
 * Test helpers for the admin and login screens: a fake network (only `fetch` is replaced) and the real
 * route tree in a memory router. Import `../../test/setup.ts` first in the test file.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import type { Competition, Dashboard, SessionUser } from '../../domain/schemas/competition.ts';
import { adminRoute, loginRoute, staffOpenRoutes } from '../pages/admin/routes.tsx';
import { renderRouter } from './renderRouter.tsx';

export {
  fakeNetwork,
  refusedOnce,
  type FakeHandler,
  type FakeResponse,
  type RecordedRequest,
} from './network.ts';
export { scheduleItem, settingsFixture } from './fixtures.ts';
import { competition } from './fixtures.ts';
import type { FakeHandler, FakeResponse } from './network.ts';

export const admin: SessionUser = {
  id: 1,
  email: 'admin@example.com',
  name: 'Ada Admin',
  isSuperAdmin: false,
  competitions: ['demo'],
};

/** The competition the admin screens edit: its own dates, fees and pages, as a saved competition has. */
export function competitionFixture(overrides: Partial<Competition> = {}): Competition {
  return competition({
    fullName: 'Valley Swing & Standard 2026',
    primaryColor: '#1c7ed6',
    startDate: '2026-11-21',
    endDate: '2026-11-22',
    dateRegistrationEarly: '2026-09-01T13:00:00.000Z',
    dateRegistrationOpen: '2026-10-01T13:00:00.000Z',
    dateRegistrationClosed: '2026-11-14T04:59:00.000Z',
    paymentTierEarly: 20,
    paymentTierOpen: 30,
    paymentTierLate: 40,
    registration: { tier: 'EARLY', isOpen: true, fee: 20 },
    pages: { details: '# Details', rules: 'Rules', venue: 'Venue', contact: 'Contact', about: 'About' },
    organizers: [
      { id: 7, name: 'Olivia Organizer', role: 'Chair', email: 'olivia@example.com', bio: '', photoURL: '' },
    ],
    version: 3,
    ...overrides,
  });
}

export const dashboardFixture: Dashboard = {
  competitors: 84,
  couples: 42,
  entries: 120,
  feesDue: 1250.5,
  feesPaid: 300,
  money: {
    currency: 'USD',
    owedCents: 155050,
    paidCents: 30000,
    outstandingCents: 130050,
    creditCents: 5000,
    byTeam: [
      {
        team: 'Cornell DanceSport',
        owedCents: 100000,
        paidCents: 0,
        outstandingCents: 100000,
        creditCents: 0,
      },
      {
        team: 'MIT Ballroom Dance Team',
        owedCents: 55050,
        paidCents: 30000,
        outstandingCents: 30050,
        creditCents: 5000,
      },
    ],
  },
  currency: 'USD',
  events: 14,
  roundsByState: { Initialized: 3, Empty: 1, Running: 2, Skipped: 1, Marked: 4, Posted: 10 },
};

/** `GET /auth/me` with nobody signed in. */
export const signedOut: FakeResponse = { body: {} };

/** `GET /auth/me` that follows `session.signedIn`, for a test that signs in or out midway. */
export const meWhile =
  (session: { signedIn: boolean }): FakeHandler =>
  () =>
    session.signedIn ? { body: { user: admin } } : signedOut;

/** What a signed-in admin's first screen needs, to extend per test. */
export function signedInRoutes(extra: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    'GET /auth/me': { body: { user: admin } },
    'GET /site': { body: { competition: 'demo' } },
    'GET /competitions/demo': { body: competitionFixture() },
    ...extra,
  };
}

/** The same for a visitor nobody signed in yet: an official's screen asks for their code. */
export const signedOutRoutes = (extra: Record<string, FakeHandler> = {}) =>
  signedInRoutes({ 'GET /auth/me': signedOut, ...extra });

/** The real route tree (login, guarded admin, open staff screens) at `path`, with a stand-in home page. */
export function renderRoutes(path: string) {
  return renderRouter(
    [
      {
        path: '/',
        HydrateFallback: () => <p>Loading...</p>,
        children: [
          { index: true, element: <p>Public home page</p> },
          loginRoute,
          adminRoute,
          ...staffOpenRoutes,
        ],
      },
    ],
    path,
    AdminProviders,
  );
}

function AdminProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider>
      <Notifications />
      {children}
    </MantineProvider>
  );
}
