/**
 * The results commands, each inside the caller's transaction: compute from the stored marks (the
 * round becomes Marked), the chairman's approval, post (the next round receives the recalled couples
 * and waits to be started; a final saves the event's placings) and un-post with a reason. The
 * lifecycle decides every state.
 */
import { counted } from '../../../../domain/words.ts';
import { HttpError } from '../../../errors.ts';
import { nowIso } from '../../../db/index.ts';
import type { Tx } from '../../../http/db.ts';
import { fromJson, toJson } from '../../../http/json.ts';
import { coupleNames, coupleOf } from '../queries.ts';
import {
  approveResult,
  computeResult,
  handOn,
  joinRedance,
  postResult,
  redanceOf,
  RoundState as RoundStates,
  starsJoining,
  unpostResult,
  type RoundState,
} from '../../../../domain/rounds/index.ts';
import type { RoundRow } from '../../../db/schema.ts';
import { toPlan } from '../queries.ts';
import type { RoundPosted, TieDecision } from '../../../../domain/schemas/marks.ts';
import { loadRound, roundLabel, type RoundContext, type RoundAddress } from '../context.ts';
import { assertVersion, type CommandContext } from '../../../http/command.ts';
import { placeCouplesInRound } from '../floor/commands.ts';
import { applyRoundTransition, stateTrace, underRoundRules } from '../transition.ts';
import { takeOutOfRounds } from '../roundEntries.ts';
import { resultRow, resultView, type ResultRow } from './queries.ts';
import { chainHead } from '../../../audit.ts';
import { roundToScore, scoreRound, underScoringRules } from './scoring.ts';
import {
  scoreRound as scoreRoundRules,
  TieDecisionNeededError,
} from '../../../../domain/marking/roundResult.ts';
import { roundEntriesWithEntry } from '../../joins.ts';
import { mailPostedFinal } from '../../mailings/resultsMail.ts';

const entityId = (ctx: RoundContext) => `${ctx.event.key}-R${ctx.round.round_number}`;
const namesOf = (ctx: RoundContext) => ({ roundName: ctx.round.round_name, eventName: ctx.event.name });

/** Computes (or recomputes) the round's result from its marks; the answer is the staff view. */
export async function computeResults(
  cmd: CommandContext,
  where: RoundAddress,
  input: { tieDecision?: TieDecision; version?: number },
) {
  const { trx } = cmd;
  const ctx = await loadRound(trx, cmd.competition.id, where.eventKey, where.n);
  const now = nowIso();
  const change = underRoundRules(() =>
    computeResult(
      { ...namesOf(ctx), state: ctx.round.round_state as RoundState, endedAt: ctx.round.ended_at },
      now,
    ),
  );
  const before = await resultRow(trx, ctx.round.id);
  await assertVersion(input.version, before?.version ?? 0, `the result of ${roundLabel(ctx)}`, () =>
    before ? resultView(before, true) : null,
  );
  const r = scoreRound(ctx, input.tieDecision);
  const row = {
    round_id: ctx.round.id,
    competition_id: cmd.competition.id,
    kind: r.kind,
    placements: toJson(r.placements),
    sum_recalls: toJson(r.sumRecalls),
    // Recall rounds keep the working (by judge, cut-off, options) here; finals the engine's table.
    final_table: toJson(r.kind === 'final' ? r.finalTable : r.extra),
    recalled: toJson(r.recalled),
    tie_decision: r.tieDecision,
    computed_at: now,
    computed_by: cmd.who,
    posted_at: null,
    version: (before?.version ?? 0) + 1,
    // An approval covers one computation: a new one needs approving again (change.clearApproval).
    approved_at: null,
    approved_by: null,
  };
  if (before) await trx.updateTable('round_results').set(row).where('round_id', '=', ctx.round.id).execute();
  else await trx.insertInto('round_results').values(row).execute();
  await applyRoundTransition(trx, ctx.round, change.round);
  await cmd.audit({
    action: before ? 'results.recompute' : 'results.compute',
    entity: 'round',
    entityId: entityId(ctx),
    before: before ?? null,
    after: row,
  });
  return resultView(row as ResultRow, true);
}

/**
 * Publishes the computed result; answers the message the scrutineer sees. `origin`: where links in
 * the results emails point (resultsMail.ts); null sends none.
 */
