import type { Database } from '../../db/schema.ts';
import type { Db } from '../../http/db.ts';
import {
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  type CompetitionExport,
} from '../../../domain/schemas/exchange.ts';
import { CHILD_TABLES, EXPORT_TABLES, type Row } from './tables.ts';
import { panelsWithEvent, roundEntriesWithRound } from '../joins.ts';

/** The whole competition as one JSON document; ids are kept so references can be followed. */
export async function exportCompetition(db: Db, competitionId: number): Promise<CompetitionExport> {
  const competition = await db
    .selectFrom('competitions')
    .selectAll()
    .where('id', '=', competitionId)
    .executeTakeFirstOrThrow();
  const tables: Record<string, Row[]> = {};
  for (const spec of EXPORT_TABLES) {
    const cols = [...(spec.id ? ['id'] : []), ...spec.columns];
    tables[spec.name] = CHILD_TABLES.has(spec.name)
      ? await childRows(db, spec.name, competitionId, cols)
      : ((await db
          .selectFrom(spec.name)
          .select(cols as never[])
          .where('competition_id' as never, '=', competitionId as never)
          .orderBy((spec.orderBy ?? spec.id ?? cols[0]) as never)
          .execute()) as Row[]);
    for (const col of spec.binary ?? [])
      for (const row of tables[spec.name]!) row[col] = Buffer.from(row[col] as Uint8Array).toString('base64');
  }
  const { id: _id, ...comp } = competition;
  return {
    format: EXPORT_FORMAT,
    formatVersion: EXPORT_FORMAT_VERSION,
    exportedAt: new Date().toISOString(),
    competition: comp,
    tables,
  };
}

async function childRows(
  db: Db,
  table: keyof Database,
  competitionId: number,
  cols: string[],
): Promise<Row[]> {
  if (table === 'event_panels') {
    return panelsWithEvent(db)
      .select(['event_panels.event_id', 'event_panels.official_id'])
      .where('events.competition_id', '=', competitionId)
      .orderBy('event_panels.event_id')
      .orderBy('event_panels.official_id')
      .execute();
  }
  if (table === 'round_entries') {
    return roundEntriesWithRound(db)
      .select(['round_entries.round_id', 'round_entries.entry_id', 'round_entries.heat'])
      .where('rounds.competition_id', '=', competitionId)
      .orderBy('round_entries.round_id')
      .orderBy('round_entries.entry_id')
      .execute();
  }
  throw new Error(`no way to export ${table} (${cols.join(',')})`);
}
