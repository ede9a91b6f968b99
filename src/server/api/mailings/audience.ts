/**
 * Who an announcement or "Your day" goes to, read from the competition's registrations and entries;
 * the rules of who counts once (domain/messages/audience.ts) decide the rest.
 */
import { randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../http/db.ts';
import { HttpError } from '../../errors.ts';
import { nowIso } from '../../db/index.ts';
import {
  addressKey,
  distinctRecipients,
  distinctTeams,
  teamKey,
  type Dancer,
} from '../../../domain/messages/audience.ts';
import type { Audience } from '../../../domain/schemas/mailings.ts';
import type { RuleProblem } from '../../../domain/schemas/common.ts';
import { entriesWithDancers, registrationWithCouple } from '../joins.ts';
import { competitionEvents } from '../events/queries.ts';

/** Every dancer with a registration in the competition, in the order they registered (lead first). */
async function registeredDancers(db: Db, competitionId: number, team?: string): Promise<Dancer[]> {
  const rows = await registrationWithCouple(db)
    .select([
      'registrations.affiliation',
      'l.name as lead_name',
      'l.email as lead_email',
      'f.name as follow_name',
      'f.email as follow_email',
    ])
    .where('registrations.competition_id', '=', competitionId)
    .orderBy('registrations.id')
    .execute();
  const wanted = team === undefined ? null : teamKey(team);
  return rows
    .filter((r) => wanted === null || teamKey(r.affiliation) === wanted)
    .flatMap((r) => [
      { name: r.lead_name, email: r.lead_email },
      { name: r.follow_name, email: r.follow_email },
    ]);
}

/** The event an audience names: by its name (trimmed, any case) or its key; 400 when there is none. */
export async function eventOfAudience(db: Db, competitionId: number, key: string) {
  const events = await competitionEvents(db, competitionId);
  const wanted = key.trim().toLowerCase();
  const event =
    events.find((e) => e.name.trim().toLowerCase() === wanted) ?? events.find((e) => e.key === key.trim());
  if (!event)
    throw new HttpError(400, 'invalid', `audience.key: there is no event "${key}" in this competition.`, [
      {
        path: ['audience', 'key'],
        message: 'is not an event of this competition',
        code: 'custom',
        params: { reason: 'noSuchEvent', event: key } satisfies RuleProblem,
      },
    ]);
  return event;
}

/** The dancers of an event's couples still entered (not scratched), in entry order, lead first. */
export async function eventDancers(db: Db, eventId: number): Promise<Dancer[]> {
  const rows = await entriesWithDancers(db)
    .select(['lead.name as lead_name', 'lead.email as lead_email'])
    .select(['follow.name as follow_name', 'follow.email as follow_email'])
    .where('entries.event_id', '=', eventId)
    .where('entries.scratched', '=', 0)
    .orderBy('entries.id')
    .execute();
  return rows.flatMap((r) => [
    ...(r.lead_email ? [{ name: r.lead_name ?? '', email: r.lead_email }] : []),
    ...(r.follow_email ? [{ name: r.follow_name ?? '', email: r.follow_email }] : []),
  ]);
}

/** Address keys that left the competition's announcement list. */
async function unsubscribedOf(db: Db, competitionId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('announcement_recipients')
    .select('address')
    .where('competition_id', '=', competitionId)
    .where('unsubscribed_at', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.address));
}

/** The dancers of `audience`, every dancer once (no unsubscribe applies: see `announcementRecipients`). */
export async function audienceDancers(db: Db, competitionId: number, audience: Audience): Promise<Dancer[]> {
  if (audience.kind === 'all') return registeredDancers(db, competitionId);
  if (audience.kind === 'event') {
    const event = await eventOfAudience(db, competitionId, audience.key ?? '');
    return eventDancers(db, event.id);
  }
  const dancers = await registeredDancers(db, competitionId, audience.key ?? '');
  if (dancers.length === 0)
    throw new HttpError(
      400,
      'invalid',
      `audience.key: no registration has the team "${audience.key ?? ''}" (teams are compared without regard to case or spaces).`,
      [
        {
          path: ['audience', 'key'],
          message: 'is not a team of this competition',
          code: 'custom',
          params: { reason: 'noSuchTeam', team: audience.key ?? '' } satisfies RuleProblem,
        },
      ],
    );
  return dancers;
}

/** An announcement's recipients: one per address, those who unsubscribed left out. */
export async function announcementRecipients(
  db: Db,
  competitionId: number,
  audience: Audience,
): Promise<Dancer[]> {
  const [dancers, unsubscribed] = await Promise.all([
    audienceDancers(db, competitionId, audience),
    unsubscribedOf(db, competitionId),
  ]);
  return distinctRecipients(dancers, unsubscribed);
}

/** The competition's events and teams, for choosing an audience. */
export async function audienceChoices(db: Db, competitionId: number) {
  const [events, affiliations] = await Promise.all([
    db
      .selectFrom('events')
      .select(['key', 'name'])
      .where('competition_id', '=', competitionId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('registrations')
      .select('affiliation')
      .where('competition_id', '=', competitionId)
      .orderBy('id')
      .execute(),
  ]);
  return { events, teams: distinctTeams(affiliations.map((a) => a.affiliation)) };
}

/**
 * The unsubscribe token of each address (keys), made for those that have none yet. A random token
 * stored per address, not a keyed hash: the link names no address, works as long as the row exists
 * (also after the installation's secret is replaced, and in an exported copy), and is found by one
 * indexed lookup.
 */
export async function unsubscribeTokens(
  trx: Tx,
  competitionId: number,
  addresses: readonly string[],
): Promise<Map<string, string>> {
  const keys = [...new Set(addresses.map(addressKey))];
  const tokens = new Map<string, string>();
  const rows = await trx
    .selectFrom('announcement_recipients')
    .select(['address', 'token'])
    .where('competition_id', '=', competitionId)
    .execute();
  for (const r of rows) tokens.set(r.address, r.token);
  const missing = keys.filter((k) => !tokens.has(k));
  const at = nowIso();
  // In slices: one statement per address would be slow for a thousand dancers, one for all too long.
  for (let i = 0; i < missing.length; i += 200) {
    const slice = missing.slice(i, i + 200).map((address) => {
      const token = randomBytes(18).toString('base64url');
      tokens.set(address, token);
      return { competition_id: competitionId, address, token, unsubscribed_at: null, created_at: at };
    });
    await trx.insertInto('announcement_recipients').values(slice).execute();
  }
  return tokens;
}
