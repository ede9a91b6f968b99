import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely, Transaction } from 'kysely';
import { findCompetition } from '../competitions/repo.ts';
import { keyParams } from '../competitions/routes.ts';
import { actorLabel, requireCompetitionAdmin } from '../../auth/sessions.ts';
import { audit } from '../../audit.ts';
import { HttpError, stale } from '../../errors.ts';
import type { Database } from '../../db/schema.ts';
import { roundId, RoundState } from '../../../domain/rounds/index.ts';
import { estimateSchedule } from '../../../domain/schedule.ts';
import { scheduleReorder, type Schedule, type ScheduleItem } from '../../../domain/schemas/events.ts';

export type { Schedule, ScheduleItem };
import { readEventSettings } from '../settings/routes.ts';
import { isScheduleItem } from '../events/repo.ts';

/** The whole running order with estimated times (public: the live view shows it). */
export async function readSchedule(
  db: Kysely<Database> | Transaction<Database>,
  competitionId: number,
  now = new Date(),
): Promise<Schedule> {
  const [settings, rows, couples] = await Promise.all([
    readEventSettings(db, competitionId),
    db
      .selectFrom('rounds')
      .innerJoin('events', 'events.id', 'rounds.event_id')
      .select([
        'rounds.id',
        'rounds.round_number',
        'rounds.round_name',
        'rounds.schedule_index',
        'rounds.round_start_time',
        'rounds.round_state',
        'rounds.recall_size',
        'rounds.heat_size',
        'rounds.started_at',
        'rounds.ended_at',
        'rounds.version',
        'events.key as event_key',
        'events.name as event_name',
        'events.style',
        'events.level',
        'events.dances',
      ])
      .where('rounds.competition_id', '=', competitionId)
      .orderBy('rounds.schedule_index')
      .orderBy('events.sort_order')
      .orderBy('rounds.round_number')
      .execute(),
    db
      .selectFrom('round_entries')
      .innerJoin('rounds', 'rounds.id', 'round_entries.round_id')
      .select([
        'round_entries.round_id',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.max('round_entries.heat').as('heats'),
      ])
      .where('rounds.competition_id', '=', competitionId)
      .groupBy('round_entries.round_id')
      .execute(),
  ]);
  const countBy = new Map(couples.map((c) => [c.round_id, { n: Number(c.n), heats: Number(c.heats ?? 1) }]));
  const timing = {
    firstStartTime: settings.scheduleFirstStartTime ?? null,
    perDanceSeconds: settings.schedulePerDanceSeconds ?? 120,
    transitionSeconds: settings.scheduleTransitionSeconds ?? 60,
  };
  const base = rows.map((r) => {
    const dances = JSON.parse(r.dances) as string[];
    const counted = countBy.get(r.id);
    const n = counted?.n ?? 0;
    const heats = r.heat_size ? Math.max(1, Math.ceil(n / r.heat_size)) : Math.max(1, counted?.heats ?? 1);
    return { r, dances, n, heats };
  });
  const estimates = estimateSchedule(
    base.map(({ r, dances, heats }) => ({
      key: String(r.id),
      scheduleIndex: r.schedule_index,
      dances: dances.length,
      heats,
      roundStartTime: r.round_start_time,
      startedAt: r.started_at,
      endedAt: r.ended_at,
      skipped: r.round_state === RoundState.Skipped,
    })),
    timing,
    now,
  );
  const byKey = new Map(estimates.map((e) => [e.key, e]));
  const items = base.map(({ r, dances, n, heats }): ScheduleItem => {
    const e = byKey.get(String(r.id));
    return {
      roundId: roundId(r.event_key, r.round_number),
      eventKey: r.event_key,
      eventName: r.event_name,
      style: r.style,
      level: r.level,
      dances,
      kind: isScheduleItem(dances) ? dances.join(' & ') : 'round',
      roundNumber: r.round_number,
      roundName: r.round_name,
      scheduleIndex: r.schedule_index,
      roundStartTime: r.round_start_time,
      roundState: r.round_state,
      recallSize: r.recall_size,
      couples: n,
      heats,
      startedAt: r.started_at,
      endedAt: r.ended_at,
      estimatedStart: e?.estimatedStart ?? null,
      estimatedEnd: e?.estimatedEnd ?? null,
      minutesLate: e?.minutesLate ?? null,
      version: r.version,
    };
  });
  const version = createHash('sha256')
    .update(rows.map((r) => `${r.id}:${r.version}:${r.schedule_index}:${r.round_number}`).join(','))
    .digest('hex')
    .slice(0, 16);
  return { version, timing, items };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/competitions/:key/schedule',
    { schema: { tags: ['schedule'], params: keyParams } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      return readSchedule(app.db, c.id);
    },
  );

  /** The whole running order in its new order, rewritten as 1, 2, 3 … in one transaction. */
  app.put(
    '/competitions/:key/schedule',
    { schema: { tags: ['schedule'], params: keyParams, body: scheduleReorder } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const actor = requireCompetitionAdmin(req, c.id);
      await app.db.transaction().execute(async (trx) => {
        const current = await readSchedule(trx, c.id);
        if (req.body.version !== undefined && req.body.version !== current.version) {
          throw stale('the schedule', current);
        }
        const known = new Map(current.items.map((i) => [i.roundId, i]));
        const seen = new Set<string>();
        for (const id of req.body.order) {
          if (!known.has(id)) throw new HttpError(400, 'invalid', `There is no round ${id} in the schedule.`);
          if (seen.has(id)) throw new HttpError(400, 'invalid', `Round ${id} is listed twice.`);
          seen.add(id);
        }
        const missing = current.items.filter((i) => !seen.has(i.roundId));
        if (missing.length) {
          throw stale('the schedule', current);
        }
        const rows = await trx
          .selectFrom('rounds')
          .innerJoin('events', 'events.id', 'rounds.event_id')
          .select(['rounds.id', 'rounds.round_number', 'rounds.schedule_index', 'events.key'])
          .where('rounds.competition_id', '=', c.id)
          .execute();
        const idOf = new Map(rows.map((r) => [roundId(r.key, r.round_number), r]));
        const moves: { roundId: string; from: number; to: number }[] = [];
        for (const [i, rid] of req.body.order.entries()) {
          const row = idOf.get(rid);
          if (!row || row.schedule_index === i + 1) continue;
          moves.push({ roundId: rid, from: row.schedule_index, to: i + 1 });
          await trx
            .updateTable('rounds')
            .set((eb) => ({ schedule_index: i + 1, version: eb('version', '+', 1) }))
            .where('id', '=', row.id)
            .execute();
        }
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'schedule.reorder',
          entity: 'schedule',
          before: current.items.map((i) => `${i.scheduleIndex} ${i.roundId}`),
          after: { order: req.body.order, moves },
        });
      });
      await app.feed.publish(c.id, 'schedule', 'events');
      return readSchedule(app.db, c.id);
    },
  );
};
export default routes;
