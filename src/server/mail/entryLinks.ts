import type { Tx } from '../http/db.ts';
import type { CompetitionRow } from '../db/schema.ts';

/** An absolute link that opens one registration on the site, for an email to one of its dancers. */
// Stub until the entryLinks part lands: the real one adds a token.
export async function issueEntryLink(
  _trx: Tx,
  opts: {
    competition: CompetitionRow;
    registrationId: number;
    email: string;
    purpose: 'confirmation' | 'recovery';
    origin: string;
    now: Date;
  },
): Promise<string> {
  return `${opts.origin}/c/${opts.competition.key}/entries`;
}
