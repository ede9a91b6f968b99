import type { SessionUser, WhoAmI } from '../../../domain/schemas/competition.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { Db } from '../../http/db.ts';

/** An account as the pages see it, with the competitions it administers (every one for a site admin). */
export async function sessionUser(db: Db, userId: number): Promise<SessionUser> {
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
          .orderBy('competitions.id')
          .execute();
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    isSuperAdmin: u.is_super_admin === 1,
    competitions: keys.map((k) => k.key),
  };
}

/** Who this session belongs to: an account, an official, or nobody (`{}`). */
export async function whoAmI(db: Db, actor: Actor): Promise<WhoAmI> {
  if (actor.kind === 'user') return { user: await sessionUser(db, actor.user.id) };
  if (actor.kind === 'official') {
    const c = await db
      .selectFrom('competitions')
      .select('key')
      .where('id', '=', actor.official.competitionId)
      .executeTakeFirst();
    const { id, name, role } = actor.official;
    return { official: { id, name, role, competition: c?.key ?? null } };
  }
  return {};
}
