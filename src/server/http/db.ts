import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A database handle: the whole database, or a command's transaction. Reads take either. */
export type Db = Kysely<Database> | Transaction<Database>;
/** A command's transaction: writes take only this, so they always run inside one. */
export type Tx = Transaction<Database>;
