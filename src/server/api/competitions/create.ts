import type { Transaction } from 'kysely';
import type { CompetitionRow, Database, NewCompetition } from '../../db/schema.ts';
import type { CompetitionCreate } from '../../../domain/schemas/competition.ts';
import { competitionColumns, findCompetition, replaceOrganizers } from './repo.ts';
import { audit } from '../../audit.ts';
import { HttpError } from '../../errors.ts';
import { DEFAULT_EVENT_SETTINGS } from '../settings/defaults.ts';

/** Inserts a competition with its default event settings, inside the caller's transaction. */
export async function createCompetition(
  trx: Transaction<Database>,
  body: CompetitionCreate,
  actor: string,
): Promise<CompetitionRow> {
  const exists = await trx
    .selectFrom('competitions')
    .select('id')
    .where('key', '=', body.key)
    .executeTakeFirst();
  if (exists) throw new HttpError(409, 'duplicate', `A competition with key "${body.key}" already exists.`);
  const today = new Date().toISOString().slice(0, 10);
  const { organizers, ...fields } = body;
  const inserted = await trx
    .insertInto('competitions')
    .values({
      ...competitionColumns(fields),
      key: body.key,
      full_name: body.fullName,
      start_date: body.startDate ?? today,
      end_date: body.endDate ?? body.startDate ?? today,
      updated_at: new Date().toISOString(),
      version: 1,
    } as NewCompetition)
    .returning('id')
    .executeTakeFirstOrThrow();
  if (organizers) await replaceOrganizers(trx, inserted.id, organizers);
  await trx
    .insertInto('event_settings')
    .values({ competition_id: inserted.id, settings: JSON.stringify(DEFAULT_EVENT_SETTINGS), version: 1 })
    .execute();
  await audit(trx, {
    competitionId: inserted.id,
    actor,
    action: 'competition.create',
    entity: 'competition',
    entityId: body.key,
    after: body,
  });
  return findCompetition(trx, body.key);
}
