/**
 * THE way the server sends an email: `enqueueMessage` writes it into the outbox inside the caller's
 * transaction, so the message exists exactly when the change that causes it commits. Nothing is sent
 * here; the sender (sender.ts) claims due messages and delivers them.
 */
import type { Tx } from '../http/db.ts';
import type { MessageKindName } from '../../domain/schemas/outbox.ts';

/** What a message is about: the admin's Messages page groups and names them by it. */
export type MessageKind = MessageKindName;

export interface OutgoingMessage {
  competitionId: number;
  kind: MessageKind;
  to: { address: string; name?: string };
  subject: string;
  /** The plain-text part: the whole message on its own. */
  text: string;
  /** A simple HTML part (no images, no tracking), or none. */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on announcements. */
  headers?: Record<string, string>;
  registrationId?: number;
  announcementId?: number;
}

/** Adds one message to the outbox in `trx`; its id. */
export async function enqueueMessage(trx: Tx, msg: OutgoingMessage, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const row = await trx
    .insertInto('messages')
    .values({
      competition_id: msg.competitionId,
      kind: msg.kind,
      to_address: msg.to.address,
      to_name: msg.to.name ?? '',
      subject: msg.subject,
      text_body: msg.text,
      html_body: msg.html ?? null,
      headers: msg.headers ? JSON.stringify(msg.headers) : null,
      registration_id: msg.registrationId ?? null,
      announcement_id: msg.announcementId ?? null,
      next_attempt_at: at,
      claimed_by: null,
      claimed_until: null,
      last_error: null,
      created_at: at,
      sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
