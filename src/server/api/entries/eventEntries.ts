import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCompetition } from '../competitions/repo.ts';
import { keyParams } from '../competitions/routes.ts';
import { findEvent } from '../events/repo.ts';
import { eventsView } from '../events/view.ts';
import { actorLabel, isCompetitionAdmin, requireCompetitionAdmin, type Actor } from '../../auth/sessions.ts';
import { RoundState } from '../../../domain/rounds/index.ts';
import { scratchBody } from '../../../domain/schemas/floor.ts';
import { audit } from '../../audit.ts';
import { HttpError, forbidden, notFound, unauthorized } from '../../errors.ts';
import { checkIn, eventEntryCreate } from '../../../domain/schemas/registration.ts';
import { insertEntry, refuseDuplicatePair } from './insert.ts';
import { nextLeadNumber } from '../../../domain/registrationRules.ts';

const eventParams = keyParams.extend({ eventKey: z.string().max(100) });
const entryParams = eventParams.extend({
  entryId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31),
});

/** The api.md paths for one event's entries (list, add, check in); edits live in routes.ts. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/competitions/:key/events/:eventKey/entries',
    { schema: { tags: ['entries'], params: eventParams } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const event = await findEvent(app.db, c.id, req.params.eventKey);
      const view = (await eventsView(app.db, c.id)).find((e) => e.key === event.key);
      return view?.entries ?? [];
    },
  );

  app.post(
    '/competitions/:key/events/:eventKey/entries',
    { schema: { tags: ['entries'], params: eventParams, body: eventEntryCreate } },
    async (req, reply) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      const b = req.body;
      const created = await app.db.transaction().execute(async (trx) => {
        const event = await findEvent(trx, c.id, req.params.eventKey);
        await refuseDuplicatePair(trx, event, b);
        for (const id of [b.leadId, b.followId]) {
          if (id === undefined) continue;
          const found = await trx
            .selectFrom('competitors')
            .select('id')
            .where('id', '=', id)
            .where('competition_id', '=', c.id)
            .executeTakeFirst();
          if (!found)
            throw new HttpError(400, 'invalid', `There is no competitor ${id} in this competition.`);
        }
        const numbers = await trx
          .selectFrom('competitors')
          .select(['id', 'number', 'name'])
          .where('competition_id', '=', c.id)
          .where('number', 'is not', null)
          .execute();
        const leadOwn =
          b.leadId === undefined ? undefined : (numbers.find((n) => n.id === b.leadId)?.number ?? undefined);
        let leadNumber: number;
        if (b.leadNumber !== undefined) {
          const wearer = numbers.find((n) => n.number === b.leadNumber && n.id !== b.leadId);
          if (wearer)
            throw new HttpError(
              409,
              'number_taken',
              `Number ${b.leadNumber} is already worn by ${wearer.name}. Choose another number.`,
            );
          leadNumber = b.leadNumber;
        } else if (leadOwn !== undefined && leadOwn !== null) {
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
        const { id, registeredTime } = await insertEntry(trx, {
          competitionId: c.id,
          eventId: event.id,
          leadId: b.leadId,
          followId: b.followId,
          leadName: b.leadName,
          followName: b.followName,
          affiliation: b.affiliation,
          leadNumber,
        });
        const entry = {
          id,
          entryId: id,
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
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'entry.create',
          entity: 'entry',
          entityId: id,
          after: { event: event.key, ...entry },
        });
        return entry;
      });
      await app.feed.publish(c.id, 'events');
      reply.status(201);
      return created;
    },
  );

  /** Spec's checkedIn: the deck captain (access-code session) or an admin confirms a couple is present. */
  app.post(
    '/competitions/:key/events/:eventKey/entries/:entryId/check-in',
    { schema: { tags: ['entries'], params: entryParams, body: checkIn } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = req.actor;
      requireDeckCaptainOrAdmin(actor, c.id, 'check couples in');
      const result = await app.db.transaction().execute(async (trx) => {
        const event = await findEvent(trx, c.id, req.params.eventKey);
        const before = await trx
          .selectFrom('entries')
          .select(['id', 'checked_in', 'version'])
          .where('id', '=', req.params.entryId)
          .where('event_id', '=', event.id)
          .executeTakeFirst();
        if (!before) throw notFound('That entry');
        const checkedIn = req.body.checkedIn ? 1 : 0;
        await trx
          .updateTable('entries')
          .set({ checked_in: checkedIn, version: before.version + 1 })
          .where('id', '=', before.id)
          .execute();
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: checkedIn ? 'entry.check_in' : 'entry.check_out',
          entity: 'entry',
          entityId: before.id,
          before: { checkedIn: before.checked_in === 1 },
          after: { checkedIn: checkedIn === 1 },
        });
        return { entryId: before.id, checkedIn: checkedIn === 1, version: before.version + 1 };
      });
      await app.feed.publish(c.id, 'events');
      return result;
    },
  );

  /** Scratch (withdraw) a couple from the event, or take a scratch back: deck captain or admin. */
  app.post(
    '/competitions/:key/events/:eventKey/entries/:entryId/scratch',
    { schema: { tags: ['entries'], params: entryParams, body: scratchBody } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      requireDeckCaptainOrAdmin(req.actor, c.id, 'scratch couples');
      const result = await app.db.transaction().execute(async (trx) => {
        const event = await findEvent(trx, c.id, req.params.eventKey);
        const before = await trx
          .selectFrom('entries')
          .select(['id', 'lead_number', 'scratched', 'version'])
          .where('id', '=', req.params.entryId)
          .where('event_id', '=', event.id)
          .executeTakeFirst();
        if (!before) throw notFound('That entry');
        const scratched = req.body.scratched ? 1 : 0;
        // Marks already given to the couple in a round not yet posted would no longer add up.
        const marked = await trx
          .selectFrom('round_entries')
          .innerJoin('rounds', 'rounds.id', 'round_entries.round_id')
          .select(['rounds.round_name'])
          .where('round_entries.entry_id', '=', before.id)
          .where('rounds.round_state', 'in', [RoundState.Running, RoundState.Marked])
          .where((eb) =>
            eb.exists(eb.selectFrom('marks').select('marks.id').whereRef('marks.round_id', '=', 'rounds.id')),
          )
          .executeTakeFirst();
        if (marked && scratched !== before.scratched) {
          throw new HttpError(
            409,
            'round_marked',
            `Couple ${before.lead_number} is in the ${marked.round_name} of ${event.name}, which judges are already marking: ask the scrutineer.`,
          );
        }
        await trx
          .updateTable('entries')
          .set({ scratched, version: before.version + 1 })
          .where('id', '=', before.id)
          .execute();
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(req.actor),
          action: scratched ? 'entry.scratch' : 'entry.unscratch',
          entity: 'entry',
          entityId: before.id,
          before: { scratched: before.scratched === 1 },
          after: { scratched: scratched === 1 },
        });
        return {
          entryId: before.id,
          coupleNumber: String(before.lead_number),
          scratched: scratched === 1,
          version: before.version + 1,
        };
      });
      await app.feed.publish(c.id, 'events', 'schedule');
      return result;
    },
  );
};

/** 401 signed out; 403 unless the competition's deck captain (access code) or an admin. */
function requireDeckCaptainOrAdmin(actor: Actor, competitionId: number, what: string): void {
  if (actor.kind === 'anonymous') throw unauthorized();
  const deckCaptain =
    actor.kind === 'official' &&
    actor.official.competitionId === competitionId &&
    actor.official.role === 'Deck Captain';
  if (!deckCaptain && !isCompetitionAdmin(actor, competitionId))
    throw forbidden(`Only the deck captain or an administrator may ${what}.`);
}
export default routes;
