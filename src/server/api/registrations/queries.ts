/** Reads of registrations: a couple's own (by entry code), the organizer's table and the CSV files. */
import { sql } from 'kysely';
import { pendingReviews } from './reviews.ts';
import type { CompetitionRow, EntryRow, EventRow } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { EntryCodes } from '../../auth/entryCodes.ts';
import type { Db } from '../../http/db.ts';
import { fromJson } from '../../http/json.ts';
import { tierAt } from '../competitions/queries.ts';
import { toCsv } from '../../../domain/csv.ts';
import { DANCERS_PER_COUPLE } from '../../../domain/fees.ts';
import { parsePlacedOut } from '../../../domain/registrationRules.ts';
import {
  IMPORT_COLUMNS,
  type AdminCompetitor,
  type AdminRegistration,
  type AdminRegistrations,
  type ConsentRecord,
  type OwnRegistration,
} from '../../../domain/schemas/registration.ts';
import { entriesWithEvent, registrationWithCouple } from '../joins.ts';
import { moneyTotals, ownAccount, registrationsBilling } from '../money/queries.ts';
import { toUnits } from '../../../domain/money/feeRules.ts';

/** The registration an entry code and an email open, or null (the caller answers one vague 404). */
export async function findByCode(
  db: Db,
  codes: EntryCodes,
  competitionId: number,
  code: string,
  email: string,
) {
  const reg = await registrationWithCouple(db)
    .select(['registrations.id', 'l.email as leadEmail', 'f.email as followEmail'])
    .where('registrations.competition_id', '=', competitionId)
    .where('registrations.entry_code_hash', '=', codes.hash(code))
    .executeTakeFirst();
  const e = email.trim().toLowerCase();
  if (!reg || (reg.leadEmail.toLowerCase() !== e && reg.followEmail.toLowerCase() !== e)) return null;
  return reg.id;
}

export async function registrationEntries(db: Db, registrationId: number) {
  const rows = await entriesWithEvent(db)
    .select([
      'entries.id',
      'entries.lead_number',
      'entries.scratched',
      'entries.checked_in',
      'entries.version',
      'events.key',
      'events.name',
      'events.style',
      'events.level',
      'events.sort_order',
    ])
    .where('entries.registration_id', '=', registrationId)
    .orderBy('events.sort_order')
    .orderBy('events.id')
    .execute();
  return rows.map(registeredEntry);
}

/** One of a registration's entries as the couple and the organizer see it. */
function registeredEntry(
  e: Pick<EntryRow, 'id' | 'lead_number' | 'scratched' | 'checked_in' | 'version'> &
    Pick<EventRow, 'key' | 'name' | 'style' | 'level'>,
) {
  return {
    id: e.id,
    eventKey: e.key,
    eventName: e.name,
    style: e.style,
    level: e.level,
    leadNumber: e.lead_number,
    scratched: e.scratched === 1,
    checkedIn: e.checked_in === 1,
    version: e.version,
  };
}

export async function ownRegistration(
  db: Db,
  c: CompetitionRow,
  registrationId: number,
): Promise<OwnRegistration> {
  const r = await registrationWithCouple(db)
    .select([
      'registrations.id',
      'registrations.affiliation',
      'registrations.tier',
      'registrations.version',
      'l.id as leadId',
      'l.name as leadName',
      'l.number as leadNumber',
      'f.id as followId',
      'f.name as followName',
    ])
    .where('registrations.id', '=', registrationId)
    .executeTakeFirstOrThrow();
  const [entries, account] = await Promise.all([
    registrationEntries(db, registrationId),
    ownAccount(db, c, registrationId, r.affiliation),
  ]);
  return {
    registrationId: r.id,
    lead: { id: r.leadId, name: r.leadName, number: r.leadNumber },
    follow: { id: r.followId, name: r.followName },
    affiliation: r.affiliation,
    tier: r.tier,
    amountDue: toUnits(account.invoice?.chargedCents ?? 0),
    amountPaid: toUnits(account.invoice?.paidCents ?? 0),
    currency: c.currency,
    invoice: account.invoice,
    teamPays: account.teamPays ? r.affiliation : null,
    entries: entries.map(({ checkedIn: _c, version: _v, ...e }) => e),
    registrationOpen: tierAt(c, new Date()).isOpen,
    version: r.version,
  };
}

