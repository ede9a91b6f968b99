import { billRegistration } from '../money/accounts.ts';
/**
 * Registrations held for the organizer's review ("name squatting"): anyone can register a
 * couple's names first, and the real couple would then only ever hear 409. When the same pair is
 * already entered from other emails, the public form's registration is kept aside instead, with
 * nothing else written; the organizer accepts it (the earlier entries of that pair make way, and a
 * registration left with no entry goes with its dancers) or refuses it. The same people registering
 * twice still get the plain 409: they already have their entry code.
 */
import { HttpError } from '../../errors.ts';
import { assertVersion, type CommandContext } from '../../http/command.ts';
import { findOwned, type Db } from '../../http/db.ts';
import { toJson } from '../../http/json.ts';
import { tierAt } from '../competitions/queries.ts';
import { samePair } from '../../../domain/entries.ts';
import { isRegistrationTier } from '../../../domain/registration.ts';
import { samePerson, type EntryProblem } from '../../../domain/registrationRules.ts';
import {
  registrationCreate,
  type RegistrationCreate,
  type RegistrationCreated,
  type RegistrationHeld,
  type RegistrationReview,
} from '../../../domain/schemas/registration.ts';
import { registerCouple } from './register.ts';
import { entriesWithEvent } from '../joins.ts';
import { entriesInRounds } from '../rounds/queries.ts';

interface Dancer {
  name: string;
  email: string;
}

/** The entries of these events danced by this pair (either order), with whose registration they are. */
async function pairEntries(
  db: Db,
  competitionId: number,
  eventKeys: readonly string[],
  pair: RegistrationCreate,
) {
  if (!eventKeys.length) return [];
  // Names are compared as the rules compare them (normalized), so the match is made here, not in SQL.
  const rows = await entriesWithEvent(db)
    .leftJoin('registrations as r', 'r.id', 'entries.registration_id')
    .leftJoin('competitors as l', 'l.id', 'r.lead_id')
    .leftJoin('competitors as f', 'f.id', 'r.follow_id')
    .select([
      'entries.id as entryId',
      'entries.registration_id as registrationId',
      'entries.lead_name as leadName',
      'entries.follow_name as followName',
      'entries.registered_time as registeredAt',
      'events.key as eventKey',
      'events.name as eventName',
      'l.name as regLeadName',
      'l.email as leadEmail',
      'f.name as regFollowName',
      'f.email as followEmail',
    ])
    .where('entries.competition_id', '=', competitionId)
    .where('events.key', 'in', [...eventKeys])
    .orderBy('events.sort_order')
    .orderBy('events.id')
    .orderBy('entries.id')
    .execute();
  const wanted = { leadName: pair.lead.name, followName: pair.follow.name };
  return rows
    .filter((r) => samePair(r, wanted))
    .map((r) => ({
      ...r,
      lead: { name: r.regLeadName ?? r.leadName, email: r.leadEmail ?? '' },
      follow: { name: r.regFollowName ?? r.followName, email: r.followEmail ?? '' },
    }));
}

/** The same two people (names and emails), in either position. */
function samePeople(a: { lead: Dancer; follow: Dancer }, b: { lead: Dancer; follow: Dancer }): boolean {
  return (
    (samePerson(a.lead, b.lead) && samePerson(a.follow, b.follow)) ||
    (samePerson(a.lead, b.follow) && samePerson(a.follow, b.lead))
  );
}

/**
 * Called when registering refused: a refusal made only of "already entered" problems, where some
 * existing entry of the pair is not from these two people, holds the registration for review.
 * Anything else (unknown events, eligibility, the same people again) answers as before (null).
 */
