import type { Db } from '../../http/db.ts';

/**
 * The competition's judges in marking order (sort order, then id): the order of a round's marks, of
 * the printed sheets and of the judging report, so a judge stands in the same place on each.
 * `only`: an event's own panel (official ids); absent or empty, every judge.
 */
export function judgesInMarkingOrder(db: Db, competitionId: number, only: readonly number[] = []) {
  return db
    .selectFrom('officials')
    .select(['id', 'name', 'letter'])
    .where('competition_id', '=', competitionId)
    .where('role', '=', 'Judge')
    .$if(only.length > 0, (q) => q.where('id', 'in', only))
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}
