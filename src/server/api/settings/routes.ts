import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventSettingsPut, eventSettingsResponse } from '../../../domain/schemas/competition.ts';
import { runCommand } from '../../http/command.ts';
import { keyParams } from '../../http/params.ts';
import { organizer, routesTagged } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { updateEventSettings } from './commands.ts';
import { readEventSettings } from './queries.ts';

const route = routesTagged('settings');
const answer = { 200: eventSettingsResponse };

const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(endpoints.getSettingsEvents, 'public', { params: keyParams, response: answer }),
    handler: async (req) => readEventSettings(app.db, req.competition.id),
  });

  app.route({
    ...route(endpoints.putSettingsEvents, organizer('change the event settings'), {
      params: keyParams,
      body: eventSettingsPut,
      response: answer,
    }),
    handler: async (req) =>
      runCommand(app, req, { topics: ['settings'], run: (ctx) => updateEventSettings(ctx, req.body) }),
  });
};
export default routes;
