// @vitest-environment jsdom
import '../../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Invoice, InvoicePayment, PaymentCreate } from '../../../../domain/schemas/money.ts';
import { fakeNetwork, renderRoutes, signedInRoutes, type FakeHandler } from '../../../test/adminTesting.tsx';
import { invoiceDocument, invoiceFixture, paymentRow } from '../../../test/moneyFixtures.ts';
import { chooseLocale } from '../../../i18n/locale.ts';

afterEach(async () => {
  await chooseLocale('en');
  vi.unstubAllGlobals();
});
beforeAll(async () => {
  await Promise.all([import('../AdminLayout.tsx'), import('./InvoicePage.tsx')]);
}, 60_000);

const BUSY = { timeout: 5_000 };
const C = '/competitions/demo';

/** The desk's invoice 12 on a fake server that records payments as the real one does. */
function serve(start: Invoice, extra: Record<string, FakeHandler> = {}) {
  let invoice = start;
  let nextId = 50;
  const record = (row: InvoicePayment) => {
    const payments = [
      ...invoice.payments.map((p) => (p.id === row.reverses ? { ...p, reversed: true } : p)),
      row,
    ];
    const paidCents = payments.reduce((sum, p) => sum + p.amountCents, 0);
    invoice = { ...invoice, payments, paidCents, balanceCents: invoice.chargedCents - paidCents };
    return { status: 201, body: { payment: row, invoice } };
  };
  return fakeNetwork(
    signedInRoutes({
      [`GET ${C}/invoices/7`]: () => ({ body: invoiceDocument(invoice) }),
      [`POST ${C}/payments`]: ({ body }) => {
        const b = body as PaymentCreate;
        return record(
          paymentRow(nextId++, {
            amountCents: b.amountCents,
            method: b.method,
            reference: b.reference ?? '',
          }),
        );
      },
      [`POST ${C}/payments/5/reverse`]: ({ body }) => {
        const original = invoice.payments.find((p) => p.id === 5)!;
        const reason = (body as { reason?: string }).reason ?? '';
        return record(
          paymentRow(nextId++, {
            amountCents: -original.amountCents,
            method: original.method,
            reference: reason,
            reverses: 5,
          }),
        );
      },
      ...extra,
    }),
  );
}

const amount = () => screen.getByLabelText('Amount (USD)');

