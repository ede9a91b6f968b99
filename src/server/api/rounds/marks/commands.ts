/**
 * The marking commands, inside the caller's transaction: one judge's marks for one or more dances
 * (every version to mark_history and the audit trail), and start (a round opens for marking).
 * The lifecycle decides when marks are taken and when a correction reopens a Marked round.
 */
import type { Updateable } from 'kysely';
import type { MarksTable } from '../../../db/schema.ts';
import { forbidden, HttpError, stale } from '../../../errors.ts';
import { nowIso } from '../../../db/index.ts';
import {
  acceptMarks,
  firstRoundCouples,
  marksSaved,
  pendingFeedIns,
  RoundState,
  startRound as startRule,
} from '../../../../domain/rounds/index.ts';
import { toPlan } from '../queries.ts';
import { checkJudgeMarks, MarkingError, type CheckedDance } from '../../../../domain/marking.ts';
import {
  CorrectionNeedsUnlockError,
  isMarksLockError,
  JudgeMarksLockedError,
  marksToUnlock,
  marksToWrite,
  UnknownDancesError,
} from '../../../../domain/marking/locks.ts';
import type { MarksBody } from '../../../../domain/schemas/marks.ts';
import { loadRound, roundLabel, type RoundContext, type RoundAddress } from '../context.ts';
import { assertVersion, type CommandContext } from '../../../http/command.ts';
import { placeCouplesInRound } from '../floor/commands.ts';
import { applyRoundTransition, stateTrace, underRoundRules } from '../transition.ts';
import { marksView, roundSummary, summaryOf } from './queries.ts';
import { toJson } from '../../../http/json.ts';
import { marksReceipt } from '../../../../domain/marking/receipt.ts';

export interface MarksSubmission {
  officialId: number;
  /** A judge marking on their own tablet (not on the panel: 403, not 409). */
  byJudge: boolean;
  marks: MarksBody;
  /** The judge confirmed a wrong recall count. */
  override: boolean;
  source: 'judge' | 'scrutineer' | 'paper';
  /** The version of the marks the sender saw (If-Match). */
  ifMatch?: number;
  idempotencyKey?: string;
}

/** The judge of the panel, or why there is none (404 no such judge, 409 not on this panel). */
async function panelJudge(
  cmd: CommandContext,
  ctx: RoundContext,
  s: Pick<MarksSubmission, 'officialId' | 'byJudge'>,
) {
  const judge = ctx.judges.find((j) => j.id === s.officialId);
  if (judge) return judge;
  if (s.byJudge) throw forbidden(`You are not on the panel of ${ctx.event.name}.`);
  const o = await cmd.trx
    .selectFrom('officials')
    .select(['name', 'role'])
    .where('id', '=', s.officialId)
    .where('competition_id', '=', cmd.competition.id)
    .executeTakeFirst();
  if (!o || o.role !== 'Judge')
    throw new HttpError(404, 'not_found', `There is no judge ${s.officialId} in this competition.`);
  throw new HttpError(409, 'not_on_panel', `${o.name} is not on the panel of ${ctx.event.name}.`);
}

function checked(ctx: RoundContext, s: MarksSubmission): CheckedDance[] {
  try {
    return checkJudgeMarks(ctx.marking, s.marks, s.override, s.officialId);
  } catch (err) {
    if (err instanceof MarkingError) {
      throw new HttpError(
        err.problem === 'count' ? 422 : 400,
        err.problem === 'count' ? 'wrong_count' : 'invalid_marks',
        err.message,
        { dance: err.dance, problem: err.problem },
      );
    }
    throw err;
  }
}

/**
 * Runs the lock rules, a refusal answered as HTTP: 409 `locked` with the judge's current marks
 * attached, 400 `invalid_dances`, 409 `not_submitted`.
 */
function underLockRules<T>(rules: () => T, currentMarks: () => unknown = () => null): T {
  try {
    return rules();
  } catch (err) {
    if (!isMarksLockError(err)) throw err;
    if (err instanceof JudgeMarksLockedError || err instanceof CorrectionNeedsUnlockError)
      throw new HttpError(409, 'locked', err.message, { dances: err.dances, current: currentMarks() });
    if (err instanceof UnknownDancesError)
      throw new HttpError(400, 'invalid_dances', err.message, { dances: err.dances });
    throw new HttpError(409, 'not_submitted', err.message, { dances: err.dances });
  }
}

/**
 * Saves one judge's marks. Unchanged dances are not written again; a correction to a Marked round
 * withdraws its computed result (the round runs again). The audit record keeps every dance's marks
 * before and the answer given (the marks verification reads it). Answers the view the judge sees.
 */
