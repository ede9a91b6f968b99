/**
 * "Email me a link": a dancer who lost the entry code asks for a link to their registration by email.
 * The answer is the same whether or not the email is registered (nothing to enumerate); a registered
 * email gets, per registration it dances in, one message holding a recovery link (24 hours, once).
 */
import { sql } from 'kysely';
import type { CommandContext } from '../../http/command.ts';
import { enqueueMessage } from '../../mail/outbox.ts';
import { issueEntryLink } from '../../mail/entryLinks.ts';
import { recoveryMessage } from '../../../domain/messages/recovery.ts';
import { RECOVERY_PER_EMAIL_PER_HOUR } from '../../../domain/entryLinks.ts';
import { registrationWithCouple } from '../joins.ts';
import { messageLocale } from '../../mail/language.ts';

/** The one answer, whatever the email. */
export const recoverAnswer = (competitionName: string) => ({
  message: `If that email is registered for ${competitionName}, a link is on its way.`,
  competition: competitionName,
});

/**
 * Queues a recovery link for each registration of `email` in the competition; how many were queued.
 * Both queries run whether or not the email is known, so the answer takes about as long either way.
 * An email past RECOVERY_PER_EMAIL_PER_HOUR links for a registration in the last hour gets no more:
 * the limit lives in the database, so it holds across restarts and instances.
 */
export async function sendRecoveryLinks(
  ctx: CommandContext,
  email: string,
  origin: string,
  now: Date,
): Promise<number> {
  const { trx, competition: c } = ctx;
  const wanted = email.trim().toLowerCase();
  const registrations = await registrationWithCouple(trx)
    .select([
      'registrations.id',
      'l.name as leadName',
      'l.email as leadEmail',
      'f.name as followName',
      'f.email as followEmail',
      'registrations.language',
    ])
    .where('registrations.competition_id', '=', c.id)
    .where((eb) => eb.or([eb(sql`lower(l.email)`, '=', wanted), eb(sql`lower(f.email)`, '=', wanted)]))
    .orderBy('registrations.id')
    .execute();
  const recent = await trx
    .selectFrom('entry_links')
    .select(['registration_id', (eb) => eb.fn.countAll<string | number>().as('links')])
    .where('competition_id', '=', c.id)
    .where('email', '=', wanted)
    .where('purpose', '=', 'recovery')
    .where('created_at', '>', new Date(now.getTime() - 3600_000).toISOString())
    .groupBy('registration_id')
    .execute();
  const sentLately = new Map(recent.map((r) => [r.registration_id, Number(r.links)]));

  let queued = 0;
  for (const r of registrations) {
    if ((sentLately.get(r.id) ?? 0) >= RECOVERY_PER_EMAIL_PER_HOUR) continue;
    const asLead = r.leadEmail.toLowerCase() === wanted;
    const link = await issueEntryLink(trx, {
      competition: c,
      registrationId: r.id,
      email: wanted,
      purpose: 'recovery',
      origin,
      now,
    });
    const message = recoveryMessage({
      competitionName: c.full_name,
      leadName: r.leadName,
      followName: r.followName,
      link,
      locale: await messageLocale(r.language),
    });
    await enqueueMessage(
      trx,
      {
        competitionId: c.id,
        kind: 'recovery',
        to: { address: asLead ? r.leadEmail : r.followEmail, name: asLead ? r.leadName : r.followName },
        ...message,
        registrationId: r.id,
      },
      now,
    );
    // The trail says a link went to which dancer of the registration, not the address.
    await ctx.audit({
      actor: 'public',
      action: 'registration.recover',
      entity: 'registration',
      entityId: r.id,
      after: { sentTo: asLead ? 'lead' : 'follow' },
    });
    queued++;
  }
  return queued;
}