export async function postResults(
  cmd: CommandContext,
  where: RoundAddress,
  origin: string | null = null,
): Promise<RoundPosted> {
  const { trx } = cmd;
  const ctx = await loadRound(trx, cmd.competition.id, where.eventKey, where.n);
  const { round, next } = ctx;
  const result = await resultRow(trx, round.id);
  const recalled = fromJson<string[]>(result?.recalled, []);
  const ids = recalled.map((n) => ctx.entryByNumber.get(n)).filter((id): id is number => id !== undefined);
  const change = underRoundRules(() =>
    postResult(
      {
        ...namesOf(ctx),
        state: round.round_state as RoundState,
        computed: result !== undefined,
        approved: Boolean(result?.approved_at),
        requireApproval: cmd.competition.require_approval === 1,
        kind: result?.kind ?? 'final',
        next: next ? { roundName: next.round_name } : null,
      },
      nowIso(),
    ),
  );
  const at = change.postedAt;
  await trx.updateTable('round_results').set({ posted_at: at }).where('round_id', '=', round.id).execute();
  await applyRoundTransition(trx, round, change.round);
  let said: string;
  let what: Omit<RoundPosted, 'message' | 'roundName' | 'eventName'>;
  let after: unknown;
  if (next && change.next) {
    const moved = await handOnCouples(trx, ctx, recalled);
    await placeCouplesInRound(trx, next, moved.nextIds);
    await applyRoundTransition(trx, next, change.next);
    if (moved.redance) {
      await placeCouplesInRound(trx, moved.redance, moved.redanceIds);
      await applyRoundTransition(trx, moved.redance, { state: RoundStates.Empty });
    }
    said =
      `${roundLabel(ctx)} posted: ${counted(ids.length, 'couple')} recalled to the ${next.round_name}` +
      (moved.stars.length
        ? ` with ${counted(moved.stars.length, 'star couple')} (${moved.stars.join(', ')})`
        : '') +
      (moved.redance
        ? `; ${counted(moved.redanceIds.length, 'couple')} to dance the ${moved.redance.round_name}`
        : '') +
      (moved.nextIds.length > 0 ? '; start it when its turn comes.' : '.');
    what = {
      next: {
        roundName: next.round_name,
        recalled: ids.length,
        stars: moved.stars,
        redance: moved.redance
          ? { roundName: moved.redance.round_name, couples: moved.redanceIds.length }
          : null,
        toStart: moved.nextIds.length > 0,
      },
      mailed: 0,
    };
    after = {
      posted_at: at,
      next: { round: next.round_number, couples: moved.next, state: change.next.state },
      ...(moved.redance
        ? { redance: { round: moved.redance.round_number, couples: moved.redanceCouples } }
        : {}),
    };
  } else {
    const placements = fromJson<Record<string, number>>(result!.placements, {});
    await saveFinalPlacings(trx, ctx, cmd.competition.id, result!, at);
    // Before this post's own audit record, so a first posting is told from a correction.
    const mailed = await mailPostedFinal(cmd, origin, {
      event: ctx.event,
      placements,
      roundEntityId: entityId(ctx),
    });
    said =
      `${roundLabel(ctx)} posted: final placings of ${ctx.event.name} published` +
      (mailed > 0 ? `; results emailed to ${counted(mailed, 'dancer')}.` : '.');
    what = { next: null, mailed };
    after = { posted_at: at, placements };
  }
  await cmd.audit({
    action: 'results.post',
    entity: 'round',
    entityId: entityId(ctx),
    before: { round, result },
    after,
  });
  // The trail's head with this post's own record: printed and exported with the result, so records
  // removed after it are found by verify.
  await trx
    .updateTable('round_results')
    .set({ chain_head: await chainHead(trx, cmd.competition.id) })
    .where('round_id', '=', round.id)
    .execute();
  return { message: said, roundName: round.round_name, eventName: ctx.event.name, ...what };
}

/** Entry ids of the event's couples by number. */
async function entryIdsOf(trx: Tx, eventId: number): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('entries')
    .select(['id', 'lead_number'])
    .where('event_id', '=', eventId)
    .execute();
  return new Map(rows.map((r) => [String(r.lead_number), r.id]));
}

/**
 * Who goes where when the round is posted (formats.ts): the recalled couples and the star couples
 * joining the next round go to it, and with a redance the couples not recalled dance the redance.
 * Posting a redance adds its recalled couples to those already in the next round.
 */
