/**
 * Signing in: with an email and password (staff accounts) or with an official's access code. Both
 * sit behind the same guard (src/server/auth/slowdown.ts): failures are slowed and limited per
 * address and per account; successes are never counted, so tablets sharing one address sign in freely.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OfficialRole } from '../../../domain/schemas/competition.ts';
import { timingSafeEqual } from 'node:crypto';
import { isKeyed } from '../../auth/entryCodes.ts';
import { DUMMY_HASH, sha256, verifySecret } from '../../auth/passwords.ts';
import { startSession } from '../../auth/sessions.ts';
import type { SignInGuard } from '../../auth/slowdown.ts';
import { HttpError } from '../../errors.ts';
import { sessionUser } from './queries.ts';

interface SecretCheck<T> {
  /** The guard's account key: failures are counted per account as well as per address. */
  account: string;
  /** Whose right sign-ins vouch for an address (the guard's `scope`). */
  scope: string;
  find: () => Promise<T | undefined>;
  /** Whether the secret is right for `found`; for no account, the same work against a dummy. */
  verify: (found: T | undefined) => Promise<boolean>;
  /** What the warning names besides the address and the failure count. */
  logged: Record<string, unknown>;
  logMessage: string;
  code: string;
  message: string;
}

/**
 * Finds the account behind the guard and verifies its secret. A missing account is verified against a
 * dummy, so the answer takes the same time; a failure is counted, logged and refused (401).
 */
async function checkSecret<T>(
  guard: SignInGuard,
  req: FastifyRequest,
  reply: FastifyReply,
  check: SecretCheck<T>,
): Promise<T> {
  await guard.before(req, reply, check.account, check.scope);
  const found = await check.find();
  const ok = await check.verify(found);
  if (!found || !ok) {
    const count = guard.failed(req, check.account);
    req.server.refusals.warn(req, { ...check.logged, ip: req.ip, failures: count }, check.logMessage);
    throw new HttpError(401, check.code, check.message);
  }
  guard.succeeded(req, check.account, check.scope);
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
    scope: account,
    find: () =>
      app.db
        .selectFrom('users')
        .select(['id', 'password_hash'])
        .where('email', '=', email)
        .executeTakeFirst(),
    verify: (u) => verifySecret(credentials.password, u?.password_hash ?? DUMMY_HASH),
    logged: { email },
    logMessage: 'sign-in failed',
    code: 'bad_credentials',
    message: 'The email or password is not right. Check both and try again.',
  });
  await startSession(app.db, reply, { kind: 'user', userId: user.id }, app.config.secureCookies);
  req.log.info({ userId: user.id }, 'signed in');
  return { user: await sessionUser(app.db, user.id) };
}

const sameText = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Whether `code` is `official`'s access code. Codes are stored keyed (auth/entryCodes.ts): one HMAC, no
 * slow hash. A code stored as a scrypt hash before access codes were keyed is checked in turn with the
 * passwords (auth/passwords.ts) and, once right, stored keyed: it keeps working, and costs no scrypt
 * again. So is a code still stored as a bare SHA-256.
 */
async function accessCodeMatches(
  app: FastifyInstance,
  official: { id: number; access_code_hash: string } | undefined,
  code: string,
): Promise<boolean> {
  const keyed = app.entryCodes.access.hash(code);
  if (!official) return false;
  const stored = official.access_code_hash;
  if (isKeyed(stored)) return sameText(keyed, stored);
  // Not keyed yet: a bare SHA-256 (the demo's seed, keyed at start-up, or seeded since) or scrypt.
  const right = stored.startsWith('scrypt$')
    ? await verifySecret(code, stored)
    : sameText(sha256(code), stored);
  if (!right) return false;
  await app.db
    .updateTable('officials')
    .set({ access_code_hash: keyed })
    .where('id', '=', official.id)
    .where('access_code_hash', '=', stored)
    .execute();
  return true;
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
    // An address any of the competition's officials signed in from is the venue's (or the chairman's).
    scope: `code:${competition.id}`,
    find: () =>
      app.db
        .selectFrom('officials')
        .select(['id', 'competition_id', 'name', 'role', 'access_code_hash'])
        .where('id', '=', officialId)
        .where('competition_id', '=', competition.id)
        .executeTakeFirst(),
    verify: (o) => accessCodeMatches(app, o, code.toUpperCase()),
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
