import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CompetitionRow } from '../../db/schema.ts';
import { findEvent } from '../events/repo.ts';
import { findCompetition } from '../competitions/repo.ts';
import { keyParams } from '../competitions/routes.ts';
import { actorLabel, requireCompetitionAdmin, type UserActor } from '../../auth/sessions.ts';
import { audit } from '../../audit.ts';
import { HttpError, notFound, stale } from '../../errors.ts';
import {
  ADHOC,
  adhocEntryCreate,
  entryPatch,
  type EntryPatch,
} from '../../../domain/schemas/registration.ts';
import { findDuplicateEntry, normalizeName } from '../../../domain/entries.ts';
import { toCsv } from '../../../domain/csv.ts';
import { csvReply } from '../registrations/routes.ts';
import { insertEntry, refuseDuplicatePair } from './insert.ts';

const entryParams = keyParams.extend({
  entryId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31),
});
const eventEntryParams = entryParams.extend({ eventKey: z.string().max(100) });

const isPlaceholder = (name: string) => normalizeName(name) === ADHOC.name;

/** Scratch / un-scratch; names, team and number of an ad hoc entry. `eventId` scopes it to one event. */
async function updateEntry(
  app: FastifyInstance,
  c: CompetitionRow,
  actor: UserActor,
  entryId: number,
  body: EntryPatch,
  eventId?: number,
) {
  const { version, scratched, leadName, followName, affiliation, leadNumber } = body;
  const result = await app.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('entries')
      .selectAll()
      .where('id', '=', entryId)
      .where('competition_id', '=', c.id)
      .executeTakeFirst();
    if (!before || (eventId !== undefined && before.event_id !== eventId)) throw notFound('That entry');
    const view = (e: typeof before) => ({
      id: e.id,
      leadName: e.lead_name,
      followName: e.follow_name,
      affiliation: e.affiliation,
      leadNumber: e.lead_number,
      scratched: e.scratched === 1,
      version: e.version,
    });
    if (version !== undefined && version !== before.version) throw stale('this entry', view(before));
    const adhoc = before.registration_id === null && before.lead_id === null;
    if (
      !adhoc &&
      (leadName !== undefined ||
        followName !== undefined ||
        leadNumber !== undefined ||
        affiliation !== undefined)
    )
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
      if (wearer)
        throw new HttpError(
          409,
          'number_taken',
          `Number ${leadNumber} is already worn by ${wearer.name}. Choose another number.`,
        );
    }
    const lead = leadName ?? before.lead_name;
    const follow = followName ?? before.follow_name;
    if (
      (leadName !== undefined || followName !== undefined) &&
      !(isPlaceholder(lead) && isPlaceholder(follow))
    ) {
      const others = await trx
        .selectFrom('entries')
        .select(['lead_name as leadName', 'follow_name as followName'])
        .where('event_id', '=', before.event_id)
        .where('id', '!=', before.id)
        .execute();
      if (findDuplicateEntry(others, { leadName: lead, followName: follow }))
        throw new HttpError(
          409,
          'duplicate_entry',
          `${lead} and ${follow} are already entered in this event.`,
        );
    }
    const after = await trx
      .updateTable('entries')
      .set({
        ...(scratched !== undefined ? { scratched: scratched ? 1 : 0 } : {}),
        ...(leadName !== undefined ? { lead_name: leadName } : {}),
        ...(followName !== undefined ? { follow_name: followName } : {}),
        ...(affiliation !== undefined ? { affiliation } : {}),
        ...(leadNumber !== undefined ? { lead_number: leadNumber } : {}),
        version: before.version + 1,
      })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, {
      competitionId: c.id,
      actor: actorLabel(actor),
      action: scratched === undefined ? 'entry.update' : scratched ? 'entry.scratch' : 'entry.unscratch',
      entity: 'entry',
      entityId: before.id,
      before: view(before),
      after: view(after),
    });
    return view(after);
  });
  await app.feed.publish(c.id, 'events');
  return result;
}

/** Removes an entry made by mistake; once the couple is in a round it can only be scratched. */
async function deleteEntry(
  app: FastifyInstance,
  c: CompetitionRow,
  actor: UserActor,
  entryId: number,
  eventId?: number,
) {
  await app.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('entries')
      .selectAll()
      .where('id', '=', entryId)
      .where('competition_id', '=', c.id)
      .executeTakeFirst();
    if (!before || (eventId !== undefined && before.event_id !== eventId)) throw notFound('That entry');
    const inRound = await trx
      .selectFrom('round_entries')
      .select('round_id')
      .where('entry_id', '=', before.id)
      .executeTakeFirst();
    if (inRound)
      throw new HttpError(
        409,
        'entry_in_rounds',
        'This couple is already in a round; scratch the entry instead.',
      );
    await trx.deleteFrom('entries').where('id', '=', before.id).execute();
    await audit(trx, {
      competitionId: c.id,
      actor: actorLabel(actor),
      action: 'entry.delete',
      entity: 'entry',
      entityId: before.id,
      before,
    });
  });
  await app.feed.publish(c.id, 'events');
}

