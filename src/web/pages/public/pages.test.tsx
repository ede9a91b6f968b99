// @vitest-environment jsdom
import '../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { competition, fakeApi, renderApp } from '../../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Competitor Info (home)', () => {
  it('shows the name, the dates, registration with tier and fee, the call to action and the organizers', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-10-01T12:00:00Z') });
    fakeApi({ 'GET /site': { competition: 'demo' }, 'GET /competitions/demo': competition() });
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Valley Spring Swing 2026' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Sat 14 – Sun 15 November 2026')).toBeInTheDocument();
    expect(
      screen.getByText('Registration open — Early tier, $25 per dancer per event until 30 Oct'),
    ).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(within(main).getByRole('link', { name: 'Instagram @valley_ballroom' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/valley_ballroom',
    );
    const organizers = screen.getByRole('region', { name: 'Organizers' });
    expect(within(organizers).getByText('Olivia Organizer')).toBeInTheDocument();
    expect(within(organizers).getByRole('link', { name: 'olivia@valley.example' })).toHaveAttribute(
      'href',
      'mailto:olivia@valley.example',
    );
    // The tab title is set in an effect, which runs after the commit that showed the page: wait for it.
    await waitFor(() => expect(document.title).toBe('Valley Spring Swing 2026'));
  });

  it('lists the admission and the discount categories beside the fee while registration is open', async () => {
    fakeApi({
      'GET /site': { competition: 'demo' },
      'GET /competitions/demo': competition({
        admissionFee: 12.5,
        discounts: [
          { key: 'student', name: 'Student', percent: 50 },
          { key: 'junior', name: 'Junior', percent: 25 },
        ],
      }),
    });
    renderApp('/');
    const fees = await screen.findByRole('list', { name: 'Fees' });
    expect(
      within(fees)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Admission: $12.50 per dancer, once for the competition',
      'Student: 50% off entry fees — the organizers set it',
      'Junior: 25% off entry fees — the organizers set it',
    ]);
  });

  it('says registration is closed and offers results when they are out', async () => {
    fakeApi({
      'GET /site': { competition: 'demo' },
      'GET /competitions/demo': competition({
        registrationStatus: 'closed',
        registration: { tier: 'CLOSED', isOpen: false, fee: 45 },
        resultsPageShown: true,
        admissionFee: 10,
      }),
    });
    renderApp('/');
    expect(await screen.findByText('Registration closed')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'See results' })).toHaveAttribute('href', '/results');
    expect(within(main).queryByRole('link', { name: 'Register' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Fees' })).toBeNull();
  });

  it('reads closed once the early and open dates are past, and still offers late entries', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-08T12:00:00Z') });
    fakeApi({
      'GET /site': { competition: 'demo' },
      'GET /competitions/demo': competition({
        registrationStatus: 'closed',
        registration: { tier: 'CLOSED', isOpen: true, fee: 45 },
      }),
    });
    renderApp('/');
    expect(
      await screen.findByText('Registration closed — late entries until 11 Nov, $45 per dancer per event'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Register late' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('explains when the competition cannot be loaded', async () => {
    fakeApi({ 'GET /site': { competition: 'gone' } });
    renderApp('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('This competition could not be found');
  });
});

describe('content pages', () => {
  it('renders the page Markdown, with script and event handlers inert', async () => {
    (window as unknown as { hacked?: boolean }).hacked = false;
    fakeApi({
      'GET /site': { competition: 'demo' },
      'GET /competitions/demo': competition({
        pages: {
          details: '',
          rules:
            '# Dress code\n\nSmooth **gowns** allowed.\n\n<script>window.hacked = true</script>\n\n<img src="x.png" onerror="window.hacked = true">\n\n[map](https://maps.example/hall)',
          venue: '',
          contact: '',
          about: '',
        },
      }),
    });
    renderApp('/rules');
    expect(await screen.findByRole('heading', { level: 2, name: 'Dress code' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText('gowns').tagName).toBe('STRONG');
    expect(main.querySelector('script')).toBeNull();
    expect(main.querySelector('img')).not.toHaveAttribute('onerror');
    fireEvent.error(main.querySelector('img')!);
    expect((window as unknown as { hacked?: boolean }).hacked).toBe(false);
    const link = within(main).getByRole('link', { name: 'map' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    // Set in an effect after the commit that showed the text (a later task on a busy machine): wait for it.
    await waitFor(() => expect(document.title).toBe('Rules · Valley Spring Swing 2026'));
  });

  it('shows an empty state when a page has no content', async () => {
    fakeApi({ 'GET /site': { competition: 'demo' }, 'GET /competitions/demo': competition() });
    renderApp('/venue');
    expect(await screen.findByText(/The venue has not been announced yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to competitor info' })).toHaveAttribute('href', '/');
  });

  it('follows same-site links in content inside the app', async () => {
    fakeApi({
      'GET /site': { competition: 'demo' },
      'GET /competitions/demo': competition({
        pages: { details: 'See the [rules](/rules).', rules: 'Be kind.', venue: '', contact: '', about: '' },
      }),
    });
    const { router } = renderApp('/details');
    fireEvent.click(await screen.findByRole('link', { name: 'rules' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rules'));
    expect(await screen.findByText('Be kind.')).toBeInTheDocument();
  });

  it('About lists organizers and officials with their bios', async () => {
    fakeApi({
      'GET /site': { competition: 'demo' },
      'GET /competitions/demo': competition({
        organizers: [
          {
            id: 1,
            name: 'Olivia Organizer',
            role: 'Chair',
            email: '',
            bio: 'Dancing since 2010.',
            photoURL: '',
          },
        ],
        officials: [
          {
            id: 4,
            key: 'j1',
            name: 'Judy Judge',
            role: 'Judge',
            bio: 'WDSF adjudicator.',
            photoURL: '',
            letter: 'A',
          },
          { id: 5, key: 'mc', name: 'Max MC', role: 'MC', bio: '', photoURL: '', letter: '' },
        ],
      }),
    });
    renderApp('/about');
    const organizers = await screen.findByRole('region', { name: 'Organizers' });
    expect(within(organizers).getByText('Dancing since 2010.')).toBeInTheDocument();
    const judges = screen.getByRole('region', { name: 'Judges' });
    expect(within(judges).getByText('Judy Judge')).toBeInTheDocument();
    expect(within(judges).getByText('WDSF adjudicator.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'MC' })).getByText('Max MC')).toBeInTheDocument();
    // About has people, so no "nothing written" empty state.
    expect(screen.queryByText(/Nothing has been written/)).toBeNull();
  });
});

describe('no request to another host', () => {
  it('About shows uploaded photos, never a photo or Markdown image from another host', async () => {
    const own = '/api/v1/competitions/demo/images/7-abcDEF123';
    fakeApi({
      'GET /site': { competition: 'demo' },
      'GET /competitions/demo': competition({
        pages: {
          details: '',
          rules: '',
          venue: '',
          contact: '',
          about: `![Our logo](https://cdn.example/logo.png)\n\n<img src="https://tracker.example/pixel.gif" alt="">\n\n![ours](${own})`,
        },
        organizers: [
          {
            id: 1,
            name: 'Olivia Organizer',
            role: 'Chair',
            email: '',
            bio: '',
            photoURL: 'https://tracker.example/olivia.jpg',
          },
        ],
        officials: [
          { id: 4, key: 'j1', name: 'Judy Judge', role: 'Judge', bio: '', photoURL: own, letter: 'A' },
        ],
      }),
    });
    renderApp('/about');
    await screen.findByRole('region', { name: 'Organizers' });
    const sources = Array.from(document.querySelectorAll('[src], [srcset]')).map(
      (el) => el.getAttribute('src') ?? el.getAttribute('srcset') ?? '',
    );
    expect(sources.filter((src) => /^(https?:)?\/\//i.test(src))).toEqual([]);
    expect(sources).toContain(own);
    // An outside Markdown image becomes a link to it, named by its text.
    expect(screen.getByRole('link', { name: 'Our logo' })).toHaveAttribute(
      'href',
      'https://cdn.example/logo.png',
    );
  });
});

describe('other screens', () => {
  it('an unknown path shows a real 404 page', async () => {
    fakeApi({ 'GET /site': { competition: 'demo' }, 'GET /competitions/demo': competition() });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});
