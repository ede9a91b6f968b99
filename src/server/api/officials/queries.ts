import type { Official } from '../../../domain/schemas/officials.ts';
import type { OfficialRole } from '../../../domain/schemas/competition.ts';
import type { OfficialRow } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { findOwned, type Db } from '../../http/db.ts';
import { readPrintPanels } from '../print/queries.ts';

/** An official as the administrators see them: never the access code's hash. */
export const officialView = (o: OfficialRow): Official => ({
  id: o.id,
  name: o.name,
  role: o.role as OfficialRole,
  bio: o.bio,
  photoURL: o.photo_url,
  letter: o.letter,
  version: o.version,
});

export async function findOfficial(db: Db, competitionId: number, id: number): Promise<OfficialRow> {
  return findOwned(db, 'officials', competitionId, id, 'That official');
}

export async function listOfficials(db: Db, competitionId: number): Promise<Official[]> {
  const rows = await db
    .selectFrom('officials')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map(officialView);
}

/**
 * Every event's judge panel (ids and letters in marking order); an event without its own panel is
 * judged by every judge (the default). Built on the one panel read, `readPrintPanels`.
 */
export async function readPanels(db: Db, competitionId: number) {
  const [panels, versions] = await Promise.all([
    readPrintPanels(db, competitionId),
    db.selectFrom('events').select(['key', 'version']).where('competition_id', '=', competitionId).execute(),
  ]);
  const versionOf = new Map(versions.map((e) => [e.key, e.version]));
  return panels.map((p) => ({
    eventKey: p.eventKey,
    eventName: p.eventName,
    isDefault: p.isDefault,
    officialIds: p.judges.map((j) => j.id),
    letters: p.judges.map((j) => j.letter),
    version: versionOf.get(p.eventKey) ?? 0,
  }));
}

export async function readPanel(db: Db, competitionId: number, eventKey: string) {
  const panel = (await readPanels(db, competitionId)).find((p) => p.eventKey === eventKey);
  if (!panel) throw notFound(`The panel of event "${eventKey.slice(0, 60)}"`);
  return panel;
}
