/**
 * Results posted: with the competition's switch on, posting an event's final puts one message per
 * dancer of the event (per address) in the outbox, in the posting's own transaction: their couple's
 * place in the final, or that they did not dance it, and a link to the event's results. Recall rounds
 * send nothing (their couples learn it on the floor and the live page). A final posted again after it
 * was un-posted says "corrected results".
 */
import type { CommandContext } from '../../http/command.ts';
import { enqueueMessage } from '../../mail/outbox.ts';
import { entriesWithDancers } from '../joins.ts';
import { addressKey, isMailable } from '../../../domain/messages/audience.ts';
import { composeResultsPosted } from '../../../domain/messages/resultsPosted.ts';
import { localesByAddress } from '../../mail/language.ts';

export interface PostedFinal {
  event: { id: number; key: string; name: string };
  /** Couple number (text) → place. */
  placements: Record<string, number>;
  /** The audit entity id of the round, to tell whether it was posted before. */
  roundEntityId: string;
}

/** Messages queued (0 when the switch is off). */
export async function mailPostedFinal(
  cmd: CommandContext,
  origin: string | null,
  posted: PostedFinal,
): Promise<number> {
  const { trx, competition } = cmd;
  if (competition.results_emails !== 1 || origin === null) return 0;
  const before = await trx
    .selectFrom('audit_log')
    .select('id')
    .where('competition_id', '=', competition.id)
    .where('entity', '=', 'round')
    .where('entity_id', '=', posted.roundEntityId)
    .where('action', '=', 'results.post')
    .executeTakeFirst();
  const rows = await entriesWithDancers(trx)
    .select(['entries.lead_number', 'entries.lead_name', 'entries.follow_name'])
    .select(['lead.email as lead_email', 'follow.email as follow_email'])
    .where('entries.event_id', '=', posted.event.id)
    .where('entries.scratched', '=', 0)
    .orderBy('entries.id')
    .execute();
  const localeOf = await localesByAddress(trx, competition);
  const resultsUrl = `${origin}/c/${encodeURIComponent(competition.key)}/results/${encodeURIComponent(posted.event.key)}`;
  const sent = new Set<string>();
  for (const r of rows) {
    const place = posted.placements[String(r.lead_number)] ?? null;
    const sides = [
      { name: r.lead_name, email: r.lead_email, partner: r.follow_name },
      { name: r.follow_name, email: r.follow_email, partner: r.lead_name },
    ];
    for (const s of sides) {
      if (!s.email || !isMailable(s.email) || sent.has(addressKey(s.email))) continue;
      sent.add(addressKey(s.email));
      const message = composeResultsPosted({
        competitionName: competition.full_name,
        eventName: posted.event.name,
        dancerName: s.name,
        partnerName: s.partner,
        place,
        corrected: before !== undefined,
        resultsUrl,
        locale: localeOf(s.email),
      });
      await enqueueMessage(trx, {
        competitionId: competition.id,
        kind: 'results',
        to: { address: s.email.trim(), name: s.name },
        ...message,
      });
    }
  }
  return sent.size;
}
