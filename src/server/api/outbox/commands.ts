import type { z } from 'zod';
import type { outboxMessage } from '../../../domain/schemas/outbox.ts';
import type { CommandContext } from '../../http/command.ts';
import { HttpError } from '../../errors.ts';
import { findOwned } from '../../http/db.ts';
import { outboxView } from './queries.ts';

/**
 * A failed or unsent message goes back to waiting, to be tried at once (its tries so far are kept, so
 * the record shows them). Useful once the mail server is configured, or the address fixed on the
 * server's side. A message waiting or delivered is left as it is: sending it again is what the outbox
 * exists to prevent.
 */
export async function retryMessage(
  ctx: CommandContext,
  messageId: number,
  mailConfigured: boolean,
): Promise<z.output<typeof outboxMessage>> {
  const before = await findOwned(ctx.trx, 'messages', ctx.competition.id, messageId, 'The message');
  if (before.status === 'sent')
    throw new HttpError(409, 'already_sent', 'This message was delivered already; it is not sent again.');
  if (before.status === 'pending')
    throw new HttpError(409, 'already_waiting', 'This message is already waiting to be sent.');
  if (!mailConfigured)
    throw new HttpError(
      409,
      'no_mail_server',
      'No mail server is configured: set PROMENADE_SMTP_URL and restart the server, then try again.',
    );
  const after = await ctx.trx
    .updateTable('messages')
    .set({
      status: 'pending',
      next_attempt_at: new Date().toISOString(),
      claimed_by: null,
      claimed_until: null,
    })
    .where('id', '=', messageId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await ctx.audit({
    action: 'message.retry',
    entity: 'message',
    entityId: messageId,
    before: { status: before.status, lastError: before.last_error, attempts: before.attempts },
    after: { status: 'pending' },
  });
  return outboxView(after);
}
