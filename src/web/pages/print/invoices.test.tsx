// @vitest-environment jsdom
import '../../test/setup.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Invoice } from '../../../domain/schemas/money.ts';
import { fakeNetwork, type FakeHandler, type FakeResponse } from '../../test/network.ts';
import { admin, signedOut } from '../../test/adminTesting.tsx';
import { competition, renderApp } from '../../test/renderApp.tsx';
import { entryLine, invoiceFixture, creditInvoice, settledTeamInvoice } from '../../test/moneyFixtures.ts';
import { chooseLocale } from '../../i18n/locale.ts';

afterEach(async () => {
  await chooseLocale('en');
  vi.unstubAllGlobals();
});
beforeAll(async () => {
  await Promise.all([import('./InvoicesSheet.tsx'), import('./PrintSheetsPage.tsx')]);
}, 60_000);

const BUSY = { timeout: 5_000 };
const C = '/competitions/demo';

const owes = invoiceFixture();
const inCredit = creditInvoice;
const teamSettled = settledTeamInvoice;
const teamOwes = invoiceFixture({
  id: 10,
  number: 15,
  kind: 'team',
  name: 'Riverside U',
  team: 'Riverside U',
  registrationId: null,
  teamId: 1,
  lines: [entryLine(5, 'Eve Lead, Silver Latin (open entry)', 3500)],
});

function serve(
  invoices: FakeHandler,
  more: Partial<Parameters<typeof competition>[0]> = {},
  me: FakeResponse = { body: { user: admin } },
) {
  return fakeNetwork({
    'GET /site': { body: { competition: 'demo' } },
    'GET /auth/me': me,
    [`GET ${C}`]: { body: competition(more) },
    [`GET ${C}/invoices`]: invoices,
  });
}

/** The list as the server answers it, deliberately not in number order. */
const list = (...invoices: Invoice[]) => ({ body: { currency: 'USD', invoices } });

/** The printed invoices' numbers, page after page. */
async function printedNumbers(count: string) {
  await waitFor(() => expect(screen.getByTestId('invoices-summary')).toHaveTextContent(count), BUSY);
  return screen.getAllByTestId('invoice-page').map((page) => {
    const heading = within(page).getByRole('heading', { name: /^Invoice \d+$/ });
    return Number(/\d+/.exec(heading.textContent ?? '')![0]);
  });
}

describe('/print-sheets/invoices', () => {
  it('prints those with a balance due by default, each on a page of its own, in number order', async () => {
    serve(list(teamOwes, inCredit, owes, teamSettled));
    renderApp('/print-sheets/invoices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Print invoices' }, BUSY)).toBeVisible();
    expect(await printedNumbers('2 invoices')).toEqual([12, 15]);
    const pages = screen.getAllByTestId('invoice-page');
    expect(pages[0]).toHaveClass('invoice-sheet');
    expect(pages[0]).toHaveAttribute('data-paper', 'A4');
    expect(within(pages[0]!).getByTestId('invoice-totals')).toHaveTextContent('Balance due$50');
    expect(within(pages[1]!).getByTestId('invoice')).toHaveTextContent('Riverside U');
    expect(within(pages[1]!).getByTestId('invoice')).toHaveTextContent('Valley Spring Swing 2026');
    expect(screen.getByRole('radio', { name: 'Balance due' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Print 2 invoices' })).toBeEnabled();
    // One Print for them all: no invoice has buttons of its own here.
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('prints all of them, or only the teams’, as the address or the choice says', async () => {
    serve(list(teamOwes, inCredit, owes, teamSettled));
    renderApp('/print-sheets/invoices?which=all&paper=Letter');
    expect(await printedNumbers('4 invoices')).toEqual([12, 13, 14, 15]);
    expect(screen.getAllByTestId('invoice-page')[0]).toHaveAttribute('data-paper', 'Letter');

    fireEvent.click(screen.getByText('Teams'));
    expect(await printedNumbers('2 invoices')).toEqual([14, 15]);
    expect(screen.getAllByTestId('invoice-page')[0]).toHaveAttribute('data-paper', 'Letter');
  });

  it('says so in a sentence when no invoice matches the choice, and prints nothing', async () => {
    serve(list(inCredit, teamSettled));
    renderApp('/print-sheets/invoices?which=due');
    expect(
      await screen.findByText(
        'No invoice has a balance due: there is nothing to print for this choice.',
        {},
        BUSY,
      ),
    ).toBeVisible();
    expect(screen.queryByTestId('invoice-page')).toBeNull();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });

  it('prints in the competition’s language, the controls in the reader’s', async () => {
    serve(list(owes), { language: 'de' });
    renderApp('/print-sheets/invoices');
    // The controls' count in English; the invoice's own words once German's arrive.
    await waitFor(() => expect(screen.getByTestId('invoices-summary')).toHaveTextContent('1 invoice'), BUSY);
    expect(
      await within(screen.getByTestId('invoice-page')).findByRole('heading', { name: 'Rechnung 12' }, BUSY),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Print invoices' })).toBeVisible();
  });

  it('refuses in words whoever is not the competition’s organizer', async () => {
    const refusal = (status: number, code: string) => ({
      status,
      body: { error: { code, message: 'Not for you' } },
    });
    serve(refusal(403, 'forbidden'));
    const first = renderApp('/print-sheets/invoices');
    const alert = await screen.findByRole('alert', {}, BUSY);
    expect(alert).toHaveTextContent('The invoices could not load');
    expect(alert).toHaveTextContent('Your account may not change this competition.');
    expect(screen.queryByTestId('invoice-page')).toBeNull();
    first.unmount();

    serve(refusal(401, 'unauthorized'));
    renderApp('/print-sheets/invoices');
    const signedOut = await screen.findByRole('alert', {}, BUSY);
    expect(signedOut).toHaveTextContent('Your session has ended.');
    expect(within(signedOut).getByRole('link', { name: 'Sign in again' })).toBeVisible();
    expect(screen.queryByTestId('invoice-page')).toBeNull();
  });

  it('is one link away on the print sheets page, for an organizer only', async () => {
    serve(list(owes));
    const signedIn = renderApp('/print-sheets');
    expect(await screen.findByRole('link', { name: 'Invoices' }, BUSY)).toHaveAttribute(
      'href',
      '/print-sheets/invoices',
    );
    signedIn.unmount();

    const network = serve(list(owes), {}, signedOut);
    const visitor = renderApp('/print-sheets');
    expect(await screen.findByRole('heading', { level: 1, name: 'Print sheets' }, BUSY)).toBeVisible();
    // Once nobody's session has been answered, the page has settled on no link.
    await waitFor(() => expect(network.calls('GET', '/auth/me')).not.toHaveLength(0), BUSY);
    await waitFor(() => expect(visitor.queryClient.getQueryState(['staff', 'me'])?.status).toBe('success'));
    await act(async () => {});
    expect(screen.queryByRole('link', { name: 'Invoices' })).toBeNull();
  });
});
