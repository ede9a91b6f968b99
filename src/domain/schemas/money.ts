/**
 * Money as the API answers it (docs/money.md): accounts (invoices) of couples and teams, their lines
 * and payments, all in integer cents of the competition's currency.
 */
import { z } from 'zod';
import { LINE_KINDS } from '../money/billing.ts';
import { MAX_AMOUNT_CENTS } from '../money/feeRules.ts';
import { requiredText, type RuleProblem, shortText, version } from './common.ts';

/** How the desk takes money. */
export const paymentMethods = ['cash', 'card', 'cheque', 'transfer'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
/**
 * How a payment came to be recorded: at the desk, carried over from before invoices (or an import's
 * `amount_paid`), online (where a payment provider would record one: `writePayment`), or unspecified
 * (a script set the registration's amount paid).
 */
export const recordedMethods = [...paymentMethods, 'carried_over', 'online', 'unspecified'] as const;
export type RecordedMethod = (typeof recordedMethods)[number];

/** Handing out numbers to couples who still owe: allowed, allowed with a warning, refused. */
export const checkInPaymentRules = ['none', 'warn', 'block'] as const;
export type CheckInPaymentRule = (typeof checkInPaymentRules)[number];

const cents = z.number().int();

export const invoiceLine = z.object({
  id: z.number().int(),
  kind: z.enum(LINE_KINDS),
  description: z.string(),
  amountCents: cents,
  createdAt: z.string(),
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

export const invoicePayment = z.object({
  id: z.number().int(),
  /** Positive: taken; negative: refunded or a correction. */
  amountCents: cents,
  method: z.enum(recordedMethods),
  reference: z.string(),
  /** The payment this row corrects (a reversal). */
  reverses: z.number().int().nullable(),
  /** A later row corrects this one. */
  reversed: z.boolean(),
  createdAt: z.string(),
  /** Who recorded it (staff answers only). */
  recordedBy: z.string().optional(),
});
export type InvoicePayment = z.infer<typeof invoicePayment>;

export const invoice = z.object({
  id: z.number().int(),
  /** Numbered without gaps per competition, from 1. */
  number: z.number().int(),
  kind: z.enum(['couple', 'team']),
  /** "Lead & Follow", or the team's name. */
  name: z.string(),
  /** The couple's team (its affiliation), or the team itself. */
  team: z.string(),
  registrationId: z.number().int().nullable(),
  teamId: z.number().int().nullable(),
  createdAt: z.string(),
  lines: z.array(invoiceLine),
  payments: z.array(invoicePayment),
  /** Charged net of credits. */
  chargedCents: cents,
  /** Paid net of refunds. */
  paidCents: cents,
  /** Still owed; negative: a credit. */
  balanceCents: cents,
});
export type Invoice = z.infer<typeof invoice>;

/** GET …/invoices (organizers): every account, by number. */
export const invoiceList = z.object({
  currency: z.string(),
  invoices: z.array(invoice),
});
export type InvoiceList = z.infer<typeof invoiceList>;

/** One account with what the reader needs to print it. */
export const invoiceDocument = z.object({
  currency: z.string(),
  competition: z.object({ key: z.string(), fullName: z.string() }),
  invoice,
});
export type InvoiceDocument = z.infer<typeof invoiceDocument>;

const amountCents = z
  .number({ error: 'amountCents must be a whole number of cents' })
  .int({ error: 'amountCents must be a whole number of cents' })
  .refine((v) => v !== 0, {
    error: 'The amount cannot be zero',
    params: { reason: 'amountZero' } satisfies RuleProblem,
  })
  .refine((v) => Math.abs(v) <= MAX_AMOUNT_CENTS, {
    error: 'The amount cannot be more than 1,000,000.00',
    params: { reason: 'amountMax', max: MAX_AMOUNT_CENTS / 100 } satisfies RuleProblem,
  });

/** POST …/payments: money taken at the desk, or a refund (amountCents < 0). */
export const paymentCreate = z
  .object({
    invoiceId: z
      .number({ error: 'invoiceId must be an invoice id' })
      .int()
      .min(1)
      .max(2 ** 31),
    amountCents,
    method: z.enum(paymentMethods, { error: `method must be one of ${paymentMethods.join(', ')}` }),
    reference: shortText('Reference').optional(),
  })
  .strict();
export type PaymentCreate = z.infer<typeof paymentCreate>;

/** POST …/payments/{id}/reverse: a payment recorded by mistake is corrected by a row of the opposite sign. */
export const paymentReverse = z.object({ reason: shortText('Reason').optional() }).strict();
export type PaymentReverse = z.infer<typeof paymentReverse>;

export const paymentRecorded = z.object({ payment: invoicePayment, invoice });
export type PaymentRecorded = z.infer<typeof paymentRecorded>;

/** A team as billing sees it: its switch, its link and its account. */
export const teamAccount = z.object({
  /** Null until the organizer first set it up. */
  id: z.number().int().nullable(),
  name: z.string(),
  couples: z.number().int(),
  /** Its couples' entries bill the team, not the couples. */
  pays: z.boolean(),
  /** The captain's private link's token; null: none. */
  token: z.string().nullable(),
  invoiceId: z.number().int().nullable(),
  invoiceNumber: z.number().int().nullable(),
  balanceCents: cents,
  version: z.number().int(),
});
export type TeamAccount = z.infer<typeof teamAccount>;

export const teamList = z.object({ currency: z.string(), teams: z.array(teamAccount) });
export type TeamList = z.infer<typeof teamList>;

/** PUT …/teams: switch who pays for a team's couples. */
export const teamPut = z
  .object({
    name: requiredText('Team'),
    pays: z.boolean({ error: 'pays must be true or false' }),
    version: version.optional(),
  })
  .strict();
export type TeamPut = z.infer<typeof teamPut>;

export const teamLinkBody = z.object({ name: requiredText('Team') }).strict();

/** Money on the dashboard and in the ledger: the same sums, to the cent. */
export const moneyTotals = z.object({
  currency: z.string(),
  /** Charged net of credits. */
  owedCents: cents,
  paidCents: cents,
  /** What accounts still owe (their positive balances). */
  outstandingCents: cents,
  /** What accounts are owed back (their negative balances, as a positive amount). */
  creditCents: cents,
  byTeam: z.array(
    z.object({
      team: z.string(),
      owedCents: cents,
      paidCents: cents,
      outstandingCents: cents,
      creditCents: cents,
    }),
  ),
});
export type MoneyTotals = z.infer<typeof moneyTotals>;

/** At check-in: what each entry's couple (or their team) still owes. */
export const checkInBalances = z.object({
  currency: z.string(),
  rule: z.enum(checkInPaymentRules),
  entries: z.array(
    z.object({
      entryId: z.number().int(),
      /** The account that pays for the entry: the couple's, or its team's. */
      account: z.enum(['couple', 'team']),
      invoiceNumber: z.number().int().nullable(),
      balanceCents: cents,
    }),
  ),
});
export type CheckInBalances = z.infer<typeof checkInBalances>;
