import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyParams } from '../../http/params.ts';
import { organizer, routesFor, staff } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import {
  schedule,
  scheduleConflicts,
  scheduleReorder,
  scheduleSuggestion,
  scheduleSuggestRequest,
} from '../../../domain/schemas/events.ts';
import { readSchedule } from './queries.ts';
import { readConflicts } from './conflicts.ts';
import { reorderSchedule } from './commands.ts';
import { suggestFor } from './suggest.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'schedule');

  /** The whole running order with estimated times (public: the live view shows it). */
  route.read(endpoints.getSchedule, 'public', {
    schema: { params: keyParams, response: { 200: schedule } },
    answer: async (req) => readSchedule(app.db, req.competition.id),
  });

  route.read(
    endpoints.getScheduleConflicts,
    staff(['admin', 'Scrutineer', 'Chairman', 'Deck Captain', 'MC'], 'see schedule conflicts'),
    {
      summary: "Dancers in two rounds at once, or with less rest than the competition's minimum",
      schema: { params: keyParams, response: { 200: scheduleConflicts } },
      answer: async (req) => readConflicts(app.db, req.competition.id),
    },
  );

  route.read(endpoints.postScheduleSuggest, organizer('suggest a schedule'), {
    summary:
      'A floor and order for the rounds still to come with fewer conflicts, then a shorter day; changes nothing',
    schema: {
      params: keyParams,
      body: scheduleSuggestRequest.optional(),
      response: { 200: scheduleSuggestion },
    },
    answer: async (req) => suggestFor(app.db, req.competition.id, req.body ?? {}),
  });

  route.command(endpoints.putSchedule, organizer('reorder the schedule'), {
    schema: { params: keyParams, body: scheduleReorder, response: { 200: schedule } },
    topics: ['schedule', 'events'],
    run: (ctx, req) => reorderSchedule(ctx, req.body),
    answer: (_, req) => readSchedule(app.db, req.competition.id),
  });
};
export default routes;