async function handOnCouples(trx: Tx, ctx: RoundContext, recalled: string[]) {
  const next = ctx.next as RoundRow;
  const idOf = await entryIdsOf(trx, ctx.event.id);
  const ids = (numbers: string[]) =>
    numbers.map((n) => idOf.get(n)).filter((id): id is number => id !== undefined);
  const out = ctx.formatEntries
    .filter((e) => e.outFrom !== null && e.outFrom <= next.round_number)
    .map((e) => e.couple);
  if (ctx.round.round_type === 'redance') {
    const there = await roundEntriesWithEntry(trx)
      .select('entries.lead_number')
      .where('round_entries.round_id', '=', next.id)
      .orderBy('entries.lead_number')
      .orderBy('entries.id')
      .execute();
    const joined = joinRedance(
      there.map((r) => String(r.lead_number)),
      recalled.filter((c) => !out.includes(c)),
    );
    return {
      next: joined,
      nextIds: ids(joined),
      stars: [],
      redance: null,
      redanceIds: [],
      redanceCouples: [],
    };
  }
  const redancePlan = redanceOf(ctx.rounds.map(toPlan), ctx.round.round_number);
  const redance = ctx.rounds.find((r) => r.id === redancePlan?.id) ?? null;
  const stars = starsJoining(ctx.formatEntries, next.round_number);
  const moved = handOn({ couples: ctx.marking.couples, recalled, stars, hasRedance: redance !== null, out });
  return {
    next: moved.next,
    nextIds: ids(moved.next),
    stars,
    redance,
    redanceIds: ids(moved.redance),
    redanceCouples: moved.redance,
  };
}

/** The event's placings with the couples' names, as the public final results show them. */
export async function saveFinalPlacings(
  trx: Tx,
  ctx: RoundContext,
  competitionId: number,
  result: ResultRow,
  at: string,
) {
  const placements = fromJson<Record<string, number>>(result.placements, {});
  const names = (await coupleNames(trx, competitionId, ctx.event.id)).get(ctx.event.id);
  // Couples out of the final without a place are listed after the placed ones, with what happened.
  const outOfFinal = [...ctx.out].filter(([c]) => placements[c] === undefined && ctx.entered.has(c));
  const detail = {
    roundNumber: ctx.round.round_number,
    couples: [
      ...Object.entries(placements)
        .sort((a, b) => a[1] - b[1])
        .map(([number, place]) => {
          const { coupleNumber, leadName, followName, affiliation } = coupleOf(names, number);
          const o = ctx.out.get(number);
          return { coupleNumber, place, leadName, followName, affiliation, ...(o ? { status: o.kind } : {}) };
        }),
      ...outOfFinal.map(([number, o]) => {
        const { coupleNumber, leadName, followName, affiliation } = coupleOf(names, number);
        return { coupleNumber, place: null, leadName, followName, affiliation, status: o.kind };
      }),
    ],
    finalTable: fromJson<unknown>(result.final_table, null),
  };
  await trx.deleteFrom('final_results').where('event_id', '=', ctx.event.id).execute();
  await trx
    .insertInto('final_results')
    .values({
      event_id: ctx.event.id,
      competition_id: competitionId,
      placements: result.placements,
      detail: toJson(detail),
      posted_at: at,
    })
    .execute();
}

/** The chairman signs the computation they saw (`version`); approving twice changes nothing. */
export async function approveResults(cmd: CommandContext, where: RoundAddress, input: { version?: number }) {
  const { trx } = cmd;
  const ctx = await loadRound(trx, cmd.competition.id, where.eventKey, where.n);
  const result = await resultRow(trx, ctx.round.id);
  const { approve } = underRoundRules(() =>
    approveResult({
      ...namesOf(ctx),
      state: ctx.round.round_state as RoundState,
      computed: result !== undefined,
      approved: Boolean(result?.approved_at),
    }),
  );
  const computed = result!;
  // Approving a result the chairman did not see (recomputed meanwhile) would be a false signature.
  await assertVersion(input.version, computed.version, `the result of ${roundLabel(ctx)}`, () =>
    resultView(computed, true),
  );
  if (!approve) return resultView(computed, true);
  const at = nowIso();
  await trx
    .updateTable('round_results')
    .set({ approved_at: at, approved_by: cmd.who })
    .where('round_id', '=', ctx.round.id)
    .execute();
  await cmd.audit({
    action: 'results.approve',
    entity: 'round',
    entityId: entityId(ctx),
    before: { approved_at: null, version: computed.version },
    after: { approved_at: at, approved_by: cmd.who, version: computed.version },
  });
  return resultView({ ...computed, approved_at: at, approved_by: cmd.who }, true);
}