export async function submitMarks(cmd: CommandContext, where: RoundAddress, s: MarksSubmission) {
  const { trx } = cmd;
  const ctx = await loadRound(trx, cmd.competition.id, where.eventKey, where.n);
  const { officialId } = s;
  const judge = await panelJudge(cmd, ctx, s);
  const state = ctx.round.round_state as RoundState;
  underRoundRules(() => acceptMarks({ roundName: ctx.round.round_name, eventName: ctx.event.name, state }));
  const dances = checked(ctx, s);
  const current = (dance: string) => ctx.marks.find((m) => m.officialId === officialId && m.dance === dance);
  if (s.ifMatch !== undefined) {
    const mismatched = dances.filter((d) => (current(d.dance)?.version ?? 0) !== s.ifMatch);
    if (mismatched.length) {
      throw stale(
        {
          message: `Someone else changed ${judge.name}'s marks in the ${mismatched.map((d) => d.dance).join(', ')} after you loaded them. Your change was not saved; the current marks are attached.`,
        },
        marksView(ctx, officialId).marks,
      );
    }
  }
  const { changed: toWrite, corrections } = underLockRules(
    () =>
      marksToWrite(dances, current, {
        judgeName: judge.name,
        byJudge: s.byJudge,
        correctionsNeedUnlock: cmd.competition.corrections_need_unlock === 1,
      }),
    () => marksView(ctx, officialId).marks,
  );
  const receipt = marksReceipt({
    competition: cmd.competition.key,
    eventKey: ctx.event.key,
    round: ctx.round.round_number,
    officialId,
    marks: Object.fromEntries(dances.map((d) => [d.dance, d.value])),
  });
  const at = nowIso();
  const changed = toWrite.length > 0;
  for (const d of toWrite) {
    const prev = current(d.dance);
    const flag = d.countProblem ? 1 : 0;
    const version = (prev?.version ?? 0) + 1;
    const written = {
      value: toJson(d.value),
      version,
      source: s.source,
      count_override: flag,
      idempotency_key: s.idempotencyKey ?? null,
      submitted_by: cmd.who,
      submitted_at: at,
      // Accepted: locked again until the chairman unlocks it.
      unlocked: 0,
      receipt,
    } satisfies Updateable<MarksTable>;
    let markId: number;
    if (prev) {
      await trx.updateTable('marks').set(written).where('id', '=', prev.id).execute();
      markId = prev.id;
    } else {
      const row = await trx
        .insertInto('marks')
        .values({
          competition_id: cmd.competition.id,
          round_id: ctx.round.id,
          official_id: officialId,
          dance: d.dance,
          ...written,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      markId = row.id;
    }
    await trx
      .insertInto('mark_history')
      .values({
        mark_id: markId,
        competition_id: cmd.competition.id,
        round_id: ctx.round.id,
        official_id: officialId,
        dance: d.dance,
        value: toJson(d.value),
        version,
        source: s.source,
        submitted_by: cmd.who,
        submitted_at: at,
        receipt,
        correction: corrections.includes(d.dance) ? 1 : 0,
      })
      .execute();
  }
  const after = marksSaved({ state, changed });
  let withdrawn: unknown = null;
  if (after.withdrawResult) {
    withdrawn = await trx
      .deleteFrom('round_results')
      .where('round_id', '=', ctx.round.id)
      .returningAll()
      .executeTakeFirst();
    await applyRoundTransition(trx, ctx.round, after.round);
  }
  const reopened = after.withdrawResult;
  const fresh = await loadRound(trx, cmd.competition.id, where.eventKey, where.n);
  const summary = roundSummary(fresh);
  const response = {
    message: changed
      ? `Saved ${judge.name}'s marks: ${dances.map((d) => d.dance).join(', ')}${reopened ? ' (the computed result was withdrawn; compute again)' : ''}.`
      : `${judge.name}'s marks were already saved; nothing changed.`,
    officialId,
    marks: marksView(fresh, officialId).marks,
    countProblems: dances.filter((d) => d.countProblem).map((d) => d.countProblem),
    receipt,
    paperCorrections: corrections,
    ...summary,
    // A judge hears only of their own dances still to mark, as GET marks tells them.
    missing: s.byJudge ? summary.missing.filter((m) => m.officialId === officialId) : summary.missing,
  };
  await cmd.audit({
    action: 'marks.submit',
    entity: 'marks',
    entityId: `${ctx.event.key}-R${ctx.round.round_number}/${officialId}`,
    before: {
      marks: Object.fromEntries(dances.map((d) => [d.dance, current(d.dance) ?? null])),
      ...(withdrawn ? { withdrawnResult: withdrawn } : {}),
    },
    after: {
      idempotencyKey: s.idempotencyKey ?? null,
      source: s.source,
      override: s.override,
      changed,
      reopened,
      response,
    },
  });
  // A correction that withdraws a computed result changes the round and its result.
  cmd.publish('marks', ...(reopened ? (['events', 'schedule', 'results'] as const) : []));
  return response;
}

/**
 * The chairman (or an admin) unlocks a judge's submitted dances so the judge may change them; the
 * reason goes to the audit trail. A dance the judge has not submitted has nothing to unlock (409).
 */
export async function unlockMarks(
  cmd: CommandContext,
  where: RoundAddress,
  input: { officialId: number; dances: string[]; reason: string },
) {
  const { trx } = cmd;
  const ctx = await loadRound(trx, cmd.competition.id, where.eventKey, where.n);
  const judge = await panelJudge(cmd, ctx, { officialId: input.officialId, byJudge: false });
  const state = ctx.round.round_state as RoundState;
  // Only a round that still takes marks can be changed: unlocking a posted round would mislead.
  underRoundRules(() => acceptMarks({ roundName: ctx.round.round_name, eventName: ctx.event.name, state }));
  const marks = underLockRules(() =>
    marksToUnlock(
      input.dances,
      { eventName: ctx.event.name, judgeName: judge.name, dances: ctx.marking.dances },
      (dance) => ctx.marks.find((m) => m.officialId === judge.id && m.dance === dance),
    ),
  );
  const dances = marks.map((m) => m.dance);
  const ids = marks.map((m) => m.mark.id);
  await trx.updateTable('marks').set({ unlocked: 1 }).where('id', 'in', ids).execute();
  await cmd.audit({
    action: 'marks.unlock',
    entity: 'marks',
    entityId: `${ctx.event.key}-R${ctx.round.round_number}/${judge.id}`,
    before: Object.fromEntries(
      marks.map((m) => [
        m.dance,
        { locked: m.mark.locked, version: m.mark.version, receipt: m.mark.receipt },
      ]),
    ),
    after: { dances, reason: input.reason.trim() },
  });
  return {
    message: `${judge.name} may change ${dances.join(', ')} of ${roundLabel(ctx)}; each locks again once resubmitted.`,
    officialId: judge.id,
    dances,
  };
}

/** Starts a round (Running); the first round takes every entry of the event not scratched. */
export async function startRound(
  cmd: CommandContext,
  where: RoundAddress,
  input: { version?: number },
): Promise<{ message: string; alreadyRunning: boolean }> {
  const { trx } = cmd;
  const ctx = await loadRound(trx, cmd.competition.id, where.eventKey, where.n);
  const { round } = ctx;
  await assertVersion(
    input.version,
    round.version,
    { message: `Someone else changed ${roundLabel(ctx)} after you loaded it.` },
    () => summaryOf(ctx),
  );
  const earlier = ctx.rounds.filter(
    (r) => r.round_number < round.round_number && r.round_state !== RoundState.Skipped,
  );
  const entries = await trx
    .selectFrom('entries')
    .select(['id', 'lead_number'])
    .where('event_id', '=', ctx.event.id)
    .where('scratched', '=', 0)
    .execute();
  // Star couples join later; couples out of the event do not dance (formats.ts).
  const firstCouples = new Set(firstRoundCouples(ctx.formatEntries, round.round_number));
  const seated = entries.filter((e) => firstCouples.has(String(e.lead_number)));
  const start = underRoundRules(() =>
    startRule(
      {
        roundName: round.round_name,
        eventName: ctx.event.name,
        state: round.round_state as RoundState,
        startedAt: round.started_at,
        couples: ctx.marking.couples.length,
        earlierRounds: earlier.map((r) => r.round_name),
        entries: seated.length,
        pendingFeedIns: pendingFeedIns(ctx.rounds.map(toPlan), round.round_number),
      },
      nowIso(),
    ),
  );
  if (start.kind === 'already-running')
    return { message: `${roundLabel(ctx)} is already running.`, alreadyRunning: true };
  // The first round danced: every couple entered (and not scratched) is on the floor.
  if (start.seatEntries) {
    await placeCouplesInRound(
      trx,
      round,
      seated.map((e) => e.id),
    );
  }
  await applyRoundTransition(trx, round, start.round);
  await cmd.audit({
    action: 'round.start',
    entity: 'round',
    entityId: `${ctx.event.key}-R${round.round_number}`,
    before: round,
    after: { ...stateTrace(start.round), couples: start.couples },
  });
  const couples = start.couples;
  return {
    message: `${roundLabel(ctx)} is running: ${couples} couple${couples === 1 ? '' : 's'} on the floor.`,
    alreadyRunning: false,
  };
}
