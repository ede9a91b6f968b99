import type { Tx } from '../../http/db.ts';

/** Takes these couples (entry ids) out of these rounds' draws; nothing to do when either list is empty. */
export async function takeOutOfRounds(trx: Tx, entryIds: readonly number[], roundIds: readonly number[]) {
  if (!entryIds.length || !roundIds.length) return;
  await trx
    .deleteFrom('round_entries')
    .where('entry_id', 'in', [...entryIds])
    .where('round_id', 'in', [...roundIds])
    .execute();
}
