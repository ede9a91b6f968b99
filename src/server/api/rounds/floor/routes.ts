/**
 * The deck captain's reads and heat setting: who is on the floor now, what comes next, each round's
 * couples by number with heats and check-in. Couples and numbers are public (they dance in front of
 * everyone); nothing here carries marks or results.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCompetition } from '../../competitions/repo.ts';
import { keyParams } from '../../competitions/routes.ts';
import { eventRounds, findEvent, isScheduleItem } from '../../events/repo.ts';
import { actorLabel } from '../../../auth/sessions.ts';
import { audit } from '../../../audit.ts';
import { HttpError, stale } from '../../../errors.ts';
import { RoundState } from '../../../../domain/rounds/index.ts';
import { heatsBody, type FloorView, type RoundCouples } from '../../../../domain/schemas/floor.ts';
import { requireRole, roundParams } from '../context.ts';
import { redrawHeats } from './commands.ts';
import { roundCouples } from './queries.ts';
import type { RoundRow } from '../../../db/schema.ts';

const isFirst = (rounds: RoundRow[], round: RoundRow) =>
  !rounds.some((r) => r.round_number < round.round_number && r.round_state !== RoundState.Skipped);

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/competitions/:key/events/:eventKey/rounds/:n/couples',
    {
      schema: {
        tags: ['floor'],
        summary: "A round's couples by number with heats and check-in (deck captain, heat lists)",
        params: roundParams,
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const event = await findEvent(app.db, c.id, req.params.eventKey);
      const rounds = await eventRounds(app.db, event.id);
      const round = rounds.find((r) => r.round_number === req.params.n);
      if (!round) throw new HttpError(404, 'not_found', `${event.name} has no round ${req.params.n}.`);
      return roundCouples(app.db, event, round, isFirst(rounds, round));
    },
  );

  app.get(
    '/competitions/:key/floor',
    {
      schema: {
        tags: ['floor'],
        summary: 'Rounds on the floor now (Running) and the next ones in schedule order, with their couples',
        params: keyParams,
        querystring: z.object({ next: z.coerce.number().int().min(0).max(50).default(6) }).strict(),
      },
    },
    async (req): Promise<FloorView> => {
      const c = await findCompetition(app.db, req.params.key);
      const rows = await app.db
        .selectFrom('rounds')
        .innerJoin('events', 'events.id', 'rounds.event_id')
        .selectAll('rounds')
        .select(['events.key as event_key', 'events.name as event_name', 'events.dances as event_dances'])
        .where('rounds.competition_id', '=', c.id)
        .orderBy('rounds.schedule_index')
        .orderBy('rounds.id')
        .execute();
      const byEvent = new Map<number, RoundRow[]>();
      for (const r of rows) byEvent.set(r.event_id, [...(byEvent.get(r.event_id) ?? []), r]);
      const onFloor: RoundCouples[] = [];
      const next: RoundCouples[] = [];
      for (const r of rows) {
        if (isScheduleItem(JSON.parse(r.event_dances) as string[])) continue;
        const event = { id: r.event_id, key: r.event_key, name: r.event_name };
        const siblings = (byEvent.get(r.event_id) ?? []).sort((a, b) => a.round_number - b.round_number);
        if (r.round_state === RoundState.Running) {
          onFloor.push(await roundCouples(app.db, event, r, isFirst(siblings, r)));
        } else if (
          (r.round_state === RoundState.Initialized || r.round_state === RoundState.Empty) &&
          next.length < req.query.next
        ) {
          next.push(await roundCouples(app.db, event, r, isFirst(siblings, r)));
        }
      }
      return { onFloor, next };
    },
  );

  app.post(
    '/competitions/:key/events/:eventKey/rounds/:n/heats',
    {
      schema: {
        tags: ['floor'],
        summary: 'Set the heat size of a round (null: one heat) and draw its couples into even heats',
        params: roundParams,
        body: heatsBody,
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const { actor } = requireRole(req, c.id, ['admin', 'Deck Captain', 'Scrutineer'], 'set heats');
      const view = await app.db.transaction().execute(async (trx) => {
        const event = await findEvent(trx, c.id, req.params.eventKey);
        const rounds = await eventRounds(trx, event.id);
        const round = rounds.find((r) => r.round_number === req.params.n);
        if (!round) throw new HttpError(404, 'not_found', `${event.name} has no round ${req.params.n}.`);
        const label = `${round.round_name} of ${event.name}`;
        if (req.body.version !== undefined && req.body.version !== round.version)
          throw stale(label, await roundCouples(trx, event, round, isFirst(rounds, round)));
        if (round.round_state === RoundState.Posted || round.round_state === RoundState.Skipped)
          throw new HttpError(409, 'round_over', `${label} is over: its heats can no longer change.`);
        const updated = { ...round, heat_size: req.body.heatSize, version: round.version + 1 };
        await trx
          .updateTable('rounds')
          .set({ heat_size: updated.heat_size, version: updated.version })
          .where('id', '=', round.id)
          .execute();
        await redrawHeats(trx, updated);
        const after = await roundCouples(trx, event, updated, isFirst(rounds, round));
        await audit(trx, {
          competitionId: c.id,
          actor: actorLabel(actor),
          action: 'round.heats',
          entity: 'round',
          entityId: `${event.key}-R${round.round_number}`,
          before: { heat_size: round.heat_size },
          after: { heat_size: updated.heat_size, heats: after.heats },
        });
        return after;
      });
      await app.feed.publish(c.id, 'events', 'schedule');
      return {
        message:
          view.heats > 1
            ? `${view.roundName} of ${view.eventName}: ${view.heats} heats of at most ${view.heatSize} couples.`
            : `${view.roundName} of ${view.eventName}: one heat.`,
        ...view,
      };
    },
  );
};
export default routes;
