import type { Kysely, Transaction } from 'kysely';
import { insertEntry } from '../entries/insert.ts';
import type { CompetitionRow, Database } from '../../db/schema.ts';
import { tierAt } from '../competitions/repo.ts';
import { HttpError } from '../../errors.ts';
import { audit } from '../../audit.ts';
import { sha256 } from '../../auth/passwords.ts';
import { generateCode } from '../../../domain/codes.ts';
import { normalizeName } from '../../../domain/entries.ts';
import type { RegistrationTierName } from '../../../domain/registration.ts';
import {
  checkEntries,
  mergePlacedOut,
  nextLeadNumber,
  parsePlacedOut,
  problemsStatus,
  PROBLEM_STATUS,
  samePerson,
  type EntryProblem,
  type RuleEntry,
  type RuleEvent,
} from '../../../domain/registrationRules.ts';
import {
  consentsByDancer,
  type Consents,
  type DancerInput,
  type OwnRegistration,
  type PlacedOutMap,
  type RegisteredEntry,
  type RegistrationCreated,
} from '../../../domain/schemas/registration.ts';

type Q = Kysely<Database> | Transaction<Database>;

export interface RuleEventRow extends RuleEvent {
  id: number;
}

/** What the entry rules need: every event by key and every entry of the competition. */
export async function loadRuleContext(
  db: Q,
  competitionId: number,
): Promise<{
  events: Map<string, RuleEventRow>;
  existing: (RuleEntry & { registrationId: number | null })[];
}> {
  const [events, entries] = await Promise.all([
    db
      .selectFrom('events')
      .select(['id', 'key', 'name', 'style', 'level'])
      .where('competition_id', '=', competitionId)
      .execute(),
    db
      .selectFrom('entries')
      .innerJoin('events', 'events.id', 'entries.event_id')
      .select([
        'events.key as eventKey',
        'entries.lead_name',
        'entries.follow_name',
        'entries.registration_id',
      ])
      .where('entries.competition_id', '=', competitionId)
      .execute(),
  ]);
  return {
    events: new Map(events.map((e) => [e.key, e])),
    existing: entries.map((e) => ({
      eventKey: e.eventKey,
      leadName: e.lead_name,
      followName: e.follow_name,
      registrationId: e.registration_id,
    })),
  };
}

/** Refuses with the status of the first kind of problem (400, 409, 422), listing every problem. */
export function refuse(problems: readonly EntryProblem[]): never {
  const status = problemsStatus(problems);
  const main = problems.filter((p) => PROBLEM_STATUS[p.code] === status);
  const code = main[0]?.code === 'duplicate_pair' ? 'duplicate_entry' : (main[0]?.code ?? 'invalid');
  throw new HttpError(status, code, main.map((p) => p.message).join(' '), { problems });
}

export interface RegisterOptions {
  actor: string;
  now: Date;
  /** Admin desk and import: registration dates do not apply. */
  ignoreDates: boolean;
  /** Import: the tier the couple registered in (its fee applies); otherwise the tier now. */
  tier?: RegistrationTierName;
  leadNumber?: number;
  amountPaid?: number;
}

export interface RegisterInput {
  lead: DancerInput;
  follow: DancerInput;
  affiliation: string;
  events: string[];
  consents: Consents;
}

/**
 * Registers a couple inside the caller's transaction: competitors (a person already registered with the
 * same name and email is the same competitor), the registration with its hashed entry code and the fee
 * of the tier now, and one entry per event. Throws before writing anything when a rule refuses.
 */
