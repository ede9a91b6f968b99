import type { Db } from '../../http/db.ts';

/** Who administers a competition: its own administrators and every site administrator. */
export async function listAdmins(db: Db, competitionId: number) {
  const rows = await db
    .selectFrom('users')
    .leftJoin('memberships', (j) =>
      j.onRef('memberships.user_id', '=', 'users.id').on('memberships.competition_id', '=', competitionId),
    )
    .select(['users.id', 'users.email', 'users.name', 'users.is_super_admin'])
    .where((eb) =>
      eb.or([eb('users.is_super_admin', '=', 1), eb('memberships.competition_id', '=', competitionId)]),
    )
    .orderBy('users.id')
    .execute();
  return rows.map((u) => ({ id: u.id, email: u.email, name: u.name, isSuperAdmin: u.is_super_admin === 1 }));
}
