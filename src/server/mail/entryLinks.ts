/**
 * Links that open a couple's registration from an email, in place of the entry code they must copy.
 *
 * A link carries a random token (256 bits); only its SHA-256 is stored (`entry_links`), so the
 * database opens nothing, and the entry code never appears in an address. Opening the link
 * (`POST …/registrations/open`) exchanges the token for a grant: a short-lived signature under the
 * installation's secret naming the competition, the registration and when it ends, which the page then
 * sends instead of the code and email (`POST …/registrations/own`, `…/own/entries`). A recovery link is
 * marked used by that exchange, so a link read later from the mailbox opens nothing; the grant it gave
 * ends on its own after GRANT_HOURS. The rules (expiry, once) are in src/domain/entryLinks.ts.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Tx } from '../http/db.ts';
import type { CompetitionRow } from '../db/schema.ts';
import type { EntryCodes } from '../auth/entryCodes.ts';
import {
  entryLinkExpiry,
  entryLinkRefusal,
  entryLinkUrl,
  GRANT_HOURS,
  type EntryLinkRefusal,
} from '../../domain/entryLinks.ts';

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new link to registration `registrationId` for the dancer at `email`, stored in `trx` (so it exists
 * exactly when the message holding it does): the absolute address to put in the email.
 */
export async function issueEntryLink(
  trx: Tx,
  opts: {
    competition: CompetitionRow;
    registrationId: number;
    email: string;
    purpose: 'confirmation' | 'recovery';
    origin: string;
    now: Date;
  },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await trx
    .insertInto('entry_links')
    .values({
      competition_id: opts.competition.id,
      registration_id: opts.registrationId,
      email: opts.email.trim().toLowerCase(),
      purpose: opts.purpose,
      token_hash: tokenHash(token),
      expires_at: entryLinkExpiry(opts.purpose, opts.competition.end_date, opts.now).toISOString(),
      used_at: null,
      created_at: opts.now.toISOString(),
    })
    .execute();
  return entryLinkUrl(opts.origin, opts.competition.key, token);
}

export type OpenedLink =
  | { registrationId: number; purpose: 'confirmation' | 'recovery' }
  | { refused: EntryLinkRefusal | 'unknown' };

/**
 * Checks the link of `token` in `trx` and marks it opened. A recovery link is taken by a conditional
 * update, so of two tabs (or two instances) opening it at once exactly one gets the registration.
 */
export async function openEntryLink(
  trx: Tx,
  competitionId: number,
  token: string,
  now: Date,
): Promise<OpenedLink> {
  const link = await trx
    .selectFrom('entry_links')
    .select(['id', 'registration_id', 'purpose', 'expires_at', 'used_at'])
    .where('competition_id', '=', competitionId)
    .where('token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  if (!link) return { refused: 'unknown' };
  const refused = entryLinkRefusal(
    { purpose: link.purpose, expiresAt: link.expires_at, usedAt: link.used_at },
    now,
  );
  if (refused) return { refused };
  if (link.used_at === null) {
    const taken = await trx
      .updateTable('entry_links')
      .set({ used_at: now.toISOString() })
      .where('id', '=', link.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1 && link.purpose === 'recovery') return { refused: 'used' };
  }
  return { registrationId: link.registration_id, purpose: link.purpose };
}

const GRANT_PREFIX = 'g1';

/** A grant to registration `registrationId` of competition `competitionId` from `now` for GRANT_HOURS. */
export function signGrant(
  codes: EntryCodes,
  competitionId: number,
  registrationId: number,
  now: Date,
): { grant: string; expiresAt: string } {
  const until = Math.floor(now.getTime() / 1000) + GRANT_HOURS * 3600;
  const body = `${GRANT_PREFIX}.${competitionId}.${registrationId}.${until}`;
  return { grant: `${body}.${codes.sign(body)}`, expiresAt: new Date(until * 1000).toISOString() };
}

/** The registration `grant` opens in competition `competitionId` at `now`, or null (forged, other, ended). */
export function grantedRegistration(
  codes: EntryCodes,
  competitionId: number,
  grant: string,
  now: Date,
): number | null {
  const parts = grant.split('.');
  if (parts.length !== 5 || parts[0] !== GRANT_PREFIX) return null;
  const [, comp, reg, until, signature] = parts as [string, string, string, string, string];
  const body = `${GRANT_PREFIX}.${comp}.${reg}.${until}`;
  const expected = Buffer.from(codes.sign(body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(comp) !== competitionId) return null;
  if (Number(until) * 1000 <= now.getTime()) return null;
  const id = Number(reg);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
