/**
 * The messages a couple's own registration causes: the confirmation when it is made and a note to both
 * dancers whenever its entries change. Each is enqueued in the transaction of the change (outbox.ts), one
 * per distinct address: two dancers sharing an address get one message greeting both.
 */
import type { CompetitionRow } from '../db/schema.ts';
import type { Tx } from '../http/db.ts';
import { enqueueMessage } from './outbox.ts';
import { issueEntryLink } from './entryLinks.ts';
import { confirmationMessage, type ConfirmationFacts } from '../../domain/messages/confirmation.ts';
import {
  entriesChangedMessage,
  isNoChange,
  type EntriesChange,
} from '../../domain/messages/entriesChanged.ts';
import type { ComposedMessage } from '../../domain/messages/compose.ts';
import { registrationEntries } from '../api/registrations/queries.ts';
import { registrationWithCouple } from '../api/joins.ts';
import { messageLocale } from './language.ts';

interface Dancer {
  name: string;
  email: string;
}

/**
 * Where a couple's messages go: each distinct address (compared without case) with who reads it. A
 * dancer whose email the organizer cleared from their record gets nothing.
 */
export function coupleAddresses(lead: Dancer, follow: Dancer): { address: string; names: string[] }[] {
  const out: { address: string; names: string[] }[] = [];
  for (const d of [lead, follow]) {
    const address = d.email.trim();
    if (!address) continue;
    const same = out.find((o) => o.address.toLowerCase() === address.toLowerCase());
    if (same) same.names.push(d.name);
    else out.push({ address, names: [d.name] });
  }
  return out;
}

/** One message per address of the couple, each with its own link (a link is issued to one email). */
async function mailCouple(
  trx: Tx,
  c: CompetitionRow,
  kind: 'confirmation' | 'entries_changed',
  couple: { registrationId: number; lead: Dancer; follow: Dancer },
  origin: string,
  now: Date,
  compose: (recipients: string[], link: string) => ComposedMessage,
): Promise<void> {
  for (const to of coupleAddresses(couple.lead, couple.follow)) {
    const link = await issueEntryLink(trx, {
      competition: c,
      registrationId: couple.registrationId,
      email: to.address,
      purpose: 'confirmation',
      origin,
      now,
    });
    const m = compose(to.names, link);
    await enqueueMessage(
      trx,
      {
        competitionId: c.id,
        kind,
        to: { address: to.address, name: to.names.join(' & ') },
        subject: m.subject,
        text: m.text,
        html: m.html,
        registrationId: couple.registrationId,
      },
      now,
    );
  }
}

export interface RegisteredCouple extends Omit<
  ConfirmationFacts,
  'competition' | 'recipients' | 'link' | 'lead' | 'follow'
> {
  registrationId: number;
  lead: Dancer;
  follow: Dancer;
  /** The language the couple registered in. */
  language: string;
}

/** The confirmation of a registration just written in `trx`, to both dancers. */
export async function mailConfirmation(
  trx: Tx,
  c: CompetitionRow,
  r: RegisteredCouple,
  origin: string,
  now: Date,
): Promise<void> {
  const competition = {
    fullName: c.full_name,
    startDate: c.start_date,
    endDate: c.end_date,
    currency: c.currency,
  };
  const locale = await messageLocale(r.language);
  await mailCouple(trx, c, 'confirmation', r, origin, now, (recipients, link) =>
    confirmationMessage({ ...r, competition, recipients, link, locale }),
  );
}

/**
 * Tells both dancers of a registration what a change written in `trx` did to their entries, with the
 * events they are in now (read after the change). Nothing when nothing changed.
 */
export async function mailEntriesChanged(
  trx: Tx,
  c: CompetitionRow,
  registrationId: number,
  change: EntriesChange,
  origin: string,
  now = new Date(),
): Promise<void> {
  if (isNoChange(change)) return;
  const couple = await registrationWithCouple(trx)
    .select([
      'l.name as leadName',
      'l.email as leadEmail',
      'f.name as followName',
      'f.email as followEmail',
      'registrations.language',
    ])
    .where('registrations.id', '=', registrationId)
    .where('registrations.competition_id', '=', c.id)
    .executeTakeFirst();
  if (!couple) return;
  const eventsNow = (await registrationEntries(trx, registrationId))
    .filter((e) => !e.scratched)
    .map((e) => e.eventName);
  const lead = { name: couple.leadName, email: couple.leadEmail };
  const follow = { name: couple.followName, email: couple.followEmail };
  const locale = await messageLocale(couple.language);
  await mailCouple(
    trx,
    c,
    'entries_changed',
    { registrationId, lead, follow },
    origin,
    now,
    (recipients, link) =>
      entriesChangedMessage({
        competition: { fullName: c.full_name },
        recipients,
        lead,
        follow,
        change,
        eventsNow,
        link,
        locale,
      }),
  );
}
