/**
 * A site administrator's review of persons: likely duplicates (the same name, different emails), merge
 * two into one, split a wrongly linked competitor off into a person of its own, mark persons who share
 * a name as different dancers. Every write audited.
 */
import { sql } from 'kysely';
import { audit } from '../../audit.ts';
import { HttpError, notFound } from '../../errors.ts';
import { assertVersion, type CommandContext } from '../../http/command.ts';
import type { Db, Tx } from '../../http/db.ts';
import { normalizeName } from '../../../domain/entries.ts';
import type {
  DuplicateGroup,
  PersonAdmin,
  PersonChange,
  PersonDistinctAnswer,
} from '../../../domain/schemas/people.ts';

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
      .orderBy('name_key')
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
  const marks = await distinctMarks(
    db,
    persons.map((p) => p.id),
  );
  const groups: DuplicateGroup[] = [];
  for (const { name_key } of keys) {
    const list = persons
      .filter((p) => p.name_key === name_key)
      .map((p) => views.get(p.id)!)
      .filter((v) => v.competitors.length > 0 || v.importedResults > 0);
    if (list.length < 2) continue;
    const pairs = pairsOf(list.map((p) => p.id));
    const distinctPairs = pairs.filter((pair) => marks.has(pairKey(pair)));
    // Every two of them are known to be different dancers: nothing left to review.
    if (distinctPairs.length === pairs.length) continue;
    groups.push({ name: list[0]!.name, persons: list, distinctPairs });
  }
  return groups;
}

type Pair = [number, number];
const pairKey = ([low, high]: Pair) => `${low}-${high}`;

/** Every pair among `ids`, each `[lower, higher]`, in order. */
function pairsOf(ids: readonly number[]): Pair[] {
  const sorted = [...ids].sort((a, b) => a - b);
  return sorted.flatMap((low, i) => sorted.slice(i + 1).map((high): Pair => [low, high]));
}

/** The marked pairs among `ids`, by `pairKey`. */
async function distinctMarks(db: Db, ids: readonly number[]): Promise<Set<string>> {
  if (ids.length < 2) return new Set();
  const rows = await db
    .selectFrom('person_distinct')
    .select(['low_id', 'high_id'])
    .where('low_id', 'in', ids)
    .where('high_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => pairKey([r.low_id, r.high_id])));
}

/**
 * A changed person's version moves one on (with the row's own change, if any): a screen still showing
 * the person as they were gets 409 on its next write instead of undoing this one.
 */
async function nextPersonVersion(
  trx: Tx,
  person: { id: number; version: number },
  change: { merged_into?: number } = {},
) {
  await trx
    .updateTable('persons')
    .set({ ...change, version: person.version + 1 })
    .where('id', '=', person.id)
    .execute();
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
  await assertVersion(seen, view!.version, `person #${id}`, () => view);
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
  await nextPersonVersion(trx, from, { merged_into: into.id });
  await nextPersonVersion(trx, into);
  // The administrator changed their mind, or `from` was marked against others of its name: its marks
  // go with it (a merged person is no one's pair any more), so the pairs come back for review.
  const dropped = await trx
    .deleteFrom('person_distinct')
    .where((eb) => eb.or([eb('low_id', '=', from.id), eb('high_id', '=', from.id)]))
    .returning(['low_id', 'high_id'])
    .execute();
  const [after] = await personAdmins(trx, [into.id]);
  await audit(trx, {
    competitionId: null,
    actor: ctx.who,
    action: 'person.merge',
    entity: 'person',
    entityId: into.id,
    before: { from, into },
    // Only when there were marks: a merge's record reads as it always did otherwise.
    after: dropped.length
      ? {
          ...after,
          // RETURNING promises no order: sorted, as the record is hashed into the chain.
          distinctDropped: dropped
            .map((d): Pair => [d.low_id, d.high_id])
            .sort((a, b) => a[0] - b[0] || a[1] - b[1]),
        }
      : after,
  });
  return { person: after!, other: null };
}

/**
 * Marks every pair among `personIds` as different dancers: the duplicates review leaves out a group
 * whose every pair is marked. Pairs marked before stay as they were (who decided, when). Merging two of
 * them later is still possible and drops the mark (see mergePersons): that is the undo.
 */
export async function markDistinct(
  ctx: CommandContext,
  body: { personIds: readonly number[] },
): Promise<PersonDistinctAnswer> {
  const { trx } = ctx;
  const rows = await trx
    .selectFrom('persons')
    .select(['id', 'name', 'merged_into'])
    .where('id', 'in', [...body.personIds])
    .orderBy('id')
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unknown = body.personIds.filter((id) => !byId.has(id));
  if (unknown.length === 1) throw notFound(`Person #${unknown[0]}`);
  if (unknown.length)
    throw new HttpError(
      404,
      'not_found',
      `Persons ${unknown.map((id) => `#${id}`).join(', ')} were not found.`,
    );
  const merged = rows.filter((r) => r.merged_into !== null);
  if (merged.length)
    throw new HttpError(
      409,
      'merged',
      merged.map((r) => `Person #${r.id} was already merged into person #${r.merged_into}.`).join(' ') +
        ' Choose the person it became.',
    );
  const persons = [...body.personIds].sort((a, b) => a - b).map((id) => ({ id, name: byId.get(id)!.name }));
  const before = await distinctMarks(trx, body.personIds);
  const pairs = pairsOf(body.personIds);
  const marked = pairs.filter((pair) => !before.has(pairKey(pair)));
  const names = persons.map((p) => `#${p.id} ${p.name}`);
  const list = `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  if (!marked.length)
    return { message: `${list} were already marked as different dancers.`, persons, marked };
  await trx
    .insertInto('person_distinct')
    .values(marked.map(([low, high]) => ({ low_id: low, high_id: high, decided_by: ctx.who })))
    .execute();
  await audit(trx, {
    competitionId: null,
    actor: ctx.who,
    action: 'person.distinct',
    entity: 'person',
    entityId: persons[0]!.id,
    before: { persons, distinctPairs: pairs.filter((pair) => before.has(pairKey(pair))) },
    after: { marked },
  });
  return { message: `${list} are marked as different dancers.`, persons, marked };
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
  await nextPersonVersion(trx, person);
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
