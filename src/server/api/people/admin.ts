/**
 * A site administrator's review of persons: likely duplicates (the same name, different emails), merge
 * two into one, split a wrongly linked competitor off into a person of its own. Every write audited.
 */
import { sql } from 'kysely';
import { audit } from '../../audit.ts';
import { HttpError, notFound, stale } from '../../errors.ts';
import type { CommandContext } from '../../http/command.ts';
import type { Db } from '../../http/db.ts';
import { normalizeName } from '../../../domain/entries.ts';
import type { DuplicateGroup, PersonAdmin, PersonChange } from '../../../domain/schemas/people.ts';

/** Most duplicate groups one answer lists. */
const LIST_LIMIT = 200;

/** Persons as an administrator reviews them: identities, competitors (with emails), imported results. */
export async function personAdmins(db: Db, ids: readonly number[]): Promise<PersonAdmin[]> {
  if (!ids.length) return [];
  const [persons, identities, competitors, imported] = await Promise.all([
    db.selectFrom('persons').select(['id', 'name', 'version']).where('id', 'in', ids).execute(),
    db
      .selectFrom('person_identities')
      .select(['person_id', 'name_key', 'email'])
      .where('person_id', 'in', ids)
      .orderBy('email')
      .execute(),
    db
      .selectFrom('competitors')
      .innerJoin('competitions', 'competitions.id', 'competitors.competition_id')
      .select((eb) => [
        'competitors.id',
        'competitors.person_id',
        'competitors.name',
        'competitors.email',
        'competitions.key',
        'competitions.full_name',
        'competitions.start_date',
        eb
          .selectFrom('entries')
          .select(eb.fn.countAll<number>().as('n'))
          .where((w) =>
            w.or([
              w('entries.lead_id', '=', w.ref('competitors.id')),
              w('entries.follow_id', '=', w.ref('competitors.id')),
            ]),
          )
          .as('entries'),
      ])
      .where('competitors.person_id', 'in', ids)
      .orderBy('competitions.start_date', 'desc')
      .orderBy('competitors.id')
      .execute(),
    db
      .selectFrom('person_results')
      .select(['lead_person_id', 'follow_person_id'])
      .where((eb) => eb.or([eb('lead_person_id', 'in', ids), eb('follow_person_id', 'in', ids)]))
      .execute(),
  ]);
  const byId = new Map(persons.map((p) => [p.id, p]));
  return ids
    .filter((id) => byId.has(id))
    .map((id) => {
      const p = byId.get(id)!;
      const mine = competitors.filter((c) => c.person_id === id);
      return {
        id,
        name: p.name,
        identities: identities
          .filter((i) => i.person_id === id)
          .map((i) => ({
            // The name as a competitor wrote it, when one did; else the key itself.
            name: mine.find((c) => normalizeName(c.name) === i.name_key)?.name ?? i.name_key,
            email: i.email,
          })),
        competitors: mine.map((c) => ({
          competitorId: c.id,
          competitionKey: c.key,
          competitionName: c.full_name,
          startDate: c.start_date,
          name: c.name,
          email: c.email,
          entries: Number(c.entries ?? 0),
        })),
        importedResults: imported.filter((r) => r.lead_person_id === id || r.follow_person_id === id).length,
        version: p.version,
      };
    });
}

/**
 * Persons sharing a name: most likely one dancer who registered with two emails (or someone whose
 * results were imported by name before they registered). Only persons with something linked.
 */
export async function duplicateGroups(db: Db): Promise<DuplicateGroup[]> {
  const keys = await db
    .selectFrom('persons')
    .select('name_key')
    .where('merged_into', 'is', null)
    .groupBy('name_key')
    .having(sql`count(*)`, '>', 1)
    .orderBy('name_key')
    .limit(LIST_LIMIT)
    .execute();
  if (!keys.length) return [];
  const persons = await db
    .selectFrom('persons')
    .select(['id', 'name_key'])
    .where('merged_into', 'is', null)
    .where(
      'name_key',
      'in',
      keys.map((k) => k.name_key),
    )
    .orderBy('id')
    .execute();
  const views = new Map(
    (
      await personAdmins(
        db,
        persons.map((p) => p.id),
      )
    ).map((v) => [v.id, v]),
  );
  const groups: DuplicateGroup[] = [];
  for (const { name_key } of keys) {
    const list = persons
      .filter((p) => p.name_key === name_key)
      .map((p) => views.get(p.id)!)
      .filter((v) => v.competitors.length > 0 || v.importedResults > 0);
    if (list.length > 1) groups.push({ name: list[0]!.name, persons: list });
  }
  return groups;
}

