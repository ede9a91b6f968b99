/**
 * Round results: compute from the stored marks with the scoring engine (POST results), publish
 * (POST post: the next round receives the recalled couples, a final saves the event's placings),
 * un-post with a reason, and the reads — the public sees a round's results only once posted.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCompetition } from '../../competitions/repo.ts';
import { actorLabel } from '../../../auth/sessions.ts';
import { audit } from '../../../audit.ts';
import { HttpError, stale } from '../../../errors.ts';
import { nowIso } from '../../../db/index.ts';
import type { RoundResultsTable } from '../../../db/schema.ts';
import type { Selectable } from 'kysely';
import { findEvent, type Q } from '../../events/repo.ts';
import { placeCouplesInRound } from '../floor/queries.ts';
import { RoundState, ROUND_STATE_NAMES } from '../../../../domain/rounds/index.ts';
import { InvalidMarksError, placeMultiDance, recallTally } from '../../../../domain/scoring/index.ts';
import {
  describeMissing,
  finalMarksFrom,
  missingMarks,
  recallInputFrom,
  recallsByJudge,
} from '../../../../domain/marking.ts';
import { approveBody, resultsBody, unpostBody, type TieDecision } from '../../../../domain/schemas/marks.ts';
import {
  eventParams,
  loadRound,
  requireRole,
  roleOf,
  roundLabel,
  roundParams,
  type RoundContext,
} from '../context.ts';

type ResultRow = Selectable<RoundResultsTable>;

/** The stored result as the API shows it. `full` adds what only staff need (cut-off, options…). */
function resultView(row: ResultRow, full: boolean) {
  const posted = { posted: row.posted_at !== null, postedAt: row.posted_at };
  const approval = { approvedAt: row.approved_at, approvedBy: row.approved_by };
  if (row.kind === 'final') {
    return {
      kind: 'final' as const,
      placements: JSON.parse(row.placements) as Record<string, number>,
      finalTable: JSON.parse(row.final_table ?? 'null') as unknown,
      ...posted,
      ...(full ? { computedAt: row.computed_at, version: row.version, ...approval } : {}),
    };
  }
  const extra = JSON.parse(row.final_table ?? '{}') as Record<string, unknown>;
  return {
    kind: 'recall' as const,
    placements: JSON.parse(row.placements) as { couple: string; marks: number }[],
    sumRecalls: JSON.parse(row.sum_recalls ?? '{}') as Record<string, number>,
    recalled: JSON.parse(row.recalled ?? '[]') as string[],
    ...posted,
    ...(full
      ? {
          ...extra,
          tieDecision: row.tie_decision,
          computedAt: row.computed_at,
          version: row.version,
          ...approval,
        }
      : { byJudge: extra.byJudge }),
  };
}

async function resultRow(db: Q, roundId: number) {
  return db.selectFrom('round_results').selectAll().where('round_id', '=', roundId).executeTakeFirst();
}

