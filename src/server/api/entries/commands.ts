/**
 * Commands on entries (a couple in an event). `insertEntry` is the one way an entry row is written: from
 * a registration, a registration's changed events, the organizer's event entries or an ad hoc entry.
 * Each caller decides the couple's number; the row itself and the duplicate-pair rule are the same.
 */
import { HttpError, notFound } from '../../errors.ts';
import { assertVersion, type CommandContext } from '../../http/command.ts';
import { findOwned, type Tx } from '../../http/db.ts';
import { findDuplicateEntry, normalizeName, pairKey } from '../../../domain/entries.ts';
import { nextLeadNumber } from '../../../domain/registrationRules.ts';
import { RoundState } from '../../../domain/rounds/index.ts';
import {
  ADHOC,
  type AdhocEntryCreate,
  type EntryCheckedIn,
  type EntryPatch,
  type EntryScratched,
  type EntryUpdated,
  type EventEntryCreate,
  type AdhocEntryCreated,
} from '../../../domain/schemas/registration.ts';
import type { EventEntryCreated } from '../../../domain/schemas/events.ts';
import { findEvent } from '../events/queries.ts';
import { roundEntriesWithRound } from '../joins.ts';
import { entriesInRounds } from '../rounds/queries.ts';
import { mailEntriesChanged } from '../../mail/dancerMail.ts';
import { NO_CHANGE } from '../../../domain/messages/entriesChanged.ts';
import { billRegistration } from '../money/accounts.ts';
import { entryBalance, checkInRule } from '../money/queries.ts';
import { formatMoney } from '../../../domain/format.ts';

export interface NewEntry {
  competitionId: number;
  eventId: number;
  registrationId?: number | null;
  leadId?: number | null;
  followId?: number | null;
  leadName: string;
  followName: string;
  affiliation: string;
  leadNumber: number;
  registeredTime?: string;
}

/** Inserts the entry (not checked in, not scratched, version 1); returns its id and registration time. */
export async function insertEntry(trx: Tx, e: NewEntry): Promise<{ id: number; registeredTime: string }> {
  return (await insertEntries(trx, [e]))[0]!;
}

/**
 * insertEntry for several entries in one statement (a registration's events: one round trip on
 * PostgreSQL); the answers in the order given.
 */
export async function insertEntries(
  trx: Tx,
  list: readonly NewEntry[],
): Promise<{ id: number; registeredTime: string }[]> {
  if (!list.length) return [];
  const now = new Date().toISOString();
  const rows = list.map((e) => ({
    competition_id: e.competitionId,
    event_id: e.eventId,
    registration_id: e.registrationId ?? null,
    lead_id: e.leadId ?? null,
    follow_id: e.followId ?? null,
    lead_name: e.leadName,
    follow_name: e.followName,
    pair_key: pairKey(e),
    affiliation: e.affiliation,
    lead_number: e.leadNumber,
    registered_time: e.registeredTime ?? now,
    checked_in: 0,
    scratched: 0,
    version: 1,
  }));
  const inserted = await trx.insertInto('entries').values(rows).returning(['id', 'event_id']).execute();
  // Matched by event (neither database promises RETURNING's order), in id order within one event.
  inserted.sort((a, b) => a.id - b.id);
  return rows.map((r) => {
    const at = inserted.findIndex((x) => x.event_id === r.event_id);
    const [row] = inserted.splice(at, 1);
    return { id: row!.id, registeredTime: r.registered_time };
  });
}

/** 409 when the same two people (in either role) are already entered in the event. */
export async function refuseDuplicatePair(
  trx: Tx,
  event: { id: number; name: string },
  pair: { leadName: string; followName: string },
  exceptEntry?: number,
): Promise<void> {
  const inEvent = await trx
    .selectFrom('entries')
    .select(['lead_name as leadName', 'follow_name as followName'])
    .where('event_id', '=', event.id)
    .$if(exceptEntry !== undefined, (q) => q.where('id', '!=', exceptEntry!))
    .execute();
  if (findDuplicateEntry(inEvent, pair))
    throw new HttpError(
      409,
      'duplicate_entry',
      `${pair.leadName} and ${pair.followName} are already entered in ${event.name}.`,
      { lead: pair.leadName, follow: pair.followName, event: event.name },
    );
}

const isPlaceholder = (name: string) => normalizeName(name) === ADHOC.name;

const numberTaken = (n: number, by?: string) =>
  new HttpError(
    409,
    'number_taken',
    `Number ${n} is already worn${by ? ` by ${by}` : ''}. Choose another number.`,
    by ? { number: n, by } : { number: n },
  );

/**
 * A day-of entry (spec §3 placeholder): a couple who turns up unregistered dances now and is named
 * later. Names default to "dummy", team to "Other", the number to 999 — or the next free number
 * from 999, so two ad hoc couples in one event are still told apart on the floor.
 */
