import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCompetition } from '../competitions/repo.ts';
import { keyParams } from '../competitions/routes.ts';
import { actorLabel, requireCompetitionAdmin } from '../../auth/sessions.ts';
import { officialCreate } from '../../../domain/schemas/officials.ts';
import { addOfficial } from './add.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/competitions/:key/officials',
    { schema: { tags: ['officials'], params: keyParams } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      requireCompetitionAdmin(req, c.id);
      const rows = await app.db
        .selectFrom('officials')
        .select(['id', 'name', 'role', 'bio', 'photo_url', 'letter', 'version'])
        .where('competition_id', '=', c.id)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      return rows.map((o) => ({
        id: o.id,
        name: o.name,
        role: o.role,
        bio: o.bio,
        photoURL: o.photo_url,
        letter: o.letter,
        version: o.version,
      }));
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
};
export default routes;
