import { billRegistration } from '../money/accounts.ts';
/** Commands on events: create (one or a style × level grid), edit, delete. Each runs inside runCommand. */
import type { EventRow } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { assertVersion, type CommandContext } from '../../http/command.ts';
import type { Db, Tx } from '../../http/db.ts';
import { fromJson, toJson } from '../../http/json.ts';
import { uniqueEventKey } from '../../../domain/events.ts';
import { sortDances } from '../../../domain/styles.ts';
import { eventsFromGrid } from '../../../domain/eventGrid.ts';
import {
  AJS_TOLERANCE,
  ajsSplitProblem,
  ajsUnscored,
  roundsUnderAjs,
  type AjsComponent,
} from '../../../domain/scoring/ajs.ts';
import {
  eventCreate,
  isScheduleItem,
  type EventCreate,
  type EventDeleted,
  type EventGridCreate,
  type EventPatch,
} from '../../../domain/schemas/events.ts';
import { findEvent, eventView } from './queries.ts';
import { applyRoundTransition, insertRound } from '../rounds/transition.ts';
import {
  DEFAULT_ROUND_NAMING,
  renameRounds,
  RoundState,
  type RoundNaming,
} from '../../../domain/rounds/index.ts';
import {
  archiveOfRounds,
  eventRounds,
  lastScheduleIndex,
  regularRoundsDanced,
  roundsWithMarks,
  toPlan,
} from '../rounds/queries.ts';
import { marksWithRound } from '../joins.ts';
import type { RuleProblem } from '../../../domain/schemas/common.ts';
import { judgesInMarkingOrder } from '../officials/judges.ts';

/** 409 `stale` with the fresh event when the client saw an older version. */
export async function checkEventVersion(db: Db, event: EventRow, seen: number | undefined): Promise<void> {
  await assertVersion(seen, event.version, `the event "${event.name}"`, () =>
    eventView(db, event.competition_id, event.key),
  );
}

/** A change to the event or its rounds: its version moves on, so an editor who saw the old one is stale. */
export async function bumpEvent(trx: Tx, eventId: number): Promise<void> {
  await trx
    .updateTable('events')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', eventId)
    .execute();
}

const duplicateName = (name: string) =>
  new HttpError(409, 'duplicate', `There is already an event called "${name}".`, {
    field: 'name',
    reason: 'event',
    name,
  });

