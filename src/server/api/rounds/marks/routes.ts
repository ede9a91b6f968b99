/**
 * Judges' marks: PUT one judge's dances (judge's own code session, or the scrutineer / an admin
 * entering from paper), GET the panel's marks and what is missing, and POST start (a round opens for
 * marking). Marks are never changed without a trace: every version goes to mark_history and audit.
 */
import { sql, type Updateable } from 'kysely';
import type { MarksTable } from '../../../db/schema.ts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCompetition } from '../../competitions/repo.ts';
import { keyParams } from '../../competitions/routes.ts';
import { actorLabel } from '../../../auth/sessions.ts';
import { audit } from '../../../audit.ts';
import { forbidden, HttpError } from '../../../errors.ts';
import { nowIso } from '../../../db/index.ts';
import {
  assertTransition,
  ROUND_STATE_NAMES,
  RoundRuleError,
  RoundState,
} from '../../../../domain/rounds/index.ts';
import {
  canonicalJson,
  checkJudgeMarks,
  MarkingError,
  missingMarks,
  recallCount,
  sameMarkValue,
  type CheckedDance,
} from '../../../../domain/marking.ts';
import { marksBody, marksQuery } from '../../../../domain/schemas/marks.ts';
import { loadRound, marksView, requireRole, roundLabel, roundParams, type RoundContext } from '../context.ts';
import { placeCouplesInRound } from '../floor/commands.ts';

const markParams = roundParams.extend({ officialId: z.coerce.number().int().min(1) });
const IDEMPOTENCY_KEY = /^[\w.:-]{1,128}$/;

