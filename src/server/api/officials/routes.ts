import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely, Transaction } from 'kysely';
import { findCompetition } from '../competitions/repo.ts';
import { keyParams } from '../competitions/routes.ts';
import { actorLabel, requireCompetitionAdmin } from '../../auth/sessions.ts';
import { officialCreate, officialPatch } from '../../../domain/schemas/officials.ts';
import { panelPut } from '../../../domain/schemas/events.ts';
import { generateCode } from '../../../domain/codes.ts';
import { hashSecret } from '../../auth/passwords.ts';
import { audit } from '../../audit.ts';
import { HttpError, notFound, stale } from '../../errors.ts';
import type { Database, OfficialRow } from '../../db/schema.ts';
import { addOfficial, judgeLetter } from './add.ts';
import { bumpEvent, checkEventVersion, findEvent } from '../events/repo.ts';
import { readPrintPanels } from '../print/routes.ts';

type Q = Kysely<Database> | Transaction<Database>;
const officialParams = keyParams.extend({ officialId: z.coerce.number().int().positive() });
const eventParams = keyParams.extend({ eventKey: z.string().max(100) });

const view = (o: OfficialRow) => ({
  id: o.id,
  name: o.name,
  role: o.role,
  bio: o.bio,
  photoURL: o.photo_url,
  letter: o.letter,
  version: o.version,
});

async function findOfficial(db: Q, competitionId: number, id: number): Promise<OfficialRow> {
  const o = await db
    .selectFrom('officials')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!o) throw notFound('That official');
  return o;
}

/**
 * Every event's judge panel (ids and letters in marking order); an event without its own panel is
 * judged by every judge (the default). Built on the one panel read, `readPrintPanels`.
 */
