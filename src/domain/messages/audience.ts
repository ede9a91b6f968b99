/**
 * Who receives a message to dancers, as rules on data: one message per address (a dancer in two
 * couples, or two dancers sharing one address, get one), and announcements never to an address that
 * unsubscribed. Confirmations, entry changes, "Your day" and results are not announcements: they go
 * whatever the dancer chose, because they are about the dancer's own entries.
 */

/** Longest subject an announcement may have (a mail client shows far fewer). */
export const ANNOUNCEMENT_SUBJECT_MAX = 200;
/** Largest announcement body, in bytes of UTF-8: longer is not a message dancers read. */
export const ANNOUNCEMENT_BODY_MAX_BYTES = 100 * 1024;

/** One dancer as a possible recipient. */
export interface Dancer {
  name: string;
  email: string;
}

/** The form an address is compared and stored in: trimmed, lower case. */
export const addressKey = (email: string): string => email.trim().toLowerCase();

/** Whether `email` looks deliverable enough to try (registrations check it properly). */
export const isMailable = (email: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

/**
 * Teams are typed by hand at registration ("Harvard", "harvard ", "HARVARD"): one team is every
 * affiliation equal to `team` once trimmed, with inner spaces run together, and without regard to case.
 */
export const teamKey = (affiliation: string): string => affiliation.trim().replace(/\s+/g, ' ').toLowerCase();
export const sameTeam = (a: string, b: string): boolean => teamKey(a) !== '' && teamKey(a) === teamKey(b);

/**
 * The recipients among `dancers`: one per address (the first name met for it, so pass dancers in a
 * stable order), addresses that cannot be mailed and those in `unsubscribed` (address keys) left out.
 */
export function distinctRecipients(
  dancers: readonly Dancer[],
  unsubscribed: ReadonlySet<string> = new Set(),
): Dancer[] {
  const seen = new Set<string>();
  const out: Dancer[] = [];
  for (const d of dancers) {
    const key = addressKey(d.email);
    if (!isMailable(key) || seen.has(key) || unsubscribed.has(key)) continue;
    seen.add(key);
    out.push({ name: d.name, email: d.email.trim() });
  }
  return out;
}

/** The teams of a competition as people typed them, one spelling per team (the most used; on a tie the first
 * registered), sorted A–Z. */
export function distinctTeams(affiliations: readonly string[]): string[] {
  const byKey = new Map<string, Map<string, number>>();
  for (const a of affiliations) {
    const key = teamKey(a);
    if (!key) continue;
    const spellings = byKey.get(key) ?? new Map<string, number>();
    const shown = a.trim().replace(/\s+/g, ' ');
    spellings.set(shown, (spellings.get(shown) ?? 0) + 1);
    byKey.set(key, spellings);
  }
  return (
    [...byKey.values()]
      // A stable sort: among spellings used as often, the first met stays first.
      .map((spellings) => [...spellings].sort((x, y) => y[1] - x[1])[0]![0])
      .sort((x, y) => x.localeCompare(y))
  );
}
