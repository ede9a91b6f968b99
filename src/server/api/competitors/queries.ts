import type { Db } from '../../http/db.ts';
import type { PublicCompetitor } from '../../../domain/schemas/registration.ts';
import { entriesWithEvent } from '../joins.ts';

/** A page of the public list: at most `limit` competitors (by name) after the first `offset`. */
export interface CompetitorPage {
  limit: number;
  offset: number;
}

/** How many competitors the competition has: the public list's `X-Total-Count`. */
export async function competitorCount(db: Db, competitionId: number): Promise<number> {
  const row = await db
    .selectFrom('competitors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('competition_id', '=', competitionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The competitors (one, or a page) with team, number, partners and events. Public: no emails, codes,
 * fees or consents.
 */
export async function publicCompetitors(
  db: Db,
  competitionId: number,
  only?: number,
  page?: CompetitorPage,
): Promise<PublicCompetitor[]> {
  let people = db
    .selectFrom('competitors')
    .select(['id', 'name', 'affiliation', 'number', 'person_id'])
    .where('competition_id', '=', competitionId);
  if (only !== undefined) people = people.where('id', '=', only);
  const rows = await people
    .orderBy('name')
    .orderBy('id')
    .$if(page !== undefined, (q) => q.limit(page!.limit).offset(page!.offset))
    .execute();
  const ids = rows.map((r) => r.id);
  if (!ids.length) return [];
  const entries = await entriesWithEvent(db)
    .select([
      'entries.id',
      'entries.lead_id',
      'entries.follow_id',
      'entries.lead_name',
      'entries.follow_name',
      'entries.lead_number',
      'entries.scratched',
      'events.key',
      'events.name',
      'events.style',
      'events.level',
    ])
    .where('entries.competition_id', '=', competitionId)
    .where((eb) => eb.or([eb('entries.lead_id', 'in', ids), eb('entries.follow_id', 'in', ids)]))
    .orderBy('events.sort_order')
    .orderBy('events.id')
    .orderBy('entries.id')
    .execute();
  // Grouped once: filtering every entry for every competitor took ~1 s at 7,453 couples.
  const byCompetitor = new Map<number, typeof entries>();
  for (const e of entries)
    for (const id of e.lead_id === e.follow_id ? [e.lead_id] : [e.lead_id, e.follow_id])
      if (id !== null) {
        const list = byCompetitor.get(id);
        if (list) list.push(e);
        else byCompetitor.set(id, [e]);
      }
  return rows.map((p) => {
    const mine = byCompetitor.get(p.id) ?? [];
    const list = mine.map((e) => {
      const role = e.lead_id === p.id ? ('lead' as const) : ('follow' as const);
      return {
        entryId: e.id,
        eventKey: e.key,
        eventName: e.name,
        style: e.style,
        level: e.level,
        role,
        partner:
          role === 'lead' ? { id: e.follow_id, name: e.follow_name } : { id: e.lead_id, name: e.lead_name },
        leadNumber: e.lead_number,
        scratched: e.scratched === 1,
      };
    });
    const partners = new Map<string, { id: number | null; name: string }>();
    for (const e of list) partners.set(`${e.partner.id ?? ''}:${e.partner.name}`, e.partner);
    return {
      id: p.id,
      personId: p.person_id,
      name: p.name,
      affiliation: p.affiliation,
      number: p.number,
      partners: [...partners.values()],
      entries: list,
    };
  });
}