/** Inserts one event; an Awards or Break item gets its one schedule slot at the end of the day. */
async function insertEvent(trx: Tx, competitionId: number, body: EventCreate) {
  const taken = await trx
    .selectFrom('events')
    .select(['key', 'name', 'sort_order'])
    .where('competition_id', '=', competitionId)
    .execute();
  if (taken.some((e) => e.name.toLowerCase() === body.name.toLowerCase())) throw duplicateName(body.name);
  const key = uniqueEventKey(body.name, new Set(taken.map((e) => e.key)));
  const dances = sortDances(body.dances, body.style);
  const row = await trx
    .insertInto('events')
    .values({
      competition_id: competitionId,
      key,
      name: body.name,
      style: body.style,
      level: body.level,
      dances: toJson(dances),
      sort_order: Math.max(-1, ...taken.map((e) => e.sort_order)) + 1,
      round_naming: body.roundNaming ?? DEFAULT_ROUND_NAMING,
      scoring_system: body.scoringSystem ?? 'skating',
      ajs_rounds: body.ajsRounds ?? 1,
      ajs_tolerance: body.ajsTolerance ?? AJS_TOLERANCE,
      fee: body.fee ?? null,
      ajs_components: body.ajsComponents ? await checkedSplit(trx, competitionId, body.ajsComponents) : null,
      version: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (isScheduleItem(dances)) {
    // A schedule item (a break, the awards) is one round that is never danced or marked.
    await insertRound(trx, {
      competition_id: competitionId,
      event_id: row.id,
      round_number: 1,
      round_name: dances.join(' & '),
      schedule_index: Math.floor(await lastScheduleIndex(trx, competitionId)) + 1,
      recall_size: 0,
      roundState: RoundState.Initialized,
    });
  }
  return { id: row.id, key, dances };
}

/** An AJS split naming someone who is not a judge here, or leaving a component unscored, is refused (400). */
async function checkedSplit(trx: Tx, competitionId: number, split: { [officialId: string]: AjsComponent[] }) {
  const ids = Object.keys(split).map(Number);
  const judges = ids.length ? await judgesInMarkingOrder(trx, competitionId, ids) : [];
  const strangers = ids.filter((id) => !judges.some((j) => j.id === id));
  const problem = strangers.length
    ? `${strangers.join(', ')} ${strangers.length === 1 ? 'is not a judge' : 'are not judges'} of this competition`
    : ajsSplitProblem(split);
  const unscored = strangers.length ? [] : ajsUnscored(split);
  // A component left unscored as data too (the officials' screen words it in the reader's language).
  const params: RuleProblem | null = unscored.length
    ? { reason: 'componentsUnscored', components: unscored.join(', ') }
    : null;
  if (problem)
    throw new HttpError(400, 'invalid', problem, [
      { path: ['ajsComponents'], message: problem, ...(params ? { code: 'custom', params } : {}) },
    ]);
  return toJson(split);
}

/** The event's rounds, and the numbers of those danced as regular rounds (not skipped, not redances). */
async function dancedRounds(trx: Tx, e: EventRow) {
  const rounds = await eventRounds(trx, e.id);
  return { rounds, danced: regularRoundsDanced(rounds) };
}

/**
 * A round's scoring cannot change under marks already given: a Skating mark and an AJS score are
 * different things (409; the marks must be cleared first). `after`: the event's settings as patched.
 */
async function assertScoringUnmarked(
  trx: Tx,
  e: EventRow,
  after: { system: string; ajsRounds: number; splitChanged: boolean },
) {
  const { danced } = await dancedRounds(trx, e);
  const before = new Set(roundsUnderAjs(danced, e.scoring_system, e.ajs_rounds));
  const now = new Set(roundsUnderAjs(danced, after.system, after.ajsRounds));
  // Rounds that change system, and (a new split) the AJS rounds themselves.
  const touched = danced.filter((n) => before.has(n) !== now.has(n) || (after.splitChanged && now.has(n)));
  if (!touched.length) return;
  const marked = await marksWithRound(trx)
    .select('rounds.round_name')
    .where('rounds.event_id', '=', e.id)
    .where('rounds.round_number', 'in', touched)
    .orderBy('rounds.round_number')
    .executeTakeFirst();
  if (marked)
    throw new HttpError(
      409,
      'has_marks',
      `The ${marked.round_name} of ${e.name} already has marks: its scoring system and judges' components cannot change now.`,
      { reason: 'scoring', round: marked.round_name, event: e.name },
    );
}

/**
 * The tolerance cannot change once an AJS round of the event is posted: a correction later re-scores
 * a posted final, and must not move its placings by a changed setting (409 `posted`). Before that the
 * scrutineer computes again; every result shows the tolerance it was scored with.
 */
async function assertToleranceUnposted(trx: Tx, e: EventRow) {
  const { rounds, danced } = await dancedRounds(trx, e);
  const ajs = new Set(roundsUnderAjs(danced, e.scoring_system, e.ajs_rounds));
  const posted = rounds.find((r) => ajs.has(r.round_number) && r.round_state === RoundState.Posted);
  if (posted)
    throw new HttpError(
      409,
      'posted',
      `The ${posted.round_name} of ${e.name} is posted with tolerance ${e.ajs_tolerance}: the tolerance cannot change now.`,
      { field: 'ajsTolerance' },
    );
}

/** Creates one event; answers its key. */
export async function createEvent(ctx: CommandContext, body: EventCreate): Promise<string> {
  const made = await insertEvent(ctx.trx, ctx.competition.id, body);
  await ctx.audit({
    action: 'event.create',
    entity: 'event',
    entityId: made.key,
    after: { ...body, dances: made.dances, key: made.key },
  });
  return made.key;
}

/** Creates one event per ticked style × level cell; names that already exist are skipped. */
export async function createEventGrid(ctx: CommandContext, body: EventGridCreate) {
  const { trx, competition: c } = ctx;
  const planned = eventsFromGrid(body.cells, body.suffix ? ` ${body.suffix}` : '');
  const existing = await trx.selectFrom('events').select('name').where('competition_id', '=', c.id).execute();
  const names = new Set(existing.map((e) => e.name.toLowerCase()));
  const created: string[] = [];
  const skipped: string[] = [];
  for (const e of planned) {
    if (names.has(e.name.toLowerCase())) {
      skipped.push(e.name);
      continue;
    }
    names.add(e.name.toLowerCase());
    created.push((await insertEvent(trx, c.id, e)).key);
  }
  await ctx.audit({ action: 'event.create-grid', entity: 'event', after: { created, skipped } });
  if (created.length) ctx.publish('events', 'schedule');
  return { created, skipped };
}

/** Edits an event; the key follows the name (api.md). Answers the (new) key. */
export async function updateEvent(ctx: CommandContext, eventKey: string, body: EventPatch): Promise<string> {
  const { trx, competition: c } = ctx;
  const { version, ...changes } = body;
  const e = await findEvent(trx, c.id, eventKey);
  await checkEventVersion(trx, e, version);
  const style = (changes.style ?? e.style) as EventCreate['style'];
  const naming = changes.roundNaming ?? (e.round_naming as RoundNaming);
  await assertScoringUnmarked(trx, e, {
    system: changes.scoringSystem ?? e.scoring_system,
    ajsRounds: changes.ajsRounds ?? e.ajs_rounds,
    splitChanged:
      changes.ajsComponents !== undefined &&
      JSON.stringify(changes.ajsComponents) !== JSON.stringify(fromJson(e.ajs_components, null)),
  });
  if (changes.ajsTolerance !== undefined && Math.abs(changes.ajsTolerance - e.ajs_tolerance) > 1e-9)
    await assertToleranceUnposted(trx, e);
  const dances = sortDances(changes.dances ?? fromJson<string[]>(e.dances, []), style);
  const check = eventCreate.safeParse({
    name: changes.name ?? e.name,
    style,
    level: changes.level ?? e.level,
    dances,
  });
  if (!check.success)
    throw new HttpError(400, 'invalid', check.error.issues[0]?.message ?? 'Not valid', check.error.issues);
  let key = e.key;
  if (changes.name && changes.name !== e.name) {
    const others = await trx
      .selectFrom('events')
      .select(['key', 'name'])
      .where('competition_id', '=', c.id)
      .where('id', '!=', e.id)
      .execute();
    if (others.some((o) => o.name.toLowerCase() === changes.name?.toLowerCase()))
      throw duplicateName(changes.name);
    // Rounds, marks and results hang on ids, not keys, so the key may change.
    key = uniqueEventKey(changes.name, new Set(others.map((o) => o.key)));
  }
  await trx
    .updateTable('events')
    .set({
      name: check.data.name,
      key,
      style: check.data.style,
      level: check.data.level,
      dances: toJson(dances),
      round_naming: naming,
      ...(changes.scoringSystem ? { scoring_system: changes.scoringSystem } : {}),
      ...(changes.ajsRounds ? { ajs_rounds: changes.ajsRounds } : {}),
      ...(changes.ajsTolerance !== undefined ? { ajs_tolerance: changes.ajsTolerance } : {}),
      ...(changes.fee !== undefined ? { fee: changes.fee } : {}),
      ...(changes.ajsComponents !== undefined
        ? {
            ajs_components: changes.ajsComponents
              ? await checkedSplit(trx, c.id, changes.ajsComponents)
              : null,
          }
        : {}),
      version: e.version + 1,
    })
    .where('id', '=', e.id)
    .execute();
  const renamed = naming !== e.round_naming ? await renameByNaming(ctx, e.id, naming) : [];
  await ctx.audit({
    action: 'event.update',
    entity: 'event',
    entityId: key,
    before: {
      name: e.name,
      key: e.key,
      style: e.style,
      level: e.level,
      dances: fromJson(e.dances, []),
      roundNaming: e.round_naming,
      scoringSystem: e.scoring_system,
      ajsRounds: e.ajs_rounds,
      ajsTolerance: e.ajs_tolerance,
      fee: e.fee,
      ajsComponents: fromJson(e.ajs_components, null),
    },
    after: {
      ...check.data,
      key,
      dances,
      roundNaming: naming,
      ...(changes.scoringSystem ? { scoringSystem: changes.scoringSystem } : {}),
      ...(changes.ajsRounds ? { ajsRounds: changes.ajsRounds } : {}),
      ...(changes.ajsTolerance !== undefined ? { ajsTolerance: changes.ajsTolerance } : {}),
      ...(changes.fee !== undefined ? { fee: changes.fee } : {}),
      ...(changes.ajsComponents !== undefined ? { ajsComponents: changes.ajsComponents } : {}),
      ...(renamed.length ? { renamed } : {}),
    },
  });
  return key;
}

/**
 * The event's rounds named by position take the names of the naming the organizer chose (names they
 * typed stay); results pages show round names, so they are told too.
 */
async function renameByNaming(ctx: CommandContext, eventId: number, naming: RoundNaming) {
  const rounds = await eventRounds(ctx.trx, eventId);
  const { renamed } = renameRounds(rounds.map(toPlan), naming);
  for (const r of renamed) {
    const row = rounds.find((x) => x.round_number === r.roundNumber);
    if (row) await applyRoundTransition(ctx.trx, row, undefined, { round_name: r.to });
  }
  if (renamed.length) ctx.publish('results');
  return renamed;
}

/**
 * Deletes an event. With judges' marks it needs `confirm`; its rounds, marks, results and entries
 * are then archived in the audit record.
 */
export async function deleteEvent(
  ctx: CommandContext,
  eventKey: string,
  query: { version?: number | undefined; confirm?: 'true' | 'false' | undefined },
): Promise<EventDeleted> {
  const { trx, competition: c } = ctx;
  const e = await findEvent(trx, c.id, eventKey);
  await checkEventVersion(trx, e, query.version);
  const marked = await roundsWithMarks(trx, e.id);
  if (marked.length > 0 && query.confirm !== 'true') {
    throw new HttpError(
      409,
      'has_marks',
      `"${e.name}" already has judges' marks (round ${marked.join(', ')}). Confirm to delete it; ` +
        'its marks, results and entries are then archived in the audit trail.',
      { roundsWithMarks: marked },
    );
  }
  const rounds = await eventRounds(trx, e.id);
  const archive = await archiveOfRounds(
    trx,
    rounds.map((r) => r.id),
  );
  const [entries, finalResults] = await Promise.all([
    trx.selectFrom('entries').selectAll().where('event_id', '=', e.id).orderBy('id').execute(),
    trx.selectFrom('final_results').selectAll().where('event_id', '=', e.id).execute(),
  ]);
  await ctx.audit({
    action: 'event.delete',
    entity: 'event',
    entityId: e.key,
    before: { event: e, rounds, entries, finalResults, ...archive },
  });
  // Cascades remove panels, entries, rounds, couples, marks and saved results; mark_history stays.
  await trx.deleteFrom('events').where('id', '=', e.id).execute();
  // The organizer cancelled it: its couples are credited whatever the refund deadline.
  for (const registrationId of new Set(
    entries.flatMap((x) => (x.registration_id === null ? [] : [x.registration_id])),
  ))
    await billRegistration(ctx, registrationId, { cancelled: true });
  return { deleted: e.key, name: e.name, archived: marked.length > 0 };
}
