/**
 * Reading the accounts: invoices with their lines and payments, the teams' billing, the totals of the
 * dashboard and the treasurer's ledger, which add up the same rows the same way.
 */
import type { CompetitionRow } from '../../db/schema.ts';
import type { Db } from '../../http/db.ts';
import { notFound } from '../../errors.ts';
import { toCsv } from '../../../domain/csv.ts';
import { accountTotals, type LineKind } from '../../../domain/money/billing.ts';
import { LINE_WORDS, paymentKind } from '../../../domain/money/invoiceCsv.ts';
import type {
  CheckInBalances,
  CheckInPaymentRule,
  Invoice,
  InvoiceDocument,
  InvoicePayment,
  MoneyTotals,
  RecordedMethod,
  TeamAccount,
} from '../../../domain/schemas/money.ts';
import { checkInPaymentRules } from '../../../domain/schemas/money.ts';
import { payingTeam, payingTeams } from './accounts.ts';

/** Who may see who recorded a payment: staff yes, a couple or a team captain no. */
export type Reader = 'staff' | 'payer';

/** Invoices of the competition (all, or those ids), by number, with their lines and payments. */
export async function loadInvoices(
  db: Db,
  competitionId: number,
  reader: Reader,
  ids?: readonly number[],
): Promise<Invoice[]> {
  if (ids && !ids.length) return [];
  let invoices = db
    .selectFrom('invoices')
    .leftJoin('registrations', 'registrations.id', 'invoices.registration_id')
    .leftJoin('teams', 'teams.id', 'invoices.team_id')
    .select([
      'invoices.id',
      'invoices.number',
      'invoices.kind',
      'invoices.name',
      'invoices.registration_id',
      'invoices.team_id',
      'invoices.created_at',
      'registrations.affiliation',
      'teams.name as teamName',
    ])
    .where('invoices.competition_id', '=', competitionId);
  if (ids) invoices = invoices.where('invoices.id', 'in', ids);
  let lines = db
    .selectFrom('invoice_lines')
    .select(['id', 'invoice_id', 'kind', 'description', 'amount_cents', 'created_at'])
    .where('competition_id', '=', competitionId);
  if (ids) lines = lines.where('invoice_id', 'in', ids);
  let payments = db
    .selectFrom('payments')
    .select([
      'id',
      'invoice_id',
      'amount_cents',
      'method',
      'reference',
      'reverses',
      'recorded_by',
      'created_at',
    ])
    .where('competition_id', '=', competitionId);
  if (ids) payments = payments.where('invoice_id', 'in', ids);
  const [rows, lineRows, paymentRows] = await Promise.all([
    invoices.orderBy('invoices.number').execute(),
    lines.orderBy('id').execute(),
    payments.orderBy('id').execute(),
  ]);
  const reversed = new Set(paymentRows.flatMap((p) => (p.reverses === null ? [] : [p.reverses])));
  return rows.map((r) => {
    const own = lineRows
      .filter((l) => l.invoice_id === r.id)
      .map((l) => ({
        id: l.id,
        kind: l.kind as LineKind,
        description: l.description,
        amountCents: Number(l.amount_cents),
        createdAt: l.created_at,
      }));
    const paid = paymentRows
      .filter((p) => p.invoice_id === r.id)
      .map((p): InvoicePayment => ({
        id: p.id,
        amountCents: Number(p.amount_cents),
        method: p.method as RecordedMethod,
        reference: p.reference,
        reverses: p.reverses,
        reversed: reversed.has(p.id),
        createdAt: p.created_at,
        ...(reader === 'staff' ? { recordedBy: p.recorded_by } : {}),
      }));
    return {
      id: r.id,
      number: r.number,
      kind: r.kind,
      name: r.name,
      team: r.kind === 'team' ? (r.teamName ?? r.name) : (r.affiliation ?? ''),
      registrationId: r.registration_id,
      teamId: r.team_id,
      createdAt: r.created_at,
      lines: own,
      payments: paid,
      ...accountTotals(own, paid),
    };
  });
}

/** One invoice with what a printed copy needs. */
export async function invoiceDocument(
  db: Db,
  c: CompetitionRow,
  invoiceId: number,
  reader: Reader,
): Promise<InvoiceDocument> {
  const [invoice] = await loadInvoices(db, c.id, reader, [invoiceId]);
  if (!invoice) throw notFound('That invoice');
  return { currency: c.currency, competition: { key: c.key, fullName: c.full_name }, invoice };
}

