/**
 * The organizer's round commands, inside the caller's transaction: generate or clear an event's
 * rounds, add, skip or delete one (plans from src/domain/rounds/edit.ts, applied by plans.ts), and
 * a round's own settings and state by hand (PATCH; the state from the lifecycle).
 */
import { HttpError } from '../../errors.ts';
import { nowIso } from '../../db/index.ts';
import type { EventRow, RoundRow } from '../../db/schema.ts';
import { assertVersion, type CommandContext } from '../../http/command.ts';
import type { RoundAddress } from './context.ts';
import type { RoundState } from '../../../domain/rounds/index.ts';
import {
  addRound,
  deleteRound,
  generateRounds,
  normalizeRecallSize,
  regeneratedScheduleIndexes,
  reorderIfAsked,
  restoreRound,
  ROUND_STATE_NAMES,
  setRecallSize,
  setRoundState,
  skipRound,
  type RoundChange,
  type RoundNaming,
  type RoundUpdate,
} from '../../../domain/rounds/index.ts';
import type { z } from 'zod';
import type { roundAdd, RoundPatch } from '../../../domain/schemas/events.ts';
import { readEventSettings } from '../settings/queries.ts';
import type { Db } from '../../http/db.ts';
import { isScheduleItem } from '../../../domain/schemas/events.ts';
import { bumpEvent } from '../events/commands.ts';
import { eventView, findEvent } from '../events/queries.ts';
import { archiveOfRounds, eventRounds, roundsWithMarks, toPlan, type PlannedRound } from './queries.ts';
import { placeCouplesInRound } from './floor/commands.ts';
import { applyRoundChange, applyScheduleIndexes, otherSlots, slotKey } from './plans.ts';
import { applyRoundTransition, insertRound, roundRuleHttp, stateTrace } from './transition.ts';
import { fromJson } from '../../http/json.ts';

type RoundAdd = z.infer<typeof roundAdd>;

/** A command on an event's rounds: the command's context with the event and its rounds. */
export interface EventRoundsCtx extends CommandContext {
  event: EventRow;
  rounds: RoundRow[];
}

async function editOptions(db: Db, competitionId: number, event: EventRow) {
  const settings = await readEventSettings(db, competitionId);
  return {
    naming: event.round_naming as RoundNaming,
    reorderAfterAddRemoveRound: settings.reorderAfterAddRemoveRound,
    otherSlots: await otherSlots(db, competitionId, event.id),
    couples: await firstRoundCouples(db, event.id),
  };
}

/**
 * Couples who dance an event's first round: entered, not scratched, not star couples joining later,
 * not out of it. No round is proposed to recall more (defaultRecallSizes).
 */
