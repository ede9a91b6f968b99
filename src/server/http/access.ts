/**
 * Who may call a route, declared once on the route (`config: { access }`) and checked in one hook
 * before the handler runs. The handler then finds the competition in `req.competition` and the
 * caller's role in `req.role`. A route about one official (`:officialId`) may declare `ownOfficial`:
 * a judge then acts only as themselves, checked once the path is read. Finer checks that depend on the
 * data (a judge marks only rounds on their panel) stay in the command.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CompetitionRow } from '../db/schema.ts';
import type { OfficialRole } from '../../domain/schemas/competition.ts';
import { findCompetition } from '../api/competitions/queries.ts';
import { isCompetitionAdmin, type Actor, type UserActor } from '../auth/sessions.ts';
import { forbidden, HttpError, unauthorized } from '../errors.ts';
import { guardHandedOver } from '../mirror/cloud.ts';
import { notePublicRead } from '../mirror/surface.ts';

export type StaffRole = 'admin' | OfficialRole;

export type Access =
  /** Anyone. On a route with `:key` the competition is still resolved (404 when unknown). */
  | 'public'
  /** Anyone, but staff of the competition are recognised (`req.role`) and may see more. */
  | 'publicOrStaff'
  /** Any signed-in account (not an official's code session). */
  | 'signedIn'
  /** A site administrator. */
  | 'siteAdmin'
  /**
   * Staff of the competition in one of these roles ('admin': its administrators and site admins).
   * `ownOfficial`: on a route with `:officialId`, a judge (on their own code session) may name only
   * themselves; this is the 403's message otherwise. Other roles act for any official.
   */
  | { roles: readonly StaffRole[]; to: string; ownOfficial?: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Runs on an archived competition too (only archiving and un-archiving it). */
    whileArchived?: boolean;
    /** Runs on a competition handed over too (only handing it back again, docs/mirror.md). */
    whileHandedOver?: boolean;
  }
  interface FastifyRequest {
    /** The competition named by `:key`, once access was checked (routes with `:key` only). */
    competition: CompetitionRow;
    /** The caller's role in that competition, or null for the public. */
    role: StaffRole | null;
    /** The official a judge on their own code session is; undefined for everyone else. */
    judgeId: number | undefined;
  }
}

/** The caller's role in this competition, or null for the public / another competition's official. */
export function roleOf(actor: Actor, competitionId: number): StaffRole | null {
  if (isCompetitionAdmin(actor, competitionId)) return 'admin';
  if (actor.kind === 'official' && actor.official.competitionId === competitionId) return actor.official.role;
  return null;
}

/** The official a judge on their own code session is; undefined for anyone else (staff act for any). */
export function judgeIdOf(actor: Actor, role: StaffRole | null): number | undefined {
  return role === 'Judge' && actor.kind === 'official' ? actor.official.id : undefined;
}

/** A route's `ownOfficial`: 403 with `refusal` when a judge names another official than themselves. */
export function refuseOtherOfficial(judgeId: number | undefined, officialId: unknown, refusal: string): void {
  if (judgeId !== undefined && officialId !== judgeId) throw forbidden(refusal);
}

/**
 * Who sees a round's marks and computed result before it is posted: the scrutineer, the chairman
 * and the competition's administrators. A judge sees only their own marks; the MC, the deck captain
 * and the public see what posting publishes (no other judge, MC or deck captain reads a judge's
 * marks of an unposted round). Also who hears of each mark on the change feed.
 */
export const SEES_UNPOSTED: readonly StaffRole[] = ['admin', 'Scrutineer', 'Chairman'];

export const seesUnposted = (role: StaffRole | null): boolean =>
  role !== null && SEES_UNPOSTED.includes(role);

function refusal(roles: readonly StaffRole[], to: string) {
  const who = roles.filter((r) => r !== 'admin').map((r) => `the ${r.toLowerCase()}`);
  if (!roles.includes('admin')) return forbidden(`Only ${who.join(' or ')} may ${to}.`);
  if (!who.length) return forbidden('You are not an administrator of this competition.');
  return forbidden(`Only an administrator or ${who.join(' or ')} may ${to}.`);
}

/** 401 when signed out; 403 unless the caller has one of `roles` in this competition. */
export function requireRole(
  actor: Actor,
  competitionId: number,
  roles: readonly StaffRole[],
  to: string,
): StaffRole {
  if (actor.kind === 'anonymous') throw unauthorized();
  const role = roleOf(actor, competitionId);
  if (!role || !roles.includes(role)) throw refusal(roles, to);
  return role;
}

