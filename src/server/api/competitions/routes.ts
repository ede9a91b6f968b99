import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  competitionCreate,
  competitionKey,
  competitionPatch,
  type CompetitionSummary,
} from '../../../domain/schemas/competition.ts';
import { competitionColumns, competitionView, findCompetition, replaceOrganizers } from './repo.ts';
import { actorLabel, requireCompetitionAdmin, requireSuperAdmin } from '../../auth/sessions.ts';
import { audit } from '../../audit.ts';
import { HttpError, stale } from '../../errors.ts';
import { createCompetition } from './create.ts';
import { defaultCompetitionKey } from './site.ts';

export const keyParams = z.object({ key: z.string().max(100) });

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/site', { schema: { tags: ['site'], summary: 'The competition served at /' } }, async () => {
    const key = await defaultCompetitionKey(app.db, app.config.defaultCompetition);
    if (!key) throw new HttpError(404, 'not_found', 'No competition has been set up on this server yet.');
    return { competition: key };
  });

  app.get(
    '/competitions',
    { schema: { tags: ['competitions'] } },
    async (): Promise<CompetitionSummary[]> => {
      const rows = await app.db
        .selectFrom('competitions')
        .select(['key', 'full_name', 'start_date', 'end_date'])
        .orderBy('start_date', 'desc')
        .execute();
      return rows.map((r) => ({
        key: r.key,
        fullName: r.full_name,
        startDate: r.start_date,
        endDate: r.end_date,
      }));
    },
  );

  app.post(
    '/competitions',
    { schema: { tags: ['competitions'], body: competitionCreate } },
    async (req, reply) => {
      const actor = requireSuperAdmin(req);
      const body = req.body;
      const row = await app.db.transaction().execute(async (trx) => {
        const created = await createCompetition(trx, body, actorLabel(actor));
        await trx
          .insertInto('memberships')
          .values({ user_id: actor.user.id, competition_id: created.id, role: 'admin' })
          .execute();
        return created;
      });
      reply.status(201);
      return competitionView(app.db, row);
    },
  );

  app.get('/competitions/:key', { schema: { tags: ['competitions'], params: keyParams } }, async (req) => {
    return competitionView(app.db, await findCompetition(app.db, req.params.key));
  });

  app.patch(
    '/competitions/:key',
    { schema: { tags: ['competitions'], params: keyParams, body: competitionPatch } },
    async (req) => {
      const current = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, current.id);
      const { version, organizers, ...fields } = req.body;
      const updated = await app.db.transaction().execute(async (trx) => {
        const before = await findCompetition(trx, req.params.key);
        if (version !== undefined && version !== before.version)
          throw stale('the competition', await competitionView(trx, before));
        const merged = {
          start: fields.startDate ?? before.start_date,
          end: fields.endDate ?? before.end_date,
        };
        if (merged.end < merged.start) {
          throw new HttpError(400, 'invalid', 'endDate: End date must not be before the start date', [
            { path: ['endDate'], message: 'End date must not be before the start date' },
          ]);
        }
        const beforeView = await competitionView(trx, before);
        await trx
          .updateTable('competitions')
          .set({
            ...competitionColumns(fields),
            version: before.version + 1,
            updated_at: new Date().toISOString(),
          })
          .where('id', '=', before.id)
          .execute();
        if (organizers) await replaceOrganizers(trx, before.id, organizers);
        const after = await competitionView(trx, await findCompetition(trx, req.params.key));
        await audit(trx, {
          competitionId: before.id,
          actor: actorLabel(actor),
          action: 'competition.update',
          entity: 'competition',
          entityId: before.key,
          before: beforeView,
          after,
        });
        return after;
      });
      await app.feed.publish(current.id, 'competition');
      return updated;
    },
  );
};

export default routes;
export { competitionKey };
