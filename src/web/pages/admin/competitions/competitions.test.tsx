// @vitest-environment jsdom
import '../../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCompetition, SessionUser } from '../../../../domain/schemas/competition.ts';
import { fakeNetwork } from '../../../test/network.ts';
import { competition, renderApp } from '../../../test/renderApp.tsx';
import { sameScreenOf } from './switching.ts';

afterEach(() => vi.unstubAllGlobals());
// Mantine's combobox scrolls the selected option into view; jsdom has no layout.
Element.prototype.scrollIntoView ??= () => {};

const siteAdmin: SessionUser = {
  id: 1,
  email: 'admin@example.com',
  name: 'Ada Admin',
  isSuperAdmin: true,
  competitions: [],
};

const row = (key: string, fullName: string, extra: Partial<AdminCompetition> = {}): AdminCompetition => ({
  key,
  fullName,
  startDate: '2026-04-11',
  endDate: '2026-04-12',
  timeZone: 'America/New_York',
  state: 'upcoming',
  archivedAt: null,
  servedAtRoot: false,
  events: 14,
  ...extra,
});

const list = {
  competitions: [
    row('vss25', 'Valley Spring Swing 2025'),
    row('vss24', 'Valley Spring Swing 2024', { state: 'finished', servedAtRoot: true }),
    row('vss23', 'Valley Spring Swing 2023', { state: 'finished', archivedAt: '2024-05-01T00:00:00Z' }),
  ],
  site: { served: 'vss24', chosen: 'vss24', configured: null },
};

describe("a competition's address", () => {
  it('makes every read and link of the page about the competition in it', async () => {
    const net = fakeNetwork({
      'GET /competitions/vss23': {
        body: competition({ key: 'vss23', fullName: 'Valley Spring Swing 2023' }),
      },
    });
    renderApp('/c/vss23/rules');
    const banner = await screen.findByRole('banner');
    const name = await within(banner).findByRole('link', { name: 'Valley Spring Swing 2023' });
    expect(name).toHaveAttribute('href', '/c/vss23');
    expect(within(banner).getAllByRole('link', { name: 'Details' })[0]).toHaveAttribute(
      'href',
      '/c/vss23/details',
    );
    expect(within(banner).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/c/vss23/register',
    );
    // The site's own competition was never asked for.
    expect(net.requests.map((r) => r.path)).not.toContain('/site');
  });
});