const routes: FastifyPluginAsyncZod = async (app) => {
  /**
   * A day-of entry (spec §3 placeholder): a couple who turns up unregistered dances now and is named
   * later. Names default to "dummy", team to "Other", the number to 999 — or the next free number
   * from 999, so two ad hoc couples in one event are still told apart on the floor.
   */
  app.post(
    '/competitions/:key/entries/adhoc',
    { schema: { tags: ['entries'], params: keyParams, body: adhocEntryCreate } },
    async (req, reply) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      const b = req.body;
      const created = await app.db.transaction().execute(async (trx) => {
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
        const worn = new Set<number>([
          ...(
            await trx.selectFrom('competitors').select('number').where('competition_id', '=', c.id).execute()
          ).flatMap((r) => (r.number === null ? [] : [r.number])),
          ...(
            await trx
              .selectFrom('entries')
              .select('lead_number')
              .where('competition_id', '=', c.id)
              .where('lead_id', 'is', null)
              .where('event_id', '=', event.id)
              .execute()
          ).map((r) => r.lead_number),
        ]);
        let leadNumber: number = b.leadNumber ?? ADHOC.leadNumber;
        if (b.leadNumber !== undefined) {
          if (worn.has(b.leadNumber))
            throw new HttpError(
              409,
              'number_taken',
              `Number ${b.leadNumber} is already worn. Choose another number.`,
            );
        } else while (worn.has(leadNumber)) leadNumber++;
        const { id } = await insertEntry(trx, {
          competitionId: c.id,
          eventId: event.id,
          leadName,
          followName,
          affiliation: b.affiliation || ADHOC.affiliation,
          leadNumber,
        });
        const entry = {
          id,
          entryId: id,
          eventKey: event.key,
          eventName: event.name,
          leadId: ADHOC.id,
          followId: ADHOC.id,
          leadName,
          followName,
          affiliation: b.affiliation || ADHOC.affiliation,
          leadNumber,
          scratched: false,
          version: 1,
        };
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'entry.adhoc',
          entity: 'entry',
          entityId: id,
          after: entry,
        });
        return entry;
      });
      await app.feed.publish(c.id, 'events');
      reply.status(201);
      return created;
    },
  );

  app.patch(
    '/competitions/:key/entries/:entryId',
    { schema: { tags: ['entries'], params: entryParams, body: entryPatch } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      return updateEntry(app, c, actor, req.params.entryId, req.body);
    },
  );
  app.patch(
    '/competitions/:key/events/:eventKey/entries/:entryId',
    { schema: { tags: ['entries'], params: eventEntryParams, body: entryPatch } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      const event = await findEvent(app.db, c.id, req.params.eventKey);
      return updateEntry(app, c, actor, req.params.entryId, req.body, event.id);
    },
  );

  app.delete(
    '/competitions/:key/entries/:entryId',
    { schema: { tags: ['entries'], params: entryParams } },
    async (req, reply) => {
      const c = await findCompetition(app.db, req.params.key);
      await deleteEntry(app, c, requireCompetitionAdmin(req, c.id), req.params.entryId);
      reply.status(204);
    },
  );
  app.delete(
    '/competitions/:key/events/:eventKey/entries/:entryId',
    { schema: { tags: ['entries'], params: eventEntryParams } },
    async (req, reply) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      const event = await findEvent(app.db, c.id, req.params.eventKey);
      await deleteEntry(app, c, actor, req.params.entryId, event.id);
      reply.status(204);
    },
  );

  /** Every entry, one row per couple per event, for spreadsheets and the desk. */
  app.get(
    '/competitions/:key/entries.csv',
    { schema: { tags: ['entries'], params: keyParams } },
    async (req, reply) => {
      const c = await findCompetition(app.db, req.params.key);
      requireCompetitionAdmin(req, c.id);
      const rows = await app.db
        .selectFrom('entries')
        .innerJoin('events', 'events.id', 'entries.event_id')
        .select([
          'events.key',
          'events.name',
          'events.style',
          'events.level',
          'entries.lead_number',
          'entries.lead_name',
          'entries.follow_name',
          'entries.affiliation',
          'entries.scratched',
          'entries.checked_in',
          'entries.registration_id',
          'entries.registered_time',
        ])
        .where('entries.competition_id', '=', c.id)
        .orderBy('events.sort_order')
        .orderBy('entries.lead_number')
        .execute();
      const csv = toCsv([
        [
          'event_key',
          'event',
          'style',
          'level',
          'lead_number',
          'lead_name',
          'follow_name',
          'affiliation',
          'scratched',
          'checked_in',
          'ad_hoc',
          'registered_time',
        ],
        ...rows.map((r) => [
          r.key,
          r.name,
          r.style,
          r.level,
          r.lead_number,
          r.lead_name,
          r.follow_name,
          r.affiliation,
          r.scratched ? 'yes' : 'no',
          r.checked_in ? 'yes' : 'no',
          r.registration_id === null ? 'yes' : 'no',
          r.registered_time,
        ]),
      ]);
      return csvReply(reply, `${c.key}-entries.csv`, csv);
    },
  );
};
export default routes;
