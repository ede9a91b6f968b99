// @vitest-environment jsdom
import '../../test/setup.ts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '../../test/network.ts';
import { competition, renderApp } from '../../test/renderApp.tsx';
import { entryLine, invoiceDocument, invoiceFixture, paymentRow } from '../../test/moneyFixtures.ts';
import { TEAM_INVOICE_REFRESH_MS } from '../../api/queries/money.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const BUSY = { timeout: 5_000 };
const C = '/competitions/demo';

// The captain's copy: payments without who recorded them, as the public answer is.
const teamInvoice = invoiceFixture({
  id: 9,
  number: 49,
  kind: 'team',
  name: 'Tufts Ballroom',
  team: 'Tufts Ballroom',
  registrationId: null,
  teamId: 1,
  lines: [
    entryLine(1, 'Adrian Yilmaz, Newcomer Standard: moved from invoice 8 (Adrian Yilmaz & Alice Costa)'),
    entryLine(2, 'Alice Costa, Newcomer Standard: moved from invoice 8 (Adrian Yilmaz & Alice Costa)'),
    {
      ...entryLine(3, 'Alice Costa, Newcomer Standard: dropped before the refund deadline', -2500),
      kind: 'credit',
    },
  ],
  payments: [
    paymentRow(4, { amountCents: 1000, method: 'card', reference: 'VISA 4242', recordedBy: undefined }),
  ],
});

function serve(extra: Record<string, unknown> = {}) {
  return fakeNetwork({
    'GET /site': { body: { competition: 'demo' } },
    [`GET ${C}`]: { body: competition() },
    ...extra,
  });
}

describe('/team-invoice/{token}', () => {
  it('says clearly that a replaced or revoked link no longer works', async () => {
    serve({
      [`GET ${C}/team-invoices/old-token`]: {
        status: 404,
        body: { error: { code: 'not_found', message: 'That team invoice link was not found.' } },
      },
    });
    renderApp('/team-invoice/old-token');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invoice link does not work' }, BUSY),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ask them for the current link to your team’s invoice/)).toBeInTheDocument();
    expect(screen.queryByTestId('invoice')).toBeNull();
  });

  it("shows the team's invoice with its credit and payments, prints it alone and downloads it as CSV", async () => {
    serve({ [`GET ${C}/team-invoices/tok-123`]: { body: invoiceDocument(teamInvoice) } });
    renderApp('/c/demo/team-invoice/tok-123');
    const invoice = await screen.findByTestId('invoice', {}, BUSY);
    expect(within(invoice).getByRole('heading', { level: 1, name: 'Invoice 49' })).toBeInTheDocument();
    expect(invoice).toHaveTextContent('TeamTufts Ballroom');
    expect(within(invoice).getByText('Credit', { selector: '.invoice-tag' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-4')).toHaveTextContent('Card · VISA 4242');
    expect(screen.getByTestId('payment-4')).not.toHaveTextContent('recorded by');
    expect(screen.getByTestId('invoice-totals')).toHaveTextContent('Charged$25Paid$10Balance due$15');

    const print = vi.fn();
    vi.stubGlobal('print', print);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(document.documentElement).toHaveClass('invoice-printing');
    expect(document.body.querySelector(':scope > .invoice-print-copy')).toHaveTextContent('Invoice 49');
    fireEvent(window, new Event('afterprint'));
    expect(document.documentElement).not.toHaveClass('invoice-printing');
    expect(document.querySelector('.invoice-print-copy')).toBeNull();

    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:invoice';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('demo-invoice-49.csv');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(click).toHaveBeenCalledOnce();
    const csv = await new Promise<string>((done) => {
      const reader = new FileReader();
      reader.onload = () => done(reader.result as string);
      reader.readAsText(files[0]!);
    });
    expect(csv.split('\r\n')[0]).toBe(
      'date,invoice,name,kind,description,method,reference,charged_USD,paid_USD,balance_USD',
    );
    expect(csv).toContain('TOTAL,49,Tufts Ballroom,,,,,25,10,15\r\n');
  });

  it('shows a payment taken at the desk while the captain keeps the page open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let doc = invoiceDocument(teamInvoice);
    serve({ [`GET ${C}/team-invoices/tok-123`]: () => ({ body: doc }) });
    renderApp('/c/demo/team-invoice/tok-123');
    await screen.findByTestId('invoice', {}, BUSY);
    expect(screen.getByTestId('invoice-totals')).toHaveTextContent('Balance due$15');
    doc = invoiceDocument({
      ...teamInvoice,
      payments: [
        ...teamInvoice.payments,
        paymentRow(5, { amountCents: 1500, method: 'cash', recordedBy: undefined }),
      ],
      paidCents: 2500,
      balanceCents: 0,
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TEAM_INVOICE_REFRESH_MS + 100);
    });
    expect(await screen.findByTestId('payment-5', {}, BUSY)).toHaveTextContent('Cash');
    expect(screen.getByTestId('invoice-totals')).toHaveTextContent('Paid in full');
  });
});
