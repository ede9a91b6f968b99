import type { Db } from '../../http/db.ts';
import type { PublicCompetitor } from '../../../domain/schemas/registration.ts';

/**
 * Every competitor with team, number, partners and events. Public: no emails, codes, fees or consents.
 */
export async function publicCompetitors(
  db: Db,
  competitionId: number,
  only?: number,
): Promise<PublicCompetitor[]> {
  let people = db
    .selectFrom('competitors')
    .select(['id', 'name', 'affiliation', 'number'])
    .where('competition_id', '=', competitionId);
  if (only !== undefined) people = people.where('id', '=', only);
  const [rows, entries] = await Promise.all([
    people.orderBy('name').execute(),
    db
      .selectFrom('entries')
      .innerJoin('events', 'events.id', 'entries.event_id')
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
      .$if(only !== undefined, (q) =>
        q.where((eb) => eb.or([eb('entries.lead_id', '=', only!), eb('entries.follow_id', '=', only!)])),
      )
      .orderBy('events.sort_order')
      .execute(),
  ]);
  return rows.map((p) => {
    const mine = entries.filter((e) => e.lead_id === p.id || e.follow_id === p.id);
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
      name: p.name,
      affiliation: p.affiliation,
      number: p.number,
      partners: [...partners.values()],
      entries: list,
    };
  });
}
