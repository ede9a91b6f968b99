/**
 * Signing in: with an email and password (staff accounts) or with an official's access code. Both
 * sit behind the same guard (src/server/auth/slowdown.ts): failures are slowed and limited per
 * address and per account; successes are never counted, so tablets sharing one address sign in freely.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OfficialRole } from '../../../domain/schemas/competition.ts';
import { DUMMY_HASH, verifySecret } from '../../auth/passwords.ts';
import { startSession } from '../../auth/sessions.ts';
import type { SignInGuard } from '../../auth/slowdown.ts';
import { HttpError } from '../../errors.ts';
import { sessionUser } from './queries.ts';

export async function signIn(
  app: FastifyInstance,
  guard: SignInGuard,
  req: FastifyRequest,
  reply: FastifyReply,
  credentials: { email: string; password: string },
) {
  const email = credentials.email.trim().toLowerCase();
  const account = `login:${email}`;
  await guard.before(req, reply, account);
  const user = await app.db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();
  // Verify against a dummy hash when the account does not exist: the answer takes the same time.
  const ok = await verifySecret(credentials.password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !ok) {
    const count = guard.failed(req, account);
    req.log.warn({ email, ip: req.ip, failures: count }, 'sign-in failed');
    throw new HttpError(
      401,
      'bad_credentials',
      'The email or password is not right. Check both and try again.',
    );
  }
  guard.succeeded(req, account);
  await startSession(app.db, reply, { kind: 'user', userId: user.id }, app.config.secureCookies);
  req.log.info({ userId: user.id }, 'signed in');
  return { user: await sessionUser(app.db, user.id) };
}

/** An official of `req.competition` signs in on a tablet with the access code they were given. */
export async function signInOfficial(
  app: FastifyInstance,
  guard: SignInGuard,
  req: FastifyRequest,
  reply: FastifyReply,
  officialId: number,
  code: string,
) {
  const competition = req.competition;
  const account = `code:${competition.id}:${officialId}`;
  await guard.before(req, reply, account);
  const official = await app.db
    .selectFrom('officials')
    .select(['id', 'competition_id', 'name', 'role', 'access_code_hash'])
    .where('id', '=', officialId)
    .where('competition_id', '=', competition.id)
    .executeTakeFirst();
  const ok = await verifySecret(code.toUpperCase(), official?.access_code_hash ?? DUMMY_HASH);
  if (!official || !ok) {
    const count = guard.failed(req, account);
    req.log.warn({ officialId, ip: req.ip, failures: count }, 'access code rejected');
    throw new HttpError(
      401,
      'bad_code',
      'That access code is not right. Check it with the scrutineer and try again.',
    );
  }
  guard.succeeded(req, account);
  await startSession(
    app.db,
    reply,
    { kind: 'official', officialId: official.id, competitionId: official.competition_id },
    app.config.secureCookies,
  );
  const role = official.role as OfficialRole;
  return { official: { id: official.id, name: official.name, role, competition: competition.key } };
}
