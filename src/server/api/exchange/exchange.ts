import { z } from 'zod';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { COMPETITION_COLUMNS, EXPORT_FORMAT, EXPORT_FORMAT_VERSION, EXPORT_TABLES } from './tables.ts';
import { competitionKey } from '../../../domain/schemas/competition.ts';
import { HttpError } from '../../errors.ts';

type Row = Record<string, unknown>;

/** Tables without a competition_id column, reached through their parent. */
const CHILD_TABLES: ReadonlySet<keyof Database> = new Set(['event_panels', 'round_entries']);

export interface CompetitionExport {
  format: typeof EXPORT_FORMAT;
  formatVersion: number;
  exportedAt: string;
  competition: Row;
  tables: Record<string, Row[]>;
}

/** The whole competition as one JSON document; ids are kept so references can be followed. */
export async function exportCompetition(db: DB, competitionId: number): Promise<CompetitionExport> {
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
          .orderBy((spec.id ?? cols[0]) as never)
          .execute()) as Row[]);
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
  db: DB,
  table: keyof Database,
  competitionId: number,
  cols: string[],
): Promise<Row[]> {
  if (table === 'event_panels') {
    return db
      .selectFrom('event_panels')
      .innerJoin('events', 'events.id', 'event_panels.event_id')
      .select(['event_panels.event_id', 'event_panels.official_id'])
      .where('events.competition_id', '=', competitionId)
      .orderBy('event_panels.event_id')
      .orderBy('event_panels.official_id')
      .execute();
  }
  if (table === 'round_entries') {
    return db
      .selectFrom('round_entries')
      .innerJoin('rounds', 'rounds.id', 'round_entries.round_id')
      .select(['round_entries.round_id', 'round_entries.entry_id', 'round_entries.heat'])
      .where('rounds.competition_id', '=', competitionId)
      .orderBy('round_entries.round_id')
      .orderBy('round_entries.entry_id')
      .execute();
  }
  throw new Error(`no way to export ${table} (${cols.join(',')})`);
}

const exportDocument = z.object({
  format: z.literal(EXPORT_FORMAT, {
    error: `This is not a Promenade competition export (format must be "${EXPORT_FORMAT}").`,
  }),
  formatVersion: z.literal(EXPORT_FORMAT_VERSION, {
    error: `Only export format version ${EXPORT_FORMAT_VERSION} can be imported.`,
  }),
  competition: z.looseObject({ key: competitionKey, full_name: z.string().min(1).max(200) }),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});

/** Inserts an exported competition under `key` (or its own) in one transaction: all of it or nothing. */
export async function importCompetition(
  trx: Transaction<Database>,
  input: unknown,
  keyOverride?: string,
): Promise<number> {
  const doc = exportDocument.parse(input);
  const key = keyOverride ?? doc.competition.key;
  const taken = await trx.selectFrom('competitions').select('id').where('key', '=', key).executeTakeFirst();
  if (taken)
    throw new HttpError(
      409,
      'duplicate',
      `A competition with key "${key}" already exists. Import it under another key (?key=…).`,
    );

  const comp: Row = { key };
  for (const c of COMPETITION_COLUMNS)
    if (c !== 'key' && doc.competition[c] !== undefined)
      comp[c] = scalar(doc.competition[c], `competition.${c}`);
  const inserted = await trx
    .insertInto('competitions')
    .values(comp as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const competitionId = inserted.id;

  const idMaps = new Map<string, Map<number, number>>();
  for (const spec of EXPORT_TABLES) {
    const rows = doc.tables[spec.name] ?? [];
    const map = new Map<number, number>();
    for (const [i, row] of rows.entries()) {
      const values: Row = {};
      if (!CHILD_TABLES.has(spec.name)) values.competition_id = competitionId;
      for (const col of spec.columns) {
        let v = scalar(row[col], `${spec.name}[${i}].${col}`);
        const target = spec.refs[col];
        if (target && v !== null && v !== undefined) {
          const mapped = idMaps.get(target)?.get(Number(v));
          if (mapped === undefined)
            throw new HttpError(
              400,
              'invalid',
              `${spec.name}[${i}].${col} points at ${target} ${String(v)}, which is not in the export.`,
            );
          v = mapped;
        }
        if (v !== undefined) values[col] = v;
      }
      const insert = trx.insertInto(spec.name).values(values as never);
      if (spec.id) {
        const res = (await insert.returning('id' as never).executeTakeFirstOrThrow()) as Row;
        map.set(Number(row.id), Number(res.id));
      } else {
        await insert.execute();
      }
    }
    if (spec.id) idMaps.set(spec.name, map);
  }
  return competitionId;
}

function scalar(v: unknown, where: string): string | number | null | undefined {
  if (v === null || v === undefined || typeof v === 'string' || typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  throw new HttpError(400, 'invalid', `${where} must be text, a number or null.`);
}