export async function registerCouple(
  trx: Transaction<Database>,
  c: CompetitionRow,
  input: RegisterInput,
  opts: RegisterOptions,
): Promise<RegistrationCreated> {
  const tierNow = tierAt(c, opts.now);
  if (!opts.ignoreDates && !tierNow.isOpen)
    throw new HttpError(
      403,
      'registration_closed',
      'Registration is closed. Contact the organizers to be added.',
    );
  const tier = opts.tier ?? tierNow.tier;
  const fee =
    tier === 'EARLY' ? c.payment_tier_early : tier === 'OPEN' ? c.payment_tier_open : c.payment_tier_late;

  if (normalizeName(input.lead.name) === normalizeName(input.follow.name))
    throw new HttpError(400, 'invalid', 'The lead and the follow must be two different people.', {
      problems: [],
    });

  const people = await trx
    .selectFrom('competitors')
    .select(['id', 'name', 'email', 'number', 'placed_out', 'version'])
    .where('competition_id', '=', c.id)
    .execute();
  const known = (d: DancerInput) => people.find((p) => samePerson(p, d));
  const leadRow = known(input.lead);
  const followRow = known(input.follow);
  const leadPlaced = mergePlacedOut(
    leadRow ? parsePlacedOut(leadRow.placed_out) : {},
    input.lead.placedOut ?? {},
  );
  const followPlaced = mergePlacedOut(
    followRow ? parsePlacedOut(followRow.placed_out) : {},
    input.follow.placedOut ?? {},
  );

  const ctx = await loadRuleContext(trx, c.id);
  const problems = checkEntries({
    eventKeys: input.events,
    events: ctx.events,
    existing: ctx.existing,
    lead: { name: input.lead.name, placedOut: leadPlaced },
    follow: { name: input.follow.name, placedOut: followPlaced },
  });
  if (problems.length) refuse(problems);

  // The lead's number: kept if they already have one, else the given one (checked) or the next free.
  const entryNumbers = await trx
    .selectFrom('entries')
    .select('lead_number')
    .where('competition_id', '=', c.id)
    .where('lead_id', 'is', null)
    .execute();
  const taken = new Set<number>([
    ...people.flatMap((p) => (p.number === null ? [] : [p.number])),
    ...entryNumbers.map((e) => e.lead_number),
  ]);
  let leadNumber = leadRow?.number ?? null;
  if (leadNumber === null) {
    if (opts.leadNumber !== undefined) {
      if (taken.has(opts.leadNumber))
        throw new HttpError(
          409,
          'number_taken',
          `Number ${opts.leadNumber} is already worn by another couple.`,
        );
      leadNumber = opts.leadNumber;
    } else {
      leadNumber = nextLeadNumber(
        people.flatMap((p) => (p.number === null ? [] : [p.number])),
        taken,
      );
    }
  }

  const nowIso = opts.now.toISOString();
  const upsert = async (
    d: DancerInput,
    row: (typeof people)[number] | undefined,
    placed: PlacedOutMap,
    number: number | null,
  ): Promise<number> => {
    if (row) {
      await trx
        .updateTable('competitors')
        .set({ placed_out: JSON.stringify(placed), number: row.number ?? number, version: row.version + 1 })
        .where('id', '=', row.id)
        .execute();
      return row.id;
    }
    const created = await trx
      .insertInto('competitors')
      .values({
        competition_id: c.id,
        name: d.name,
        email: d.email.toLowerCase(),
        affiliation: input.affiliation,
        number,
        placed_out: JSON.stringify(placed),
        created_at: nowIso,
        version: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return created.id;
  };
  const leadId = await upsert(input.lead, leadRow, leadPlaced, leadNumber);
  const followId = await upsert(input.follow, followRow, followPlaced, null);

  const entryCode = generateCode();
  const amountDue = fee * 2;
  const reg = await trx
    .insertInto('registrations')
    .values({
      competition_id: c.id,
      lead_id: leadId,
      follow_id: followId,
      affiliation: input.affiliation,
      entry_code_hash: sha256(entryCode),
      tier,
      amount_due: amountDue,
      amount_paid: opts.amountPaid ?? 0,
      paid_at: opts.amountPaid ? nowIso : null,
      consents: JSON.stringify(consentsByDancer(input.consents)),
      created_at: nowIso,
      version: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const entries: RegisteredEntry[] = [];
  for (const key of input.events) {
    const e = ctx.events.get(key)!;
    const row = await insertEntry(trx, {
      competitionId: c.id,
      eventId: e.id,
      registrationId: reg.id,
      leadId,
      followId,
      leadName: input.lead.name,
      followName: input.follow.name,
      affiliation: input.affiliation,
      leadNumber,
      registeredTime: nowIso,
    });
    entries.push({
      id: row.id,
      eventKey: e.key,
      eventName: e.name,
      style: e.style,
      level: e.level,
      leadNumber,
      scratched: false,
    });
  }
  await audit(trx, {
    competitionId: c.id,
    actor: opts.actor,
    action: 'registration.create',
    entity: 'registration',
    entityId: reg.id,
    after: {
      lead: input.lead.name,
      follow: input.follow.name,
      affiliation: input.affiliation,
      events: input.events,
      tier,
      amountDue,
      leadNumber,
    },
  });
  return {
    registrationId: reg.id,
    entryCode,
    entries,
    amountDue,
    currency: c.currency,
    tier,
    fee,
    leadNumber,
    lead: { id: leadId, name: input.lead.name },
    follow: { id: followId, name: input.follow.name },
  };
}

/** The registration an entry code and an email open, or null (the caller answers one vague 404). */
export async function findByCode(db: Q, competitionId: number, code: string, email: string) {
  const reg = await db
    .selectFrom('registrations')
    .innerJoin('competitors as l', 'l.id', 'registrations.lead_id')
    .innerJoin('competitors as f', 'f.id', 'registrations.follow_id')
    .select(['registrations.id', 'l.email as leadEmail', 'f.email as followEmail'])
    .where('registrations.competition_id', '=', competitionId)
    .where('registrations.entry_code_hash', '=', sha256(code))
    .executeTakeFirst();
  const e = email.trim().toLowerCase();
  if (!reg || (reg.leadEmail.toLowerCase() !== e && reg.followEmail.toLowerCase() !== e)) return null;
  return reg.id;
}

export async function registrationEntries(db: Q, registrationId: number) {
  const rows = await db
    .selectFrom('entries')
    .innerJoin('events', 'events.id', 'entries.event_id')
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
  return rows.map((r) => ({
    id: r.id,
    eventKey: r.key,
    eventName: r.name,
    style: r.style,
    level: r.level,
    leadNumber: r.lead_number,
    scratched: r.scratched === 1,
    checkedIn: r.checked_in === 1,
    version: r.version,
  }));
}

export async function ownRegistration(
  db: Q,
  c: CompetitionRow,
  registrationId: number,
): Promise<OwnRegistration> {
  const r = await db
    .selectFrom('registrations')
    .innerJoin('competitors as l', 'l.id', 'registrations.lead_id')
    .innerJoin('competitors as f', 'f.id', 'registrations.follow_id')
    .select([
      'registrations.id',
      'registrations.affiliation',
      'registrations.tier',
      'registrations.amount_due',
      'registrations.amount_paid',
      'registrations.version',
      'l.id as leadId',
      'l.name as leadName',
      'l.number as leadNumber',
      'f.id as followId',
      'f.name as followName',
    ])
    .where('registrations.id', '=', registrationId)
    .executeTakeFirstOrThrow();
  const entries = await registrationEntries(db, registrationId);
  return {
    registrationId: r.id,
    lead: { id: r.leadId, name: r.leadName, number: r.leadNumber },
    follow: { id: r.followId, name: r.followName },
    affiliation: r.affiliation,
    tier: r.tier,
    amountDue: r.amount_due,
    amountPaid: r.amount_paid,
    currency: c.currency,
    entries: entries.map(({ checkedIn: _c, version: _v, ...e }) => e),
    registrationOpen: tierAt(c, new Date()).isOpen,
    version: r.version,
  };
}

/**
 * Adds and drops events of one registration under the same rules as registering; the registration's
 * version goes up so two people changing the same entries notice each other. Dropping an event whose
 * rounds already hold the couple is refused: that is a scratch, for the organizer.
 */
export async function changeEntries(
  trx: Transaction<Database>,
  c: CompetitionRow,
  registrationId: number,
  change: { add: string[]; drop: string[]; version?: number | undefined },
  actor: string,
): Promise<void> {
  const reg = await trx
    .selectFrom('registrations')
    .innerJoin('competitors as l', 'l.id', 'registrations.lead_id')
    .innerJoin('competitors as f', 'f.id', 'registrations.follow_id')
    .select([
      'registrations.id',
      'registrations.version',
      'registrations.affiliation',
      'l.id as leadId',
      'l.name as leadName',
      'l.number as leadNumber',
      'l.placed_out as leadPlaced',
      'f.id as followId',
      'f.name as followName',
      'f.placed_out as followPlaced',
    ])
    .where('registrations.id', '=', registrationId)
    .where('registrations.competition_id', '=', c.id)
    .executeTakeFirst();
  if (!reg) throw new HttpError(404, 'not_found', 'That registration was not found.');
  if (change.version !== undefined && change.version !== reg.version)
    throw new HttpError(
      409,
      'stale',
      'These entries were changed after you loaded them (by you in another window, or by the organizer). Your change was not saved; the current entries are attached.',
      { current: await ownRegistration(trx, c, registrationId) },
    );
  if (change.add.length === 0 && change.drop.length === 0)
    throw new HttpError(400, 'invalid', 'Choose at least one event to add or drop.');
  const overlap = change.add.filter((k) => change.drop.includes(k));
  if (overlap.length)
    throw new HttpError(
      400,
      'invalid',
      `An event cannot be added and dropped at once: ${overlap.join(', ')}.`,
    );

  const ctx = await loadRuleContext(trx, c.id);
  const own = await registrationEntries(trx, registrationId);
  const problems: EntryProblem[] = [];
  for (const key of change.drop) {
    const ev = ctx.events.get(key);
    if (!ev) problems.push({ code: 'unknown_event', eventKey: key, message: `There is no event "${key}".` });
    else if (!own.some((e) => e.eventKey === key))
      problems.push({ code: 'unknown_event', eventKey: key, message: `You are not entered in ${ev.name}.` });
  }
  problems.push(
    ...checkEntries({
      eventKeys: change.add,
      events: ctx.events,
      existing: ctx.existing,
      lead: { name: reg.leadName, placedOut: parsePlacedOut(reg.leadPlaced) },
      follow: { name: reg.followName, placedOut: parsePlacedOut(reg.followPlaced) },
    }),
  );
  if (problems.length) refuse(problems);

  const dropped = own.filter((e) => change.drop.includes(e.eventKey));
  if (dropped.length) {
    const inRounds = await trx
      .selectFrom('round_entries')
      .select('entry_id')
      .where(
        'entry_id',
        'in',
        dropped.map((d) => d.id),
      )
      .execute();
    if (inRounds.length) {
      const names = dropped.filter((d) => inRounds.some((r) => r.entry_id === d.id)).map((d) => d.eventName);
      throw new HttpError(
        409,
        'entry_in_rounds',
        `${names.join(', ')} already has its heats drawn with you in them; ask the organizer to scratch you instead.`,
      );
    }
    await trx
      .deleteFrom('entries')
      .where(
        'id',
        'in',
        dropped.map((d) => d.id),
      )
      .execute();
  }
  const nowIso = new Date().toISOString();
  for (const key of change.add) {
    const e = ctx.events.get(key)!;
    await insertEntry(trx, {
      competitionId: c.id,
      eventId: e.id,
      registrationId: reg.id,
      leadId: reg.leadId,
      followId: reg.followId,
      leadName: reg.leadName,
      followName: reg.followName,
      affiliation: reg.affiliation,
      leadNumber: reg.leadNumber ?? 0,
      registeredTime: nowIso,
    });
  }
  await trx
    .updateTable('registrations')
    .set({ version: reg.version + 1 })
    .where('id', '=', reg.id)
    .execute();
  await audit(trx, {
    competitionId: c.id,
    actor,
    action: 'registration.entries',
    entity: 'registration',
    entityId: reg.id,
    before: { events: own.map((e) => e.eventKey) },
    after: {
      events: [...own.filter((e) => !change.drop.includes(e.eventKey)).map((e) => e.eventKey), ...change.add],
      added: change.add,
      dropped: change.drop,
    },
  });
}