/** The team invoice its captain's link opens, or 404 (no such link, or revoked). */
export async function teamInvoiceByToken(db: Db, c: CompetitionRow, token: string): Promise<InvoiceDocument> {
  const team = await db
    .selectFrom('teams')
    .innerJoin('invoices', (j) =>
      j.onRef('invoices.team_id', '=', 'teams.id').on('invoices.kind', '=', 'team'),
    )
    .select('invoices.id')
    .where('teams.competition_id', '=', c.id)
    .where('teams.token', '=', token)
    .executeTakeFirst();
  if (!team)
    throw notFound(
      'That team invoice link (it may have been replaced: ask the organizers for the current one)',
    );
  return invoiceDocument(db, c, team.id, 'payer');
}

/** The couple's own account (null: nothing billed to it), and whether their team pays instead. */
export async function ownAccount(
  db: Db,
  c: CompetitionRow,
  registrationId: number,
  affiliation: string,
): Promise<{ invoice: Invoice | null; teamPays: boolean }> {
  const [own, team] = await Promise.all([
    db
      .selectFrom('invoices')
      .select('id')
      .where('competition_id', '=', c.id)
      .where('registration_id', '=', registrationId)
      .where('kind', '=', 'couple')
      .execute(),
    payingTeam(db, c.id, affiliation),
  ]);
  const [invoice] = await loadInvoices(
    db,
    c.id,
    'payer',
    own.map((o) => o.id),
  );
  return { invoice: invoice ?? null, teamPays: team !== undefined };
}

/** Every team (the couples' affiliations and those the organizer set up), with its account. */
export async function teamAccounts(db: Db, c: CompetitionRow): Promise<TeamAccount[]> {
  const [affiliations, teams, invoices] = await Promise.all([
    db
      .selectFrom('registrations')
      .select(['affiliation', (eb) => eb.fn.countAll<number>().as('couples')])
      .where('competition_id', '=', c.id)
      .groupBy('affiliation')
      .execute(),
    db
      .selectFrom('teams')
      .select(['id', 'name', 'pays', 'token', 'version'])
      .where('competition_id', '=', c.id)
      .execute(),
    loadInvoices(db, c.id, 'staff').then((all) => all.filter((i) => i.kind === 'team')),
  ]);
  const names = [...new Set([...affiliations.map((a) => a.affiliation), ...teams.map((t) => t.name)])];
  return names
    .sort((a, b) => a.localeCompare(b, 'en'))
    .map((name) => {
      const team = teams.find((t) => t.name === name);
      const invoice = team ? invoices.find((i) => i.teamId === team.id) : undefined;
      return {
        id: team?.id ?? null,
        name,
        couples: Number(affiliations.find((a) => a.affiliation === name)?.couples ?? 0),
        pays: team?.pays === 1,
        token: team?.token ?? null,
        invoiceId: invoice?.id ?? null,
        invoiceNumber: invoice?.number ?? null,
        balanceCents: invoice?.balanceCents ?? 0,
        version: team?.version ?? 0,
      };
    });
}

/** The dashboard's money: every line and payment of the competition, summed per team and in all. */
export function totalsOf(currency: string, invoices: readonly Invoice[]): MoneyTotals {
  const empty = () => ({ owedCents: 0, paidCents: 0, outstandingCents: 0, creditCents: 0 });
  const all = empty();
  const byTeam = new Map<string, ReturnType<typeof empty>>();
  for (const i of invoices) {
    const team = byTeam.get(i.team) ?? empty();
    byTeam.set(i.team, team);
    for (const t of [all, team]) {
      t.owedCents += i.chargedCents;
      t.paidCents += i.paidCents;
      if (i.balanceCents > 0) t.outstandingCents += i.balanceCents;
      else t.creditCents -= i.balanceCents;
    }
  }
  return {
    currency,
    ...all,
    byTeam: [...byTeam].sort(([a], [b]) => a.localeCompare(b, 'en')).map(([team, t]) => ({ team, ...t })),
  };
}

export async function moneyTotals(db: Db, c: CompetitionRow): Promise<MoneyTotals> {
  return totalsOf(c.currency, await loadInvoices(db, c.id, 'staff'));
}

/**
 * The treasurer's ledger: every line and payment, in the order recorded, with the account, who recorded
 * it and when. The charged and paid columns sum to the dashboard's owed and paid.
 */
