import { z } from 'zod';
import { placeCouplesInRound } from './floor/commands.ts';
import type { Transaction } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { findCompetition } from '../competitions/repo.ts';
import { keyParams } from '../competitions/routes.ts';
import { actorLabel, isCompetitionAdmin, requireCompetitionAdmin, type Actor } from '../../auth/sessions.ts';
import { audit } from '../../audit.ts';
import { forbidden, HttpError, stale, unauthorized } from '../../errors.ts';
import { nowIso } from '../../db/index.ts';
import type { Database, EventRow, RoundRow } from '../../db/schema.ts';
import {
  addRound,
  assertTransition,
  deleteRound,
  generateRounds,
  normalizeRecallSize,
  restoreRound,
  ROUND_STATE_NAMES,
  RoundRuleError,
  RoundState,
  setRecallSize,
  skipRound,
  type RoundChange,
} from '../../../domain/rounds/index.ts';
import { roundAdd, roundGenerate, roundPatch } from '../../../domain/schemas/events.ts';
import { readEventSettings } from '../settings/routes.ts';
import {
  applyRoundChange,
  archiveOfRounds,
  bumpEvent,
  checkEventVersion,
  eventRounds,
  eventView,
  findEvent,
  isScheduleItem,
  lastScheduleIndex,
  otherSlots,
  roundsWithMarks,
  slotKey,
  toPlan,
  type PlannedRound,
} from '../events/repo.ts';
import type { DB } from '../../db/index.ts';

const eventParams = keyParams.extend({ eventKey: z.string().max(100) });
const roundParams = eventParams.extend({ n: z.coerce.number().int().min(1).max(1_000) });
const versionQuery = z.object({ version: z.coerce.number().int().min(0).optional() });
const versionBody = z.object({ version: z.number().int().min(0).optional() }).strict();

/** A broken round rule is the organizer's mistake: 409 with the rule's own words. */
function ruleError(err: unknown): never {
  if (err instanceof RoundRuleError) {
    const status = err.code === 'no-such-round' ? 404 : err.code === 'invalid-recall-size' ? 400 : 409;
    throw new HttpError(status, err.code.replace(/-/g, '_'), err.message);
  }
  throw err;
}

/** Admin, or the competition's scrutineer (api.md: PATCH rounds). */
function requireAdminOrScrutineer(req: FastifyRequest, competitionId: number): Actor {
  const a = req.actor;
  if (a.kind === 'anonymous') throw unauthorized();
  if (isCompetitionAdmin(a, competitionId)) return a;
  if (a.kind === 'official' && a.official.competitionId === competitionId && a.official.role === 'Scrutineer')
    return a;
  throw forbidden('Only an administrator or the scrutineer may change a round.');
}

interface Ctx {
  trx: Transaction<Database>;
  event: EventRow;
  rounds: RoundRow[];
}

