/**
 * The deck captain's reads and heat setting: who is on the floor now, what comes next, each round's
 * couples by number with heats and check-in. Couples and numbers are public (they dance in front of
 * everyone); nothing here carries marks or results.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyParams, roundParams } from '../../../http/params.ts';
import { routesFor, staff } from '../../../http/route.ts';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { heatsBody } from '../../../../domain/schemas/floor.ts';
import { setHeats } from './commands.ts';
import { floorView, roundCouplesAt } from './queries.ts';
import { floorView as floorAnswer, heatsAnswer, roundCouples } from '../../../../domain/schemas/floor.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'floor');

  route.read(endpoints.getEventsRoundsCouples, 'public', {
    summary: "A round's couples by number with heats and check-in (deck captain, heat lists)",
    schema: { params: roundParams, response: { 200: roundCouples } },
    answer: async (req) => roundCouplesAt(app.db, req.competition.id, req.params),
  });

  route.read(endpoints.getFloor, 'public', {
    summary:
      'Rounds on the floor now (Running) and every round still to start (or the first `next`) in schedule order, with their couples',
    schema: {
      params: keyParams,
      response: { 200: floorAnswer },
      // Without `next`, every round still to start: the deck captain may line up any of them.
      querystring: z.object({ next: z.coerce.number().int().min(0).max(500).optional() }).strict(),
    },
    answer: async (req) => floorView(app.db, req.competition.id, req.query.next),
  });

  route.command(
    endpoints.postEventsRoundsHeats,
    staff(['admin', 'Deck Captain', 'Scrutineer'], 'set heats'),
    {
      summary: 'Set the heat size of a round (null: one heat) and draw its couples into even heats',
      schema: { params: roundParams, response: { 200: heatsAnswer }, body: heatsBody },
      topics: ['events', 'schedule'],
      run: (cmd, req) => setHeats(cmd, req.params, req.body),
      answer: (view) => ({
        message:
          view.heats > 1
            ? `${view.roundName} of ${view.eventName}: ${view.heats} heats of at most ${view.heatSize} couples.`
            : `${view.roundName} of ${view.eventName}: one heat.`,
        ...view,
      }),
    },
  );
};
export default routes;