export async function createAdhocEntry(ctx: CommandContext, b: AdhocEntryCreate): Promise<AdhocEntryCreated> {
  const { trx, competition: c } = ctx;
  const event = await trx
    .selectFrom('events')
    .select(['id', 'key', 'name'])
    .where('competition_id', '=', c.id)
    .where('key', '=', b.eventKey)
    .executeTakeFirst();
  if (!event) throw new HttpError(400, 'unknown_event', `There is no event "${b.eventKey}".`);
  const leadName = b.leadName || ADHOC.name;
  const followName = b.followName || ADHOC.name;
  // Placeholder couples ("TBA") may be entered several times; real pairs only once.
  if (!(isPlaceholder(leadName) && isPlaceholder(followName)))
    await refuseDuplicatePair(trx, event, { leadName, followName });
  const [competitors, adhocInEvent] = await Promise.all([
    trx.selectFrom('competitors').select('number').where('competition_id', '=', c.id).execute(),
    trx
      .selectFrom('entries')
      .select('lead_number')
      .where('competition_id', '=', c.id)
      .where('lead_id', 'is', null)
      .where('event_id', '=', event.id)
      .execute(),
  ]);
  const worn = new Set<number>([
    ...competitors.flatMap((r) => (r.number === null ? [] : [r.number])),
    ...adhocInEvent.map((r) => r.lead_number),
  ]);
  let leadNumber: number = b.leadNumber ?? ADHOC.leadNumber;
  if (b.leadNumber !== undefined) {
    if (worn.has(b.leadNumber)) throw numberTaken(b.leadNumber);
  } else while (worn.has(leadNumber)) leadNumber++;
  const affiliation = b.affiliation || ADHOC.affiliation;
  const { id } = await insertEntry(trx, {
    competitionId: c.id,
    eventId: event.id,
    leadName,
    followName,
    affiliation,
    leadNumber,
  });
  const entry: AdhocEntryCreated = {
    id,
    entryId: id,
    eventKey: event.key,
    eventName: event.name,
    leadId: ADHOC.id,
    followId: ADHOC.id,
    leadName,
    followName,
    affiliation,
    leadNumber,
    scratched: false,
    version: 1,
  };
  await ctx.audit({ action: 'entry.adhoc', entity: 'entry', entityId: id, after: entry });
  return entry;
}

/** The organizer enters a couple in one event, by names, optionally linked to competitors. */
export async function createEventEntry(
  ctx: CommandContext,
  eventKey: string,
  b: EventEntryCreate,
): Promise<EventEntryCreated> {
  const { trx, competition: c } = ctx;
  const event = await findEvent(trx, c.id, eventKey);
  await refuseDuplicatePair(trx, event, b);
  for (const id of [b.leadId, b.followId]) {
    if (id === undefined) continue;
    const found = await trx
      .selectFrom('competitors')
      .select('id')
      .where('id', '=', id)
      .where('competition_id', '=', c.id)
      .executeTakeFirst();
    if (!found) throw new HttpError(400, 'invalid', `There is no competitor ${id} in this competition.`);
  }
  const numbers = await trx
    .selectFrom('competitors')
    .select(['id', 'number', 'name'])
    .where('competition_id', '=', c.id)
    .where('number', 'is not', null)
    .execute();
  const leadOwn = b.leadId === undefined ? null : (numbers.find((n) => n.id === b.leadId)?.number ?? null);
  let leadNumber: number;
  if (b.leadNumber !== undefined) {
    const wearer = numbers.find((n) => n.number === b.leadNumber && n.id !== b.leadId);
    if (wearer) throw numberTaken(b.leadNumber, wearer.name);
    leadNumber = b.leadNumber;
  } else if (leadOwn !== null) {
    leadNumber = leadOwn;
  } else {
    const taken = await trx
      .selectFrom('entries')
      .select('lead_number')
      .where('competition_id', '=', c.id)
      .execute();
    leadNumber = nextLeadNumber(
      numbers.map((n) => n.number as number),
      new Set(taken.map((t) => t.lead_number)),
    );
  }
  // Both dancers of a registered couple: the entry is theirs, on their invoice, as if they had added it.
  const registration =
    b.leadId === undefined || b.followId === undefined
      ? undefined
      : await trx
          .selectFrom('registrations')
          .select('id')
          .where('competition_id', '=', c.id)
          .where('lead_id', '=', b.leadId)
          .where('follow_id', '=', b.followId)
          .orderBy('id')
          .executeTakeFirst();
  const { id, registeredTime } = await insertEntry(trx, {
    competitionId: c.id,
    eventId: event.id,
    registrationId: registration?.id ?? null,
    leadId: b.leadId,
    followId: b.followId,
    leadName: b.leadName,
    followName: b.followName,
    affiliation: b.affiliation,
    leadNumber,
  });
  const entry: EventEntryCreated = {
    id,
    entryId: id,
    joinsRound: null,
    withdrawal: null,
    leadId: b.leadId ?? null,
    followId: b.followId ?? null,
    leadName: b.leadName,
    followName: b.followName,
    affiliation: b.affiliation,
    leadNumber,
    registeredTime,
    checkedIn: false,
    scratched: false,
    version: 1,
  };
  await ctx.audit({
    action: 'entry.create',
    entity: 'entry',
    entityId: id,
    after: { event: event.key, ...entry },
  });
  if (registration) await billRegistration(ctx, registration.id);
  return entry;
}

