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

interface SecretCheck<T> {
  /** The guard's account key: failures are counted per account as well as per address. */
  account: string;
  find: () => Promise<T | undefined>;
  secret: string;
  hashOf: (found: T) => string;
  /** What the warning names besides the address and the failure count. */
  logged: Record<string, unknown>;
  logMessage: string;
  code: string;
  message: string;
}

/**
 * Finds the account behind the guard and verifies its secret. A missing account is verified against a
 * dummy hash, so the answer takes the same time; a failure is counted, logged and refused (401).
 */
async function checkSecret<T>(
  guard: SignInGuard,
  req: FastifyRequest,
  reply: FastifyReply,
  check: SecretCheck<T>,
): Promise<T> {
  await guard.before(req, reply, check.account);
  const found = await check.find();
  const ok = await verifySecret(check.secret, found ? check.hashOf(found) : DUMMY_HASH);
  if (!found || !ok) {
    const count = guard.failed(req, check.account);
    req.log.warn({ ...check.logged, ip: req.ip, failures: count }, check.logMessage);
    throw new HttpError(401, check.code, check.message);
  }
  guard.succeeded(req, check.account);
  return found;
}

export async function signIn(
  app: FastifyInstance,
  guard: SignInGuard,
  req: FastifyRequest,
  reply: FastifyReply,
  credentials: { email: string; password: string },
) {
  const email = credentials.email.trim().toLowerCase();
  const account = `login:${email}`;
  const user = await checkSecret(guard, req, reply, {
    account,
    find: () =>
      app.db
        .selectFrom('users')
        .select(['id', 'password_hash'])
        .where('email', '=', email)
        .executeTakeFirst(),
    secret: credentials.password,
    hashOf: (u) => u.password_hash,
    logged: { email },
    logMessage: 'sign-in failed',
    code: 'bad_credentials',
    message: 'The email or password is not right. Check both and try again.',
  });
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
  const official = await checkSecret(guard, req, reply, {
    account,
    find: () =>
      app.db
        .selectFrom('officials')
        .select(['id', 'competition_id', 'name', 'role', 'access_code_hash'])
        .where('id', '=', officialId)
        .where('competition_id', '=', competition.id)
        .executeTakeFirst(),
    secret: code.toUpperCase(),
    hashOf: (o) => o.access_code_hash,
    logged: { officialId },
    logMessage: 'access code rejected',
    code: 'bad_code',
    message: 'That access code is not right. Check it with the scrutineer and try again.',
  });
  await startSession(
    app.db,
    reply,
    { kind: 'official', officialId: official.id, competitionId: official.competition_id },
    app.config.secureCookies,
  );
  const role = official.role as OfficialRole;
  return { official: { id: official.id, name: official.name, role, competition: competition.key } };
}
