// @vitest-environment jsdom
import '../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  admin,
  dashboardFixture,
  fakeNetwork,
  renderRoutes,
  meWhile,
  signedInRoutes,
  signedOut,
} from '../../test/adminTesting.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the navigation guard (spec §4)', () => {
  it('sends a signed-out visitor to /login and, after signing in, on to the screen they wanted', async () => {
    const session = { signedIn: false };
    const network = fakeNetwork(
      signedInRoutes({
        'GET /auth/me': meWhile(session),
        'POST /auth/login': () => {
          session.signedIn = true;
          return { body: { user: admin } };
        },
        'GET /competitions/demo/settings/events': { body: { version: 1 } },
      }),
    );
    const { router } = renderRoutes('/admin/settings?tab=admins');

    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/admin/settings?tab=admins');

    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'admin@example.com' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/settings');
    expect(router.state.location.search).toBe('?tab=admins');
    expect(network.calls('POST', '/auth/login')[0]!.body).toEqual({
      email: 'admin@example.com',
      password: 'secret123',
    });
  });

  it('checks the session again on every navigation inside /admin', async () => {
    const session = { signedIn: true };
    fakeNetwork(
      signedInRoutes({
        'GET /auth/me': meWhile(session),
        'GET /competitions/demo/dashboard': { body: dashboardFixture },
      }),
    );
    const { router } = renderRoutes('/admin');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();

    session.signedIn = false; // e.g. signed out in another tab
    const nav = screen.getByRole('navigation', { name: 'Admin screens' });
    fireEvent.click(within(nav).getByRole('link', { name: /Officials/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/admin/officials');
  });

  it("does not let a judge's access-code session into the admin area, the scrutineer's screen included", async () => {
    for (const path of ['/admin/setup', '/admin/scrutineer']) {
      fakeNetwork(
        signedInRoutes({
          'GET /auth/me': {
            body: { official: { id: 3, name: 'Judge Judy', role: 'Judge', competition: 'demo' } },
          },
        }),
      );
      const { router, unmount } = renderRoutes(path);
      expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      unmount();
    }
  });

  it('skips the form when already signed in', async () => {
    fakeNetwork(signedInRoutes({ 'GET /competitions/demo/dashboard': { body: dashboardFixture } }));
    const { router } = renderRoutes('/login?next=%2Fadmin');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('says so in words when the server cannot be reached', async () => {
    const network = fakeNetwork(signedInRoutes());
    network.state.down = true;
    renderRoutes('/admin');
    expect(await screen.findByRole('heading', { name: 'The admin area could not open' })).toBeInTheDocument();
    expect(screen.getByText(/Could not reach the server/)).toBeInTheDocument();
  });
});

describe('staff screens', () => {
  it("opens the deck captain and chairman screens without an account: they ask for the official's code", async () => {
    for (const [path, label] of [
      ['/admin/deckcaptain', 'Deck captain'],
      ['/admin/chairman', 'Chairman'],
    ] as const) {
      fakeNetwork(
        signedInRoutes({
          'GET /auth/me': signedOut,
        }),
      );
      const view = renderRoutes(path);
      // The first visit loads the screen's chunk, which is slow on a busy machine.
      expect(await screen.findByRole('heading', { name: label }, { timeout: 15_000 })).toBeInTheDocument();
      expect(screen.getByLabelText('Access code')).toBeInTheDocument();
      expect(view.router.state.location.pathname).toBe(path);
      view.unmount();
    }
  });

  it('opens the MC screen with no sign-in at all: everything on it is public', async () => {
    const network = fakeNetwork(signedInRoutes());
    const view = renderRoutes('/admin/mc');
    await screen.findAllByText(/Announcements|Coming up/);
    expect(network.calls('GET', '/auth/me')).toHaveLength(0);
    expect(view.router.state.location.pathname).toBe('/admin/mc');
  });

  it('shows the MC results screen inside the admin shell', async () => {
    fakeNetwork(signedInRoutes());
    renderRoutes('/admin/results');
    expect(await screen.findByRole('heading', { name: 'Results (MC)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('links every admin screen of spec §2 from the navigation, and signs out', async () => {
    const session = { signedIn: true };
    const network = fakeNetwork(
      signedInRoutes({
        'GET /auth/me': meWhile(session),
        'GET /competitions/demo/dashboard': { body: dashboardFixture },
        'POST /auth/logout': () => {
          session.signedIn = false;
          return { status: 204 };
        },
      }),
    );
    const { router } = renderRoutes('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Admin screens' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/admin',
        '/admin/scrutineer',
        '/admin/eventschedule',
        '/admin/competitors',
        '/admin/competitors/add-competitor',
        '/admin/officials',
        '/admin/setup',
        '/admin/results',
        '/admin/settings',
        '/admin/deckcaptain',
        '/admin/chairman',
        '/admin/mc',
      ]),
    );
    expect(await screen.findByText('Valley Swing & Standard 2026')).toBeInTheDocument();
    expect(screen.getAllByText('Ada Admin').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(network.calls('POST', '/auth/logout')).toHaveLength(1);
  });
});

describe('an account that does not administer the competition open', () => {
  it('is shown the competitions it does administer, to switch to, instead of a dead end', async () => {
    fakeNetwork(
      signedInRoutes({
        'GET /auth/me': { body: { user: { ...admin, competitions: ['vss24'] } } },
        'GET /admin/competitions': {
          body: {
            competitions: [
              {
                key: 'vss24',
                fullName: 'Valley Spring Swing 2024',
                startDate: '2024-04-06',
                endDate: '2024-04-06',
                timeZone: 'America/New_York',
                state: 'finished',
                archivedAt: null,
                servedAtRoot: false,
                events: 3,
              },
            ],
            site: { served: 'demo', chosen: null, configured: null },
          },
        },
      }),
    );
    renderRoutes('/admin');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not an admin of this competition');
    const link = await within(alert).findByRole('link', { name: 'Valley Spring Swing 2024' });
    expect(link).toHaveAttribute('href', '/c/vss24/admin');
    expect(screen.getAllByRole('textbox', { name: 'Switch competition' }).length).toBeGreaterThan(0);
  });
});