function roundSummary(ctx: RoundContext) {
  const missing = missingMarks(ctx.judges, ctx.marking.dances, ctx.marks);
  return {
    round: {
      roundNumber: ctx.round.round_number,
      roundName: ctx.round.round_name,
      roundState: ctx.round.round_state,
      kind: ctx.marking.kind,
      recallSize: ctx.round.recall_size,
      marksPerDance: ctx.marking.kind === 'recall' ? recallCount(ctx.marking) : null,
      couples: [...ctx.marking.couples],
      dances: [...ctx.marking.dances],
    },
    missing,
    complete: missing.length === 0 && ctx.judges.length > 0,
  };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/competitions/:key/events/:eventKey/rounds/:n/marks/:officialId',
    {
      schema: {
        tags: ['marks'],
        summary: "Submit one judge's marks for one or more dances (Idempotency-Key, If-Match supported)",
        params: markParams,
        querystring: marksQuery,
        body: marksBody,
        headers: z.object({
          'idempotency-key': z.string().max(200).optional(),
          'if-match': z.string().max(20).optional(),
        }),
      },
    },
    async (req, reply) => {
      const c = await findCompetition(app.db, req.params.key);
      const { actor, role } = requireRole(req, c.id, ['admin', 'Scrutineer', 'Judge'], "enter judges' marks");
      const officialId = req.params.officialId;
      if (role === 'Judge' && actor.kind === 'official' && actor.official.id !== officialId) {
        throw forbidden('A judge may enter only their own marks.');
      }
      const key = req.headers['idempotency-key'];
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
        throw new HttpError(
          400,
          'invalid',
          'Idempotency-Key must be 1–128 letters, digits, ".", ":", "_" or "-".',
        );
      }
      const ifMatchRaw = req.headers['if-match']?.replace(/^W\//, '').replace(/"/g, '');
      const ifMatch = ifMatchRaw === undefined || ifMatchRaw === '' ? undefined : Number(ifMatchRaw);
      if (ifMatch !== undefined && (!Number.isInteger(ifMatch) || ifMatch < 0)) {
        throw new HttpError(400, 'invalid', 'If-Match must be the version number of the marks you saw.');
      }
      const source = role === 'Judge' ? 'judge' : (req.query.source ?? 'scrutineer');
      const override = req.query.override;
      const fingerprint = canonicalJson({ marks: req.body, override });
      const who = actorLabel(actor);

      const out = await app.db.transaction().execute(async (trx) => {
        const ctx = await loadRound(trx, c.id, req.params.eventKey, req.params.n);
        const entityId = `${ctx.event.key}-R${ctx.round.round_number}/${officialId}`;
        // A resend from an offline tablet: answer what was stored the first time, write nothing.
        if (key !== undefined) {
          const earlier = await trx
            .selectFrom('audit_log')
            .select('after')
            .where('competition_id', '=', c.id)
            .where('action', '=', 'marks.submit')
            .where('entity_id', '=', entityId)
            .where(sql<boolean>`instr(after, ${`"idempotencyKey":${JSON.stringify(key)}`}) > 0`)
            .orderBy('id', 'desc')
            .executeTakeFirst();
          if (earlier?.after) {
            const stored = JSON.parse(earlier.after) as { fingerprint: string; response: unknown };
            if (stored.fingerprint !== fingerprint) {
              throw new HttpError(
                409,
                'idempotency_conflict',
                'This Idempotency-Key was already used for different marks; send new marks with a new key.',
              );
            }
            return { replayed: true as const, response: stored.response, changed: false, reopened: false };
          }
        }
        const judge = ctx.judges.find((j) => j.id === officialId);
        if (!judge) {
          if (role === 'Judge') throw forbidden(`You are not on the panel of ${ctx.event.name}.`);
          const o = await trx
            .selectFrom('officials')
            .select(['name', 'role'])
            .where('id', '=', officialId)
            .where('competition_id', '=', c.id)
            .executeTakeFirst();
          if (!o || o.role !== 'Judge')
            throw new HttpError(404, 'not_found', `There is no judge ${officialId} in this competition.`);
          throw new HttpError(409, 'not_on_panel', `${o.name} is not on the panel of ${ctx.event.name}.`);
        }
        const state = ctx.round.round_state;
        if (state === RoundState.Posted) {
          throw new HttpError(
            409,
            'posted',
            `${roundLabel(ctx)}: this round is posted. Un-post it (with a reason) to correct marks.`,
          );
        }
        if (state !== RoundState.Running && state !== RoundState.Marked) {
          throw new HttpError(
            409,
            'not_running',
            `${roundLabel(ctx)} is ${ROUND_STATE_NAMES[state as RoundState]}: marks are taken once it is running.`,
          );
        }
        let checked: CheckedDance[];
        try {
          checked = checkJudgeMarks(ctx.marking, req.body, override);
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
        const current = (dance: string) =>
          ctx.marks.find((m) => m.officialId === officialId && m.dance === dance);
        if (ifMatch !== undefined) {
          const mismatched = checked.filter((d) => (current(d.dance)?.version ?? 0) !== ifMatch);
          if (mismatched.length) {
            throw new HttpError(
              409,
              'stale',
              `Someone else changed ${judge.name}'s marks in the ${mismatched.map((d) => d.dance).join(', ')} after you loaded them. Your change was not saved; the current marks are attached.`,
              { current: marksView(ctx, officialId).marks },
            );
          }
        }
        const at = nowIso();
        let changed = false;
        for (const d of checked) {
          const prev = current(d.dance);
          const flag = d.countProblem ? 1 : 0;
          if (prev && sameMarkValue(prev.value, d.value) && (prev.countOverride ? 1 : 0) === flag) continue;
          changed = true;
          const version = (prev?.version ?? 0) + 1;
          const written = {
            value: JSON.stringify(d.value),
            version,
            source,
            count_override: flag,
            idempotency_key: key ?? null,
            submitted_by: who,
            submitted_at: at,
          } satisfies Updateable<MarksTable>;
          let markId: number;
          if (prev) {
            await trx.updateTable('marks').set(written).where('id', '=', prev.id).execute();
            markId = prev.id;
          } else {
            const row = await trx
              .insertInto('marks')
              .values({
                competition_id: c.id,
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
              competition_id: c.id,
              round_id: ctx.round.id,
              official_id: officialId,
              dance: d.dance,
              value: JSON.stringify(d.value),
              version,
              source,
              submitted_by: who,
              submitted_at: at,
            })
            .execute();
        }
        // Corrected marks after a compute: the saved result no longer matches, so it is withdrawn.
        let reopened = false;
        let withdrawn: unknown = null;
        if (changed && state === RoundState.Marked) {
          reopened = true;
          withdrawn = await trx
            .selectFrom('round_results')
            .selectAll()
            .where('round_id', '=', ctx.round.id)
            .executeTakeFirst();
          await trx.deleteFrom('round_results').where('round_id', '=', ctx.round.id).execute();
          await trx
            .updateTable('rounds')
            .set({ round_state: RoundState.Running, version: ctx.round.version + 1 })
            .where('id', '=', ctx.round.id)
            .execute();
        }
        const fresh = await loadRound(trx, c.id, req.params.eventKey, req.params.n);
        const view = marksView(fresh, officialId);
        const response = {
          message: changed
            ? `Saved ${judge.name}'s marks: ${checked.map((d) => d.dance).join(', ')}${reopened ? ' (the computed result was withdrawn; compute again)' : ''}.`
            : `${judge.name}'s marks were already saved; nothing changed.`,
          officialId,
          marks: view.marks,
          countProblems: checked.filter((d) => d.countProblem).map((d) => d.countProblem),
          ...roundSummary(fresh),
        };
        await audit(trx, {
          competitionId: c.id,
          actor: who,
          action: 'marks.submit',
          entity: 'marks',
          entityId,
          before: {
            marks: Object.fromEntries(checked.map((d) => [d.dance, current(d.dance) ?? null])),
            ...(withdrawn ? { withdrawnResult: withdrawn } : {}),
          },
          after: { idempotencyKey: key ?? null, fingerprint, source, override, changed, reopened, response },
        });
        return { replayed: false as const, response, changed, reopened };
      });
      if (out.replayed) reply.header('idempotent-replayed', 'true');
      else
        await app.feed.publish(
          c.id,
          ...(out.reopened ? (['marks', 'events', 'schedule'] as const) : (['marks'] as const)),
        );
      return out.response;
    },
  );

  app.get(
    '/competitions/:key/events/:eventKey/rounds/:n/marks',
    {
      schema: {
        tags: ['marks'],
        summary: "Every judge's marks and which are missing (staff)",
        params: roundParams,
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const { actor, role } = requireRole(
        req,
        c.id,
        ['admin', 'Scrutineer', 'Chairman', 'Judge'],
        "see judges' marks",
      );
      const ctx = await loadRound(app.db, c.id, req.params.eventKey, req.params.n);
      const only = role === 'Judge' && actor.kind === 'official' ? actor.official.id : undefined;
      const summary = roundSummary(ctx);
      const view = marksView(ctx, only);
      return {
        ...summary,
        ...view,
        missing: only === undefined ? summary.missing : summary.missing.filter((m) => m.officialId === only),
      };
    },
  );

  app.get(
    '/competitions/:key/judges/:officialId/rounds',
    {
      schema: {
        tags: ['marks'],
        summary: 'The rounds a judge marks now (Running or Marked, on their panel) with their own marks',
        params: keyParams.extend({ officialId: z.coerce.number().int().min(1) }),
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const { actor, role } = requireRole(
        req,
        c.id,
        ['admin', 'Scrutineer', 'Chairman', 'Judge'],
        "see a judge's rounds",
      );
      const officialId = req.params.officialId;
      if (role === 'Judge' && actor.kind === 'official' && actor.official.id !== officialId) {
        throw forbidden('A judge may see only their own rounds.');
      }
      const judge = await app.db
        .selectFrom('officials')
        .select(['id', 'name', 'letter', 'role'])
        .where('id', '=', officialId)
        .where('competition_id', '=', c.id)
        .executeTakeFirst();
      if (!judge || judge.role !== 'Judge') throw new HttpError(404, 'not_found', 'No judge found.');
      const open = await app.db
        .selectFrom('rounds')
        .innerJoin('events', 'events.id', 'rounds.event_id')
        .select(['events.key', 'rounds.round_number'])
        .where('rounds.competition_id', '=', c.id)
        .where('rounds.round_state', 'in', [RoundState.Running, RoundState.Marked])
        .orderBy('rounds.schedule_index')
        .orderBy('rounds.id')
        .execute();
      const rounds = [];
      for (const r of open) {
        const ctx = await loadRound(app.db, c.id, r.key, r.round_number);
        if (!ctx.judges.some((j) => j.id === officialId)) continue;
        const summary = roundSummary(ctx);
        rounds.push({
          eventKey: ctx.event.key,
          eventName: ctx.event.name,
          scheduleIndex: ctx.round.schedule_index,
          version: ctx.round.version,
          ...summary.round,
          marks: marksView(ctx, officialId).marks,
          missing: summary.missing.filter((m) => m.officialId === officialId).map((m) => m.dance),
        });
      }
      return { judge: { id: judge.id, name: judge.name, letter: judge.letter }, rounds };
    },
  );

  app.post(
    '/competitions/:key/events/:eventKey/rounds/:n/start',
    {
      schema: {
        tags: ['marks'],
        summary: 'Start a round: Running, so judges can mark (first round: every entry if none assigned)',
        params: roundParams,
        body: z
          .object({ version: z.number().int().min(0).optional() })
          .strict()
          .optional(),
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const { actor } = requireRole(req, c.id, ['admin', 'Scrutineer', 'Deck Captain'], 'start a round');
      const message = await app.db.transaction().execute(async (trx) => {
        const ctx = await loadRound(trx, c.id, req.params.eventKey, req.params.n);
        const { round } = ctx;
        if (req.body?.version !== undefined && req.body.version !== round.version) {
          throw new HttpError(409, 'stale', `Someone else changed ${roundLabel(ctx)} after you loaded it.`, {
            current: summaryOf(ctx),
          });
        }
        if (round.round_state === RoundState.Running) return `${roundLabel(ctx)} is already running.`;
        try {
          assertTransition(round.round_state as RoundState, RoundState.Running);
        } catch (err) {
          if (err instanceof RoundRuleError) throw new HttpError(409, 'invalid_transition', err.message);
          throw err;
        }
        let couples = ctx.marking.couples.length;
        const earlier = ctx.rounds.filter(
          (r) => r.round_number < round.round_number && r.round_state !== RoundState.Skipped,
        );
        if (couples === 0 && earlier.length === 0) {
          // The first round danced: every couple entered (and not scratched) is on the floor.
          const entries = await trx
            .selectFrom('entries')
            .select('id')
            .where('event_id', '=', ctx.event.id)
            .where('scratched', '=', 0)
            .execute();
          await placeCouplesInRound(
            trx,
            round,
            entries.map((e) => e.id),
          );
          couples = entries.length;
        }
        if (couples === 0) {
          throw new HttpError(
            409,
            'no_couples',
            earlier.length
              ? `${roundLabel(ctx)} has no couples yet: post the ${earlier[earlier.length - 1]?.round_name} first.`
              : `${roundLabel(ctx)} has no couples to dance.`,
          );
        }
        await trx
          .updateTable('rounds')
          .set({
            round_state: RoundState.Running,
            started_at: round.started_at ?? nowIso(),
            version: round.version + 1,
          })
          .where('id', '=', round.id)
          .execute();
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'round.start',
          entity: 'round',
          entityId: `${ctx.event.key}-R${round.round_number}`,
          before: round,
          after: { round_state: RoundState.Running, couples },
        });
        return `${roundLabel(ctx)} is running: ${couples} couple${couples === 1 ? '' : 's'} on the floor.`;
      });
      await app.feed.publish(c.id, 'events', 'schedule', 'marks');
      const ctx = await loadRound(app.db, c.id, req.params.eventKey, req.params.n);
      return { message, ...summaryOf(ctx) };
    },
  );
};

function summaryOf(ctx: RoundContext) {
  const s = roundSummary(ctx);
  return { round: { ...s.round, version: ctx.round.version }, missing: s.missing, complete: s.complete };
}

export default routes;
