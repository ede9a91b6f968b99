import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../http/db.ts';
import type { MessagesTable } from '../../db/schema.ts';
import {
  messageStatuses,
  type outboxList,
  type outboxMessage,
  type outboxQuery,
} from '../../../domain/schemas/outbox.ts';

type OutboxMessage = z.output<typeof outboxMessage>;

/** A row as the organizer sees it. */
export function outboxView(row: Selectable<MessagesTable>): OutboxMessage {
  return {
    id: row.id,
    kind: row.kind as OutboxMessage['kind'],
    to: row.to_address,
    toName: row.to_name,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

/** A page of the competition's messages, newest first, with how many there are in each status. */
export async function listMessages(
  db: Db,
  competitionId: number,
  q: z.output<typeof outboxQuery>,
): Promise<z.output<typeof outboxList>> {
  let rows = db.selectFrom('messages').selectAll().where('competition_id', '=', competitionId);
  if (q.status) rows = rows.where('status', '=', q.status);
  if (q.kind) rows = rows.where('kind', '=', q.kind);
  if (q.before !== undefined) rows = rows.where('id', '<', q.before);
  // One more than the page: whether an older page exists.
  const found = await rows
    .orderBy('id', 'desc')
    .limit(q.limit + 1)
    .execute();
  const page = found.slice(0, q.limit);
  const byStatus = await db
    .selectFrom('messages')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('competition_id', '=', competitionId)
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(messageStatuses.map((s) => [s, 0])) as Record<
    (typeof messageStatuses)[number],
    number
  >;
  for (const { status, n } of byStatus) if (status in counts) counts[status] = Number(n);
  return {
    messages: page.map(outboxView),
    nextBefore: found.length > q.limit ? page[page.length - 1]!.id : null,
    counts,
  };
}
