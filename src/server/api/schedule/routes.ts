import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyParams } from '../../http/params.ts';
import { runCommand } from '../../http/command.ts';
import { organizer, routesTagged, staff } from '../../http/route.ts';
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

const route = routesTagged('schedule');

const routes: FastifyPluginAsyncZod = async (app) => {
  /** The whole running order with estimated times (public: the live view shows it). */
  app.route({
    ...route(endpoints.getSchedule, 'public', { params: keyParams, response: { 200: schedule } }),
    handler: async (req) => readSchedule(app.db, req.competition.id),
  });

  app.route({
    ...route(
      endpoints.getScheduleConflicts,
      staff(['admin', 'Scrutineer', 'Chairman', 'Deck Captain', 'MC'], 'see schedule conflicts'),
      {
        summary: "Dancers in two rounds at once, or with less rest than the competition's minimum",
        params: keyParams,
        response: { 200: scheduleConflicts },
      },
    ),
    handler: async (req) => readConflicts(app.db, req.competition.id),
  });

  app.route({
    ...route(endpoints.postScheduleSuggest, organizer('suggest a schedule'), {
      summary:
        'A floor and order for the rounds still to come with fewer conflicts, then a shorter day; changes nothing',
      params: keyParams,
      body: scheduleSuggestRequest.optional(),
      response: { 200: scheduleSuggestion },
    }),
    handler: async (req) => suggestFor(app.db, req.competition.id, req.body ?? {}),
  });

  app.route({
    ...route(endpoints.putSchedule, organizer('reorder the schedule'), {
      params: keyParams,
      body: scheduleReorder,
      response: { 200: schedule },
    }),
    handler: async (req) => {
      await runCommand(app, req, {
        topics: ['schedule', 'events'],
        run: (ctx) => reorderSchedule(ctx, req.body),
      });
      return readSchedule(app.db, req.competition.id);
    },
  });
};
export default routes;
