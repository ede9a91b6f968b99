import type { z } from 'zod';
import type { outboxMessage, unsentResent } from '../../../domain/schemas/outbox.ts';
import type { CommandContext } from '../../http/command.ts';
import { HttpError } from '../../errors.ts';
import { findOwned } from '../../http/db.ts';
import { outboxView } from './queries.ts';

/** A message back to waiting, due at once and claimed by no sender. */
function waitingAgain() {
  return {
    status: 'pending' as const,
    next_attempt_at: new Date().toISOString(),
    claimed_by: null,
    claimed_until: null,
  };
}

function refuseWithoutMailServer(mailConfigured: boolean): void {
  if (!mailConfigured)
    throw new HttpError(
      409,
      'no_mail_server',
      'No mail server is configured: set PROMENADE_SMTP_URL and restart the server, then try again.',
    );
}

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
  refuseWithoutMailServer(mailConfigured);
  const after = await ctx.trx
    .updateTable('messages')
    .set(waitingAgain())
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

/**
 * Every message kept unsent (written while no mail server was configured) goes back to waiting, once a
 * mail server is: the organizer who sets one up later sends them all in one step. Failed messages are
 * not among them: the mail server refused each for a reason of its own, shown beside it, and each is
 * sent again only when asked for.
 */
export async function sendUnsentMessages(
  ctx: CommandContext,
  mailConfigured: boolean,
): Promise<z.output<typeof unsentResent>> {
  refuseWithoutMailServer(mailConfigured);
  const resent = await ctx.trx
    .updateTable('messages')
    .set(waitingAgain())
    .where('competition_id', '=', ctx.competition.id)
    .where('status', '=', 'unsent')
    .returning('id')
    .execute();
  if (resent.length > 0)
    await ctx.audit({
      action: 'message.send_unsent',
      entity: 'competition',
      entityId: ctx.competition.id,
      after: { status: 'pending', messages: resent.length },
    });
  return { count: resent.length };
}
