// @vitest-environment jsdom
import '../../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MoneyTotals, TeamAccount } from '../../../../domain/schemas/money.ts';
import { fakeNetwork, renderRoutes, signedInRoutes } from '../../../test/adminTesting.tsx';
import {
  invoiceFixture,
  teamFixture,
  creditInvoice,
  settledTeamInvoice,
} from '../../../test/moneyFixtures.ts';

afterEach(() => vi.unstubAllGlobals());
beforeAll(async () => {
  await Promise.all([import('../AdminLayout.tsx'), import('./MoneyPage.tsx')]);
}, 60_000);

const BUSY = { timeout: 5_000 };
const C = '/competitions/demo';

const totals: MoneyTotals = {
  currency: 'USD',
  owedCents: 15050,
  paidCents: 11000,
  outstandingCents: 5050,
  creditCents: 1000,
  byTeam: [
    { team: 'Riverside U', owedCents: 10000, paidCents: 5000, outstandingCents: 5000, creditCents: 0 },
    { team: 'Valley College', owedCents: 5050, paidCents: 6000, outstandingCents: 50, creditCents: 1000 },
  ],
};

const owes = invoiceFixture();
const inCredit = creditInvoice;
const teamInvoice = settledTeamInvoice;

function serve(teams: () => TeamAccount[], extra: Parameters<typeof signedInRoutes>[0] = {}) {
  return fakeNetwork(
    signedInRoutes({
      [`GET ${C}/money`]: { body: totals },
      [`GET ${C}/invoices`]: { body: { currency: 'USD', invoices: [owes, inCredit, teamInvoice] } },
      [`GET ${C}/teams`]: () => ({ body: { currency: 'USD', teams: teams() } }),
      ...extra,
    }),
  );
}

