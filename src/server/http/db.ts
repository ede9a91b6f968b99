import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { notFound } from '../errors.ts';

/** A database handle: the whole database, or a command's transaction. Reads take either. */
export type Db = Kysely<Database> | Transaction<Database>;
/** A command's transaction: writes take only this, so they always run inside one. */
export type Tx = Transaction<Database>;

/** Tables whose rows belong to one competition and are addressed by their id. */
type OwnedTable =
  'competitors' | 'entries' | 'messages' | 'officials' | 'registration_reviews' | 'registrations';

/** One row of a competition's table by id; 404 naming `what` when there is none in this competition. */
export async function findOwned<T extends OwnedTable>(
  db: Db,
  table: T,
  competitionId: number,
  id: number,
  what: string,
): Promise<Selectable<Database[T]>> {
  const row = await (db as Kysely<Database>)
    .selectFrom(table as OwnedTable)
    .selectAll()
    .where('id', '=', id)
    .where('competition_id', '=', competitionId)
    .executeTakeFirst();
  if (!row) throw notFound(what);
  return row as Selectable<Database[T]>;
}
