import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCreate } from '../../../domain/schemas/competition.ts';
import { findCompetition } from '../competitions/repo.ts';
import { actorLabel, requireCompetitionAdmin } from '../../auth/sessions.ts';
import { hashSecret } from '../../auth/passwords.ts';
import { audit } from '../../audit.ts';
import { HttpError, notFound } from '../../errors.ts';

const userParams = z.object({
  key: z.string().max(100),
  userId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31),
});
const keyParams = z.object({ key: z.string().max(100) });

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/competitions/:key/admins', { schema: { tags: ['admins'], params: keyParams } }, async (req) => {
    const c = await findCompetition(app.db, req.params.key);
    requireCompetitionAdmin(req, c.id);
    const rows = await app.db
      .selectFrom('users')
      .leftJoin('memberships', (j) =>
        j.onRef('memberships.user_id', '=', 'users.id').on('memberships.competition_id', '=', c.id),
      )
      .select(['users.id', 'users.email', 'users.name', 'users.is_super_admin'])
      .where((eb) => eb.or([eb('users.is_super_admin', '=', 1), eb('memberships.competition_id', '=', c.id)]))
      .orderBy('users.id')
      .execute();
    return rows.map((u) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      isSuperAdmin: u.is_super_admin === 1,
    }));
  });

  app.post(
    '/competitions/:key/admins',
    { schema: { tags: ['admins'], params: keyParams, body: adminCreate } },
    async (req, reply) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      const email = req.body.email.trim().toLowerCase();
      const hash = await hashSecret(req.body.password);
      const created = await app.db.transaction().execute(async (trx) => {
        const exists = await trx
          .selectFrom('users')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirst();
        if (exists)
          throw new HttpError(409, 'duplicate', `An account with the email ${email} already exists.`);
        const user = await trx
          .insertInto('users')
          .values({ email, name: req.body.name, password_hash: hash, is_super_admin: 0 })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('memberships')
          .values({ user_id: user.id, competition_id: c.id, role: 'admin' })
          .execute();
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'admin.add',
          entity: 'user',
          entityId: user.id,
          after: { email, name: req.body.name },
        });
        return { id: user.id, email, name: req.body.name, isSuperAdmin: false };
      });
      reply.status(201);
      return created;
    },
  );

  app.delete(
    '/competitions/:key/admins/:userId',
    { schema: { tags: ['admins'], params: userParams } },
    async (req, reply) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      const userId = req.params.userId;
      if (userId === actor.user.id)
        throw new HttpError(
          409,
          'conflict',
          'You cannot remove your own account. Ask another administrator.',
        );
      await app.db.transaction().execute(async (trx) => {
        const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
        const membership = await trx
          .selectFrom('memberships')
          .select('user_id')
          .where('user_id', '=', userId)
          .where('competition_id', '=', c.id)
          .executeTakeFirst();
        if (!user || (!membership && user.is_super_admin !== 1)) throw notFound('That administrator');
        if (user.is_super_admin === 1)
          throw new HttpError(
            409,
            'conflict',
            'A site administrator cannot be removed from one competition.',
          );
        await trx
          .deleteFrom('memberships')
          .where('user_id', '=', userId)
          .where('competition_id', '=', c.id)
          .execute();
        const others = await trx
          .selectFrom('memberships')
          .select('user_id')
          .where('user_id', '=', userId)
          .executeTakeFirst();
        // An account that administers nothing any more is deleted with its sessions.
        if (!others) await trx.deleteFrom('users').where('id', '=', userId).execute();
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'admin.remove',
          entity: 'user',
          entityId: userId,
          before: { email: user.email, name: user.name },
        });
      });
      return reply.status(204).send();
    },
  );
};
export default routes;
