import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBody, type SessionUser } from '../../../domain/schemas/competition.ts';
import { DUMMY_HASH, verifySecret } from '../../auth/passwords.ts';
import { endSession, startSession } from '../../auth/sessions.ts';
import { FailureSlowdown, sleep } from '../../auth/slowdown.ts';
import { HttpError, unauthorized } from '../../errors.ts';
import { findCompetition } from '../competitions/repo.ts';
import type { DB } from '../../db/index.ts';

async function sessionUser(db: DB, userId: number): Promise<SessionUser> {
  const u = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'is_super_admin'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const keys =
    u.is_super_admin === 1
      ? await db.selectFrom('competitions').select('key').orderBy('id').execute()
      : await db
          .selectFrom('memberships')
          .innerJoin('competitions', 'competitions.id', 'memberships.competition_id')
          .select('competitions.key')
          .where('memberships.user_id', '=', userId)
          .execute();
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    isSuperAdmin: u.is_super_admin === 1,
    competitions: keys.map((k) => k.key),
  };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const slowdown = new FailureSlowdown();
  const loginLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

  app.post(
    '/auth/login',
    { config: loginLimit, schema: { tags: ['auth'], body: loginBody } },
    async (req, reply) => {
      const email = req.body.email.trim().toLowerCase();
      // Keyed by address and account: one person mistyping on venue Wi-Fi (one shared address) slows nobody else.
      const source = `login:${req.ip}:${email}`;
      await sleep(slowdown.delayFor(source));
      const user = await app.db
        .selectFrom('users')
        .select(['id', 'password_hash'])
        .where('email', '=', email)
        .executeTakeFirst();
      // Verify against a dummy hash when the account does not exist: the answer takes the same time.
      const ok = await verifySecret(req.body.password, user?.password_hash ?? DUMMY_HASH);
      if (!user || !ok) {
        const count = slowdown.failed(source);
        req.log.warn({ email, ip: req.ip, failures: count }, 'sign-in failed');
        throw new HttpError(
          401,
          'bad_credentials',
          'The email or password is not right. Check both and try again.',
        );
      }
      slowdown.succeeded(source);
      await startSession(app.db, reply, { kind: 'user', userId: user.id }, app.config.secureCookies);
      req.log.info({ userId: user.id }, 'signed in');
      return { user: await sessionUser(app.db, user.id) };
    },
  );

  app.post('/auth/logout', { schema: { tags: ['auth'] } }, async (req, reply) => {
    await endSession(app.db, req, reply);
    return reply.status(204).send();
  });

  app.get('/auth/me', { schema: { tags: ['auth'] } }, async (req) => {
    const actor = req.actor;
    if (actor.kind === 'user') return { user: await sessionUser(app.db, actor.user.id) };
    if (actor.kind === 'official') {
      const c = await app.db
        .selectFrom('competitions')
        .select('key')
        .where('id', '=', actor.official.competitionId)
        .executeTakeFirst();
      return {
        official: {
          id: actor.official.id,
          name: actor.official.name,
          role: actor.official.role,
          competition: c?.key ?? null,
        },
      };
    }
    throw unauthorized('Nobody is signed in.');
  });

  const officialParams = z.object({
    key: z.string().max(100),
    officialId: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 31),
  });
  const codeBody = z.object({
    code: z
      .string({ error: 'Enter your access code' })
      .trim()
      .min(1, { error: 'Enter your access code' })
      .max(20, { error: 'Access codes are 7 characters' }),
  });

  app.post(
    '/competitions/:key/officials/:officialId/session',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], params: officialParams, body: codeBody },
    },
    async (req, reply) => {
      const competition = await findCompetition(app.db, req.params.key);
      const source = `code:${req.ip}:${competition.id}:${req.params.officialId}`;
      await sleep(slowdown.delayFor(source));
      const official = await app.db
        .selectFrom('officials')
        .select(['id', 'competition_id', 'name', 'role', 'access_code_hash'])
        .where('id', '=', req.params.officialId)
        .where('competition_id', '=', competition.id)
        .executeTakeFirst();
      const ok = await verifySecret(req.body.code.toUpperCase(), official?.access_code_hash ?? DUMMY_HASH);
      if (!official || !ok) {
        const count = slowdown.failed(source);
        req.log.warn(
          { officialId: req.params.officialId, ip: req.ip, failures: count },
          'access code rejected',
        );
        throw new HttpError(
          401,
          'bad_code',
          'That access code is not right. Check it with the scrutineer and try again.',
        );
      }
      slowdown.succeeded(source);
      await startSession(
        app.db,
        reply,
        { kind: 'official', officialId: official.id, competitionId: official.competition_id },
        app.config.secureCookies,
      );
      return {
        official: { id: official.id, name: official.name, role: official.role, competition: competition.key },
      };
    },
  );
};

export default routes;