export function requireSignedIn(actor: Actor): UserActor {
  if (actor.kind !== 'user') throw unauthorized();
  return actor;
}

export function requireSiteAdmin(actor: Actor): UserActor {
  // An official is signed in, just not allowed: 403, not "sign in" (401).
  if (actor.kind === 'official') throw forbidden('Only a site administrator may do this.');
  const user = requireSignedIn(actor);
  if (!user.user.isSuperAdmin) throw forbidden('Only a site administrator may do this.');
  return user;
}

/** Checks one route's declared access; resolves the competition of `:key` first (404 before 401). */
export async function authorize(app: FastifyInstance, req: FastifyRequest, access: Access): Promise<void> {
  const key = (req.params as { key?: unknown } | undefined)?.key;
  if (typeof key === 'string') {
    req.competition = await findCompetition(app.db, key);
    req.role = roleOf(req.actor, req.competition.id);
  } else {
    req.role = null;
  }
  if (access === 'public' || access === 'publicOrStaff') return;
  if (access === 'signedIn') {
    requireSignedIn(req.actor);
    return;
  }
  if (access === 'siteAdmin') {
    requireSiteAdmin(req.actor);
    return;
  }
  if (typeof key !== 'string')
    throw new Error(`Route ${req.routeOptions.url} declares roles but has no :key`);
  req.role = requireRole(req.actor, req.competition.id, access.roles, access.to);
  req.judgeId = judgeIdOf(req.actor, req.role);
}

/**
 * An archived competition is read-only: every write to it is refused, whoever sends it,
 * after the access check (a stranger learns nothing more than before) and before the body is read.
 * Reads (its public pages, results, the export) go on working; un-archiving makes it writable again.
 */
function refuseWriteWhenArchived(req: FastifyRequest): void {
  if (req.method === 'GET' || req.method === 'HEAD') return;
  const c = req.competition as CompetitionRow | null;
  if (c?.archived_at)
    throw new HttpError(
      409,
      'archived',
      `${c.full_name} is archived and cannot be changed. A site administrator can un-archive it in the admin area (Competitions).`,
      { competition: c.full_name },
    );
}

/**
 * Runs each route's declared access check as its first own `onRequest` hook: after the session is
 * resolved and BEFORE the body is read, so a caller who may not run a command cannot make the server
 * read or parse its body. An /api/v1 route without `config.access` makes the app refuse to start.
 */
export function installAccessChecks(app: FastifyInstance): void {
  app.decorateRequest('competition', null as never);
  app.decorateRequest('role', null);
  app.decorateRequest('judgeId', undefined);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1/')) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    // Access is part of every route's declaration: a route that forgets it would be open to anyone,
    // so the app refuses to start instead.
    if (access === undefined) {
      const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new Error(`${method} ${route.url} declares no access (config: { access })`);
    }
    const whileArchived = (route.config as { whileArchived?: boolean } | undefined)?.whileArchived === true;
    const whileHandedOver =
      (route.config as { whileHandedOver?: boolean } | undefined)?.whileHandedOver === true;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if ((access === 'public' || access === 'publicOrStaff') && methods.includes('GET'))
      notePublicRead(route.url);
    const check = async (req: FastifyRequest, reply: FastifyReply) => {
      await authorize(app, req, access);
      if (!whileArchived) refuseWriteWhenArchived(req);
      // Run elsewhere (at a venue, or handed over): answered here from the venue's answers, or refused.
      if ((req.competition as CompetitionRow | null)?.handed_over_at && !whileHandedOver)
        return guardHandedOver(app, req, reply);
    };
    const existing = route.onRequest;
    route.onRequest =
      existing === undefined ? [check] : [check, ...(Array.isArray(existing) ? existing : [existing])];
    const ownOfficial = typeof access === 'object' ? access.ownOfficial : undefined;
    if (ownOfficial !== undefined) {
      if (!route.url.includes(':officialId'))
        throw new Error(`${route.url} declares ownOfficial but has no :officialId`);
      // After validation, so `:officialId` is the number the handler sees and a malformed request is
      // answered 400 as on any route.
      const own = async (req: FastifyRequest) =>
        refuseOtherOfficial(req.judgeId, (req.params as { officialId?: unknown }).officialId, ownOfficial);
      const pre = route.preHandler;
      route.preHandler = pre === undefined ? [own] : [own, ...(Array.isArray(pre) ? pre : [pre])];
    }
  });
}