describe('the admin competition switcher', () => {
  it('lists the current competitions and opens the same screen of the one chosen', async () => {
    fakeNetwork({
      'GET /auth/me': { body: { user: siteAdmin } },
      'GET /admin/competitions': { body: list },
      'GET /competitions/vss24': {
        body: competition({ key: 'vss24', fullName: 'Valley Spring Swing 2024' }),
      },
      'GET /competitions/vss25': {
        body: competition({ key: 'vss25', fullName: 'Valley Spring Swing 2025' }),
      },
    });
    const { router } = renderApp('/c/vss24/admin/competitions');
    const nav = await screen.findByRole('navigation', { name: 'Admin screens' });
    const switcher = await within(nav).findByRole('textbox', { name: 'Switch competition' });
    expect(switcher).toHaveValue('Valley Spring Swing 2024');
    fireEvent.click(switcher);
    await waitFor(() => expect(switcher).toHaveAttribute('aria-controls'));
    const listbox = document.getElementById(switcher.getAttribute('aria-controls')!)!;
    const options = within(listbox).getAllByRole('option', { hidden: true });
    // The archived one is not offered.
    expect(options.map((o) => o.textContent)).toEqual([
      'Valley Spring Swing 2025',
      'Valley Spring Swing 2024',
    ]);
    fireEvent.click(options[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/vss25/admin/competitions'));
    // The shell and its links now say the other competition.
    expect(await screen.findByRole('link', { name: 'Valley Spring Swing 2025' })).toHaveAttribute(
      'href',
      '/c/vss25/admin',
    );
    expect(within(nav).getByRole('link', { name: 'Setup' })).toHaveAttribute('href', '/c/vss25/admin/setup');
  });

  it('keeps the screen and drops what belonged to the other competition', () => {
    expect(sameScreenOf('/c/vss24/admin/setup/events', 'vss25')).toBe('/c/vss25/admin/setup/events');
    expect(sameScreenOf('/admin/officials', 'vss25')).toBe('/c/vss25/admin/officials');
    expect(sameScreenOf('/c/vss24/admin', 'demo')).toBe('/c/demo/admin');
  });
});

describe('the competitions screen', () => {
  it('shows current and archived competitions apart, with the one served at /', async () => {
    fakeNetwork({
      'GET /auth/me': { body: { user: siteAdmin } },
      'GET /admin/competitions': { body: list },
      'GET /site': { body: { competition: 'vss24' } },
      'GET /competitions/vss24': {
        body: competition({ key: 'vss24', fullName: 'Valley Spring Swing 2024' }),
      },
    });
    renderApp('/admin/competitions');
    const current = await screen.findByRole('table', { name: 'Current competitions' });
    expect(within(current).getAllByRole('row')).toHaveLength(3);
    expect(within(current).getByText('served at /')).toBeInTheDocument();
    const archived = screen.getByRole('table', { name: 'Archived competitions' });
    expect(within(archived).getByRole('link', { name: 'Valley Spring Swing 2023' })).toHaveAttribute(
      'href',
      '/c/vss23/admin',
    );
    expect(within(current).getAllByRole('link', { name: 'Back up' })[0]).toHaveAttribute(
      'href',
      '/api/v1/competitions/vss25/export',
    );
  });

  it('shows the restore’s list of refusals', async () => {
    const net = fakeNetwork({
      'GET /auth/me': { body: { user: siteAdmin } },
      'GET /admin/competitions': { body: list },
      'GET /site': { body: { competition: 'vss24' } },
      'GET /competitions/vss24': { body: competition({ key: 'vss24' }) },
      'POST /competitions/import?key=vss24-back': {
        status: 400,
        body: {
          error: {
            code: 'invalid',
            message:
              'The file was not imported: tables.events.3.dances: Choose at least one dance (and 1 more problem).',
            details: [
              { path: ['tables', 'events', 3, 'dances'], message: 'Choose at least one dance' },
              { path: ['tables', 'officials', 0, 'role'], message: 'Role must be one of: Judge, …' },
            ],
          },
        },
      },
    });
    renderApp('/admin/competitions');
    const section =
      (await screen.findByRole('heading', { name: 'Restore a backup' })).closest('section') ?? document.body;
    const file = new File(['{"format":"promenade-competition"}'], 'vss24.json', { type: 'application/json' });
    const input = section.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.change(within(section as HTMLElement).getByLabelText('Restore under the key'), {
      target: { value: 'vss24-back' },
    });
    fireEvent.click(within(section as HTMLElement).getByRole('button', { name: 'Restore' }));
    const problems = await screen.findByRole('list', { name: 'Problems in the file' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'tables.events.3.dances: Choose at least one dance',
      'tables.officials.0.role: Role must be one of: Judge, …',
    ]);
    expect(net.requests.some((r) => r.method === 'POST')).toBe(true);
  });
});

describe('at a venue', () => {
  const venueList = {
    competitions: [
      row('vss25', 'Valley Spring Swing 2025'),
      row('vss24', 'Valley Spring Swing 2024', {
        state: 'finished',
        handedOverTo: 'https://promenade.example.org',
      }),
    ],
    site: { served: 'vss25', chosen: null, configured: null, publicSite: 'https://promenade.example.org' },
  };

  it('takes a competition over from the public site by its key', async () => {
    const net = fakeNetwork({
      'GET /auth/me': { body: { user: siteAdmin } },
      'GET /admin/competitions': { body: venueList },
      'GET /site': { body: { competition: 'vss25' } },
      'GET /competitions/vss25': { body: competition({ key: 'vss25' }) },
      'POST /competitions/take-over': {
        body: competition({ key: 'city-open', fullName: 'City Open' }),
      },
    });
    renderApp('/admin/competitions');
    const section = (await screen.findByRole('heading', { name: 'Take over from the public site' })).closest(
      'section',
    ) as HTMLElement;
    expect(section).toHaveTextContent('https://promenade.example.org');
    fireEvent.change(within(section).getByLabelText('Key of the competition on the public site'), {
      target: { value: 'city-open' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Take over' }));
    await waitFor(() => expect(net.calls('POST', '/competitions/take-over')).toHaveLength(1));
    expect(net.calls('POST', '/competitions/take-over')[0]!.body).toEqual({ key: 'city-open' });
    // A competition handed back says where it is changed now.
    expect(screen.getByText('handed over to https://promenade.example.org')).toBeInTheDocument();
  });

  it('hands a competition back after asking', async () => {
    const net = fakeNetwork({
      'GET /auth/me': { body: { user: siteAdmin } },
      'GET /admin/competitions': { body: venueList },
      'GET /site': { body: { competition: 'vss25' } },
      'GET /competitions/vss25': { body: competition({ key: 'vss25' }) },
      'POST /competitions/vss25/hand-back': {
        body: { key: 'vss25', to: 'https://promenade.example.org', at: '2026-04-12T20:00:00Z' },
      },
    });
    renderApp('/admin/competitions');
    fireEvent.click(await screen.findByRole('button', { name: 'More for Valley Spring Swing 2025' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Hand back to the public site' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('https://promenade.example.org');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hand back' }));
    await waitFor(() => expect(net.calls('POST', '/competitions/vss25/hand-back')).toHaveLength(1));
    // The one handed back already offers no second hand-back.
    fireEvent.click(screen.getByRole('button', { name: 'More for Valley Spring Swing 2024' }));
    expect(screen.queryAllByRole('menuitem', { name: 'Hand back to the public site' })).toHaveLength(0);
  });

  it('takes back one handed over, and one a venue still mirrors only when asked again', async () => {
    // The public site: one competition is at a venue (its name), none here has a public site.
    const siteList = {
      competitions: [
        row('vss25', 'Valley Spring Swing 2025'),
        row('vss24', 'Valley Spring Swing 2024', { handedOverTo: 'Hall B laptop' }),
      ],
      site: { served: 'vss25', chosen: null, configured: null },
    };
    const net = fakeNetwork({
      'GET /auth/me': { body: { user: siteAdmin } },
      'GET /admin/competitions': { body: siteList },
      'GET /site': { body: { competition: 'vss25' } },
      'GET /competitions/vss25': { body: competition({ key: 'vss25' }) },
      'POST /competitions/vss24/take-back': (r) =>
        (r.body as { force?: boolean }).force
          ? { body: competition({ key: 'vss24', fullName: 'Valley Spring Swing 2024' }) }
          : {
              status: 409,
              body: { error: { code: 'mirrored', message: 'mirrored', details: { venue: 'Hall B laptop' } } },
            },
    });
    renderApp('/admin/competitions');
    fireEvent.click(await screen.findByRole('button', { name: 'More for Valley Spring Swing 2024' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Take back' }));
    const first = await screen.findByRole('dialog');
    expect(first).toHaveTextContent('Hall B laptop');
    fireEvent.click(within(first).getByRole('button', { name: 'Take back' }));
    const again = await screen.findByRole('dialog', { name: 'Hall B laptop still sends it' });
    fireEvent.click(within(again).getByRole('button', { name: 'Take back anyway' }));
    await waitFor(() => expect(net.calls('POST', '/competitions/vss24/take-back')).toHaveLength(2));
    expect(net.calls('POST', '/competitions/vss24/take-back').map((c) => c.body)).toEqual([
      {},
      { force: true },
    ]);
    // One run here offers nothing to take back.
    fireEvent.click(screen.getByRole('button', { name: 'More for Valley Spring Swing 2025' }));
    expect(screen.queryAllByRole('menuitem', { name: 'Take back' })).toHaveLength(0);
  });
});