describe('Admin → Money', () => {
  it('shows the totals in all and by team, and every invoice; the search and "Owes" narrow the list', async () => {
    serve(() => [teamFixture()]);
    renderRoutes('/admin/money');
    const figures = await screen.findByTestId('money-totals', {}, BUSY);
    expect(figures).toHaveTextContent('Owed$150.50');
    expect(figures).toHaveTextContent('Paid$110');
    expect(figures).toHaveTextContent('Outstanding$50.50');
    expect(figures).toHaveTextContent('Credit$10');
    expect(screen.getByRole('link', { name: 'Print invoices' })).toHaveAttribute(
      'href',
      '/print-sheets/invoices?which=due',
    );
    const byTeam = screen.getByRole('table', { name: 'Totals by team' });
    expect(within(byTeam).getByText('Valley College').closest('tr')).toHaveTextContent(
      'Valley College$50.50$60$0.50$10',
    );

    const table = await screen.findByRole('table', { name: 'Invoices' }, BUSY);
    expect(within(table).getByTestId('invoice-row-12')).toHaveTextContent('owes $50');
    expect(within(table).getByTestId('invoice-row-13')).toHaveTextContent('credit $10');
    expect(within(table).getByTestId('invoice-row-14')).toHaveTextContent('settled');
    expect(within(table).getByRole('link', { name: 'Ann Lead & Ben Follow' })).toHaveAttribute(
      'href',
      '/admin/money/invoices/7',
    );

    fireEvent.click(screen.getByText('Owes (1)'));
    await waitFor(() => expect(screen.queryByTestId('invoice-row-13')).toBeNull());
    expect(screen.getByTestId('invoice-row-12')).toBeInTheDocument();

    fireEvent.click(screen.getByText('All (3)'));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '13' } });
    await waitFor(() => expect(screen.queryByTestId('invoice-row-12')).toBeNull());
    expect(screen.getByTestId('invoice-row-13')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'valley' } });
    await waitFor(() => expect(screen.getByTestId('invoice-row-14')).toBeInTheDocument());
    expect(screen.getByText('Showing 2 invoices of 3.')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Download ledger (CSV)' })).toHaveAttribute(
      'href',
      '/api/v1/competitions/demo/ledger.csv',
    );
  });

  it('lets a team pay for its couples only after saying what moves', async () => {
    let team = teamFixture();
    const network = serve(() => [team], {
      [`PUT ${C}/teams`]: ({ body }) => {
        team = {
          ...team,
          id: 2,
          pays: (body as { pays: boolean }).pays,
          version: 2,
          invoiceId: 9,
          invoiceNumber: 14,
        };
        return { body: team };
      },
    });
    renderRoutes('/admin/money');
    const teams = await screen.findByRole('table', { name: 'Teams' }, BUSY);
    const toggle = within(teams).getByRole('switch', { name: 'Riverside U pays for its couples' });

    fireEvent.click(toggle);
    let dialog = await screen.findByRole('dialog', { name: 'Riverside U pays for its couples?' }, BUSY);
    expect(dialog).toHaveTextContent('The entries of its 3 couples move from the couples’ own invoices');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(network.calls('PUT', `${C}/teams`)).toHaveLength(0);

    fireEvent.click(toggle);
    dialog = await screen.findByRole('dialog', { name: 'Riverside U pays for its couples?' }, BUSY);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Team pays' }));
    expect(
      await screen.findByText(
        'Riverside U now pays for its couples: their entries moved to invoice 14.',
        {},
        BUSY,
      ),
    ).toBeInTheDocument();
    // A team set up for the first time has no version to send yet.
    expect(network.calls('PUT', `${C}/teams`)[0]!.body).toEqual({ name: 'Riverside U', pays: true });
    await waitFor(() =>
      expect(
        within(screen.getByTestId('team-Riverside U')).getByRole('link', { name: 'Invoice 14' }),
      ).toHaveAttribute('href', '/admin/money/invoices/9'),
    );
  });

  it('sets up a team that pays before any of its couples registers', async () => {
    let listed: TeamAccount[] = [];
    const network = serve(() => listed, {
      [`PUT ${C}/teams`]: ({ body }) => {
        const b = body as { name: string; pays: boolean };
        const team: TeamAccount = {
          ...teamFixture(),
          name: b.name,
          couples: 0,
          id: 5,
          pays: b.pays,
          version: 1,
        };
        listed = [team];
        return { body: team };
      },
    });
    renderRoutes('/admin/money');
    const field = await screen.findByRole('textbox', { name: 'A team that pays for its couples' }, BUSY);
    fireEvent.change(field, { target: { value: 'Wellesley Ballroom Dance Team' } });
    fireEvent.click(screen.getByRole('button', { name: 'Team pays' }));
    expect(
      await screen.findByText(
        'Wellesley Ballroom Dance Team pays for its couples: their entries will go on the team’s invoice as they register.',
        {},
        BUSY,
      ),
    ).toBeInTheDocument();
    expect(network.calls('PUT', `${C}/teams`)[0]!.body).toEqual({
      name: 'Wellesley Ballroom Dance Team',
      pays: true,
    });
    await waitFor(() => expect(field).toHaveValue(''));
    expect(
      await within(await screen.findByRole('table', { name: 'Teams' }, BUSY)).findByRole('switch', {
        name: 'Wellesley Ballroom Dance Team pays for its couples',
      }),
    ).toBeChecked();
  });

  it('gives the captain a link, shows its full address, and revokes it after asking', async () => {
    let team = teamFixture({ id: 2, version: 1 });
    const network = serve(() => [team], {
      [`POST ${C}/teams/link`]: () => {
        team = { ...team, token: 'tok-123', version: 2 };
        return { body: team };
      },
      [`POST ${C}/teams/link/revoke`]: () => {
        team = { ...team, token: null, version: 3 };
        return { body: team };
      },
    });
    renderRoutes('/admin/money');
    const row = await screen.findByTestId('team-Riverside U', {}, BUSY);
    fireEvent.click(within(row).getByRole('button', { name: 'Create link' }));
    const address = await screen.findByTestId('captain-link', {}, BUSY);
    expect(address).toHaveTextContent(`${window.location.origin}/c/demo/team-invoice/tok-123`);
    expect(network.calls('POST', `${C}/teams/link`)[0]!.body).toEqual({ name: 'Riverside U' });

    fireEvent.click(screen.getByRole('button', { name: 'More about the captain’s link of Riverside U' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Revoke link…' }, BUSY));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Revoke the captain’s link of Riverside U?' },
      BUSY,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    expect(await screen.findByRole('button', { name: 'Create link' }, BUSY)).toBeInTheDocument();
    expect(network.calls('POST', `${C}/teams/link/revoke`)).toHaveLength(1);
  });
});
