/**
 * The deck captain's reads and heat setting: who is on the floor now, what comes next, each round's
 * couples by number with heats and check-in. Couples and numbers are public (they dance in front of
 * everyone); nothing here carries marks or results.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runCommand } from '../../../http/command.ts';
import { keyParams, roundParams } from '../../../http/params.ts';
import { routesTagged, staff } from '../../../http/route.ts';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { heatsBody } from '../../../../domain/schemas/floor.ts';
import { setHeats } from './commands.ts';
import { floorView, roundCouplesAt } from './queries.ts';
import { floorView as floorAnswer, heatsAnswer, roundCouples } from '../../../../domain/schemas/floor.ts';

const route = routesTagged('floor');

const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(endpoints.getEventsRoundsCouples, 'public', {
      summary: "A round's couples by number with heats and check-in (deck captain, heat lists)",
      params: roundParams,
      response: { 200: roundCouples },
    }),
    handler: async (req) => roundCouplesAt(app.db, req.competition.id, req.params),
  });

  app.route({
    ...route(endpoints.getFloor, 'public', {
      summary:
        'Rounds on the floor now (Running) and every round still to start (or the first `next`) in schedule order, with their couples',
      params: keyParams,
      response: { 200: floorAnswer },
      // Without `next`, every round still to start: the deck captain may line up any of them.
      querystring: z.object({ next: z.coerce.number().int().min(0).max(500).optional() }).strict(),
    }),
    handler: async (req) => floorView(app.db, req.competition.id, req.query.next),
  });

  app.route({
    ...route(endpoints.postEventsRoundsHeats, staff(['admin', 'Deck Captain', 'Scrutineer'], 'set heats'), {
      summary: 'Set the heat size of a round (null: one heat) and draw its couples into even heats',
      params: roundParams,
      response: { 200: heatsAnswer },
      body: heatsBody,
    }),
    handler: async (req) => {
      const view = await runCommand(app, req, {
        topics: ['events', 'schedule'],
        run: (cmd) => setHeats(cmd, req.params, req.body),
      });
      return {
        message:
          view.heats > 1
            ? `${view.roundName} of ${view.eventName}: ${view.heats} heats of at most ${view.heatSize} couples.`
            : `${view.roundName} of ${view.eventName}: one heat.`,
        ...view,
      };
    },
  });
};
export default routes;