/**
 * Tells both dancers of a registered entry that it was removed, scratched or reinstated. Entries of no
 * registration (ad hoc, or entered by name in one event) have no one to tell.
 */
async function mailEntryChange(
  ctx: CommandContext,
  entry: { registration_id: number | null; event_id: number },
  what: 'removed' | 'scratched' | 'reinstated',
  origin: string,
): Promise<void> {
  if (entry.registration_id === null) return;
  const event = await ctx.trx
    .selectFrom('events')
    .select('name')
    .where('id', '=', entry.event_id)
    .executeTakeFirstOrThrow();
  await mailEntriesChanged(
    ctx.trx,
    ctx.competition,
    entry.registration_id,
    {
      ...NO_CHANGE,
      [what]: [event.name],
    },
    origin,
  );
}

/** The entry, in this competition (and in the event, when the path names one). */
async function findEntry(ctx: CommandContext, entryId: number, eventKey?: string) {
  const { trx, competition: c } = ctx;
  const eventId = eventKey === undefined ? undefined : (await findEvent(trx, c.id, eventKey)).id;
  const entry = await findOwned(trx, 'entries', c.id, entryId, 'That entry');
  if (eventId !== undefined && entry.event_id !== eventId) throw notFound('That entry');
  return entry;
}

/** Sets an entry's check-in or scratch flag, bumps its version and audits it; answers the new version. */
async function setEntryFlag(
  ctx: CommandContext,
  entry: Awaited<ReturnType<typeof findEntry>>,
  flag: 'checkedIn' | 'scratched',
  on: boolean,
  action: string,
): Promise<number> {
  const version = entry.version + 1;
  const value = on ? 1 : 0;
  await ctx.trx
    .updateTable('entries')
    .set(flag === 'checkedIn' ? { checked_in: value, version } : { scratched: value, version })
    .where('id', '=', entry.id)
    .execute();
  const was = (flag === 'checkedIn' ? entry.checked_in : entry.scratched) === 1;
  await ctx.audit({
    action,
    entity: 'entry',
    entityId: entry.id,
    before: { [flag]: was },
    after: { [flag]: on },
  });
  return version;
}

/** Scratch / un-scratch; names, team and number of an ad hoc entry. `eventKey` scopes it to one event. */
export async function updateEntry(
  ctx: CommandContext,
  entryId: number,
  body: EntryPatch,
  origin: string,
  eventKey?: string,
): Promise<EntryUpdated> {
  const { trx, competition: c } = ctx;
  const { version, scratched, leadName, followName, affiliation, leadNumber } = body;
  const before = await findEntry(ctx, entryId, eventKey);
  const view = (e: typeof before): EntryUpdated => ({
    id: e.id,
    leadName: e.lead_name,
    followName: e.follow_name,
    affiliation: e.affiliation,
    leadNumber: e.lead_number,
    scratched: e.scratched === 1,
    version: e.version,
  });
  await assertVersion(version, before.version, 'this entry', () => view(before));
  const adhoc = before.registration_id === null && before.lead_id === null;
  const renames =
    leadName !== undefined ||
    followName !== undefined ||
    leadNumber !== undefined ||
    affiliation !== undefined;
  if (!adhoc && renames)
    throw new HttpError(
      400,
      'invalid',
      'Names, team and number of a registered couple are changed on the competitor, not on one entry.',
    );
  if (leadNumber !== undefined && leadNumber !== before.lead_number) {
    const wearer = await trx
      .selectFrom('competitors')
      .select('name')
      .where('competition_id', '=', c.id)
      .where('number', '=', leadNumber)
      .executeTakeFirst();
    if (wearer) throw numberTaken(leadNumber, wearer.name);
  }
  const lead = leadName ?? before.lead_name;
  const follow = followName ?? before.follow_name;
  if (
    (leadName !== undefined || followName !== undefined) &&
    !(isPlaceholder(lead) && isPlaceholder(follow))
  ) {
    // The entry itself is no duplicate of its own names.
    const event = { id: before.event_id, name: 'this event' };
    await refuseDuplicatePair(trx, event, { leadName: lead, followName: follow }, before.id);
  }
  const after = await trx
    .updateTable('entries')
    .set({
      ...(scratched !== undefined ? { scratched: scratched ? 1 : 0 } : {}),
      ...(leadName !== undefined ? { lead_name: leadName } : {}),
      ...(followName !== undefined ? { follow_name: followName } : {}),
      ...(leadName !== undefined || followName !== undefined
        ? { pair_key: pairKey({ leadName: lead, followName: follow }) }
        : {}),
      ...(affiliation !== undefined ? { affiliation } : {}),
      ...(leadNumber !== undefined ? { lead_number: leadNumber } : {}),
      version: before.version + 1,
    })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await ctx.audit({
    action: scratched === undefined ? 'entry.update' : scratched ? 'entry.scratch' : 'entry.unscratch',
    entity: 'entry',
    entityId: before.id,
    before: view(before),
    after: view(after),
  });
  if (scratched !== undefined && scratched !== (before.scratched === 1)) {
    await mailEntryChange(ctx, before, scratched ? 'scratched' : 'reinstated', origin);
    // A scratch before the refund deadline is credited; taking it back charges the entry again.
    if (before.registration_id !== null) await billRegistration(ctx, before.registration_id);
  }
  return view(after);
}

