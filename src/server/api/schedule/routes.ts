import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyParams } from '../../http/params.ts';
import { runCommand } from '../../http/command.ts';
import { organizer, routesTagged } from '../../http/route.ts';
import { schedule, scheduleReorder } from '../../../domain/schemas/events.ts';
import { readSchedule } from './queries.ts';
import { reorderSchedule } from './commands.ts';

const route = routesTagged('schedule');
const url = '/competitions/:key/schedule';

const routes: FastifyPluginAsyncZod = async (app) => {
  /** The whole running order with estimated times (public: the live view shows it). */
  app.get(url, route('public', { params: keyParams, response: { 200: schedule } }), async (req) =>
    readSchedule(app.db, req.competition.id),
  );

  app.put(
    url,
    route(organizer('reorder the schedule'), {
      params: keyParams,
      body: scheduleReorder,
      response: { 200: schedule },
    }),
    async (req) => {
      await runCommand(app, req, {
        topics: ['schedule', 'events'],
        run: (ctx) => reorderSchedule(ctx, req.body),
      });
      return readSchedule(app.db, req.competition.id);
    },
  );
};
export default routes;