async function firstRoundCouples(db: Db, eventId: number): Promise<number> {
  const row = await db
    .selectFrom('entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event_id', '=', eventId)
    .where('scratched', '=', 0)
    .where('joins_round', 'is', null)
    .where('withdrawal', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function applyAndAudit(ctx: EventRoundsCtx, change: RoundChange<PlannedRound>, action: string) {
  const discarded = ctx.rounds.filter((r) => change.discard.includes(r.round_number));
  const archive = await archiveOfRounds(
    ctx.trx,
    discarded.map((r) => r.id),
  );
  await applyRoundChange(ctx.trx, ctx.event, ctx.rounds, change);
  await ctx.audit({
    action,
    entity: 'event',
    entityId: ctx.event.key,
    before: { rounds: ctx.rounds, ...(discarded.length ? { discarded: archive } : {}) },
    after: { description: change.description, rounds: change.rounds, renumber: change.renumber },
  });
  return change.description;
}

/** Deletes every round of the event; answers what they held, for the audit record. */
async function removeEventRounds(ctx: EventRoundsCtx) {
  const archive = await archiveOfRounds(
    ctx.trx,
    ctx.rounds.map((r) => r.id),
  );
  await ctx.trx.deleteFrom('rounds').where('event_id', '=', ctx.event.id).execute();
  return archive;
}

/** The event's version goes up; the audit trail keeps the rounds as they were and what replaced them. */
async function recordRoundsReplaced(
  ctx: EventRoundsCtx,
  action: string,
  archive: Awaited<ReturnType<typeof removeEventRounds>>,
  after?: unknown,
) {
  await bumpEvent(ctx.trx, ctx.event.id);
  await ctx.audit({
    action,
    entity: 'event',
    entityId: ctx.event.key,
    before: { rounds: ctx.rounds, ...archive },
    after,
  });
}

/**
 * A star couple joins a round by its number: once the event's rounds are generated anew or
 * cleared, that number means another round or none, so the stars are cleared for the organizer to set
 * again on the new rounds. Answers their numbers, for the message and the audit record.
 */
async function clearStarCouples(ctx: EventRoundsCtx): Promise<number[]> {
  const stars = await ctx.trx
    .selectFrom('entries')
    .select(['id', 'lead_number'])
    .where('event_id', '=', ctx.event.id)
    .where('joins_round', 'is not', null)
    .orderBy('lead_number')
    .orderBy('id')
    .execute();
  if (stars.length === 0) return [];
  await ctx.trx
    .updateTable('entries')
    .set((eb) => ({ joins_round: null, version: eb('version', '+', 1) }))
    .where(
      'id',
      'in',
      stars.map((s) => s.id),
    )
    .execute();
  return stars.map((s) => s.lead_number);
}

/** " Star couples 7224, 7230 were cleared: set them again on the new rounds." (or nothing) */
const starsClearedNote = (numbers: readonly number[]) =>
  numbers.length === 0
    ? ''
    : `. Star couple${numbers.length === 1 ? '' : 's'} ${numbers.join(', ')} ${numbers.length === 1 ? 'was' : 'were'} cleared: set ${numbers.length === 1 ? 'it' : 'them'} again on the new rounds`;

async function refuseWhenMarked(ctx: EventRoundsCtx, what: string) {
  const marked = await roundsWithMarks(ctx.trx, ctx.event.id);
  if (marked.length) {
    throw new HttpError(
      409,
      'has_marks',
      `Rounds cannot be ${what}: round ${marked.join(', ')} already has judges' marks.`,
    );
  }
}

/**
 * (Re)generates an event's rounds from its entries, named by the event's naming; every couple dances
 * the first round. The running order stays the organizer's: a new event's rounds go to the end of the
 * day, regenerated rounds take the old rounds' slots (`regeneratedScheduleIndexes`), and only the
 * reorderAfterAddRemoveRound setting renumbers the whole day.
 */
export async function generateEventRounds(ctx: EventRoundsCtx, recallSizes: readonly number[] = []) {
  await refuseWhenMarked(ctx, 'generated again');
  const entries = await ctx.trx
    .selectFrom('entries')
    .select('id')
    .where('event_id', '=', ctx.event.id)
    .where('scratched', '=', 0)
    .orderBy('lead_number')
    .orderBy('id')
    .execute();
  const dances = fromJson<string[]>(ctx.event.dances, []);
  const options = await editOptions(ctx.trx, ctx.competition.id, ctx.event);
  const generated = generateRounds(isScheduleItem(dances) ? 0 : entries.length, options);
  const indexes = regeneratedScheduleIndexes(
    ctx.rounds.map((r) => r.schedule_index),
    generated.length,
    options.otherSlots.map((o) => o.scheduleIndex),
  );
  const { rounds: plans, scheduleIndexes } = reorderIfAsked(
    generated.map((p, i) => ({
      ...p,
      scheduleIndex: indexes[i] as number,
      roundName: isScheduleItem(dances) ? dances.join(' & ') : p.roundName,
      recallSize:
        i < generated.length - 1 && recallSizes[i] !== undefined
          ? normalizeRecallSize(recallSizes[i])
          : p.recallSize,
    })),
    options,
  );
  const archive = await removeEventRounds(ctx);
  const ids: number[] = [];
  for (const p of plans) {
    ids.push(
      await insertRound(ctx.trx, {
        competition_id: ctx.competition.id,
        event_id: ctx.event.id,
        round_number: p.roundNumber,
        round_name: p.roundName,
        schedule_index: p.scheduleIndex,
        recall_size: p.recallSize,
        roundState: p.roundState,
      }),
    );
  }
  // Every couple of the event dances the first round.
  if (entries.length && ids[0] !== undefined && !isScheduleItem(dances)) {
    await placeCouplesInRound(
      ctx.trx,
      { id: ids[0], heat_size: null },
      entries.map((e) => e.id),
    );
  }
  await applyScheduleIndexes(ctx.trx, scheduleIndexes);
  const starsCleared = await clearStarCouples(ctx);
  await recordRoundsReplaced(ctx, 'rounds.generate', archive, { rounds: plans, starsCleared });
  return `Generated ${plans.length} round${plans.length === 1 ? '' : 's'} for ${entries.length} couples: ${plans.map((p) => p.roundName).join(', ')}${starsClearedNote(starsCleared)}`;
}

/** Removes every round of an event (none may have marks). */
export async function clearEventRounds(ctx: EventRoundsCtx) {
  await refuseWhenMarked(ctx, 'cleared');
  const archive = await removeEventRounds(ctx);
  const starsCleared = await clearStarCouples(ctx);
  await recordRoundsReplaced(ctx, 'rounds.clear', archive, { starsCleared });
  return `Cleared ${ctx.rounds.length} rounds${starsClearedNote(starsCleared)}`;
}

export async function addEventRound(ctx: EventRoundsCtx, request: RoundAdd) {
  const options = await editOptions(ctx.trx, ctx.competition.id, ctx.event);
  const change = addRound(
    ctx.rounds.map(toPlan),
    { ...request, make: (b) => ({ ...b, id: null }) },
    {
      ...options,
      slotKey: (n) => {
        const row = ctx.rounds.find((r) => r.round_number === (n > request.after ? n - 1 : n));
        return n === request.after + 1 ? 'new' : row ? slotKey(row.id) : `R${n}`;
      },
    },
  );
  return applyAndAudit(ctx, change, 'round.add');
}

export async function skipEventRound(ctx: EventRoundsCtx, n: number) {
  const couples = await firstRoundCouples(ctx.trx, ctx.event.id);
  return applyAndAudit(ctx, skipRound(ctx.rounds.map(toPlan), n, { couples }), 'round.skip');
}

export async function deleteEventRound(ctx: EventRoundsCtx, n: number) {
  const options = await editOptions(ctx.trx, ctx.competition.id, ctx.event);
  const change = deleteRound(ctx.rounds.map(toPlan), n, {
    ...options,
    slotKey: (k) => {
      const row = ctx.rounds.find((r) => r.round_number === (k >= n ? k + 1 : k));
      return row ? slotKey(row.id) : `R${k}`;
    },
  });
  return applyAndAudit(ctx, change, 'round.delete');
}

/**
 * One round's settings and, by hand, its state (PATCH). Undoing a skip hands the default recall
 * sizes back to the rounds around it.
 */
export async function patchRound(
  cmd: CommandContext,
  where: RoundAddress,
  body: RoundPatch,
): Promise<string> {
  const { trx } = cmd;
  const { version, ...p } = body;
  const event = await findEvent(trx, cmd.competition.id, where.eventKey);
  const rounds = await eventRounds(trx, event.id);
  const round = rounds.find((r) => r.round_number === where.n);
  if (!round) throw new HttpError(404, 'not_found', `${event.name} has no round ${where.n}.`);
  await assertVersion(version, round.version, `${round.round_name} of ${event.name}`, async () =>
    (await eventView(trx, cmd.competition.id, event.key)).rounds.find(
      (r) => r.roundNumber === round.round_number,
    ),
  );
  const set: {
    recall_size?: number;
    schedule_index?: number;
    round_start_time?: string | null;
    round_name?: string;
    floor?: string;
  } = {};
  let update: RoundUpdate | undefined;
  const said: string[] = [];
  let followingRecalls: Array<{ roundNumber: number; from: number; to: number }> = [];
  try {
    if (p.recallSize !== undefined) {
      const next = setRecallSize(rounds.map(toPlan), round.round_number, p.recallSize);
      set.recall_size = next.find((r) => r.roundNumber === round.round_number)?.recallSize ?? 1;
      said.push(`recall size ${set.recall_size}`);
    }
    if (p.roundState !== undefined) {
      const change = setRoundState(
        {
          roundName: round.round_name,
          eventName: event.name,
          from: round.round_state as RoundState,
          to: p.roundState as RoundState,
          startedAt: round.started_at,
          endedAt: round.ended_at,
        },
        nowIso(),
      );
      if (change) {
        if (change.restores)
          followingRecalls = restoreRound(rounds.map(toPlan), round.round_number, {
            couples: await firstRoundCouples(trx, event.id),
          }).changed;
        update = change.round;
        said.push(`state ${ROUND_STATE_NAMES[change.round.state]}`);
      }
    }
  } catch (err) {
    throw roundRuleHttp(err);
  }
  if (p.scheduleIndex !== undefined) {
    set.schedule_index = p.scheduleIndex;
    said.push(`schedule index ${p.scheduleIndex}`);
  }
  if (p.roundStartTime !== undefined) {
    set.round_start_time = p.roundStartTime ? new Date(p.roundStartTime).toISOString() : null;
    said.push(`start time ${set.round_start_time ?? 'TBA'}`);
  }
  if (p.roundName !== undefined) {
    set.round_name = p.roundName;
    said.push(`name "${p.roundName}"`);
  }
  if (p.floor !== undefined) {
    const floors = fromJson<string[]>(cmd.competition.floors, []);
    if (!floors.includes(p.floor)) {
      throw new HttpError(
        400,
        'invalid',
        `There is no floor "${p.floor}": the floors are ${floors.map((f) => `"${f}"`).join(', ')}. Add it in Setup first.`,
      );
    }
    set.floor = p.floor;
    said.push(`floor "${p.floor}"`);
  }
  if (said.length === 0) return 'Nothing to change';
  await applyRoundTransition(trx, round, update, set);
  for (const f of followingRecalls) {
    const other = rounds.find((r) => r.round_number === f.roundNumber);
    if (!other) continue;
    await applyRoundTransition(trx, other, undefined, { recall_size: f.to });
    said.push(`${other.round_name} recall size ${f.from}→${f.to}`);
  }
  if (followingRecalls.length) await bumpEvent(trx, event.id);
  const written = {
    ...set,
    ...(update ? stateTrace(update) : {}),
    ...(update?.startedAt !== undefined ? { started_at: update.startedAt } : {}),
    ...(update?.endedAt !== undefined ? { ended_at: update.endedAt } : {}),
  };
  await cmd.audit({
    action: 'round.update',
    entity: 'round',
    entityId: `${event.key}-R${round.round_number}`,
    before: round,
    after: followingRecalls.length ? { ...written, recallSizes: followingRecalls } : written,
  });
  return `${round.round_name} of ${event.name}: ${said.join(', ')}`;
}
