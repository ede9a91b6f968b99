/**
 * Renders the whole app (providers, layout, real route table) in a memory router at `path`, with
 * `fetch` replaced by a table of `"METHOD /path"` (after /api/v1) → JSON body or a function that
 * returns one (a promise to control timing). Unknown paths answer 404. Import `./setup.ts` first.
 */
import { fakeNetwork, type FakeHandler } from './network.ts';
import type { Competition } from '../../domain/schemas/competition.ts';
import { AppProviders } from '../App.tsx';
import { routes } from '../router.tsx';
import { renderRouter } from './renderRouter.tsx';

export type FakeApi = Record<string, unknown | (() => unknown)>;

/** GET-only shorthand over `fakeNetwork`: `"GET /path"` → body, or a function returning one (or a promise). */
export function fakeApi(table: FakeApi) {
  const routes: Record<string, FakeHandler> = {};
  for (const [route, entry] of Object.entries(table)) {
    routes[route] =
      typeof entry === 'function'
        ? async () => ({ body: await (entry as () => unknown)() })
        : { body: entry };
  }
  return fakeNetwork(routes).fetchMock;
}

export function renderApp(path: string) {
  return renderRouter(routes, path, AppProviders);
}

export function competition(overrides: Partial<Competition> = {}): Competition {
  return {
    key: 'demo',
    fullName: 'Valley Spring Swing 2026',
    primaryColor: '#0b7285',
    timeZone: 'America/New_York',
    clock: '12h',
    startDate: '2026-11-14',
    endDate: '2026-11-15',
    dateRegistrationEarly: '2026-10-31T03:59:00Z',
    dateRegistrationOpen: '2026-11-07T04:59:00Z',
    dateRegistrationClosed: '2026-11-12T04:59:00Z',
    paymentTierEarly: 25,
    paymentTierOpen: 35,
    paymentTierLate: 45,
    currency: 'USD',
    registrationStatus: 'open',
    registration: { tier: 'EARLY', isOpen: true, fee: 25 },
    resultsPageShown: false,
    requireApproval: false,
    correctionsNeedUnlock: false,
    minRestMinutes: 0,
    floors: ['Main floor'],
    eligibility: 'declared',
    socials: { website: 'https://valley.example', facebook: '', instagram: '@valley_ballroom' },
    pages: { details: '', rules: '', venue: '', contact: '', about: '' },
    organizers: [
      {
        id: 1,
        name: 'Olivia Organizer',
        role: 'Chair',
        email: 'olivia@valley.example',
        bio: '',
        photoURL: '',
      },
    ],
    officials: [],
    version: 1,
    ...overrides,
  };
}

/** A promise the test resolves when it wants the server to answer. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