const routes: FastifyPluginAsyncZod = async (app) => {
  /** Runs one round command in one transaction and publishes after the commit. */
  async function roundCommand<T>(
    req: FastifyRequest<{ Params: { key: string; eventKey: string } }>,
    version: number | undefined,
    work: (ctx: Ctx & { competitionId: number; actor: string }) => Promise<T>,
  ) {
    const c = await findCompetition(app.db, req.params.key);
    const actor = requireCompetitionAdmin(req, c.id);
    const out = await app.db.transaction().execute(async (trx) => {
      const event = await findEvent(trx, c.id, req.params.eventKey);
      await checkEventVersion(trx, event, version);
      const rounds = await eventRounds(trx, event.id);
      try {
        return await work({ trx, event, rounds, competitionId: c.id, actor: actorLabel(actor) });
      } catch (err) {
        ruleError(err);
      }
    });
    await app.feed.publish(c.id, 'events', 'schedule');
    return { result: out, view: await eventView(app.db, c.id, req.params.eventKey), competitionId: c.id };
  }

  async function editOptions(db: DB | Transaction<Database>, competitionId: number, eventId: number) {
    const settings = await readEventSettings(db, competitionId);
    return {
      reorderAfterAddRemoveRound: settings.reorderAfterAddRemoveRound,
      otherSlots: await otherSlots(db, competitionId, eventId),
    };
  }

  async function applyAndAudit(
    ctx: Ctx & { competitionId: number; actor: string },
    change: RoundChange<PlannedRound>,
    action: string,
  ) {
    const discarded = ctx.rounds.filter((r) => change.discard.includes(r.round_number));
    const archive = await archiveOfRounds(
      ctx.trx,
      discarded.map((r) => r.id),
    );
    await applyRoundChange(ctx.trx, ctx.event, ctx.rounds, change);
    await audit(ctx.trx, {
      competitionId: ctx.competitionId,
      actor: ctx.actor,
      action,
      entity: 'event',
      entityId: ctx.event.key,
      before: { rounds: ctx.rounds, ...(discarded.length ? { discarded: archive } : {}) },
      after: { description: change.description, rounds: change.rounds, renumber: change.renumber },
    });
    return change.description;
  }

  app.post(
    '/competitions/:key/events/:eventKey/rounds/generate',
    { schema: { tags: ['rounds'], params: eventParams, body: roundGenerate.optional() } },
    async (req) => {
      const { result, view } = await roundCommand(req, req.body?.version, async (ctx) => {
        const marked = await roundsWithMarks(ctx.trx, ctx.event.id);
        if (marked.length) {
          throw new HttpError(
            409,
            'has_marks',
            `Rounds cannot be generated again: round ${marked.join(', ')} already has judges' marks.`,
          );
        }
        const entries = await ctx.trx
          .selectFrom('entries')
          .select('id')
          .where('event_id', '=', ctx.event.id)
          .where('scratched', '=', 0)
          .orderBy('lead_number')
          .execute();
        const dances = JSON.parse(ctx.event.dances) as string[];
        // A new event goes to the end of the day; a regenerated one keeps its place.
        const oldStart = ctx.rounds.length ? Math.min(...ctx.rounds.map((r) => r.schedule_index)) : null;
        const first =
          oldStart ?? Math.floor(await lastScheduleIndex(ctx.trx, ctx.competitionId, ctx.event.id)) + 1;
        let plans = generateRounds(isScheduleItem(dances) ? 0 : entries.length);
        const step = oldStart !== null ? 1 / plans.length : 1;
        const sizes = req.body?.recallSizes ?? [];
        plans = plans.map((p, i) => ({
          ...p,
          scheduleIndex: first + i * step,
          roundName: isScheduleItem(dances) ? dances.join(' & ') : p.roundName,
          recallSize:
            i < plans.length - 1 && sizes[i] !== undefined ? normalizeRecallSize(sizes[i]) : p.recallSize,
        }));
        const archive = await archiveOfRounds(
          ctx.trx,
          ctx.rounds.map((r) => r.id),
        );
        await ctx.trx.deleteFrom('rounds').where('event_id', '=', ctx.event.id).execute();
        const ids: number[] = [];
        for (const p of plans) {
          const row = await ctx.trx
            .insertInto('rounds')
            .values({
              competition_id: ctx.competitionId,
              event_id: ctx.event.id,
              round_number: p.roundNumber,
              round_name: p.roundName,
              schedule_index: p.scheduleIndex,
              round_start_time: null,
              recall_size: p.recallSize,
              round_state: p.roundState,
              heat_size: null,
              started_at: null,
              ended_at: null,
              version: 1,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.push(row.id);
        }
        // Every couple of the event dances the first round.
        if (entries.length && ids[0] !== undefined && !isScheduleItem(dances)) {
          await placeCouplesInRound(
            ctx.trx,
            { id: ids[0], heat_size: null },
            entries.map((e) => e.id),
          );
        }
        await bumpEvent(ctx.trx, ctx.event.id);
        const description = `Generated ${plans.length} round${plans.length === 1 ? '' : 's'} for ${entries.length} couples: ${plans.map((p) => p.roundName).join(', ')}`;
        await audit(ctx.trx, {
          competitionId: ctx.competitionId,
          actor: ctx.actor,
          action: 'rounds.generate',
          entity: 'event',
          entityId: ctx.event.key,
          before: { rounds: ctx.rounds, ...archive },
          after: { rounds: plans },
        });
        return description;
      });
      return { message: result, event: view };
    },
  );

  app.delete(
    '/competitions/:key/events/:eventKey/rounds',
    { schema: { tags: ['rounds'], params: eventParams, querystring: versionQuery } },
    async (req) => {
      const { result, view } = await roundCommand(req, req.query.version, async (ctx) => {
        const marked = await roundsWithMarks(ctx.trx, ctx.event.id);
        if (marked.length) {
          throw new HttpError(
            409,
            'has_marks',
            `Rounds cannot be cleared: round ${marked.join(', ')} already has judges' marks.`,
          );
        }
        const archive = await archiveOfRounds(
          ctx.trx,
          ctx.rounds.map((r) => r.id),
        );
        await ctx.trx.deleteFrom('rounds').where('event_id', '=', ctx.event.id).execute();
        await bumpEvent(ctx.trx, ctx.event.id);
        await audit(ctx.trx, {
          competitionId: ctx.competitionId,
          actor: ctx.actor,
          action: 'rounds.clear',
          entity: 'event',
          entityId: ctx.event.key,
          before: { rounds: ctx.rounds, ...archive },
        });
        return `Cleared ${ctx.rounds.length} rounds`;
      });
      return { message: result, event: view };
    },
  );

  app.post(
    '/competitions/:key/events/:eventKey/rounds',
    {
      schema: {
        tags: ['rounds'],
        params: eventParams,
        body: roundAdd.extend({ version: z.number().int().min(0).optional() }),
      },
    },
    async (req, reply) => {
      const { version, ...request } = req.body;
      const { result, view } = await roundCommand(req, version, async (ctx) => {
        const options = await editOptions(ctx.trx, ctx.competitionId, ctx.event.id);
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
      });
      reply.status(201);
      return { message: result, event: view };
    },
  );

  app.post(
    '/competitions/:key/events/:eventKey/rounds/:n/skip',
    { schema: { tags: ['rounds'], params: roundParams, body: versionBody.optional() } },
    async (req) => {
      const { result, view } = await roundCommand(req, req.body?.version, async (ctx) => {
        const change = skipRound(ctx.rounds.map(toPlan), req.params.n);
        return applyAndAudit(ctx, change, 'round.skip');
      });
      return { message: result, event: view };
    },
  );

  app.delete(
    '/competitions/:key/events/:eventKey/rounds/:n',
    { schema: { tags: ['rounds'], params: roundParams, querystring: versionQuery } },
    async (req) => {
      const { result, view } = await roundCommand(req, req.query.version, async (ctx) => {
        const options = await editOptions(ctx.trx, ctx.competitionId, ctx.event.id);
        const change = deleteRound(ctx.rounds.map(toPlan), req.params.n, {
          ...options,
          slotKey: (n) => {
            const row = ctx.rounds.find((r) => r.round_number === (n >= req.params.n ? n + 1 : n));
            return row ? slotKey(row.id) : `R${n}`;
          },
        });
        return applyAndAudit(ctx, change, 'round.delete');
      });
      return { message: result, event: view };
    },
  );

  app.patch(
    '/competitions/:key/events/:eventKey/rounds/:n',
    { schema: { tags: ['rounds'], params: roundParams, body: roundPatch } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireAdminOrScrutineer(req, c.id);
      const { version, ...p } = req.body;
      const description = await app.db.transaction().execute(async (trx) => {
        const event = await findEvent(trx, c.id, req.params.eventKey);
        const rounds = await eventRounds(trx, event.id);
        const round = rounds.find((r) => r.round_number === req.params.n);
        if (!round) throw new HttpError(404, 'not_found', `${event.name} has no round ${req.params.n}.`);
        if (version !== undefined && version !== round.version) {
          const fresh = await eventView(trx, c.id, event.key);
          throw stale(
            `${round.round_name} of ${event.name}`,
            fresh.rounds.find((r) => r.roundNumber === round.round_number),
          );
        }
        const set: Partial<RoundRow> = {};
        const said: string[] = [];
        let followingRecalls: Array<{ roundNumber: number; from: number; to: number }> = [];
        try {
          if (p.recallSize !== undefined) {
            const next = setRecallSize(rounds.map(toPlan), round.round_number, p.recallSize);
            set.recall_size = next.find((r) => r.roundNumber === round.round_number)?.recallSize ?? 1;
            said.push(`recall size ${set.recall_size}`);
          }
          if (p.roundState !== undefined && p.roundState !== round.round_state) {
            const to = p.roundState as RoundState;
            if (to === RoundState.Skipped) {
              throw new HttpError(409, 'use_skip', 'Use "Skip" to skip a round: its couples move back.');
            }
            assertTransition(round.round_state as RoundState, to);
            if (round.round_state === RoundState.Skipped) {
              // Undoing a skip: the round before it gets its default recall size back.
              followingRecalls = restoreRound(rounds.map(toPlan), round.round_number).changed;
            }
            // Published results come back only through un-post, which takes a reason and undoes the
            // recall into the next round; a bare state change would leave them half-published.
            if (round.round_state === RoundState.Posted) {
              throw new HttpError(
                409,
                'use_unpost',
                `${round.round_name} of ${event.name} is posted: un-post it on the scrutineer screen (with a reason) to correct it.`,
              );
            }
            if (to === RoundState.Posted) {
              throw new HttpError(
                409,
                'use_post',
                `Post ${round.round_name} of ${event.name} on the scrutineer screen: posting publishes its results and recalls the couples.`,
              );
            }
            set.round_state = to;
            // Real start and end times move the estimated schedule (issue 5).
            if (to === RoundState.Running && !round.started_at) set.started_at = nowIso();
            if (to === RoundState.Marked && !round.ended_at) set.ended_at = nowIso();
            said.push(`state ${ROUND_STATE_NAMES[to]}`);
          }
        } catch (err) {
          ruleError(err);
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
        if (said.length === 0) return 'Nothing to change';
        await trx
          .updateTable('rounds')
          .set({ ...set, version: round.version + 1 })
          .where('id', '=', round.id)
          .execute();
        for (const f of followingRecalls) {
          const other = rounds.find((r) => r.round_number === f.roundNumber);
          if (!other) continue;
          await trx
            .updateTable('rounds')
            .set({ recall_size: f.to, version: other.version + 1 })
            .where('id', '=', other.id)
            .execute();
          said.push(`${other.round_name} recall size ${f.from}→${f.to}`);
        }
        if (followingRecalls.length) await bumpEvent(trx, event.id);
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'round.update',
          entity: 'round',
          entityId: `${event.key}-R${round.round_number}`,
          before: round,
          after: followingRecalls.length ? { ...set, recallSizes: followingRecalls } : set,
        });
        return `${round.round_name} of ${event.name}: ${said.join(', ')}`;
      });
      await app.feed.publish(c.id, 'events', 'schedule');
      return { message: description, event: await eventView(app.db, c.id, req.params.eventKey) };
    },
  );
};
export default routes;
