// @vitest-environment jsdom
import '../../test/setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { competition, renderApp } from '../../test/renderApp.tsx';
import { fakeNetwork } from '../../test/network.ts';
import { ownRegistration, registerEvents as events } from '../../test/fixtures.ts';
import { chooseLocale } from '../../i18n/locale.ts';

afterEach(async () => {
  await chooseLocale('en');
  vi.unstubAllGlobals();
});

const ANSWER = {
  message: 'If that email is registered for Demo Classic, a link is on its way.',
  competition: 'Demo Classic',
};

const own = ownRegistration();

function network(extra: Parameters<typeof fakeNetwork>[0] = {}) {
  return fakeNetwork({
    'GET /site': { body: { competition: 'demo' } },
    'GET /competitions/demo': { body: competition() },
    'GET /competitions/demo/events': { body: events },
    'POST /competitions/demo/registrations/recover': { status: 202, body: ANSWER },
    ...extra,
  });
}

describe('"Email me a link" on /entries', () => {
  it('checks the email, then shows the one answer the server gives for any email', async () => {
    const net = network();
    renderApp('/entries');
    const card = await screen.findByRole('region', { name: 'Lost your entry code? Email me a link' });
    const field = screen.getByLabelText('Your email');
    fireEvent.change(field, { target: { value: 'not an email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(
      await screen.findByText('Email must be an email address like name@example.com'),
    ).toBeInTheDocument();
    expect(net.calls('POST', '/competitions/demo/registrations/recover')).toHaveLength(0);

    fireEvent.change(field, { target: { value: ' ann@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ANSWER.message);
    expect(card).toBeInTheDocument();
    expect(net.calls('POST', '/competitions/demo/registrations/recover')[0]!.body).toEqual({
      email: 'ann@example.com',
    });
  });

  it('answers a German reader in German, the field’s problem too', async () => {
    await chooseLocale('de');
    network();
    renderApp('/entries');
    const field = await screen.findByLabelText('Deine E-Mail');
    fireEvent.change(field, { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link senden' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Wenn diese E-Mail-Adresse für Demo Classic angemeldet ist, ist ein Link unterwegs.',
    );
  });

  it('shows the field the server refused', async () => {
    network({
      'POST /competitions/demo/registrations/recover': {
        status: 400,
        body: {
          error: {
            code: 'invalid',
            message: 'Email must be at most 200 characters',
            details: [{ path: ['email'], message: 'Email must be at most 200 characters' }],
          },
        },
      },
    });
    renderApp('/entries');
    fireEvent.change(await screen.findByLabelText('Your email'), { target: { value: 'a@b.co' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByText('Email must be at most 200 characters')).toBeInTheDocument();
  });
});

describe('"Email me a link" on /updateEntries', () => {
  it('is only its question beside the entry code form until asked', async () => {
    network();
    renderApp('/updateEntries');
    const ask = await screen.findByRole('button', { name: 'Lost your entry code? Email me a link' });
    expect(screen.queryByLabelText('Your email')).not.toBeInTheDocument();
    fireEvent.click(ask);
    expect(
      await screen.findByRole('region', { name: 'Lost your entry code? Email me a link' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Your email')).toBeInTheDocument();
  });
});

describe('an emailed link, /entries?open=…', () => {
  it('opens the registration on /updateEntries, drops the token from the address, and saves with the grant', async () => {
    const net = network({
      'POST /competitions/demo/registrations/open': {
        body: { registration: own, grant: 'g1.1.7.99.sig', grantExpiresAt: '2030-01-01T00:00:00.000Z' },
      },
      'POST /competitions/demo/registrations/own/entries': { body: { ...own, version: 4 } },
    });
    const { router } = renderApp('/entries?open=tok123');
    expect(await screen.findByText('Ann Lead', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/updateEntries');
    expect(router.state.location.search).toBe('');
    expect(net.calls('POST', '/competitions/demo/registrations/open')).toHaveLength(1);
    expect(net.calls('POST', '/competitions/demo/registrations/open')[0]!.body).toEqual({ token: 'tok123' });

    fireEvent.click(await screen.findByRole('checkbox', { name: /Silver Latin/ }));
    fireEvent.click(screen.getByRole('button', { name: /Save changes/ }));
    await waitFor(() =>
      expect(net.calls('POST', '/competitions/demo/registrations/own/entries')).toHaveLength(1),
    );
    expect(net.calls('POST', '/competitions/demo/registrations/own/entries')[0]!.body).toEqual({
      grant: 'g1.1.7.99.sig',
      add: ['silver-latin'],
      drop: [],
      version: 3,
    });
  });

  it('says why a used link opens nothing and offers a new one', async () => {
    network({
      'POST /competitions/demo/registrations/open': {
        status: 410,
        body: { error: { code: 'link_used', message: 'This link has already been used.' } },
      },
    });
    const { router } = renderApp('/entries?open=old');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link does not open a registration');
    expect(alert).toHaveTextContent('This link has already been used.');
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('button', { name: 'Email me a link' })).toBeInTheDocument();
  });
});