describe('Admin → Money → an invoice', () => {
  it('shows the invoice and records what the desk types as exact cents, a refund as a negative amount', async () => {
    const network = serve(invoiceFixture());
    renderRoutes('/admin/money/invoices/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invoice 12 — Ann Lead & Ben Follow' }, BUSY),
    ).toBeInTheDocument();
    expect(screen.getByTestId('invoice-totals')).toHaveTextContent('Charged$50Paid$0Balance due$50');
    expect(screen.getByText('Ann Lead, Gold Standard (early entry)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Print' })).toHaveAttribute('href', '/print-sheets/invoices/7');

    fireEvent.change(amount(), { target: { value: '12.5' } });
    fireEvent.change(screen.getByLabelText('Reference'), { target: { value: 'Receipt 41' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record payment of $12.50' }));
    expect(
      await screen.findByText('Payment of $12.50 (cash) recorded on invoice 12.', {}, BUSY),
    ).toBeInTheDocument();
    expect(network.calls('POST', `${C}/payments`)[0]!.body).toEqual({
      invoiceId: 7,
      amountCents: 1250,
      method: 'cash',
      reference: 'Receipt 41',
    });
    await waitFor(() => expect(screen.getByTestId('invoice-totals')).toHaveTextContent('Balance due$37.50'));
    expect(amount()).toHaveValue('');

    fireEvent.click(screen.getByText('Refund'));
    fireEvent.click(screen.getByText('Card'));
    fireEvent.change(amount(), { target: { value: '0.29' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record refund of $0.29' }));
    expect(
      await screen.findByText('Refund of $0.29 (card) recorded on invoice 12.', {}, BUSY),
    ).toBeInTheDocument();
    expect(network.calls('POST', `${C}/payments`)[1]!.body).toEqual({
      invoiceId: 7,
      amountCents: -29,
      method: 'card',
    });
    const refund = await screen.findByTestId('payment-51', {}, BUSY);
    expect(refund).toHaveTextContent('Refund');
    expect(refund).toHaveTextContent('−$0.29');
  });

  it('says what is wrong with a typed amount before asking, and shows the server’s refusal in the form', async () => {
    const network = serve(invoiceFixture(), {
      [`POST ${C}/payments`]: ({ body }) =>
        (body as PaymentCreate).amountCents === 0
          ? {
              status: 400,
              body: {
                error: {
                  code: 'invalid',
                  message: 'amountCents: The amount cannot be zero',
                  details: [{ path: ['amountCents'], message: 'The amount cannot be zero' }],
                },
              },
            }
          : {
              status: 400,
              body: {
                error: {
                  code: 'invalid',
                  message: 'Nothing was paid on this invoice, so there is nothing to refund.',
                  details: {
                    problems: [
                      {
                        path: 'amountCents',
                        message: 'Nothing was paid on this invoice, so there is nothing to refund.',
                      },
                    ],
                  },
                },
              },
            },
    });
    renderRoutes('/admin/money/invoices/7');
    await screen.findByRole('heading', { level: 1, name: /Invoice 12/ }, BUSY);

    fireEvent.change(amount(), { target: { value: '12,50.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(
      await screen.findByText(
        'Type the amount in figures, with a point before the cents, like 12.50.',
        {},
        BUSY,
      ),
    ).toBeInTheDocument();
    expect(network.calls('POST', `${C}/payments`)).toHaveLength(0);

    fireEvent.change(amount(), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('The amount cannot be zero', {}, BUSY)).toBeInTheDocument();

    fireEvent.click(screen.getByText('Refund'));
    fireEvent.change(amount(), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record refund of $20' }));
    expect(
      await screen.findByText('Nothing was paid on this invoice, so there is nothing to refund.', {}, BUSY),
    ).toBeInTheDocument();
    expect(amount()).toHaveAttribute('aria-invalid', 'true');
    expect(network.calls('POST', `${C}/payments`)).toHaveLength(2);
  });

  it('takes "12,50" from a German desk as 1250 cents, and words the server’s refusal in German', async () => {
    await chooseLocale('de');
    const network = serve(invoiceFixture(), {
      [`POST ${C}/payments`]: ({ body }) =>
        (body as PaymentCreate).amountCents < 0
          ? {
              status: 400,
              body: {
                error: {
                  code: 'invalid',
                  message: 'Nothing was paid on this invoice, so there is nothing to refund.',
                  details: {
                    problems: [
                      {
                        path: 'amountCents',
                        message: 'Nothing was paid on this invoice, so there is nothing to refund.',
                        code: 'refund_over_paid',
                        paidCents: 0,
                      },
                    ],
                  },
                },
              },
            }
          : {
              status: 201,
              body: { payment: paymentRow(60, { amountCents: 1250 }), invoice: invoiceFixture() },
            },
    });
    renderRoutes('/admin/money/invoices/7');
    const field = await screen.findByLabelText('Betrag (USD)', {}, BUSY);
    fireEvent.change(field, { target: { value: '12,50' } });
    fireEvent.click(screen.getByRole('button', { name: /^Zahlung über .*12,50/ }));
    await waitFor(() => expect(network.calls('POST', `${C}/payments`)).toHaveLength(1), BUSY);
    expect(network.calls('POST', `${C}/payments`)[0]!.body).toMatchObject({ amountCents: 1250 });

    // Garbage is still refused, in German.
    fireEvent.change(field, { target: { value: '12,5,0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zahlung erfassen' }));
    expect(
      await screen.findByText('Betrag in Ziffern eingeben, mit Komma vor den Cent, z. B. 12,50.', {}, BUSY),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByText('Erstattung'));
    fireEvent.change(field, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: /^Erstattung über .*20/ }));
    expect(
      await screen.findByText(
        'Auf diese Rechnung wurde nichts bezahlt, daher gibt es nichts zu erstatten.',
        {},
        BUSY,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/nothing to refund/)).not.toBeInTheDocument();
  });

  it('reverses a payment after saying what the balance becomes, with the reason given', async () => {
    const network = serve(
      invoiceFixture({ payments: [paymentRow(5, { amountCents: 5000, reference: 'VISA 4242' })] }),
    );
    renderRoutes('/admin/money/invoices/7');
    const row = await screen.findByTestId('payment-5', {}, BUSY);
    expect(row).toHaveTextContent('Card · VISA 4242');
    expect(row).toHaveTextContent('recorded by admin@example.com');
    expect(screen.getByTestId('invoice-totals')).toHaveTextContent('BalancePaid in full');

    fireEvent.click(within(row).getByRole('button', { name: /^Reverse the card payment of \$50/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse the payment of $50?' }, BUSY);
    expect(dialog).toHaveTextContent('Balance due: $50');
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Typed twice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reverse payment' }));

    expect(
      await screen.findByText('Reversed: a correction of −$50 is on invoice 12.', {}, BUSY),
    ).toBeInTheDocument();
    expect(network.calls('POST', `${C}/payments/5/reverse`)[0]!.body).toEqual({ reason: 'Typed twice' });
    await waitFor(() => expect(screen.getByTestId('payment-5')).toHaveTextContent('Reversed'));
    expect(within(screen.getByTestId('payment-5')).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('payment-50')).toHaveTextContent('Correction of the payment of 21 Nov 2026');
    expect(screen.getByTestId('invoice-totals')).toHaveTextContent('Balance due$50');
  });

  it('says when there is no such invoice', async () => {
    serve(invoiceFixture());
    renderRoutes('/admin/money/invoices/99');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invoice not found' }, BUSY),
    ).toBeInTheDocument();
  });
});
