/**
 * Championship formats on an event's couples: the organizer's star couples, the chairman's
 * disqualification, withdrawal and reinstatement (commands.ts). The redance round is added with the
 * other round edits (../routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventParams, rowId } from '../../../http/params.ts';
import { organizer, routesFor, staff } from '../../../http/route.ts';
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
const chairman = (to: string) => staff(['admin', 'Chairman'], to);
const topics = ['events', 'schedule', 'results', 'marks'] as const;

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'rounds');

  route.command(endpoints.putEventsEntriesStar, organizer('set star couples'), {
    summary: 'Make the couple a star couple joining at round joinsRound (null: dances from the first round)',
    schema: { params: entryParams, body: starBody, response: { 200: starSet } },
    topics: ['events', 'schedule'],
    run: (cmd, req) => setStarCouple(cmd, req.params, req.body),
  });

  route.command(endpoints.postEventsEntriesWithdrawal, chairman('disqualify or withdraw couples'), {
    summary:
      'The chairman disqualifies a couple or records its withdrawal, with a reason: it leaves the round (or the event) and results are recomputed',
    schema: { params: entryParams, body: withdrawalBody, response: { 200: withdrawalDone } },
    topics,
    run: (cmd, req) => withdrawCouple(cmd, req.params, req.body),
  });

  route.command(endpoints.postEventsEntriesReinstate, chairman('reinstate couples'), {
    summary: 'Undo a disqualification or withdrawal, with a reason; the round it left is recomputed',
    schema: { params: entryParams, body: reinstateBody, response: { 200: withdrawalDone } },
    topics,
    run: (cmd, req) => reinstateCouple(cmd, req.params, req.body),
  });
};
export default routes;