export async function holdIfSquatted(
  ctx: Pick<CommandContext, 'trx' | 'competition' | 'audit'>,
  body: RegistrationCreate,
  err: unknown,
  now: Date,
): Promise<RegistrationHeld | null> {
  if (!(err instanceof HttpError) || err.code !== 'duplicate_entry') return null;
  const problems = (err.details as { problems?: EntryProblem[] } | undefined)?.problems ?? [];
  if (!problems.length || problems.some((p) => p.code !== 'duplicate_pair')) return null;
  const { trx, competition: c } = ctx;
  const taken = await pairEntries(
    trx,
    c.id,
    problems.map((p) => p.eventKey),
    body,
  );
  if (taken.every((e) => e.registrationId !== null && samePeople(e, body))) return null;

  const pending = await trx
    .selectFrom('registration_reviews')
    .select('request')
    .where('competition_id', '=', c.id)
    .where('status', '=', 'pending')
    .execute();
  const pair = { leadName: body.lead.name, followName: body.follow.name };
  if (
    pending.some((r) => {
      const req = JSON.parse(r.request) as RegistrationCreate;
      return samePair({ leadName: req.lead.name, followName: req.follow.name }, pair);
    })
  )
    throw new HttpError(
      409,
      'review_pending',
      `A registration of ${body.lead.name} and ${body.follow.name} is already waiting for the organizers' review. They will contact the couple.`,
    );

  const review = await trx
    .insertInto('registration_reviews')
    .values({
      competition_id: c.id,
      request: toJson(body),
      tier: tierAt(c, now).tier,
      status: 'pending',
      created_at: now.toISOString(),
      version: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const events = [...new Map(taken.map((e) => [e.eventKey, e.eventName])).entries()].map(
    ([eventKey, eventName]) => ({ eventKey, eventName }),
  );
  await ctx.audit({
    action: 'registration.held',
    entity: 'registration_review',
    entityId: review.id,
    after: {
      lead: body.lead.name,
      follow: body.follow.name,
      events: body.events,
      conflicts: taken.map((e) => ({ entryId: e.entryId, registrationId: e.registrationId })),
    },
  });
  return {
    review: {
      id: review.id,
      status: 'pending',
      events,
      message:
        `${body.lead.name} and ${body.follow.name} are already entered in ${events.map((e) => e.eventName).join(', ')} ` +
        `by a registration from other email addresses. Yours is waiting for the organizers: they will check ` +
        `who the couple is and contact you at ${body.lead.email}. Nothing is charged unless they accept it.`,
      leadName: body.lead.name,
      followName: body.follow.name,
      contact: body.lead.email,
    },
  };
}

function parseRequest(json: string): RegistrationCreate {
  // Validated when it was sent; parsed again so a stored row can never smuggle in anything else.
  return registrationCreate.parse(JSON.parse(json));
}

/** The pending reviews of a competition, oldest first, each with the entries it collides with. */
export async function pendingReviews(db: Db, competitionId: number): Promise<RegistrationReview[]> {
  const rows = await db
    .selectFrom('registration_reviews')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
  const events = new Map(
    (
      await db
        .selectFrom('events')
        .select(['key', 'name'])
        .where('competition_id', '=', competitionId)
        .execute()
    ).map((e) => [e.key, e.name]),
  );
  const out: RegistrationReview[] = [];
  for (const row of rows) {
    const req = parseRequest(row.request);
    const conflicts = await pairEntries(db, competitionId, req.events, req);
    out.push({
      id: row.id,
      lead: { name: req.lead.name, email: req.lead.email },
      follow: { name: req.follow.name, email: req.follow.email },
      affiliation: req.affiliation,
      events: req.events.map((k) => ({ eventKey: k, eventName: events.get(k) ?? k })),
      createdAt: row.created_at,
      conflicts: conflicts.map((e) => ({
        eventKey: e.eventKey,
        eventName: e.eventName,
        entryId: e.entryId,
        registrationId: e.registrationId,
        lead: e.lead,
        follow: e.follow,
        registeredAt: e.registeredAt,
      })),
      version: row.version,
    });
  }
  return out;
}

async function pendingReview(ctx: CommandContext, id: number, version: number) {
  const row = await findOwned(
    ctx.trx,
    'registration_reviews',
    ctx.competition.id,
    id,
    'That held registration',
  );
  if (row.status !== 'pending')
    throw new HttpError(409, 'review_decided', `That registration was already ${row.status}.`);
  await assertVersion(version, row.version, 'this held registration', () => ({
    id: row.id,
    version: row.version,
  }));
  return row;
}

/**
 * The organizer accepts a held registration: the pair's earlier entries in its events are removed
 * (refused while they are in drawn heats: a scratch is the organizer's call), a registration left with
 * no entry goes with any dancer nothing else refers to, and the held couple is registered at the tier
 * they asked in. Answers the new registration with its entry code, for the organizer to pass on.
 */
export async function acceptReview(
  ctx: CommandContext,
  id: number,
  version: number,
  /** Where the confirmation's link points: the couple is told once the organizer accepts them. */
  origin: string,
): Promise<RegistrationCreated> {
  const { trx, competition: c } = ctx;
  const row = await pendingReview(ctx, id, version);
  const req = parseRequest(row.request);
  const taken = await pairEntries(trx, c.id, req.events, req);
  const ids = taken.map((e) => e.entryId);
  if (ids.length) {
    const drawn = await entriesInRounds(trx, ids);
    if (drawn.size) {
      const names = taken.filter((e) => drawn.has(e.entryId)).map((e) => e.eventName);
      throw new HttpError(
        409,
        'entry_in_rounds',
        `The earlier entry in ${names.join(', ')} already has its heats drawn: scratch it first, then accept.`,
      );
    }
    await trx.deleteFrom('entries').where('id', 'in', ids).execute();
  }
  // The earlier registrations lose those entries; one left with none was not the couple's: voided.
  const emptied: number[] = [];
  for (const regId of new Set(taken.flatMap((e) => (e.registrationId === null ? [] : [e.registrationId])))) {
    const left = await trx
      .selectFrom('entries')
      .select('id')
      .where('registration_id', '=', regId)
      .executeTakeFirst();
    if (left) {
      await billRegistration(ctx, regId, { cancelled: true });
      continue;
    }
    await billRegistration(ctx, regId, { voided: true });
    const reg = await trx
      .selectFrom('registrations')
      .select(['lead_id', 'follow_id'])
      .where('id', '=', regId)
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('registrations').where('id', '=', regId).execute();
    emptied.push(regId);
    for (const person of [reg.lead_id, reg.follow_id]) {
      const used =
        (await trx
          .selectFrom('registrations')
          .select('id')
          .where((w) => w.or([w('lead_id', '=', person), w('follow_id', '=', person)]))
          .executeTakeFirst()) ??
        (await trx
          .selectFrom('entries')
          .select('id')
          .where((w) => w.or([w('lead_id', '=', person), w('follow_id', '=', person)]))
          .executeTakeFirst());
      if (!used) await trx.deleteFrom('competitors').where('id', '=', person).execute();
    }
  }
  const created = await registerCouple(ctx, req, {
    now: new Date(),
    ignoreDates: true,
    organizerRecord: false,
    origin,
    ...(isRegistrationTier(row.tier) ? { tier: row.tier } : {}),
  });
  await trx
    .updateTable('registration_reviews')
    .set({
      status: 'accepted',
      registration_id: created.registrationId,
      decided_at: new Date().toISOString(),
      version: row.version + 1,
    })
    .where('id', '=', row.id)
    .execute();
  await ctx.audit({
    action: 'registration.review.accept',
    entity: 'registration_review',
    entityId: row.id,
    before: {
      entries: taken.map((e) => ({ id: e.entryId, event: e.eventKey, registrationId: e.registrationId })),
    },
    after: { registrationId: created.registrationId, removedRegistrations: emptied },
  });
  return created;
}

/** The organizer refuses a held registration: it stays on record as refused, nothing else changes. */
export async function refuseReview(ctx: CommandContext, id: number, version: number): Promise<void> {
  const row = await pendingReview(ctx, id, version);
  await ctx.trx
    .updateTable('registration_reviews')
    .set({ status: 'refused', decided_at: new Date().toISOString(), version: row.version + 1 })
    .where('id', '=', row.id)
    .execute();
  const req = parseRequest(row.request);
  await ctx.audit({
    action: 'registration.review.refuse',
    entity: 'registration_review',
    entityId: row.id,
    after: { lead: req.lead.name, follow: req.follow.name },
  });
}