/** The organizer's table: every registration with both dancers, fees and entries, and the ad hoc entries. */
export async function adminRegistrations(db: Db, c: CompetitionRow): Promise<AdminRegistrations> {
  const [regs, people, entries, reviews, billing] = await Promise.all([
    db.selectFrom('registrations').selectAll().where('competition_id', '=', c.id).orderBy('id').execute(),
    db.selectFrom('competitors').selectAll().where('competition_id', '=', c.id).execute(),
    entriesWithEvent(db)
      .select([
        'entries.id',
        'entries.registration_id',
        'entries.lead_name',
        'entries.follow_name',
        'entries.affiliation',
        'entries.lead_number',
        'entries.scratched',
        'entries.checked_in',
        'entries.registered_time',
        'entries.version',
        'events.key',
        'events.name',
        'events.style',
        'events.level',
      ])
      .where('entries.competition_id', '=', c.id)
      .orderBy('events.sort_order')
      .orderBy('entries.id')
      .execute(),
    pendingReviews(db, c.id),
    registrationsBilling(db, c),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const person = (id: number): AdminCompetitor => {
    const p = byId.get(id);
    return {
      id,
      name: p?.name ?? '',
      email: p?.email ?? '',
      affiliation: p?.affiliation ?? '',
      number: p?.number ?? null,
      placedOut: parsePlacedOut(p?.placed_out ?? '{}'),
      discount: p?.discount ?? null,
      version: p?.version ?? 0,
    };
  };
  const consents = (json: string): { lead: ConsentRecord; follow: ConsentRecord } => {
    const none: ConsentRecord = { liability: false, media: false };
    try {
      const v = fromJson<{ lead?: ConsentRecord; follow?: ConsentRecord }>(json, {});
      return { lead: v.lead ?? none, follow: v.follow ?? none };
    } catch {
      return { lead: none, follow: none };
    }
  };
  return {
    currency: c.currency,
    registrations: regs.map((r) => {
      const money = billing.get(r.id);
      return {
        id: r.id,
        lead: person(r.lead_id),
        follow: person(r.follow_id),
        affiliation: r.affiliation,
        tier: r.tier,
        amountDue: toUnits(money?.costCents ?? 0),
        amountPaid: toUnits(money?.paidCents ?? 0),
        paidAt: money?.lastPaidAt ?? null,
        account: money?.account ?? null,
        consents: consents(r.consents),
        createdAt: r.created_at,
        version: r.version,
        entries: entries.filter((e) => e.registration_id === r.id).map(registeredEntry),
      };
    }),
    adhoc: entries
      .filter((e) => e.registration_id === null)
      .map((e) => ({
        id: e.id,
        eventKey: e.key,
        eventName: e.name,
        leadName: e.lead_name,
        followName: e.follow_name,
        affiliation: e.affiliation,
        leadNumber: e.lead_number,
        scratched: e.scratched === 1,
        registeredTime: e.registered_time,
        version: e.version,
      })),
    reviews,
  };
}

/** One registration as the organizer's table shows it. */
export async function adminRegistration(db: Db, c: CompetitionRow, id: number): Promise<AdminRegistration> {
  const found = (await adminRegistrations(db, c)).registrations.find((r) => r.id === id);
  if (!found) throw notFound('That registration');
  return found;
}

/** Every registration as a CSV in the import's columns, so an export can be imported elsewhere. */
export async function registrationsCsv(db: Db, c: CompetitionRow): Promise<string> {
  const competitionId = c.id;
  const billing = await registrationsBilling(db, c);
  const regs = await registrationWithCouple(db)
    .select([
      'registrations.id',
      'registrations.affiliation',
      'registrations.tier',
      'registrations.consents',
      'l.name as leadName',
      'l.email as leadEmail',
      'l.number as leadNumber',
      'l.placed_out as leadPlaced',
      'f.name as followName',
      'f.email as followEmail',
      'f.placed_out as followPlaced',
    ])
    .where('registrations.competition_id', '=', competitionId)
    // A lead without a number first on both databases (PostgreSQL sorts NULL last, SQLite first).
    .orderBy(sql`l.number is null`, 'desc')
    .orderBy('l.number')
    .orderBy('registrations.id')
    .execute();
  const entries = await entriesWithEvent(db)
    .select(['entries.registration_id', 'events.key'])
    .where('entries.competition_id', '=', competitionId)
    .orderBy('events.sort_order')
    .orderBy('events.id')
    .orderBy('entries.id')
    .execute();
  const placed = (json: string) =>
    Object.entries(parsePlacedOut(json))
      .map(([s, l]) => `${s}:${l}`)
      .join(';');
  const media = (json: string, who: 'lead' | 'follow') => {
    try {
      return fromJson<Record<string, { media?: boolean }>>(json, {})[who]?.media ? 'yes' : 'no';
    } catch {
      return 'no';
    }
  };
  return toCsv([
    [...IMPORT_COLUMNS],
    ...regs.map((r) => [
      r.leadName,
      r.leadEmail,
      r.followName,
      r.followEmail,
      r.affiliation,
      entries
        .filter((e) => e.registration_id === r.id)
        .map((e) => e.key)
        .join(';'),
      r.leadNumber,
      r.tier === 'CLOSED' ? 'LATE' : r.tier,
      toUnits(billing.get(r.id)?.paidCents ?? 0),
      placed(r.leadPlaced),
      placed(r.followPlaced),
      media(r.consents, 'lead'),
      media(r.consents, 'follow'),
    ]),
  ]);
}

/** Fees by team: what each team's accounts were charged and paid (the dashboard's sums), with a total row. */
export async function feesCsv(db: Db, c: CompetitionRow): Promise<string> {
  const [totals, couples] = await Promise.all([
    moneyTotals(db, c),
    db
      .selectFrom('registrations')
      .select(['affiliation', (eb) => eb.fn.countAll<number>().as('couples')])
      .where('competition_id', '=', c.id)
      .groupBy('affiliation')
      .execute(),
  ]);
  const countOf = (team: string) => Number(couples.find((x) => x.affiliation === team)?.couples ?? 0);
  const all = couples.reduce((n, x) => n + Number(x.couples), 0);
  const money = (cents: number) => toUnits(cents).toFixed(2);
  return toCsv([
    [
      'team',
      'couples',
      'dancers',
      `amount_due_${c.currency}`,
      `amount_paid_${c.currency}`,
      `outstanding_${c.currency}`,
    ],
    ...totals.byTeam.map((t) => [
      t.team,
      countOf(t.team),
      countOf(t.team) * DANCERS_PER_COUPLE,
      money(t.owedCents),
      money(t.paidCents),
      money(t.owedCents - t.paidCents),
    ]),
    [
      'TOTAL',
      all,
      all * DANCERS_PER_COUPLE,
      money(totals.owedCents),
      money(totals.paidCents),
      money(totals.owedCents - totals.paidCents),
    ],
  ]);
}
