/**
 * The rules of the links that open a couple's registration from an email (no I/O: the server's
 * src/server/mail/entryLinks.ts makes, stores and checks them).
 *
 * - A confirmation link (in the registration's confirmation) opens the registration as often as the
 *   couple likes until a week after the competition's last day: they keep that email and use it to
 *   change entries, as they would have used the entry code.
 * - A recovery link ("Email me a link") works once and for 24 hours: it answers a request anyone could
 *   make for a registered email, so it must not stay useful in a mailbox.
 */

export type EntryLinkPurpose = 'confirmation' | 'recovery';

export const RECOVERY_LINK_HOURS = 24;
/** Days after the competition's last day a confirmation link still opens the registration. */
export const CONFIRMATION_LINK_DAYS_AFTER = 7;
/** How long the registration stays open in the browser after a link is opened. */
export const GRANT_HOURS = 12;
/** Recovery links sent to one email (per registration) in an hour; more requests send nothing. */
export const RECOVERY_PER_EMAIL_PER_HOUR = 5;

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** When a link made at `now` stops working. `competitionEndDate`: YYYY-MM-DD. */
export function entryLinkExpiry(purpose: EntryLinkPurpose, competitionEndDate: string, now: Date): Date {
  if (purpose === 'recovery') return new Date(now.getTime() + RECOVERY_LINK_HOURS * HOUR);
  const end = Date.parse(`${competitionEndDate}T00:00:00Z`);
  // The whole last day, then the days after; a registration made later (at the desk, after the
  // event) still gets a day to open it.
  const until = Number.isNaN(end) ? now.getTime() + 90 * DAY : end + (CONFIRMATION_LINK_DAYS_AFTER + 1) * DAY;
  return new Date(Math.max(until, now.getTime() + DAY));
}

export interface StoredEntryLink {
  purpose: EntryLinkPurpose;
  expiresAt: string;
  usedAt: string | null;
}

export type EntryLinkRefusal = 'expired' | 'used';

/** Why a link may not open its registration at `now`, or null when it may. */
export function entryLinkRefusal(link: StoredEntryLink, now: Date): EntryLinkRefusal | null {
  if (link.purpose === 'recovery' && link.usedAt !== null) return 'used';
  if (Date.parse(link.expiresAt) <= now.getTime()) return 'expired';
  return null;
}

/** What a person reads when a link does not open their registration. */
export const ENTRY_LINK_REFUSALS: Record<EntryLinkRefusal | 'unknown', string> = {
  expired: 'This link has expired. Ask for a new one below, or open your entries with your entry code.',
  used: 'This link has already been used: a link sent by "Email me a link" opens your registration once. Ask for a new one below.',
  unknown:
    'This link is not valid (it may be incomplete: copy the whole address from the email). Ask for a new one below.',
};

/**
 * The address an email's link opens: the competition's own entries page, which works whichever
 * competition the site serves at `/`.
 */
export function entryLinkUrl(origin: string, competitionKey: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/c/${encodeURIComponent(competitionKey)}/entries?open=${encodeURIComponent(token)}`;
}
