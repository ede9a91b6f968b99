/**
 * Championship formats on an event's couples: the organizer's star couples, the chairman's
 * disqualification, withdrawal and reinstatement (commands.ts). The redance round is added with the
 * other round edits (../routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runCommand } from '../../../http/command.ts';
import { eventParams, rowId } from '../../../http/params.ts';
import { organizer, routesTagged, staff } from '../../../http/route.ts';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import {
  reinstateBody,
  starBody,
  starSet,
  withdrawalBody,
  withdrawalDone,
} from '../../../../domain/schemas/formats.ts';
import { reinstateCouple, setStarCouple, withdrawCouple } from './commands.ts';

const entryParams = eventParams.extend({ entryId: rowId });
const route = routesTagged('rounds');
const chairman = (to: string) => staff(['admin', 'Chairman'], to);
const topics = ['events', 'schedule', 'results', 'marks'] as const;

const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(endpoints.putEventsEntriesStar, organizer('set star couples'), {
      summary:
        'Make the couple a star couple joining at round joinsRound (null: dances from the first round)',
      params: entryParams,
      body: starBody,
      response: { 200: starSet },
    }),
    handler: async (req) =>
      runCommand(app, req, {
        topics: ['events', 'schedule'],
        run: (cmd) => setStarCouple(cmd, req.params, req.body),
      }),
  });

  app.route({
    ...route(endpoints.postEventsEntriesWithdrawal, chairman('disqualify or withdraw couples'), {
      summary:
        'The chairman disqualifies a couple or records its withdrawal, with a reason: it leaves the round (or the event) and results are recomputed',
      params: entryParams,
      body: withdrawalBody,
      response: { 200: withdrawalDone },
    }),
    handler: async (req) =>
      runCommand(app, req, { topics: [...topics], run: (cmd) => withdrawCouple(cmd, req.params, req.body) }),
  });

  app.route({
    ...route(endpoints.postEventsEntriesReinstate, chairman('reinstate couples'), {
      summary: 'Undo a disqualification or withdrawal, with a reason; the round it left is recomputed',
      params: entryParams,
      body: reinstateBody,
      response: { 200: withdrawalDone },
    }),
    handler: async (req) =>
      runCommand(app, req, { topics: [...topics], run: (cmd) => reinstateCouple(cmd, req.params, req.body) }),
  });
};
export default routes;
