/**
 * Bringing a registration's account up to date inside the command that changed it: its entries, its
 * dancers' discounts, its team or who pays for the team. The rules are in src/domain/money/billing.ts;
 * here they are read from and written to the database, with one audit record per account touched.
 */
import type { CommandContext } from '../../http/command.ts';
import type { Db, Tx } from '../../http/db.ts';
import type { CompetitionRow } from '../../db/schema.ts';
import { fromJson } from '../../http/json.ts';
import {
  billingChanges,
  type BilledDancer,
  type BilledEvent,
  type LedgerLine,
  type LineKind,
  type NewLine,
} from '../../../domain/money/billing.ts';
import {
  discountOf,
  feeRulesOf,
  type DiscountCategory,
  type FeeRules,
} from '../../../domain/money/feeRules.ts';
import { isRegistrationTier } from '../../../domain/registration.ts';

export type BillingContext = Pick<CommandContext, 'trx' | 'competition' | 'audit' | 'who'>;

export function discountsOf(c: CompetitionRow): DiscountCategory[] {
  return fromJson<DiscountCategory[]>(c.discounts, []);
}

export function competitionFeeRules(c: CompetitionRow): FeeRules {
  return feeRulesOf({
    paymentTierEarly: c.payment_tier_early,
    paymentTierOpen: c.payment_tier_open,
    paymentTierLate: c.payment_tier_late,
    admissionFee: c.admission_fee,
    discounts: discountsOf(c),
  });
}

/** The refund deadline in force: its own, else the registration close date; null: none. */
export function refundDeadlineOf(c: CompetitionRow): string | null {
  return c.refund_deadline ?? c.date_registration_closed;
}

/** Is an entry removed at `now` credited (before the refund deadline, or no deadline at all)? */
export function refundableAt(c: CompetitionRow, now: Date): boolean {
  const deadline = refundDeadlineOf(c);
  return deadline === null || now.getTime() < Date.parse(deadline);
}

/** The team that pays for couples of this affiliation, if the organizer switched it on. */
export async function payingTeam(db: Db, competitionId: number, affiliation: string) {
  return (await payingTeams(db, competitionId, affiliation))[0];
}

/**
 * What one transaction already read of who pays and the last invoice number: an import bills thousands
 * of registrations in one, and nothing else changes either while its command holds the competition's turn.
 */
const seen = new WeakMap<
  Db,
  { teams: Map<string, { id: number; name: string } | undefined>; lastNumber?: number }
>();
function seenIn(trx: Db) {
  let memo = seen.get(trx);
  if (!memo) seen.set(trx, (memo = { teams: new Map() }));
  return memo;
}

/** payingTeam, read once per transaction for each affiliation (billing's hot path). */
async function payingTeamIn(trx: Tx, competitionId: number, affiliation: string) {
  const memo = seenIn(trx);
  if (!memo.teams.has(affiliation))
    memo.teams.set(affiliation, await payingTeam(trx, competitionId, affiliation));
  return memo.teams.get(affiliation);
}

/** The teams that pay for their couples (of one affiliation, or all). */
export function payingTeams(db: Db, competitionId: number, affiliation?: string) {
  let q = db
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('competition_id', '=', competitionId)
    .where('pays', '=', 1);
  if (affiliation !== undefined) q = q.where('name', '=', affiliation);
  return q.orderBy('id').execute();
}

/** The next invoice number of the competition: commands of one competition take turns, so no gap. */
async function nextInvoiceNumber(trx: Tx, competitionId: number): Promise<number> {
  const memo = seenIn(trx);
  if (memo.lastNumber !== undefined) return (memo.lastNumber += 1);
  const row = await trx
    .selectFrom('invoices')
    .select((eb) => eb.fn.max<number | null>('number').as('last'))
    .where('competition_id', '=', competitionId)
    .executeTakeFirst();
  return (memo.lastNumber = Number(row?.last ?? 0) + 1);
}

