/**
 * Announcements: an organizer's message to all dancers, one event's or one team's, one outbox message
 * per address in the same transaction as the announcement's record and its audit entry; and the
 * one-click unsubscribe that keeps an address out of every later announcement of the competition.
 */
import type { CommandContext } from '../../http/command.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { Db } from '../../http/db.ts';
import { HttpError, notFound } from '../../errors.ts';
import { nowIso } from '../../db/index.ts';
import { enqueueMessage } from '../../mail/outbox.ts';
import { fromJson, toJson } from '../../http/json.ts';
import { addressKey } from '../../../domain/messages/audience.ts';
import { composeAnnouncement, unsubscribeHeaders } from '../../../domain/messages/announcement.ts';
import type {
  Audience,
  AnnouncementCreate,
  AnnouncementHistory,
  AnnouncementRecord,
  AnnouncementSent,
  UnsubscribeState,
} from '../../../domain/schemas/mailings.ts';
import { announcementRecipients, audienceChoices, unsubscribeTokens } from './audience.ts';
import { localesByAddress } from '../../mail/language.ts';

/** The addresses of an unsubscribe link: the page a person confirms on, and the one-click POST. */
export const unsubscribeLinks = (origin: string, key: string, token: string) => ({
  page: `${origin}/c/${encodeURIComponent(key)}/unsubscribe?t=${token}`,
  oneClick: `${origin}/api/v1/competitions/${encodeURIComponent(key)}/unsubscribe?t=${token}`,
});

/** Who sent it, as the history shows it: the account's name (the audit trail keeps its full label). */
const senderName = (actor: Actor, who: string): string =>
  actor.kind === 'user' ? actor.user.name || actor.user.email : who;

export async function sendAnnouncement(
  cmd: CommandContext,
  origin: string,
  input: AnnouncementCreate,
): Promise<AnnouncementSent> {
  const { trx, competition } = cmd;
  const recipients = await announcementRecipients(trx, competition.id, input.audience);
  if (recipients.length === 0)
    throw new HttpError(
      400,
      'no_recipients',
      'No dancer would receive this announcement (none in this audience, or all of them unsubscribed).',
      [{ path: ['audience'], message: 'has no recipients' }],
    );
  const audience: Audience = input.audience.kind === 'all' ? { kind: 'all' } : input.audience;
  const at = nowIso();
  const { id } = await trx
    .insertInto('announcements')
    .values({
      competition_id: competition.id,
      audience: toJson(audience),
      subject: input.subject,
      body: input.body,
      created_by: senderName(cmd.actor, cmd.who),
      created_at: at,
      recipients: recipients.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tokens = await unsubscribeTokens(
    trx,
    competition.id,
    recipients.map((r) => r.email),
  );
  const localeOf = await localesByAddress(trx, competition);
  for (const r of recipients) {
    const links = unsubscribeLinks(origin, competition.key, tokens.get(addressKey(r.email))!);
    const message = composeAnnouncement({
      competitionName: competition.full_name,
      subject: input.subject,
      body: input.body,
      unsubscribeUrl: links.page,
      locale: localeOf(r.email),
    });
    await enqueueMessage(trx, {
      competitionId: competition.id,
      kind: 'announcement',
      to: { address: r.email, name: r.name },
      ...message,
      headers: unsubscribeHeaders(links.oneClick),
      announcementId: id,
    });
  }
  await cmd.audit({
    action: 'announcement.send',
    entity: 'announcement',
    entityId: id,
    after: { audience, subject: input.subject, recipients: recipients.length },
  });
  return { announcementId: id, recipients: recipients.length };
}

/** "All dancers", "Event: Adult Silver Waltz", "Team: Harvard". */
export function audienceLabel(a: Audience): string {
  if (a.kind === 'all') return 'All dancers';
  return `${a.kind === 'event' ? 'Event' : 'Team'}: ${a.key ?? ''}`;
}

/** Sent announcements, newest first, with how their messages fared; and the audiences to choose from. */
export async function announcementHistory(db: Db, competitionId: number): Promise<AnnouncementHistory> {
  const [rows, counts, failures, choices] = await Promise.all([
    db
      .selectFrom('announcements')
      .selectAll()
      .where('competition_id', '=', competitionId)
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('messages')
      .select(['announcement_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('competition_id', '=', competitionId)
      .where('kind', '=', 'announcement')
      .groupBy(['announcement_id', 'status'])
      .execute(),
    db
      .selectFrom('messages')
      .select(['announcement_id', 'to_address', 'last_error'])
      .where('competition_id', '=', competitionId)
      .where('kind', '=', 'announcement')
      .where('status', '=', 'failed')
      .orderBy('announcement_id')
      .orderBy('id')
      .execute(),
    audienceChoices(db, competitionId),
  ]);
  const count = (id: number, status: string) =>
    Number(counts.find((c) => c.announcement_id === id && c.status === status)?.n ?? 0);
  const announcements = rows.map((r): AnnouncementRecord => {
    const audience = fromJson<Audience>(r.audience, { kind: 'all' });
    return {
      id: r.id,
      audience,
      audienceLabel: audienceLabel(audience),
      subject: r.subject,
      body: r.body,
      createdAt: r.created_at,
      createdBy: r.created_by,
      recipients: r.recipients,
      delivered: count(r.id, 'sent'),
      failed: count(r.id, 'failed'),
      pending: count(r.id, 'pending'),
      unsent: count(r.id, 'unsent'),
      failures: failures
        .filter((f) => f.announcement_id === r.id)
        .map((f) => ({ to: f.to_address, reason: f.last_error ?? 'refused' })),
    };
  });
  return { announcements, ...choices };
}

/** The list row of a token; 404 for any token that is not one (nothing else is told). */
async function recipientOf(db: Db, competitionId: number, token: string) {
  const row = await db
    .selectFrom('announcement_recipients')
    .select(['id', 'unsubscribed_at'])
    .where('competition_id', '=', competitionId)
    .where('token', '=', token)
    .executeTakeFirst();
  if (!row) throw notFound('This unsubscribe link');
  return row;
}

/** What the unsubscribe page shows before the person confirms. */
export async function unsubscribeState(
  db: Db,
  competition: { id: number; full_name: string },
  token: string,
): Promise<UnsubscribeState> {
  const row = await recipientOf(db, competition.id, token);
  return { competitionName: competition.full_name, unsubscribed: row.unsubscribed_at !== null };
}

/** Takes the token's address off the announcement list (again: changes nothing). */
export async function unsubscribe(cmd: CommandContext, token: string): Promise<UnsubscribeState> {
  const { trx, competition } = cmd;
  const row = await recipientOf(trx, competition.id, token);
  if (row.unsubscribed_at === null) {
    const at = nowIso();
    await trx
      .updateTable('announcement_recipients')
      .set({ unsubscribed_at: at })
      .where('id', '=', row.id)
      .execute();
    // The trail names the list row, never the address.
    await cmd.audit({
      action: 'announcement.unsubscribe',
      entity: 'announcement_recipient',
      entityId: row.id,
      actor: 'unsubscribe link',
      after: { unsubscribed_at: at },
    });
  }
  return { competitionName: competition.full_name, unsubscribed: true };
}
