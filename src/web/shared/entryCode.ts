/**
 * What a number card's QR code holds: the address of the dancer's own page, with the couple
 * number and the entry in it. A dancer's phone camera opens their day; the deck captain's scanner reads
 * the number back and checks the couple in.
 *
 *   <origin>/c/<competitionKey>/competitors/<competitorId>?n=<coupleNumber>&entry=<entryId>
 *
 * An entry typed by name only has no competitor: then `…/competitors?n=…&entry=…`. The address always
 * names the competition (`/c/<key>`), so one card works whichever competition the server shows at `/`,
 * and a card from another competition is recognised as such. Pure, so print, scanner and tests agree.
 */

export interface EntryCode {
  /** null when the code was a bare couple number. */
  competitionKey: string | null;
  coupleNumber: number;
  /** The entry the card was printed for (the couple's first event); null when not in the code. */
  entryId: number | null;
  competitorId: number | null;
}

/** The address a number card's QR code carries. */
export function entryCodeUrl(
  origin: string,
  code: Omit<EntryCode, 'competitionKey'> & { competitionKey: string },
) {
  const person = code.competitorId !== null ? `/${code.competitorId}` : '';
  const query = new URLSearchParams({ n: String(code.coupleNumber) });
  if (code.entryId !== null) query.set('entry', String(code.entryId));
  return `${origin}/c/${encodeURIComponent(code.competitionKey)}/competitors${person}?${query.toString()}`;
}

/**
 * The dancer's page as printed under the card's QR code, for someone without a camera: host and path
 * only. Null for a couple typed by name: no competitor, so no page of their own (the code still
 * checks them in).
 */
export function shortEntryLink(url: string): string | null {
  const u = new URL(url);
  return /\/competitors\/\d+$/.test(u.pathname) ? `${u.host}${u.pathname}` : null;
}

const WHOLE = /^[1-9]\d{0,8}$/;
const PATH = /^\/c\/([^/]+)\/competitors(?:\/([1-9]\d{0,8}))?\/?$/;

/**
 * Reads what a scanned code says: a number card's address (any origin: the card may have been printed
 * on another machine), or a bare couple number. Null for anything else.
 */
export function readEntryCode(text: string): EntryCode | null {
  const t = text.trim();
  if (WHOLE.test(t))
    return { competitionKey: null, coupleNumber: Number(t), entryId: null, competitorId: null };
  let url: URL;
  try {
    url = new URL(t);
  } catch {
    return null;
  }
  const m = PATH.exec(url.pathname);
  const n = url.searchParams.get('n') ?? '';
  if (!m || !WHOLE.test(n)) return null;
  let competitionKey: string;
  try {
    competitionKey = decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
  const entry = url.searchParams.get('entry') ?? '';
  return {
    competitionKey,
    coupleNumber: Number(n),
    entryId: WHOLE.test(entry) ? Number(entry) : null,
    competitorId: m[2] ? Number(m[2]) : null,
  };
}
