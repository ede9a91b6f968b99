/**
 * The outbox as the organizer sees it (Admin → Messages): every email the server wrote, and what
 * became of it. Addresses appear only here, in an answer for the competition's administrators.
 */
import { z } from 'zod';

/** 'pending': waiting to go, or between tries; 'unsent': kept because no mail server is configured. */
export const messageStatuses = ['pending', 'sent', 'failed', 'unsent'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** What a message is about (the kinds `enqueueMessage` writes). */
export const messageKinds = [
  'confirmation',
  'entries_changed',
  'recovery',
  'your_day',
  'results',
  'announcement',
] as const;
export type MessageKindName = (typeof messageKinds)[number];

export const outboxMessage = z.object({
  id: z.number().int(),
  kind: z.enum(messageKinds),
  /** The recipient's address. */
  to: z.string(),
  /** The recipient's name ('' when the message was written without one). */
  toName: z.string(),
  subject: z.string(),
  status: z.enum(messageStatuses),
  /** Tries so far. */
  attempts: z.number().int(),
  /** The mail server's answer to the last failed try, or why it was not sent; null once delivered. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

export const OUTBOX_PAGE = 100;
export const OUTBOX_MAX_PAGE = 500;

export const outboxQuery = z
  .object({
    status: z
      .enum(messageStatuses, { error: `status must be one of ${messageStatuses.join(', ')}` })
      .optional(),
    kind: z.enum(messageKinds, { error: `kind must be one of ${messageKinds.join(', ')}` }).optional(),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int()
      .min(1, 'limit must be at least 1')
      .max(OUTBOX_MAX_PAGE, `limit must be at most ${OUTBOX_MAX_PAGE}`)
      .default(OUTBOX_PAGE),
    /** The next page: messages older than this id (the previous page's `nextBefore`). */
    before: z.coerce
      .number({ error: 'before must be a message id' })
      .int()
      .min(1)
      .max(2 ** 31)
      .optional(),
  })
  .strict();

export const outboxList = z.object({
  /** Newest first. */
  messages: z.array(outboxMessage),
  /** `before` for the next (older) page; null on the last page. */
  nextBefore: z.number().int().nullable(),
  /** The competition's messages by status (all of them, whatever the filter). */
  counts: z.object({
    pending: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    unsent: z.number().int(),
  }),
});
/** "Send all not sent": how many messages kept unsent went back to waiting. */
export const unsentResent = z.object({ count: z.number().int() });
export type OutboxMessage = z.output<typeof outboxMessage>;
export type OutboxList = z.output<typeof outboxList>;
