import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCompetition, competitionView } from '../competitions/repo.ts';
import { keyParams } from '../competitions/routes.ts';
import { actorLabel, requireCompetitionAdmin, requireSuperAdmin } from '../../auth/sessions.ts';
import { exportCompetition, importCompetition } from './exchange.ts';
import { competitionKey } from '../../../domain/schemas/competition.ts';
import { audit } from '../../audit.ts';
import { HttpError } from '../../errors.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/competitions/:key/export',
    { schema: { tags: ['export'], params: keyParams } },
    async (req, reply) => {
      const c = await findCompetition(app.db, req.params.key);
      requireCompetitionAdmin(req, c.id);
      const doc = await exportCompetition(app.db, c.id);
      reply.header(
        'content-disposition',
        `attachment; filename="${c.key}-${doc.exportedAt.slice(0, 10)}.json"`,
      );
      return doc;
    },
  );

  app.post(
    '/competitions/import',
    {
      bodyLimit: 64 * 1024 * 1024,
      schema: {
        tags: ['export'],
        querystring: z.object({ key: competitionKey.optional() }),
        body: z.unknown(),
      },
    },
    async (req, reply) => {
      const actor = requireSuperAdmin(req);
      if (typeof req.body !== 'object' || req.body === null)
        throw new HttpError(400, 'invalid', 'Send the exported competition JSON document as the body.');
      const id = await app.db
        .transaction()
        .execute(async (trx) => {
          const newId = await importCompetition(trx, req.body, req.query.key);
          await trx
            .insertInto('memberships')
            .values({ user_id: actor.user.id, competition_id: newId, role: 'admin' })
            .execute();
          await audit(trx, {
            competitionId: newId,
            actor: actorLabel(actor),
            action: 'competition.import',
            entity: 'competition',
            entityId: newId,
          });
          return newId;
        })
        .catch((err: unknown) => {
          // A document that breaks the schema's rules (missing values, duplicates) is the sender's fault.
          const code = (err as { code?: unknown }).code;
          if (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT')) {
            throw new HttpError(
              400,
              'invalid',
              `The export is not consistent and was not imported: ${(err as Error).message}`,
            );
          }
          throw err;
        });
      const row = await app.db
        .selectFrom('competitions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      reply.status(201);
      return competitionView(app.db, row);
    },
  );
};
export default routes;