/** Takes a posted result back (with a reason) so marks and results can be corrected. */
export async function unpostResults(
  cmd: CommandContext,
  where: RoundAddress,
  input: { reason: string },
): Promise<string> {
  const { trx } = cmd;
  const ctx = await loadRound(trx, cmd.competition.id, where.eventKey, where.n);
  const { round, next } = ctx;
  const nextMarked = next
    ? (await trx.selectFrom('marks').select('id').where('round_id', '=', next.id).executeTakeFirst()) !==
      undefined
    : false;
  const change = underRoundRules(() =>
    unpostResult({
      ...namesOf(ctx),
      state: round.round_state as RoundState,
      next: next ? { roundName: next.round_name, hasMarks: nextMarked } : null,
    }),
  );
  const result = await resultRow(trx, round.id);
  let removed: unknown;
  if (next && change.next && round.round_type === 'redance') {
    // Only the couples the redance brought back leave the next round; those recalled directly stay.
    const back = fromJson<string[]>(result?.recalled, [])
      .map((n) => ctx.entryByNumber.get(n))
      .filter((id): id is number => id !== undefined);
    removed = back;
    await takeOutOfRounds(trx, back, [next.id]);
    await applyRoundTransition(trx, next, change.next);
  } else if (next && change.next) {
    removed = await trx
      .selectFrom('round_entries')
      .selectAll()
      .where('round_id', '=', next.id)
      .orderBy('entry_id')
      .execute();
    await trx.deleteFrom('round_entries').where('round_id', '=', next.id).execute();
    await applyRoundTransition(trx, next, change.next);
    const redancePlan = redanceOf(ctx.rounds.map(toPlan), round.round_number);
    const redance = ctx.rounds.find((r) => r.id === redancePlan?.id);
    if (redance) {
      const danced = await trx
        .selectFrom('marks')
        .select('id')
        .where('round_id', '=', redance.id)
        .executeTakeFirst();
      if (danced) {
        throw new HttpError(
          409,
          'next_round_marked',
          `${redance.round_name} of ${ctx.event.name} already has judges' marks; ${round.round_name} cannot be un-posted.`,
        );
      }
      await trx.deleteFrom('round_entries').where('round_id', '=', redance.id).execute();
      await applyRoundTransition(trx, redance, { state: RoundStates.Empty, startedAt: null });
    }
  } else {
    removed = await trx
      .deleteFrom('final_results')
      .where('event_id', '=', ctx.event.id)
      .returningAll()
      .executeTakeFirst();
  }
  await trx.updateTable('round_results').set({ posted_at: null }).where('round_id', '=', round.id).execute();
  await applyRoundTransition(trx, round, change.round);
  await cmd.audit({
    action: 'results.unpost',
    entity: 'round',
    entityId: entityId(ctx),
    before: { round, result, removed },
    after: { reason: input.reason, ...stateTrace(change.round) },
  });
  return `${roundLabel(ctx)} un-posted (${input.reason}). Correct the marks, compute and post again.`;
}

/**
 * After a couple left or came back (formats): a computed result is computed again without (or with)
 * them, with the tie decision taken before. A Marked round needs approving again; a posted final
 * publishes its new placings at once. A posted recall round keeps its result (its couples are already
 * handed on; the couple simply leaves the next round). Answers what was recomputed, or null.
 */
export async function rescoreRound(cmd: CommandContext, where: RoundAddress): Promise<string | null> {
  const { trx } = cmd;
  const ctx = await loadRound(trx, cmd.competition.id, where.eventKey, where.n);
  const state = ctx.round.round_state as RoundState;
  const before = await resultRow(trx, ctx.round.id);
  if (!before || (state !== RoundStates.Marked && state !== RoundStates.Posted)) return null;
  if (state === RoundStates.Posted && before.kind !== 'final') return null;
  const decided = (before.tie_decision as TieDecision | null) ?? undefined;
  const round = roundToScore(ctx);
  const r = underScoringRules(() => {
    try {
      return scoreRoundRules(round, decided);
    } catch (err) {
      // A new tie at the cut-off: the default (recall all tied) until the scrutineer computes again.
      if (!(err instanceof TieDecisionNeededError)) throw err;
      return scoreRoundRules(round, 'includeTied');
    }
  });
  const posted = state === RoundStates.Posted;
  const row: ResultRow = {
    ...before,
    placements: toJson(r.placements),
    sum_recalls: toJson(r.sumRecalls),
    final_table: toJson(r.kind === 'final' ? r.finalTable : r.extra),
    recalled: toJson(r.recalled),
    computed_at: nowIso(),
    computed_by: cmd.who,
    version: before.version + 1,
    ...(posted ? {} : { approved_at: null, approved_by: null }),
  };
  await trx.updateTable('round_results').set(row).where('round_id', '=', ctx.round.id).execute();
  if (posted) await saveFinalPlacings(trx, ctx, cmd.competition.id, row, before.posted_at ?? nowIso());
  await applyRoundTransition(trx, ctx.round, undefined);
  await cmd.audit({
    action: 'results.recompute',
    entity: 'round',
    entityId: entityId(ctx),
    before,
    after: row,
  });
  return roundLabel(ctx);
}
