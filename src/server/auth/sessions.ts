import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import type { DB } from '../db/index.ts';
import { newToken, sha256 } from './passwords.ts';
import type { OfficialRole } from '../../domain/schemas/competition.ts';

export const SESSION_COOKIE = 'promenade_session';
const USER_SESSION_HOURS = 12;
/** A judge's tablet stays signed in for the whole competition day. */
const OFFICIAL_SESSION_HOURS = 20;

export interface UserActor {
  kind: 'user';
  sessionId: string;
  user: { id: number; email: string; name: string; isSuperAdmin: boolean };
  /** Competition ids this account administers. */
  adminOf: Set<number>;
}
export interface OfficialActor {
  kind: 'official';
  sessionId: string;
  official: { id: number; competitionId: number; name: string; role: OfficialRole };
}
export type Actor = { kind: 'anonymous' } | UserActor | OfficialActor;

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
}

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

/** Starts a session (a staff account, or an official signed in with an access code) and sets its cookie. */
export async function startSession(
  db: DB,
  reply: FastifyReply,
  who: { kind: 'user'; userId: number } | { kind: 'official'; officialId: number; competitionId: number },
  secure: boolean,
): Promise<void> {
  const token = newToken();
  const hours = who.kind === 'user' ? USER_SESSION_HOURS : OFFICIAL_SESSION_HOURS;
  await db
    .insertInto('sessions')
    .values({
      id: sha256(token),
      kind: who.kind,
      user_id: who.kind === 'user' ? who.userId : null,
      official_id: who.kind === 'official' ? who.officialId : null,
      competition_id: who.kind === 'official' ? who.competitionId : null,
      expires_at: hoursFromNow(hours),
      last_seen_at: new Date().toISOString(),
    })
    .execute();
  setSessionCookie(reply, token, hours, secure);
}

function setSessionCookie(reply: FastifyReply, token: string, hours: number, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: hours * 3600,
  });
}

export async function endSession(db: DB, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (req.actor.kind !== 'anonymous')
    await db.deleteFrom('sessions').where('id', '=', req.actor.sessionId).execute();
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Reads the session cookie into `req.actor`. Expired sessions are deleted on sight. */
export async function resolveActor(db: DB, token: string | undefined): Promise<Actor> {
  if (!token || token.length > 100) return { kind: 'anonymous' };
  const id = sha256(token);
  const s = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!s) return { kind: 'anonymous' };
  if (s.expires_at < new Date().toISOString()) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return { kind: 'anonymous' };
  }
  if (s.kind === 'user' && s.user_id !== null) {
    const user = await db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'is_super_admin'])
      .where('id', '=', s.user_id)
      .executeTakeFirst();
    if (!user) return { kind: 'anonymous' };
    const memberships = await db
      .selectFrom('memberships')
      .select('competition_id')
      .where('user_id', '=', user.id)
      .execute();
    return {
      kind: 'user',
      sessionId: id,
      user: { id: user.id, email: user.email, name: user.name, isSuperAdmin: user.is_super_admin === 1 },
      adminOf: new Set(memberships.map((m) => m.competition_id)),
    };
  }
  if (s.kind === 'official' && s.official_id !== null) {
    const o = await db
      .selectFrom('officials')
      .select(['id', 'competition_id', 'name', 'role'])
      .where('id', '=', s.official_id)
      .executeTakeFirst();
    if (!o) return { kind: 'anonymous' };
    return {
      kind: 'official',
      sessionId: id,
      official: { id: o.id, competitionId: o.competition_id, name: o.name, role: o.role as OfficialRole },
    };
  }
  return { kind: 'anonymous' };
}

/** Administers this competition: its administrators and every site administrator. */
export function isCompetitionAdmin(actor: Actor, competitionId: number): boolean {
  return actor.kind === 'user' && (actor.user.isSuperAdmin || actor.adminOf.has(competitionId));
}

/** Who did it, for the audit trail. */
export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case 'user':
      return `user:${actor.user.id}:${actor.user.email}`;
    case 'official':
      return `official:${actor.official.id}:${actor.official.role}:${actor.official.name}`;
    default:
      return 'public';
  }
}
