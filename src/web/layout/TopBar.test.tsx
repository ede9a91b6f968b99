// @vitest-environment jsdom
import '../test/setup.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Competition } from '../../domain/schemas/competition.ts';
import { competition, deferred, fakeApi, renderApp } from '../test/renderApp.tsx';

afterEach(() => vi.unstubAllGlobals());

function banner() {
  return screen.getByRole('banner');
}

describe('top bar', () => {
  it('shows Loading... until the competition arrives, then its name linking home', async () => {
    const answer = deferred<Competition>();
    fakeApi({ 'GET /site': { competition: 'demo' }, 'GET /competitions/demo': () => answer.promise });
    renderApp('/rules');
    await waitFor(() =>
      expect(within(banner()).getByRole('link', { name: 'Loading...' })).toBeInTheDocument(),
    );

    await act(async () => answer.resolve(competition()));
    const name = await within(banner()).findByRole('link', { name: 'Valley Spring Swing 2026' });
    expect(name).toHaveAttribute('href', '/');
    expect(within(banner()).queryByText('Loading...')).toBeNull();
  });

  it('offers Register while results are not shown', async () => {
    fakeApi({
      'GET /site': { competition: 'demo' },
      'GET /competitions/demo': competition({ resultsPageShown: false }),
    });
    renderApp('/');
    const button = await within(await screen.findByRole('banner')).findByRole('link', { name: 'Register' });
    expect(button).toHaveAttribute('href', '/register');
    expect(within(banner()).queryByRole('link', { name: 'See Results' })).toBeNull();
  });

  it('offers See Results once results are shown', async () => {
    fakeApi({
      'GET /site': { competition: 'demo' },
      'GET /competitions/demo': competition({ resultsPageShown: true }),
    });
    renderApp('/details');
    const button = await within(await screen.findByRole('banner')).findByRole('link', {
      name: 'See Results',
    });
    expect(button).toHaveAttribute('href', '/results');
    expect(within(banner()).queryByRole('link', { name: 'Register' })).toBeNull();
  });

  it('has the six menu entries, and the burger toggles the same list', async () => {
    fakeApi({ 'GET /site': { competition: 'demo' }, 'GET /competitions/demo': competition() });
    const { router } = renderApp('/');
    await within(await screen.findByRole('banner')).findByRole('link', { name: 'Valley Spring Swing 2026' });
    const labels = ['Competitor Info', 'Details', 'Rules', 'Venue', 'Contact', 'About'];
    const main = within(banner()).getByRole('navigation', { name: 'Main' });
    expect(
      within(main)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(labels);

    const burger = within(banner()).getByRole('button', { name: 'Open menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();

    fireEvent.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(burger).toHaveAccessibleName('Close menu');
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(labels);
    expect(within(menu).getByRole('link', { name: 'Venue' })).toHaveAttribute('href', '/venue');

    // Choosing an entry navigates and closes the menu.
    fireEvent.click(within(menu).getByRole('link', { name: 'Venue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/venue'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull());
    // The current page is marked once the router has rendered it, which may come after the URL changes.
    await waitFor(() =>
      expect(within(banner()).getByRole('link', { name: 'Venue' })).toHaveAttribute('aria-current', 'page'),
    );
  });
});

describe('top bar and footer by route', () => {
  it('shows both on a public page, the footer with the socials (instagram without the @)', async () => {
    fakeApi({ 'GET /site': { competition: 'demo' }, 'GET /competitions/demo': competition() });
    renderApp('/venue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Venue' })).toBeInTheDocument();
    expect(banner()).toBeInTheDocument();
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Website' })).toHaveAttribute(
      'href',
      'https://valley.example',
    );
    expect(within(footer).getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/valley_ballroom',
    );
    expect(within(footer).queryByRole('link', { name: 'Facebook' })).toBeNull();
  });

  it('has no footer when the competition has no socials', async () => {
    fakeApi({
      'GET /site': { competition: 'demo' },
      'GET /competitions/demo': competition({ socials: { website: '', facebook: '', instagram: '' } }),
    });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Valley Spring Swing 2026' });
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('hides the top bar but keeps the footer on /register', async () => {
    fakeApi({
      'GET /site': { competition: 'demo' },
      'GET /competitions/demo': competition(),
      'GET /competitions/demo/events': [],
    });
    renderApp('/register');
    expect(await screen.findByRole('heading', { level: 1, name: /Register/ })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
  });

  it('hides both on /live', async () => {
    fakeApi({ 'GET /site': { competition: 'demo' }, 'GET /competitions/demo': competition() });
    renderApp('/live');
    expect(await screen.findByRole('heading', { level: 1, name: /Live/ })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});
