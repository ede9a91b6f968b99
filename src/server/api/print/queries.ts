/**
 * Reads the print sheets need that the other public reads do not give: each event's judge panel in
 * marking order with letters and names (a judge's sheet says whose it is).
 */
import type { Db } from '../../http/db.ts';
import { competitionEvents } from '../events/queries.ts';
import type { PrintPanel } from '../../../domain/schemas/events.ts';
import { panelsWithEvent } from '../joins.ts';
import { judgesInMarkingOrder } from '../officials/judges.ts';

/**
 * Every event's panel in the order the marks API uses (`loadRound`: sort order, then id), so a
 * printed sheet lists judges as the scrutineer's paper-entry form does. No panel set: every judge.
 */
export async function readPrintPanels(db: Db, competitionId: number): Promise<PrintPanel[]> {
  const [events, judges, rows] = await Promise.all([
    competitionEvents(db, competitionId),
    judgesInMarkingOrder(db, competitionId),
    panelsWithEvent(db)
      .select(['event_panels.event_id', 'event_panels.official_id'])
      .where('events.competition_id', '=', competitionId)
      .execute(),
  ]);
  const panelOf = new Map<number, Set<number>>();
  for (const r of rows) {
    const set = panelOf.get(r.event_id) ?? new Set<number>();
    set.add(r.official_id);
    panelOf.set(r.event_id, set);
  }
  return events.map((e) => {
    const own = panelOf.get(e.id);
    const panel = own && own.size ? judges.filter((j) => own.has(j.id)) : judges;
    return {
      eventKey: e.key,
      eventName: e.name,
      isDefault: !(own && own.size),
      judges: panel.map((j) => ({ id: j.id, name: j.name, letter: j.letter, label: j.letter || j.name })),
    };
  });
}