/** Computes a round from its marks; throws 409/422 with words a scrutineer can act on. */
function compute(ctx: RoundContext, tieDecision: TieDecision | undefined) {
  const missing = missingMarks(ctx.judges, ctx.marking.dances, ctx.marks);
  if (ctx.judges.length === 0)
    throw new HttpError(409, 'no_panel', `${ctx.event.name} has no judges to mark it.`);
  if (missing.length) {
    throw new HttpError(
      409,
      'marks_missing',
      `${roundLabel(ctx)} cannot be computed yet: ${describeMissing(missing)}`,
      {
        missing,
      },
    );
  }
  try {
    if (ctx.marking.kind === 'final') {
      const result = placeMultiDance(finalMarksFrom(ctx.marking, ctx.judges, ctx.marks), {
        judges: ctx.judges.map((j) => j.label),
      });
      return {
        kind: 'final' as const,
        placements: result.places,
        finalTable: result,
        sumRecalls: null,
        recalled: null,
        tieDecision: null,
        extra: null,
      };
    }
    const r = recallTally(recallInputFrom(ctx.marking, ctx.judges, ctx.marks));
    const options = {
      includeTied: r.recallIfTiesIncluded.length,
      excludeTied: r.recallIfTiesExcluded.length,
    };
    const tied = r.tiedAtCutoff.length > 0;
    if (tied && !tieDecision) {
      throw new HttpError(
        409,
        'tie_decision_needed',
        `${r.tiedAtCutoff.length} couples (${r.tiedAtCutoff.join(', ')}) are tied at the cut-off with ${r.cutoffMarks} marks: recall all of them (${options.includeTied} couples) or none of them (${options.excludeTied} couples).`,
        {
          tiedAtCutoff: r.tiedAtCutoff,
          cutoffMarks: r.cutoffMarks,
          default: 'includeTied',
          options: {
            includeTied: { count: options.includeTied, recalled: r.recallIfTiesIncluded },
            excludeTied: { count: options.excludeTied, recalled: r.recallIfTiesExcluded },
          },
        },
      );
    }
    const recalled = !tied
      ? r.recalled
      : tieDecision === 'excludeTied'
        ? r.recallIfTiesExcluded
        : r.recallIfTiesIncluded;
    return {
      kind: 'recall' as const,
      placements: r.ranking,
      finalTable: null,
      sumRecalls: r.tally,
      recalled,
      tieDecision: tied ? (tieDecision ?? null) : null,
      extra: {
        byJudge: recallsByJudge(ctx.marking, ctx.judges, ctx.marks),
        cutoffMarks: r.cutoffMarks,
        tiedAtCutoff: r.tiedAtCutoff,
        options,
        markCountProblems: r.markCountProblems,
      },
    };
  } catch (err) {
    if (err instanceof InvalidMarksError) {
      throw new HttpError(422, 'invalid_marks', `${err.message}.`, {
        problem: err.problem,
        judge: err.judge,
        dance: err.dance,
        couple: err.couple,
      });
    }
    throw err;
  }
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/competitions/:key/events/:eventKey/rounds/:n/results',
    {
      schema: {
        tags: ['results'],
        summary:
          'Compute the round from the stored marks (recalls or Skating System) and save it; state → Marked',
        params: roundParams,
        body: resultsBody.optional(),
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      // The chairman settles ties at the cut-off, which is a compute with a tie decision.
      const { actor } = requireRole(req, c.id, ['admin', 'Scrutineer', 'Chairman'], 'compute results');
      const view = await app.db.transaction().execute(async (trx) => {
        const ctx = await loadRound(trx, c.id, req.params.eventKey, req.params.n);
        const state = ctx.round.round_state;
        if (state === RoundState.Posted) {
          throw new HttpError(
            409,
            'posted',
            `${roundLabel(ctx)}: this round is posted. Un-post it (with a reason) to compute again.`,
          );
        }
        if (state !== RoundState.Running && state !== RoundState.Marked) {
          throw new HttpError(
            409,
            'not_running',
            `${roundLabel(ctx)} is ${ROUND_STATE_NAMES[state as RoundState]}: there are no marks to compute.`,
          );
        }
        const before = await resultRow(trx, ctx.round.id);
        if (req.body?.version !== undefined && req.body.version !== (before?.version ?? 0)) {
          throw stale(`the result of ${roundLabel(ctx)}`, before ? resultView(before, true) : null);
        }
        const r = compute(ctx, req.body?.tieDecision);
        const row = {
          round_id: ctx.round.id,
          competition_id: c.id,
          kind: r.kind,
          placements: JSON.stringify(r.placements),
          sum_recalls: r.sumRecalls ? JSON.stringify(r.sumRecalls) : null,
          // Recall rounds keep the working (by judge, cut-off, options) here; finals the engine's table.
          final_table: JSON.stringify(r.kind === 'final' ? r.finalTable : r.extra),
          recalled: r.recalled ? JSON.stringify(r.recalled) : null,
          tie_decision: r.tieDecision,
          computed_at: nowIso(),
          computed_by: actorLabel(actor),
          posted_at: null,
          version: (before?.version ?? 0) + 1,
          // An approval covers one computation: a new one needs approving again.
          approved_at: null,
          approved_by: null,
        };
        if (before)
          await trx.updateTable('round_results').set(row).where('round_id', '=', ctx.round.id).execute();
        else await trx.insertInto('round_results').values(row).execute();
        await trx
          .updateTable('rounds')
          .set({
            round_state: RoundState.Marked,
            ended_at: ctx.round.ended_at ?? nowIso(),
            version: ctx.round.version + 1,
          })
          .where('id', '=', ctx.round.id)
          .execute();
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: before ? 'results.recompute' : 'results.compute',
          entity: 'round',
          entityId: `${ctx.event.key}-R${ctx.round.round_number}`,
          before: before ?? null,
          after: row,
        });
        return resultView(row as ResultRow, true);
      });
      await app.feed.publish(c.id, 'marks', 'events', 'schedule');
      return view;
    },
  );

  app.post(
    '/competitions/:key/events/:eventKey/rounds/:n/post',
    {
      schema: {
        tags: ['results'],
        summary:
          'Post (publish) a computed round: next round receives the recalled couples, or the final placings are saved',
        params: roundParams,
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const { actor } = requireRole(req, c.id, ['admin', 'Scrutineer'], 'post results');
      const message = await app.db.transaction().execute(async (trx) => {
        const ctx = await loadRound(trx, c.id, req.params.eventKey, req.params.n);
        const { round, next } = ctx;
        if (round.round_state === RoundState.Posted)
          throw new HttpError(409, 'posted', `${roundLabel(ctx)} is already posted.`);
        const result = await resultRow(trx, round.id);
        if (round.round_state !== RoundState.Marked || !result) {
          throw new HttpError(
            409,
            'not_computed',
            `${roundLabel(ctx)} has no computed result yet: compute it first.`,
          );
        }
        if (c.require_approval === 1 && !result.approved_at) {
          throw new HttpError(
            409,
            'approval_needed',
            `The chairman has not approved the result of ${roundLabel(ctx)} yet: it can be posted once approved.`,
          );
        }
        const at = nowIso();
        await trx
          .updateTable('round_results')
          .set({ posted_at: at })
          .where('round_id', '=', round.id)
          .execute();
        await trx
          .updateTable('rounds')
          .set({ round_state: RoundState.Posted, version: round.version + 1 })
          .where('id', '=', round.id)
          .execute();
        let said: string;
        let after: unknown;
        if (result.kind === 'recall') {
          if (!next)
            throw new HttpError(
              409,
              'no_next_round',
              `${ctx.event.name} has no round after ${round.round_name}.`,
            );
          const recalled = JSON.parse(result.recalled ?? '[]') as string[];
          const ids = recalled
            .map((n) => ctx.entryByNumber.get(n))
            .filter((id): id is number => id !== undefined);
          await placeCouplesInRound(trx, next, ids);
          const nextState = ids.length ? RoundState.Running : RoundState.Empty;
          await trx
            .updateTable('rounds')
            .set({
              round_state: nextState,
              started_at: nextState === RoundState.Running ? (next.started_at ?? at) : next.started_at,
              version: next.version + 1,
            })
            .where('id', '=', next.id)
            .execute();
          said = `${roundLabel(ctx)} posted: ${ids.length} couples recalled to the ${next.round_name}.`;
          after = { posted_at: at, next: { round: next.round_number, couples: recalled, state: nextState } };
        } else {
          const placements = JSON.parse(result.placements) as Record<string, number>;
          const couples = await trx
            .selectFrom('entries')
            .select(['id', 'lead_number', 'lead_name', 'follow_name', 'affiliation'])
            .where('event_id', '=', ctx.event.id)
            .execute();
          const detail = {
            roundNumber: round.round_number,
            couples: Object.entries(placements)
              .sort((a, b) => a[1] - b[1])
              .map(([number, place]) => {
                const e = couples.find((x) => String(x.lead_number) === number);
                return {
                  coupleNumber: number,
                  place,
                  leadName: e?.lead_name ?? '',
                  followName: e?.follow_name ?? '',
                  affiliation: e?.affiliation ?? '',
                };
              }),
            finalTable: JSON.parse(result.final_table ?? 'null') as unknown,
          };
          await trx.deleteFrom('final_results').where('event_id', '=', ctx.event.id).execute();
          await trx
            .insertInto('final_results')
            .values({
              event_id: ctx.event.id,
              competition_id: c.id,
              placements: result.placements,
              detail: JSON.stringify(detail),
              posted_at: at,
            })
            .execute();
          said = `${roundLabel(ctx)} posted: final placings of ${ctx.event.name} published.`;
          after = { posted_at: at, placements };
        }
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'results.post',
          entity: 'round',
          entityId: `${ctx.event.key}-R${round.round_number}`,
          before: { round, result },
          after,
        });
        return said;
      });
      await app.feed.publish(c.id, 'results', 'events', 'schedule', 'marks');
      return { message };
    },
  );

  app.post(
    '/competitions/:key/events/:eventKey/rounds/:n/approve',
    {
      schema: {
        tags: ['results'],
        summary:
          "The chairman's approval of the computed result (needed before posting when the competition requires it)",
        params: roundParams,
        body: approveBody.optional(),
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const { actor } = requireRole(req, c.id, ['admin', 'Chairman'], 'approve results');
      const view = await app.db.transaction().execute(async (trx) => {
        const ctx = await loadRound(trx, c.id, req.params.eventKey, req.params.n);
        const result = await resultRow(trx, ctx.round.id);
        if (ctx.round.round_state === RoundState.Posted)
          throw new HttpError(409, 'posted', `${roundLabel(ctx)} is already posted.`);
        if (ctx.round.round_state !== RoundState.Marked || !result) {
          throw new HttpError(
            409,
            'not_computed',
            `${roundLabel(ctx)} has no computed result to approve yet.`,
          );
        }
        // Approving a result the chairman did not see (recomputed meanwhile) would be a false signature.
        if (req.body?.version !== undefined && req.body.version !== result.version) {
          throw stale(`the result of ${roundLabel(ctx)}`, resultView(result, true));
        }
        if (result.approved_at) return resultView(result, true);
        const at = nowIso();
        const by = actorLabel(actor);
        await trx
          .updateTable('round_results')
          .set({ approved_at: at, approved_by: by })
          .where('round_id', '=', ctx.round.id)
          .execute();
        await audit(trx, {
          competitionId: c.id,
          actor: by,
          action: 'results.approve',
          entity: 'round',
          entityId: `${ctx.event.key}-R${ctx.round.round_number}`,
          before: { approved_at: null, version: result.version },
          after: { approved_at: at, approved_by: by, version: result.version },
        });
        return resultView({ ...result, approved_at: at, approved_by: by }, true);
      });
      await app.feed.publish(c.id, 'marks');
      return view;
    },
  );

  app.post(
    '/competitions/:key/events/:eventKey/rounds/:n/unpost',
    {
      schema: {
        tags: ['results'],
        summary: 'Un-post a round (reason required): back to Marked so marks and results can be corrected',
        params: roundParams,
        body: unpostBody,
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const { actor } = requireRole(req, c.id, ['admin', 'Scrutineer'], 'un-post results');
      const message = await app.db.transaction().execute(async (trx) => {
        const ctx = await loadRound(trx, c.id, req.params.eventKey, req.params.n);
        const { round, next } = ctx;
        if (round.round_state !== RoundState.Posted) {
          throw new HttpError(409, 'not_posted', `${roundLabel(ctx)} is not posted.`);
        }
        const result = await resultRow(trx, round.id);
        let removed: unknown = null;
        if (next) {
          const marked = await trx
            .selectFrom('marks')
            .select('id')
            .where('round_id', '=', next.id)
            .executeTakeFirst();
          if (marked) {
            throw new HttpError(
              409,
              'next_round_marked',
              `${next.round_name} of ${ctx.event.name} already has judges' marks; ${round.round_name} cannot be un-posted.`,
            );
          }
          removed = await trx
            .selectFrom('round_entries')
            .selectAll()
            .where('round_id', '=', next.id)
            .execute();
          await trx.deleteFrom('round_entries').where('round_id', '=', next.id).execute();
          await trx
            .updateTable('rounds')
            .set({ round_state: RoundState.Empty, version: next.version + 1 })
            .where('id', '=', next.id)
            .execute();
        } else {
          removed = await trx
            .selectFrom('final_results')
            .selectAll()
            .where('event_id', '=', ctx.event.id)
            .executeTakeFirst();
          await trx.deleteFrom('final_results').where('event_id', '=', ctx.event.id).execute();
        }
        await trx
          .updateTable('round_results')
          .set({ posted_at: null })
          .where('round_id', '=', round.id)
          .execute();
        await trx
          .updateTable('rounds')
          .set({ round_state: RoundState.Marked, version: round.version + 1 })
          .where('id', '=', round.id)
          .execute();
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'results.unpost',
          entity: 'round',
          entityId: `${ctx.event.key}-R${round.round_number}`,
          before: { round, result, removed },
          after: { reason: req.body.reason, round_state: RoundState.Marked },
        });
        return `${roundLabel(ctx)} un-posted (${req.body.reason}). Correct the marks, compute and post again.`;
      });
      await app.feed.publish(c.id, 'results', 'events', 'schedule', 'marks');
      return { message };
    },
  );

  app.get(
    '/competitions/:key/events/:eventKey/rounds/:n/results',
    {
      schema: {
        tags: ['results'],
        summary: "A round's results (public once posted; staff any time)",
        params: roundParams,
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const staff = roleOf(req.actor, c.id) !== null;
      const ctx = await loadRound(app.db, c.id, req.params.eventKey, req.params.n);
      const row = await resultRow(app.db, ctx.round.id);
      // Never leak: for the public an unposted result does not exist. Both checks: a round moved
      // back out of Posted by a state change keeps its posted_at.
      if (!row || (!staff && (row.posted_at === null || ctx.round.round_state !== RoundState.Posted))) {
        throw new HttpError(404, 'not_found', `${roundLabel(ctx)} has no published results yet.`);
      }
      return resultView(row, staff);
    },
  );

  app.get(
    '/competitions/:key/events/:eventKey/results',
    { schema: { tags: ['results'], summary: "An event's final results, once posted", params: eventParams } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const event = await findEvent(app.db, c.id, req.params.eventKey);
      const row = await app.db
        .selectFrom('final_results')
        .selectAll()
        .where('event_id', '=', event.id)
        .executeTakeFirst();
      const detail = row
        ? (JSON.parse(row.detail) as { couples: unknown; finalTable: unknown; roundNumber: number })
        : null;
      // The saved placings are public only while their final round is Posted.
      const final = await app.db
        .selectFrom('rounds')
        .innerJoin('round_results', 'round_results.round_id', 'rounds.id')
        .select('rounds.id')
        .where('rounds.event_id', '=', event.id)
        .where('round_results.kind', '=', 'final')
        .where('round_results.posted_at', 'is not', null)
        .where('rounds.round_state', '=', RoundState.Posted)
        .executeTakeFirst();
      if (!row || !detail || !final)
        throw new HttpError(404, 'not_found', `${event.name} has no final results yet.`);
      return {
        event: event.key,
        placements: JSON.parse(row.placements) as Record<string, number>,
        couples: detail.couples,
        finalTable: detail.finalTable,
        roundNumber: detail.roundNumber,
        postedAt: row.posted_at,
      };
    },
  );
};
export default routes;
