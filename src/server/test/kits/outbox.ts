/** Messages written into a test server's outbox, and waiting on what the sender made of them. */
import type { DB } from '../../db/index.ts';
import { enqueueMessage, type OutgoingMessage } from '../../mail/outbox.ts';
import { competitionId, waitFor } from '../harness.ts';

/** Writes `count` messages to `to` (numbered in the subject) in one transaction, as a command would; their ids. */
export async function enqueueTestMessages(
  db: DB,
  count: number,
  more: Partial<OutgoingMessage> & { to?: OutgoingMessage['to'] } = {},
  key = 'demo',
): Promise<number[]> {
  const competition = await competitionId(db, key);
  return db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++)
      ids.push(
        await enqueueMessage(trx, {
          competitionId: competition,
          kind: 'confirmation',
          to: { address: 'dancer@example.org', name: 'Ada Dancer' },
          subject: `Your entry ${i + 1}`,
          text: `Hello ${i + 1}`,
          html: `<p>Hello ${i + 1}</p>`,
          ...more,
        }),
      );
    return ids;
  });
}

/** The outbox rows with these ids, by id. */
export function messageRows(db: DB, ids: number[]) {
  return db.selectFrom('messages').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

/** Resolves once `check` is true, looking every 50 ms; fails after `timeoutMs` naming `what`. */
export async function eventually(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  await waitFor(what, check, timeoutMs);
}
