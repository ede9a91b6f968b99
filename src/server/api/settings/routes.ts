import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventSettingsPut, eventSettingsResponse } from '../../../domain/schemas/competition.ts';
import { runCommand } from '../../http/command.ts';
import { keyParams } from '../../http/params.ts';
import { organizer, routesTagged } from '../../http/route.ts';
import { updateEventSettings } from './commands.ts';
import { readEventSettings } from './queries.ts';

const route = routesTagged('settings');
const url = '/competitions/:key/settings/events';
const answer = { 200: eventSettingsResponse };

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(url, route('public', { params: keyParams, response: answer }), async (req) =>
    readEventSettings(app.db, req.competition.id),
  );

  app.put(
    url,
    route(organizer('change the event settings'), {
      params: keyParams,
      body: eventSettingsPut,
      response: answer,
    }),
    async (req) =>
      runCommand(app, req, { topics: ['settings'], run: (ctx) => updateEventSettings(ctx, req.body) }),
  );
};
export default routes;
