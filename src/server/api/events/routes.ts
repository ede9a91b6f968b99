import { z } from 'zod';
import type { Transaction } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCompetition } from '../competitions/repo.ts';
import { keyParams } from '../competitions/routes.ts';
import { actorLabel, requireCompetitionAdmin } from '../../auth/sessions.ts';
import { audit } from '../../audit.ts';
import { HttpError } from '../../errors.ts';
import type { Database } from '../../db/schema.ts';
import {
  eventCreate,
  eventDeleteQuery,
  eventGridCreate,
  eventPatch,
  type EventCreate,
} from '../../../domain/schemas/events.ts';
import { uniqueEventKey } from '../../../domain/events.ts';
import { sortDances } from '../../../domain/styles.ts';
import { eventsFromGrid } from '../../../domain/eventGrid.ts';
import { eventsView } from './view.ts';
import {
  archiveOfRounds,
  checkEventVersion,
  eventRounds,
  eventView,
  findEvent,
  isScheduleItem,
  lastScheduleIndex,
  roundsWithMarks,
} from './repo.ts';

export const eventParams = keyParams.extend({ eventKey: z.string().max(100) });

/** Inserts one event; an Awards or Break item gets its one schedule slot at the end of the day. */
async function insertEvent(trx: Transaction<Database>, competitionId: number, body: EventCreate) {
  const taken = await trx
    .selectFrom('events')
    .select(['key', 'name', 'sort_order'])
    .where('competition_id', '=', competitionId)
    .execute();
  if (taken.some((e) => e.name.toLowerCase() === body.name.toLowerCase())) {
    throw new HttpError(409, 'duplicate', `There is already an event called "${body.name}".`, {
      field: 'name',
    });
  }
  const key = uniqueEventKey(body.name, new Set(taken.map((e) => e.key)));
  const dances = sortDances(body.dances, body.style);
  const row = await trx
    .insertInto('events')
    .values({
      competition_id: competitionId,
      key,
      name: body.name,
      style: body.style,
      level: body.level,
      dances: JSON.stringify(dances),
      sort_order: Math.max(-1, ...taken.map((e) => e.sort_order)) + 1,
      version: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (isScheduleItem(dances)) {
    await trx
      .insertInto('rounds')
      .values({
        competition_id: competitionId,
        event_id: row.id,
        round_number: 1,
        round_name: dances.join(' & '),
        schedule_index: Math.floor(await lastScheduleIndex(trx, competitionId)) + 1,
        round_start_time: null,
        recall_size: 0,
        round_state: 0,
        heat_size: null,
        started_at: null,
        ended_at: null,
        version: 1,
      })
      .execute();
  }
  return { id: row.id, key, dances };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/competitions/:key/events', { schema: { tags: ['events'], params: keyParams } }, async (req) => {
    const c = await findCompetition(app.db, req.params.key);
    return eventsView(app.db, c.id);
  });

  app.post(
    '/competitions/:key/events',
    { schema: { tags: ['events'], params: keyParams, body: eventCreate } },
    async (req, reply) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      const key = await app.db.transaction().execute(async (trx) => {
        const made = await insertEvent(trx, c.id, req.body);
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'event.create',
          entity: 'event',
          entityId: made.key,
          after: { ...req.body, dances: made.dances, key: made.key },
        });
        return made.key;
      });
      await app.feed.publish(c.id, 'events', 'schedule');
      reply.status(201);
      return eventView(app.db, c.id, key);
    },
  );

  app.post(
    '/competitions/:key/events/grid',
    { schema: { tags: ['events'], params: keyParams, body: eventGridCreate } },
    async (req, reply) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      const planned = eventsFromGrid(req.body.cells, req.body.suffix ? ` ${req.body.suffix}` : '');
      const result = await app.db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('events')
          .select('name')
          .where('competition_id', '=', c.id)
          .execute();
        const names = new Set(existing.map((e) => e.name.toLowerCase()));
        const created: string[] = [];
        const skipped: string[] = [];
        for (const e of planned) {
          if (names.has(e.name.toLowerCase())) {
            skipped.push(e.name);
            continue;
          }
          names.add(e.name.toLowerCase());
          created.push((await insertEvent(trx, c.id, e)).key);
        }
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'event.create-grid',
          entity: 'event',
          after: { created, skipped },
        });
        return { created, skipped };
      });
      if (result.created.length) await app.feed.publish(c.id, 'events', 'schedule');
      const all = await eventsView(app.db, c.id);
      reply.status(201);
      return {
        created: all.filter((e) => result.created.includes(e.key)),
        skipped: result.skipped,
      };
    },
  );

  app.patch(
    '/competitions/:key/events/:eventKey',
    { schema: { tags: ['events'], params: eventParams, body: eventPatch } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      const { version, ...changes } = req.body;
      const newKey = await app.db.transaction().execute(async (trx) => {
        const e = await findEvent(trx, c.id, req.params.eventKey);
        await checkEventVersion(trx, e, version);
        const style = (changes.style ?? e.style) as EventCreate['style'];
        const dances = changes.dances
          ? sortDances(changes.dances, style)
          : sortDances(JSON.parse(e.dances) as string[], style);
        const check = eventCreate.safeParse({
          name: changes.name ?? e.name,
          style,
          level: changes.level ?? e.level,
          dances,
        });
        if (!check.success) {
          throw new HttpError(
            400,
            'invalid',
            check.error.issues[0]?.message ?? 'Not valid',
            check.error.issues,
          );
        }
        let key = e.key;
        if (changes.name && changes.name !== e.name) {
          const others = await trx
            .selectFrom('events')
            .select(['key', 'name'])
            .where('competition_id', '=', c.id)
            .where('id', '!=', e.id)
            .execute();
          if (others.some((o) => o.name.toLowerCase() === changes.name?.toLowerCase())) {
            throw new HttpError(409, 'duplicate', `There is already an event called "${changes.name}".`, {
              field: 'name',
            });
          }
          // The key follows the name (api.md); rounds, marks and results hang on ids, not keys.
          key = uniqueEventKey(changes.name, new Set(others.map((o) => o.key)));
        }
        await trx
          .updateTable('events')
          .set({
            name: check.data.name,
            key,
            style: check.data.style,
            level: check.data.level,
            dances: JSON.stringify(dances),
            version: e.version + 1,
          })
          .where('id', '=', e.id)
          .execute();
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'event.update',
          entity: 'event',
          entityId: key,
          before: { name: e.name, key: e.key, style: e.style, level: e.level, dances: JSON.parse(e.dances) },
          after: { ...check.data, key, dances },
        });
        return key;
      });
      await app.feed.publish(c.id, 'events', 'schedule');
      return eventView(app.db, c.id, newKey);
    },
  );

  app.delete(
    '/competitions/:key/events/:eventKey',
    {
      schema: {
        tags: ['events'],
        params: eventParams,
        querystring: eventDeleteQuery.extend({ version: z.coerce.number().int().min(0).optional() }),
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      const result = await app.db.transaction().execute(async (trx) => {
        const e = await findEvent(trx, c.id, req.params.eventKey);
        await checkEventVersion(trx, e, req.query.version);
        const marked = await roundsWithMarks(trx, e.id);
        if (marked.length > 0 && req.query.confirm !== 'true') {
          throw new HttpError(
            409,
            'has_marks',
            `"${e.name}" already has judges' marks (round ${marked.join(', ')}). Confirm to delete it; ` +
              'its marks, results and entries are then archived in the audit trail.',
            { roundsWithMarks: marked },
          );
        }
        const rounds = await eventRounds(trx, e.id);
        const archive = await archiveOfRounds(
          trx,
          rounds.map((r) => r.id),
        );
        const [entries, finalResults] = await Promise.all([
          trx.selectFrom('entries').selectAll().where('event_id', '=', e.id).execute(),
          trx.selectFrom('final_results').selectAll().where('event_id', '=', e.id).execute(),
        ]);
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'event.delete',
          entity: 'event',
          entityId: e.key,
          before: { event: e, rounds, entries, finalResults, ...archive },
        });
        // Cascades remove panels, entries, rounds, couples, marks and saved results; mark_history stays.
        await trx.deleteFrom('events').where('id', '=', e.id).execute();
        return { deleted: e.key, name: e.name, archived: marked.length > 0 };
      });
      await app.feed.publish(c.id, 'events', 'schedule', 'results');
      return result;
    },
  );
};
export default routes;