async function liveOne(ctx: CommandContext, id: number, seen: number | undefined): Promise<PersonAdmin> {
  const row = await ctx.trx
    .selectFrom('persons')
    .select(['id', 'merged_into'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(`Person #${id}`);
  if (row.merged_into !== null)
    throw new HttpError(409, 'merged', `Person #${id} was already merged into person #${row.merged_into}.`);
  const [view] = await personAdmins(ctx.trx, [id]);
  if (seen !== undefined && seen !== view!.version) throw stale(`person #${id}`, view);
  return view!;
}

/**
 * Merges `from` into `into`: every competitor, identity and imported result of `from` becomes
 * `into`'s; `from` stays as a pointer to `into` (its old page address still finds the dancer).
 */
export async function mergePersons(
  ctx: CommandContext,
  body: { from: number; into: number; fromVersion?: number | undefined; intoVersion?: number | undefined },
): Promise<PersonChange> {
  const { trx } = ctx;
  const from = await liveOne(ctx, body.from, body.fromVersion);
  const into = await liveOne(ctx, body.into, body.intoVersion);
  await trx.updateTable('competitors').set({ person_id: into.id }).where('person_id', '=', from.id).execute();
  await trx
    .updateTable('person_identities')
    .set({ person_id: into.id })
    .where('person_id', '=', from.id)
    .execute();
  await trx
    .updateTable('person_results')
    .set({ lead_person_id: into.id })
    .where('lead_person_id', '=', from.id)
    .execute();
  await trx
    .updateTable('person_results')
    .set({ follow_person_id: into.id })
    .where('follow_person_id', '=', from.id)
    .execute();
  // Earlier merges into `from` now point at `into`: one step from any old id reaches the dancer.
  await trx.updateTable('persons').set({ merged_into: into.id }).where('merged_into', '=', from.id).execute();
  await trx
    .updateTable('persons')
    .set({ merged_into: into.id, version: from.version + 1 })
    .where('id', '=', from.id)
    .execute();
  await trx
    .updateTable('persons')
    .set({ version: into.version + 1 })
    .where('id', '=', into.id)
    .execute();
  const [after] = await personAdmins(trx, [into.id]);
  await audit(trx, {
    competitionId: null,
    actor: ctx.who,
    action: 'person.merge',
    entity: 'person',
    entityId: into.id,
    before: { from, into },
    after,
  });
  return { person: after!, other: null };
}

/**
 * A competitor linked to the wrong person becomes a person of its own, with its name and email: a
 * later registration with that name and email joins the new person.
 */
export async function splitPerson(
  ctx: CommandContext,
  personId: number,
  body: { competitorId: number; version?: number | undefined },
): Promise<PersonChange> {
  const { trx } = ctx;
  const person = await liveOne(ctx, personId, body.version);
  const competitor = person.competitors.find((c) => c.competitorId === body.competitorId);
  if (!competitor)
    throw new HttpError(
      404,
      'not_found',
      `Competitor #${body.competitorId} is not linked to person #${personId}.`,
    );
  if (person.competitors.length === 1 && person.importedResults === 0)
    throw new HttpError(
      409,
      'nothing_to_split',
      `${competitor.name} is the only competitor of person #${personId}: there is nothing to split off.`,
    );
  const created = await trx
    .insertInto('persons')
    .values({ name: competitor.name.trim(), name_key: normalizeName(competitor.name) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('competitors')
    .set({ person_id: created.id })
    .where('id', '=', competitor.competitorId)
    .execute();
  const email = competitor.email.trim().toLowerCase();
  if (email)
    await trx
      .updateTable('person_identities')
      .set({ person_id: created.id })
      .where('name_key', '=', normalizeName(competitor.name))
      .where('email', '=', email)
      .where('person_id', '=', person.id)
      .execute();
  await trx
    .updateTable('persons')
    .set({ version: person.version + 1 })
    .where('id', '=', person.id)
    .execute();
  const [left, split] = await personAdmins(trx, [person.id, created.id]);
  await audit(trx, {
    competitionId: null,
    actor: ctx.who,
    action: 'person.split',
    entity: 'person',
    entityId: person.id,
    before: person,
    after: { person: left, newPerson: split },
  });
  return { person: left!, other: split! };
}
