import type { Kysely } from 'kysely';
import { CHAIN_START, auditHash } from '../../../domain/auditChain.ts';

/**
 * The audit trail becomes a hash chain per competition (domain/auditChain.ts). Each record
 * gets the hash of the one before it (`prev_hash`) and its own (`hash`); the records written before
 * are chained here in id order, one competition (and the site's records, competition null) at a
 * time. The unique index makes a fork impossible: no two records of a competition follow the same one.
 * Never edit this file once landed.
 */
interface Row {
  id: number;
  at: string;
  actor: string;
  action: string;
  entity: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
}

const PAGE = 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('prev_hash', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('hash', 'text').execute();
  const t = db as unknown as Kysely<{
    audit_log: Row & { competition_id: number | null; prev_hash: string | null; hash: string | null };
  }>;
  const chains = await t.selectFrom('audit_log').select('competition_id').distinct().execute();
  for (const { competition_id } of chains) {
    let prev = CHAIN_START;
    let after = 0;
    for (;;) {
      const rows = await t
        .selectFrom('audit_log')
        .select(['id', 'at', 'actor', 'action', 'entity', 'entity_id', 'before', 'after'])
        .where('competition_id', competition_id === null ? 'is' : '=', competition_id)
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute();
      for (const r of rows) {
        const hash = auditHash(prev, r);
        await t.updateTable('audit_log').set({ prev_hash: prev, hash }).where('id', '=', r.id).execute();
        prev = hash;
        after = r.id;
      }
      if (rows.length < PAGE) break;
    }
  }
  await db.schema
    .createIndex('audit_log_chain')
    .on('audit_log')
    .columns(['competition_id', 'prev_hash'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_chain').execute();
  await db.schema.alterTable('audit_log').dropColumn('hash').execute();
  await db.schema.alterTable('audit_log').dropColumn('prev_hash').execute();
}