/** A couple's or a team's account, opened (numbered) the first time something is billed to it. */
export async function openAccount(
  trx: Tx,
  c: CompetitionRow,
  owner:
    { kind: 'couple'; registrationId: number; name: string } | { kind: 'team'; teamId: number; name: string },
  /** The owner is known to have none yet (a registration made in this command). */
  knownNew = false,
  /** When it is opened: the moment of what is billed first (a back-dated demo registration's). */
  at: Date = new Date(),
): Promise<{ id: number; number: number }> {
  const found = knownNew
    ? undefined
    : await trx
        .selectFrom('invoices')
        .select(['id', 'number'])
        .where('competition_id', '=', c.id)
        .where(
          owner.kind === 'couple' ? 'registration_id' : 'team_id',
          '=',
          owner.kind === 'couple' ? owner.registrationId : owner.teamId,
        )
        .where('kind', '=', owner.kind)
        .orderBy('id')
        .executeTakeFirst();
  if (found) return found;
  const number = await nextInvoiceNumber(trx, c.id);
  const row = await trx
    .insertInto('invoices')
    .values({
      competition_id: c.id,
      number,
      kind: owner.kind,
      registration_id: owner.kind === 'couple' ? owner.registrationId : null,
      team_id: owner.kind === 'team' ? owner.teamId : null,
      name: owner.name,
      created_at: at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, number };
}

/** The couple's own account, if one was opened. */
export async function coupleAccount(db: Db, competitionId: number, registrationId: number) {
  return db
    .selectFrom('invoices')
    .select(['id', 'number'])
    .where('competition_id', '=', competitionId)
    .where('registration_id', '=', registrationId)
    .where('kind', '=', 'couple')
    .orderBy('id')
    .executeTakeFirst();
}

export interface BillOptions {
  /** When the change happened (the refund deadline is compared with it). */
  now?: Date;
  /** The registration is being voided (a squatted one the organizer replaced): credit everything. */
  voided?: boolean;
  /** Entries gone are credited whatever the deadline: the organizer cancelled their event. */
  cancelled?: boolean;
  /**
   * The registration was made in this command (an import makes thousands): its events as the caller
   * read them, and whether both dancers are new to the competition (then nothing of theirs is billed
   * or entered anywhere yet, and there is nothing to read).
   */
  fresh?: {
    events: readonly BilledEvent[];
    newDancers: boolean;
    /** The registration as written (its dancers' discounts are none when both are new). */
    couple: {
      tier: string;
      affiliation: string;
      lead: { id: number; name: string };
      follow: { id: number; name: string };
    };
  };
  /**
   * The caller puts the lines in its own audit record (a registration's), in place of one record per
   * account touched.
   */
  auditedByCaller?: boolean;
}

/** What billing wrote, and the account that bills the registration now (null: nothing billed yet). */
export interface Billed {
  lines: { invoiceId: number; amountCents: number; kind: LineKind; description: string }[];
  account: { id: number; kind: 'couple' | 'team' } | null;
}

/**
 * Writes the lines that bring registration `registrationId`'s account up to date (billing.ts), opening
 * the account that bills it when needed. Answers the lines written, with the account each went to.
 */
export async function billRegistration(
  ctx: BillingContext,
  registrationId: number,
  opts: BillOptions = {},
): Promise<Billed> {
  const { trx, competition: c } = ctx;
  const now = opts.now ?? new Date();
  const { fresh } = opts;
  const nothingYet = fresh?.newDancers === true;
  const reg = nothingYet
    ? {
        id: registrationId,
        tier: fresh.couple.tier,
        affiliation: fresh.couple.affiliation,
        leadId: fresh.couple.lead.id,
        leadName: fresh.couple.lead.name,
        leadDiscount: null,
        followId: fresh.couple.follow.id,
        followName: fresh.couple.follow.name,
        followDiscount: null,
      }
    : await trx
        .selectFrom('registrations')
        .innerJoin('competitors as l', 'l.id', 'registrations.lead_id')
        .innerJoin('competitors as f', 'f.id', 'registrations.follow_id')
        .select([
          'registrations.id',
          'registrations.tier',
          'registrations.affiliation',
          'l.id as leadId',
          'l.name as leadName',
          'l.discount as leadDiscount',
          'f.id as followId',
          'f.name as followName',
          'f.discount as followDiscount',
        ])
        .where('registrations.id', '=', registrationId)
        .where('registrations.competition_id', '=', c.id)
        .executeTakeFirst();
  if (!reg) return { lines: [], account: null };
  const rules = competitionFeeRules(c);
  const dancerIds = [reg.leadId, reg.followId];
  const [events, lines, elsewhere, team] = await Promise.all([
    opts.voided
      ? Promise.resolve([])
      : fresh
        ? Promise.resolve(fresh.events)
        : trx
            .selectFrom('entries')
            .innerJoin('events', 'events.id', 'entries.event_id')
            .select(['events.id as eventId', 'events.name', 'events.fee'])
            .where('entries.registration_id', '=', reg.id)
            // A scratched entry is billed as one removed: credited before the refund deadline.
            .where('entries.scratched', '=', 0)
            .orderBy('events.sort_order')
            .orderBy('events.id')
            .execute(),
    nothingYet
      ? Promise.resolve([])
      : trx
          .selectFrom('invoice_lines')
          .select([
            'id',
            'invoice_id',
            'kind',
            'registration_id',
            'event_id',
            'competitor_id',
            'amount_cents',
          ])
          .where('competition_id', '=', c.id)
          .where((w) =>
            w.or([
              w('registration_id', '=', reg.id),
              w.and([w('event_id', 'is', null), w('competitor_id', 'in', dancerIds)]),
            ]),
          )
          .orderBy('id')
          .execute(),
    nothingYet
      ? Promise.resolve([])
      : trx
          .selectFrom('entries')
          .select(['lead_id', 'follow_id'])
          .where('competition_id', '=', c.id)
          .where('scratched', '=', 0)
          .where((w) => w.or([w('registration_id', 'is', null), w('registration_id', '!=', reg.id)]))
          .where((w) => w.or([w('lead_id', 'in', dancerIds), w('follow_id', 'in', dancerIds)]))
          .execute(),
    opts.voided ? Promise.resolve(undefined) : payingTeamIn(trx, c.id, reg.affiliation),
  ]);
  const current = team
    ? await trx
        .selectFrom('invoices')
        .select(['id', 'number'])
        .where('team_id', '=', team.id)
        .where('kind', '=', 'team')
        .executeTakeFirst()
    : fresh
      ? undefined
      : await coupleAccount(trx, c.id, reg.id);
  const kind = team ? 'team' : 'couple';

  const ledger: LedgerLine[] = lines.map((l) => ({
    id: l.id,
    invoiceId: l.invoice_id,
    kind: l.kind as LineKind,
    registrationId: l.registration_id,
    eventId: l.event_id,
    competitorId: l.competitor_id,
    amountCents: Number(l.amount_cents),
  }));
  const mentioned = [...new Set(ledger.flatMap((l) => (l.eventId === null ? [] : [l.eventId])))];
  const accounts = [...new Set(ledger.map((l) => l.invoiceId))];
  const [eventNames, invoiceNumbers] = await Promise.all([
    mentioned.length
      ? trx.selectFrom('events').select(['id', 'name']).where('id', 'in', mentioned).execute()
      : Promise.resolve([]),
    accounts.length
      ? trx.selectFrom('invoices').select(['id', 'number', 'name']).where('id', 'in', accounts).execute()
      : Promise.resolve([]),
  ]);
  const entered = (id: number) => elsewhere.some((e) => e.lead_id === id || e.follow_id === id);
  const dancer = (competitorId: number, name: string, discount: string | null): BilledDancer => ({
    competitorId,
    name,
    discount: discountOf(rules, discount),
    enteredElsewhere: entered(competitorId),
  });
  const tier = isRegistrationTier(reg.tier) ? reg.tier : 'OPEN';
  const currentName = team ? team.name : `${reg.leadName} & ${reg.followName}`;
  const changes: NewLine[] = billingChanges({
    registrationId: reg.id,
    tier,
    rules,
    account: current?.id ?? null,
    events: events.map((e) => ({
      eventId: e.eventId,
      name: e.name,
      fee: e.fee === null ? null : Number(e.fee),
    })),
    dancers: [
      dancer(reg.leadId, reg.leadName, reg.leadDiscount),
      dancer(reg.followId, reg.followName, reg.followDiscount),
    ],
    lines: ledger,
    refundable: opts.voided === true || opts.cancelled === true || refundableAt(c, now),
    accountName: (id) => {
      if (id === 'current') return `invoice ${current?.number ?? '(new)'} (${currentName})`;
      const inv = invoiceNumbers.find((i) => i.id === id);
      return inv ? `invoice ${inv.number} (${inv.name})` : 'another invoice';
    },
    eventName: (id) => eventNames.find((e) => e.id === id)?.name ?? 'an event no longer held',
  });
  let currentId = current?.id ?? null;
  if (!changes.length) return { lines: [], account: currentId === null ? null : { id: currentId, kind } };

  if (currentId === null && changes.some((l) => l.invoice === 'current')) {
    const opened = await openAccount(
      trx,
      c,
      team
        ? { kind: 'team', teamId: team.id, name: team.name }
        : { kind: 'couple', registrationId: reg.id, name: currentName },
      fresh !== undefined && !team,
      now,
    );
    currentId = opened.id;
    // The number is known only now: name the account in the moves' descriptions with it.
    for (const l of changes)
      l.description = l.description.replace('invoice (new)', `invoice ${opened.number}`);
  }
  const nowIso = now.toISOString();
  const rows = changes.map((l) => ({
    competition_id: c.id,
    invoice_id: l.invoice === 'current' ? currentId! : l.invoice,
    kind: l.kind,
    registration_id: l.registrationId,
    event_id: l.eventId,
    competitor_id: l.competitorId,
    description: l.description,
    amount_cents: l.amountCents,
    created_by: ctx.who,
    created_at: nowIso,
  }));
  await trx.insertInto('invoice_lines').values(rows).execute();
  if (!opts.auditedByCaller)
    for (const invoiceId of new Set(rows.map((r) => r.invoice_id)))
      await ctx.audit({
        action: 'invoice.lines',
        entity: 'invoice',
        entityId: invoiceId,
        after: {
          registrationId: reg.id,
          lines: rows
            .filter((r) => r.invoice_id === invoiceId)
            .map((r) => ({ kind: r.kind, description: r.description, amountCents: r.amount_cents })),
        },
      });
  return {
    lines: rows.map((r) => ({
      invoiceId: r.invoice_id,
      amountCents: r.amount_cents,
      kind: r.kind,
      description: r.description,
    })),
    account: currentId === null ? null : { id: currentId, kind },
  };
}

/** Bills every registration of a team (its switch changed, so its couples' charges move). */
export async function billTeam(ctx: BillingContext, affiliation: string): Promise<void> {
  const regs = await ctx.trx
    .selectFrom('registrations')
    .select('id')
    .where('competition_id', '=', ctx.competition.id)
    .where('affiliation', '=', affiliation)
    .orderBy('id')
    .execute();
  for (const r of regs) await billRegistration(ctx, r.id);
}

/** Bills every registration a dancer is in (their discount changed). */
export async function billCompetitor(ctx: BillingContext, competitorId: number): Promise<void> {
  const regs = await ctx.trx
    .selectFrom('registrations')
    .select('id')
    .where('competition_id', '=', ctx.competition.id)
    .where((w) => w.or([w('lead_id', '=', competitorId), w('follow_id', '=', competitorId)]))
    .orderBy('id')
    .execute();
  for (const r of regs) await billRegistration(ctx, r.id);
}