export async function readPanels(db: Q, competitionId: number) {
  const [panels, versions] = await Promise.all([
    readPrintPanels(db, competitionId),
    db.selectFrom('events').select(['key', 'version']).where('competition_id', '=', competitionId).execute(),
  ]);
  const versionOf = new Map(versions.map((e) => [e.key, e.version]));
  return panels.map((p) => ({
    eventKey: p.eventKey,
    eventName: p.eventName,
    isDefault: p.isDefault,
    officialIds: p.judges.map((j) => j.id),
    letters: p.judges.map((j) => j.letter),
    version: versionOf.get(p.eventKey) ?? 0,
  }));
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/competitions/:key/officials',
    { schema: { tags: ['officials'], params: keyParams } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      requireCompetitionAdmin(req, c.id);
      const rows = await app.db
        .selectFrom('officials')
        .selectAll()
        .where('competition_id', '=', c.id)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      return rows.map(view);
    },
  );

  app.post(
    '/competitions/:key/officials',
    { schema: { tags: ['officials'], params: keyParams, body: officialCreate } },
    async (req, reply) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      const created = await app.db
        .transaction()
        .execute((trx) => addOfficial(trx, c.id, req.body, actorLabel(actor)));
      await app.feed.publish(c.id, 'competition');
      reply.status(201);
      return created;
    },
  );

  app.patch(
    '/competitions/:key/officials/:officialId',
    { schema: { tags: ['officials'], params: officialParams, body: officialPatch } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      const { version, ...changes } = req.body;
      const updated = await app.db.transaction().execute(async (trx) => {
        const o = await findOfficial(trx, c.id, req.params.officialId);
        if (version !== undefined && version !== o.version) throw stale(`${o.name}'s details`, view(o));
        let letter = o.letter;
        if (changes.role && changes.role !== o.role) {
          if (changes.role === 'Judge') {
            // A new judge gets the next free letter; the others keep theirs (sheets may be printed).
            const used = await trx
              .selectFrom('officials')
              .select('letter')
              .where('competition_id', '=', c.id)
              .where('letter', '!=', '')
              .execute();
            const taken = new Set(used.map((u) => u.letter));
            let n = 0;
            while (taken.has(judgeLetter(n))) n++;
            letter = judgeLetter(n);
          } else {
            letter = '';
            await trx.deleteFrom('event_panels').where('official_id', '=', o.id).execute();
          }
        }
        await trx
          .updateTable('officials')
          .set({
            name: changes.name ?? o.name,
            role: changes.role ?? o.role,
            bio: changes.bio ?? o.bio,
            photo_url: changes.photoURL ?? o.photo_url,
            letter,
            version: o.version + 1,
          })
          .where('id', '=', o.id)
          .execute();
        const after = await findOfficial(trx, c.id, o.id);
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'official.update',
          entity: 'official',
          entityId: o.id,
          before: view(o),
          after: view(after),
        });
        return view(after);
      });
      await app.feed.publish(c.id, 'competition', 'events');
      return updated;
    },
  );

  /**
   * Deletes an official who has not marked anything: they leave every judge panel and their open
   * sessions end. One whose marks are on record stays (the results rest on them): 409, nothing written.
   */
  app.delete(
    '/competitions/:key/officials/:officialId',
    { schema: { tags: ['officials'], params: officialParams } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      const message = await app.db.transaction().execute(async (trx) => {
        const o = await findOfficial(trx, c.id, req.params.officialId);
        const [marks, history] = await Promise.all([
          trx
            .selectFrom('marks')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('official_id', '=', o.id)
            .executeTakeFirstOrThrow(),
          // The mark history is the append-only trace; it names the official by id only.
          trx
            .selectFrom('mark_history')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('official_id', '=', o.id)
            .executeTakeFirstOrThrow(),
        ]);
        if (Number(marks.n) > 0 || Number(history.n) > 0) {
          throw new HttpError(
            409,
            'has_marks',
            `${o.name} cannot be deleted: their marks are on record and the results rest on them.`,
            { marks: Number(marks.n) },
          );
        }
        const panels = await trx
          .selectFrom('event_panels')
          .innerJoin('events', 'events.id', 'event_panels.event_id')
          .select(['events.id', 'events.key', 'events.name'])
          .where('event_panels.official_id', '=', o.id)
          .execute();
        await trx.deleteFrom('event_panels').where('official_id', '=', o.id).execute();
        for (const e of panels) await bumpEvent(trx, e.id);
        // A panel left empty goes back to the default, every judge: say so rather than surprise.
        const emptied = [];
        for (const e of panels) {
          const left = await trx
            .selectFrom('event_panels')
            .select('official_id')
            .where('event_id', '=', e.id)
            .executeTakeFirst();
          if (!left) emptied.push(e.name);
        }
        await trx.deleteFrom('sessions').where('official_id', '=', o.id).execute();
        await trx.deleteFrom('officials').where('id', '=', o.id).execute();
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'official.delete',
          entity: 'official',
          entityId: o.id,
          before: { ...view(o), panels: panels.map((e) => e.key) },
        });
        return (
          `Deleted ${o.name} (${o.role}${o.letter ? ` ${o.letter}` : ''})` +
          (panels.length ? `; removed from the panel of ${panels.map((e) => e.name).join(', ')}` : '') +
          (emptied.length ? `; ${emptied.join(', ')} now judged by every judge` : '')
        );
      });
      await app.feed.publish(c.id, 'competition', 'events');
      return { message };
    },
  );

  /** A new access code (the old one stops working); shown this once, like at creation. */
  app.post(
    '/competitions/:key/officials/:officialId/code',
    { schema: { tags: ['officials'], params: officialParams } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      const accessCode = generateCode();
      const official = await app.db.transaction().execute(async (trx) => {
        const o = await findOfficial(trx, c.id, req.params.officialId);
        await trx
          .updateTable('officials')
          .set({ access_code_hash: await hashSecret(accessCode), version: o.version + 1 })
          .where('id', '=', o.id)
          .execute();
        // Sessions opened with the old code end: the code may have been lost or seen.
        await trx.deleteFrom('sessions').where('official_id', '=', o.id).execute();
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'official.code-regenerate',
          entity: 'official',
          entityId: o.id,
        });
        return { ...view(o), version: o.version + 1 };
      });
      await app.feed.publish(c.id, 'competition');
      return { ...official, accessCode };
    },
  );

  app.get(
    '/competitions/:key/panels',
    { schema: { tags: ['officials'], params: keyParams } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      return readPanels(app.db, c.id);
    },
  );

  /** Sets an event's judge panel; an empty list goes back to the default (every judge). */
  app.put(
    '/competitions/:key/events/:eventKey/panel',
    { schema: { tags: ['officials'], params: eventParams, body: panelPut } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      await app.db.transaction().execute(async (trx) => {
        const e = await findEvent(trx, c.id, req.params.eventKey);
        await checkEventVersion(trx, e, req.body.version);
        const judges = await trx
          .selectFrom('officials')
          .select('id')
          .where('competition_id', '=', c.id)
          .where('role', '=', 'Judge')
          .execute();
        const ids = new Set(judges.map((j) => j.id));
        const wrong = req.body.officialIds.find((id) => !ids.has(id));
        if (wrong !== undefined) {
          throw new HttpError(400, 'invalid', `Official ${wrong} is not a judge of this competition.`);
        }
        const before = (await readPanels(trx, c.id)).find((p) => p.eventKey === e.key);
        await trx.deleteFrom('event_panels').where('event_id', '=', e.id).execute();
        const chosen = [...new Set(req.body.officialIds)];
        if (chosen.length && chosen.length < ids.size) {
          await trx
            .insertInto('event_panels')
            .values(chosen.map((official_id) => ({ event_id: e.id, official_id })))
            .execute();
        }
        await bumpEvent(trx, e.id);
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'event.panel',
          entity: 'event',
          entityId: e.key,
          before,
          after: { officialIds: chosen },
        });
      });
      await app.feed.publish(c.id, 'events', 'competition');
      return (await readPanels(app.db, c.id)).find((p) => p.eventKey === req.params.eventKey);
    },
  );
};
export default routes;