/** Removes an entry made by mistake; once the couple is in a round it can only be scratched. */
export async function deleteEntry(
  ctx: CommandContext,
  entryId: number,
  origin: string,
  eventKey?: string,
): Promise<void> {
  const { trx } = ctx;
  const before = await findEntry(ctx, entryId, eventKey);
  if ((await entriesInRounds(trx, [before.id])).size)
    throw new HttpError(
      409,
      'entry_in_rounds',
      'This couple is already in a round; scratch the entry instead.',
    );
  await trx.deleteFrom('entries').where('id', '=', before.id).execute();
  await ctx.audit({ action: 'entry.delete', entity: 'entry', entityId: before.id, before });
  // Credited before the refund deadline, like a couple dropping the event themselves.
  if (before.registration_id !== null) await billRegistration(ctx, before.registration_id);
  await mailEntryChange(ctx, before, 'removed', origin);
}

/** Spec's checkedIn: the deck captain or an admin confirms a couple is present (or takes it back). */
export async function checkInEntry(
  ctx: CommandContext,
  eventKey: string,
  entryId: number,
  checkedIn: boolean,
): Promise<EntryCheckedIn> {
  const before = await findEntry(ctx, entryId, eventKey);
  if (checkedIn && !before.checked_in && checkInRule(ctx.competition) === 'block') {
    const owed = await entryBalance(ctx.trx, ctx.competition, before.id);
    if (owed > 0)
      throw new HttpError(
        409,
        'unpaid',
        `This couple still owes ${formatMoney(owed / 100, ctx.competition.currency)}: take the payment at the desk before handing out their number.`,
        { amountCents: owed, currency: ctx.competition.currency },
      );
  }
  const action = checkedIn ? 'entry.check_in' : 'entry.check_out';
  const version = await setEntryFlag(ctx, before, 'checkedIn', checkedIn, action);
  return { entryId: before.id, checkedIn, version };
}

/** Scratch (withdraw) a couple from the event, or take a scratch back: deck captain or admin. */
export async function scratchEntry(
  ctx: CommandContext,
  eventKey: string,
  entryId: number,
  scratched: boolean,
  origin: string,
): Promise<EntryScratched> {
  const { trx } = ctx;
  const event = await findEvent(trx, ctx.competition.id, eventKey);
  const before = await findEntry(ctx, entryId, eventKey);
  // Marks already given to the couple in a round not yet posted would no longer add up.
  const marked = await roundEntriesWithRound(trx)
    .select(['rounds.round_name'])
    .where('round_entries.entry_id', '=', before.id)
    .where('rounds.round_state', 'in', [RoundState.Running, RoundState.Marked])
    .where((eb) =>
      eb.exists(eb.selectFrom('marks').select('marks.id').whereRef('marks.round_id', '=', 'rounds.id')),
    )
    .executeTakeFirst();
  if (marked && scratched !== (before.scratched === 1))
    throw new HttpError(
      409,
      'round_marked',
      `Couple ${before.lead_number} is in the ${marked.round_name} of ${event.name}, which judges are already marking: ask the scrutineer.`,
    );
  const action = scratched ? 'entry.scratch' : 'entry.unscratch';
  const version = await setEntryFlag(ctx, before, 'scratched', scratched, action);
  if (scratched !== (before.scratched === 1)) {
    await mailEntryChange(ctx, before, scratched ? 'scratched' : 'reinstated', origin);
    if (before.registration_id !== null) await billRegistration(ctx, before.registration_id);
  }
  return { entryId: before.id, coupleNumber: String(before.lead_number), scratched, version };
}
