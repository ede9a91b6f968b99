import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findCompetition } from '../competitions/repo.ts';
import { keyParams } from '../competitions/routes.ts';
import { actorLabel, requireCompetitionAdmin } from '../../auth/sessions.ts';
import { audit } from '../../audit.ts';
import { HttpError, notFound, stale } from '../../errors.ts';
import { competitorPatch, type PublicCompetitor } from '../../../domain/schemas/registration.ts';
import { parsePlacedOut } from '../../../domain/registrationRules.ts';

type Q = Kysely<Database> | Transaction<Database>;

const idParams = keyParams.extend({ id: z.coerce.number().int().positive() });

/**
 * Every competitor with team, number, partners and events. Public: no emails, codes, fees or consents.
 */
export async function publicCompetitors(
  db: Q,
  competitionId: number,
  only?: number,
): Promise<PublicCompetitor[]> {
  let people = db
    .selectFrom('competitors')
    .select(['id', 'name', 'affiliation', 'number'])
    .where('competition_id', '=', competitionId);
  if (only !== undefined) people = people.where('id', '=', only);
  const [rows, entries] = await Promise.all([
    people.orderBy('name').execute(),
    db
      .selectFrom('entries')
      .innerJoin('events', 'events.id', 'entries.event_id')
      .select([
        'entries.id',
        'entries.lead_id',
        'entries.follow_id',
        'entries.lead_name',
        'entries.follow_name',
        'entries.lead_number',
        'entries.scratched',
        'events.key',
        'events.name',
        'events.style',
        'events.level',
      ])
      .where('entries.competition_id', '=', competitionId)
      .$if(only !== undefined, (q) =>
        q.where((eb) => eb.or([eb('entries.lead_id', '=', only!), eb('entries.follow_id', '=', only!)])),
      )
      .orderBy('events.sort_order')
      .execute(),
  ]);
  return rows.map((p) => {
    const mine = entries.filter((e) => e.lead_id === p.id || e.follow_id === p.id);
    const list = mine.map((e) => {
      const role = e.lead_id === p.id ? ('lead' as const) : ('follow' as const);
      return {
        entryId: e.id,
        eventKey: e.key,
        eventName: e.name,
        style: e.style,
        level: e.level,
        role,
        partner:
          role === 'lead' ? { id: e.follow_id, name: e.follow_name } : { id: e.lead_id, name: e.lead_name },
        leadNumber: e.lead_number,
        scratched: e.scratched === 1,
      };
    });
    const partners = new Map<string, { id: number | null; name: string }>();
    for (const e of list) partners.set(`${e.partner.id ?? ''}:${e.partner.name}`, e.partner);
    return {
      id: p.id,
      name: p.name,
      affiliation: p.affiliation,
      number: p.number,
      partners: [...partners.values()],
      entries: list,
    };
  });
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/competitions/:key/competitors',
    { schema: { tags: ['competitors'], params: keyParams } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      return publicCompetitors(app.db, c.id);
    },
  );

  app.get(
    '/competitions/:key/competitors/:id',
    { schema: { tags: ['competitors'], params: idParams } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const [one] = await publicCompetitors(app.db, c.id, req.params.id);
      if (!one) throw notFound('That competitor');
      return one;
    },
  );

  /**
   * The organizer edits a competitor. Names and numbers are copied onto their entries (the floor and
   * the sheets read entries); a number worn by someone else is refused with who wears it.
   */
  app.patch(
    '/competitions/:key/competitors/:id',
    { schema: { tags: ['competitors'], params: idParams, body: competitorPatch } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      const { version, name, email, affiliation, number, placedOut } = req.body;
      const updated = await app.db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('competitors')
          .selectAll()
          .where('id', '=', req.params.id)
          .where('competition_id', '=', c.id)
          .executeTakeFirst();
        if (!before) throw notFound('That competitor');
        const view = () => ({
          id: before.id,
          name: before.name,
          email: before.email,
          affiliation: before.affiliation,
          number: before.number,
          placedOut: parsePlacedOut(before.placed_out),
          version: before.version,
        });
        if (version !== undefined && version !== before.version) throw stale('this competitor', view());
        if (number !== undefined && number !== null && number !== before.number) {
          const wearer = await trx
            .selectFrom('competitors')
            .select(['name'])
            .where('competition_id', '=', c.id)
            .where('number', '=', number)
            .where('id', '!=', before.id)
            .executeTakeFirst();
          const adhoc = await trx
            .selectFrom('entries')
            .select(['lead_name'])
            .where('competition_id', '=', c.id)
            .where('lead_number', '=', number)
            .where((eb) => eb.or([eb('lead_id', 'is', null), eb('lead_id', '!=', before.id)]))
            .executeTakeFirst();
          const who = wearer?.name ?? adhoc?.lead_name;
          if (who !== undefined)
            throw new HttpError(
              409,
              'number_taken',
              `Number ${number} is already worn by ${who}. Choose another number.`,
            );
        }
        if (number === null) {
          const leads = await trx
            .selectFrom('entries')
            .select('id')
            .where('lead_id', '=', before.id)
            .executeTakeFirst();
          if (leads)
            throw new HttpError(
              409,
              'number_needed',
              `${before.name} leads in some events and needs a number.`,
            );
        }
        await trx
          .updateTable('competitors')
          .set({
            ...(name !== undefined ? { name } : {}),
            ...(email !== undefined ? { email: email.toLowerCase() } : {}),
            ...(affiliation !== undefined ? { affiliation } : {}),
            ...(number !== undefined ? { number } : {}),
            ...(placedOut !== undefined ? { placed_out: JSON.stringify(placedOut) } : {}),
            version: before.version + 1,
          })
          .where('id', '=', before.id)
          .execute();
        if (name !== undefined) {
          await trx
            .updateTable('entries')
            .set({ lead_name: name })
            .where('lead_id', '=', before.id)
            .execute();
          await trx
            .updateTable('entries')
            .set({ follow_name: name })
            .where('follow_id', '=', before.id)
            .execute();
        }
        if (number !== undefined && number !== null)
          await trx
            .updateTable('entries')
            .set({ lead_number: number })
            .where('lead_id', '=', before.id)
            .execute();
        const after = { ...view(), ...req.body, version: before.version + 1 };
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'competitor.update',
          entity: 'competitor',
          entityId: before.id,
          before: view(),
          after,
        });
        return after;
      });
      await app.feed.publish(c.id, 'events');
      return updated;
    },
  );
};
export default routes;
