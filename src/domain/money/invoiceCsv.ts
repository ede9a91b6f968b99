/**
 * One invoice as CSV, for the couple, the team captain or the desk to open in a spreadsheet: every line
 * and payment in the order recorded, amounts as numbers in currency units (2500 cents is 25), a running
 * balance, and a last row of totals whose balance is the invoice's. Pure: the web builds the file in
 * the browser from the invoice it shows. The treasurer's ledger (every invoice) words lines and payments
 * the same way.
 */
import { toCsv } from '../csv.ts';
import type { InvoiceDocument, InvoicePayment } from '../schemas/money.ts';
import type { LineKind } from './billing.ts';

/** A line's kind as the ledger and an invoice's CSV name it. */
export const LINE_WORDS: Record<LineKind, string> = {
  entry: 'charge',
  discount: 'discount',
  admission: 'admission',
  credit: 'credit',
  transfer: 'move',
  carried_over: 'charge (carried over)',
};

/** A payment row's kind: money taken, money given back, or a correction of an earlier row. */
export function paymentKind(p: Pick<InvoicePayment, 'amountCents' | 'reverses'>): string {
  if (p.reverses !== null) return 'correction';
  return p.amountCents < 0 ? 'refund' : 'payment';
}

const units = (cents: number) => cents / 100;

/** The file's name: `{competition}-invoice-{number}.csv`. */
export const invoiceCsvName = (doc: InvoiceDocument) =>
  `${doc.competition.key}-invoice-${doc.invoice.number}.csv`;

export function invoiceCsv(doc: InvoiceDocument): string {
  const { invoice: inv, currency } = doc;
  // Who recorded a payment is told to staff only; a payer's copy has no such column.
  const staff = inv.payments.some((p) => p.recordedBy !== undefined);
  const day = new Map(inv.payments.map((p) => [p.id, p.createdAt.slice(0, 10)]));
  type Row = { at: string; order: number; charged: number; paid: number; cells: string[] };
  const rows: Row[] = [
    ...inv.lines.map((l) => ({
      at: l.createdAt,
      order: l.id * 2,
      charged: l.amountCents,
      paid: 0,
      cells: [l.createdAt, LINE_WORDS[l.kind], l.description, '', '', ...(staff ? [''] : [])],
    })),
    ...inv.payments.map((p) => ({
      at: p.createdAt,
      order: p.id * 2 + 1,
      charged: 0,
      paid: p.amountCents,
      cells: [
        p.createdAt,
        paymentKind(p),
        p.reverses !== null
          ? `Reverses the payment of ${day.get(p.reverses) ?? 'an earlier day'}`
          : p.reversed
            ? 'Reversed by a correction'
            : '',
        p.method,
        p.reference,
        ...(staff ? [p.recordedBy ?? ''] : []),
      ],
    })),
  ].sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order);
  let balance = 0;
  const account = [inv.number, inv.name];
  return toCsv([
    [
      'date',
      'invoice',
      'name',
      'kind',
      'description',
      'method',
      'reference',
      ...(staff ? ['recorded_by'] : []),
      `charged_${currency}`,
      `paid_${currency}`,
      `balance_${currency}`,
    ],
    ...rows.map((r) => {
      balance += r.charged - r.paid;
      const [date, ...rest] = r.cells;
      return [
        date,
        ...account,
        ...rest,
        r.charged ? units(r.charged) : '',
        r.paid ? units(r.paid) : '',
        units(balance),
      ];
    }),
    [
      'TOTAL',
      ...account,
      '',
      '',
      '',
      '',
      ...(staff ? [''] : []),
      units(inv.chargedCents),
      units(inv.paidCents),
      units(inv.balanceCents),
    ],
  ]);
}
