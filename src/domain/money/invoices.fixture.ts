/** Invoices and payments as the money endpoints answer them, for tests of what reads them (CSV, screens). */
import type { Invoice, InvoiceDocument, InvoiceLine, InvoicePayment } from '../schemas/money.ts';

export const entryLine = (id: number, description: string, amountCents = 2500): InvoiceLine => ({
  id,
  kind: 'entry',
  description,
  amountCents,
  createdAt: '2026-10-20T14:00:00.000Z',
});

export const paymentRow = (id: number, more: Partial<InvoicePayment> = {}): InvoicePayment => ({
  id,
  amountCents: 5000,
  method: 'card',
  reference: '',
  reverses: null,
  reversed: false,
  createdAt: '2026-11-21T15:30:00.000Z',
  recordedBy: 'user:1:admin@example.com',
  ...more,
});

/** An invoice whose totals follow from its lines and payments. */
export function invoiceFixture(more: Partial<Invoice> = {}): Invoice {
  const lines = more.lines ?? [
    entryLine(1, 'Ann Lead, Gold Standard (early entry)'),
    entryLine(2, 'Ben Follow, Gold Standard (early entry)'),
  ];
  const payments = more.payments ?? [];
  const charged = lines.reduce((s, l) => s + l.amountCents, 0);
  const paid = payments.reduce((s, p) => s + p.amountCents, 0);
  return {
    id: 7,
    number: 12,
    kind: 'couple',
    name: 'Ann Lead & Ben Follow',
    team: 'Riverside U',
    registrationId: 3,
    teamId: null,
    createdAt: '2026-10-20T14:00:00.000Z',
    chargedCents: charged,
    paidCents: paid,
    balanceCents: charged - paid,
    ...more,
    lines,
    payments,
  };
}

export const invoiceDocument = (invoice: Invoice): InvoiceDocument => ({
  currency: 'USD',
  competition: { key: 'demo', fullName: 'Valley Swing & Standard 2026' },
  invoice,
});