export async function ledgerCsv(db: Db, c: CompetitionRow): Promise<string> {
  const invoices = await loadInvoices(db, c.id, 'staff');
  const lineCreators = await db
    .selectFrom('invoice_lines')
    .select(['id', 'created_by'])
    .where('competition_id', '=', c.id)
    .execute();
  const creator = new Map(lineCreators.map((l) => [l.id, l.created_by]));
  const units = (cents: number) => cents / 100;
  type Row = { at: string; order: number; cells: (string | number)[] };
  const rows: Row[] = [];
  for (const i of invoices) {
    const account = [i.number, i.kind, i.name, i.team];
    for (const l of i.lines)
      rows.push({
        at: l.createdAt,
        order: l.id * 2,
        cells: [
          l.createdAt,
          ...account,
          LINE_WORDS[l.kind],
          l.description,
          '',
          '',
          units(l.amountCents),
          '',
          creator.get(l.id) ?? '',
        ],
      });
    for (const p of i.payments)
      rows.push({
        at: p.createdAt,
        order: p.id * 2 + 1,
        cells: [
          p.createdAt,
          ...account,
          paymentKind(p),
          p.reverses !== null ? `Reverses payment ${p.reverses}` : '',
          p.method,
          p.reference,
          '',
          units(p.amountCents),
          p.recordedBy ?? '',
        ],
      });
  }
  rows.sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order);
  const totals = totalsOf(c.currency, invoices);
  return toCsv([
    [
      'date',
      'invoice',
      'account',
      'name',
      'team',
      'kind',
      'description',
      'method',
      'reference',
      `charged_${c.currency}`,
      `paid_${c.currency}`,
      'recorded_by',
    ],
    ...rows.map((r) => r.cells),
    ['TOTAL', '', '', '', '', '', '', '', '', units(totals.owedCents), units(totals.paidCents), ''],
  ]);
}

export function checkInRule(c: CompetitionRow): CheckInPaymentRule {
  return (checkInPaymentRules as readonly string[]).includes(c.check_in_payment)
    ? (c.check_in_payment as CheckInPaymentRule)
    : 'none';
}

/** What each entry's couple (or their team) still owes, for the check-in screen. */
export async function checkInBalances(db: Db, c: CompetitionRow): Promise<CheckInBalances> {
  const [entries, billing] = await Promise.all([
    db
      .selectFrom('entries')
      .select(['id', 'registration_id'])
      .where('competition_id', '=', c.id)
      .where('registration_id', 'is not', null)
      .orderBy('id')
      .execute(),
    registrationsBilling(db, c),
  ]);
  return {
    currency: c.currency,
    rule: checkInRule(c),
    entries: entries.map((e) => {
      const b = billing.get(e.registration_id!);
      const team = b?.account?.kind === 'team';
      // A couple whose team pays still owes what its own account holds from before.
      const balanceCents =
        (b?.account?.balanceCents ?? 0) + (team ? Math.max(b?.ownBalanceCents ?? 0, 0) : 0);
      return {
        entryId: e.id,
        account: team ? 'team' : 'couple',
        invoiceNumber: b?.account?.number ?? null,
        balanceCents,
      };
    }),
  };
}

/** What the couple of entry `entryId` (or its team) still owes; 0 for an entry without a registration. */
export async function entryBalance(db: Db, c: CompetitionRow, entryId: number): Promise<number> {
  const all = await checkInBalances(db, c);
  return all.entries.find((e) => e.entryId === entryId)?.balanceCents ?? 0;
}

/** Per registration: what its entries cost (on whichever account) and the account that bills it now. */
export interface RegistrationBilling {
  costCents: number;
  paidCents: number;
  /** The couple's own account's balance (0 without one). */
  ownBalanceCents: number;
  lastPaidAt: string | null;
  account: { invoiceId: number; number: number; kind: 'couple' | 'team'; balanceCents: number } | null;
}

export async function registrationsBilling(
  db: Db,
  c: CompetitionRow,
): Promise<Map<number, RegistrationBilling>> {
  const [regs, costs, invoices, teams] = await Promise.all([
    db.selectFrom('registrations').select(['id', 'affiliation']).where('competition_id', '=', c.id).execute(),
    db
      .selectFrom('invoice_lines')
      .select(['registration_id', (eb) => eb.fn.sum<number>('amount_cents').as('cents')])
      .where('competition_id', '=', c.id)
      .where('registration_id', 'is not', null)
      .groupBy('registration_id')
      .execute(),
    loadInvoices(db, c.id, 'staff'),
    payingTeams(db, c.id),
  ]);
  const out = new Map<number, RegistrationBilling>();
  for (const r of regs) {
    const own = invoices.find((i) => i.kind === 'couple' && i.registrationId === r.id);
    const team = teams.find((t) => t.name === r.affiliation);
    const account = team ? invoices.find((i) => i.kind === 'team' && i.teamId === team.id) : own;
    out.set(r.id, {
      costCents: Number(costs.find((x) => x.registration_id === r.id)?.cents ?? 0),
      paidCents: own?.paidCents ?? 0,
      ownBalanceCents: own?.balanceCents ?? 0,
      lastPaidAt: own?.payments.at(-1)?.createdAt ?? null,
      account: account
        ? {
            invoiceId: account.id,
            number: account.number,
            kind: account.kind,
            balanceCents: account.balanceCents,
          }
        : null,
    });
  }
  return out;
}
