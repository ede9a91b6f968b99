import { describe, expect, it } from 'vitest';
import { parseCsv } from '../csv.ts';
import type { InvoicePayment } from '../schemas/money.ts';
import { entryLine, invoiceDocument, invoiceFixture, paymentRow } from './invoices.fixture.ts';
import { invoiceCsv, invoiceCsvName, paymentKind } from './invoiceCsv.ts';

/** A payment at the desk, without who took it (the payer's copy) unless said. */
const payment = (id: number, more: Partial<InvoicePayment>) =>
  paymentRow(id, {
    amountCents: 0,
    method: 'cash',
    createdAt: '2026-11-20T10:00:00.000Z',
    recordedBy: undefined,
    ...more,
  });

const doc = (payments: InvoicePayment[]) =>
  invoiceDocument(
    invoiceFixture({
      createdAt: '2026-11-01T09:00:00.000Z',
      lines: [
        { ...entryLine(2, 'Ben Follow, Gold Standard (early entry)'), createdAt: '2026-11-01T09:00:00.000Z' },
        { ...entryLine(1, 'Ann Lead, Gold Standard (early entry)'), createdAt: '2026-11-01T09:00:00.000Z' },
        {
          id: 3,
          kind: 'credit',
          description: 'Ann Lead, Gold Standard: dropped before the refund deadline, "Ann\'s, too"',
          amountCents: -1250,
          createdAt: '2026-11-25T12:00:00.000Z',
        },
      ],
      payments,
    }),
  );

describe('invoiceCsv', () => {
  it('lists lines and payments in the order recorded, in currency units, with a running balance and totals', () => {
    const d = doc([
      payment(5, {
        amountCents: 1029,
        method: 'card',
        reference: 'VISA 4242',
        createdAt: '2026-11-20T10:00:00.000Z',
      }),
      payment(6, {
        amountCents: 2000,
        method: 'cash',
        createdAt: '2026-11-21T10:00:00.000Z',
        reversed: true,
      }),
      payment(7, {
        amountCents: -2000,
        method: 'cash',
        reverses: 6,
        reference: 'typed twice',
        createdAt: '2026-11-21T10:05:00.000Z',
      }),
    ]);
    expect(parseCsv(invoiceCsv(d))).toEqual([
      [
        'date',
        'invoice',
        'name',
        'kind',
        'description',
        'method',
        'reference',
        'charged_USD',
        'paid_USD',
        'balance_USD',
      ],
      [
        '2026-11-01T09:00:00.000Z',
        '12',
        'Ann Lead & Ben Follow',
        'charge',
        'Ann Lead, Gold Standard (early entry)',
        '',
        '',
        '25',
        '',
        '25',
      ],
      [
        '2026-11-01T09:00:00.000Z',
        '12',
        'Ann Lead & Ben Follow',
        'charge',
        'Ben Follow, Gold Standard (early entry)',
        '',
        '',
        '25',
        '',
        '50',
      ],
      [
        '2026-11-20T10:00:00.000Z',
        '12',
        'Ann Lead & Ben Follow',
        'payment',
        '',
        'card',
        'VISA 4242',
        '',
        '10.29',
        '39.71',
      ],
      [
        '2026-11-21T10:00:00.000Z',
        '12',
        'Ann Lead & Ben Follow',
        'payment',
        'Reversed by a correction',
        'cash',
        '',
        '',
        '20',
        '19.71',
      ],
      [
        '2026-11-21T10:05:00.000Z',
        '12',
        'Ann Lead & Ben Follow',
        'correction',
        'Reverses the payment of 2026-11-21',
        'cash',
        'typed twice',
        '',
        '-20',
        '39.71',
      ],
      [
        '2026-11-25T12:00:00.000Z',
        '12',
        'Ann Lead & Ben Follow',
        'credit',
        'Ann Lead, Gold Standard: dropped before the refund deadline, "Ann\'s, too"',
        '',
        '',
        '-12.5',
        '',
        '27.21',
      ],
      ['TOTAL', '12', 'Ann Lead & Ben Follow', '', '', '', '', '37.5', '10.29', '27.21'],
    ]);
    expect(invoiceCsvName(d)).toBe('demo-invoice-12.csv');
  });

  it('adds who recorded each payment to the staff copy, and shows a credit as a negative balance', () => {
    const d = doc([
      payment(5, { amountCents: 5000, method: 'transfer', recordedBy: 'user:1:desk@example.org' }),
    ]);
    const rows = parseCsv(invoiceCsv(d));
    expect(rows[0]).toContain('recorded_by');
    const paid = rows.find((r) => r[3] === 'payment')!;
    expect(paid[rows[0]!.indexOf('recorded_by')]).toBe('user:1:desk@example.org');
    expect(rows.at(-1)).toEqual([
      'TOTAL',
      '12',
      'Ann Lead & Ben Follow',
      '',
      '',
      '',
      '',
      '',
      '37.5',
      '50',
      '-12.5',
    ]);
  });

  it('keeps a spreadsheet from reading a typed reference as a formula', () => {
    const d = doc([payment(5, { amountCents: 100, reference: '=HYPERLINK("x")' })]);
    expect(invoiceCsv(d)).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('names a payment row by what it did', () => {
    expect(paymentKind({ amountCents: 100, reverses: null })).toBe('payment');
    expect(paymentKind({ amountCents: -100, reverses: null })).toBe('refund');
    expect(paymentKind({ amountCents: -100, reverses: 4 })).toBe('correction');
  });
});
