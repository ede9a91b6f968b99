import { ChainWalker, type ChainVerdict } from '../../../domain/auditChain.ts';
import type { Db } from '../../http/db.ts';

/** Records read at a time: a long trail is checked without holding it all in memory. */
const PAGE = 2000;

/**
 * Recomputes the competition's chain from its first record (null: the site's own chain — merging
 * people, importing results). Records are only ever appended, so reading page by page (by id) sees a
 * consistent prefix even while commands keep writing.
 */
export async function verifyAuditChain(db: Db, competitionId: number | null): Promise<ChainVerdict> {
  const walker = new ChainWalker();
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('audit_log')
      .select(['id', 'at', 'actor', 'action', 'entity', 'entity_id', 'before', 'after', 'prev_hash', 'hash'])
      .where('competition_id', competitionId === null ? 'is' : '=', competitionId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const r of rows) walker.add(r);
    if (rows.length < PAGE) return walker.verdict();
    after = rows[rows.length - 1]!.id;
  }
}
