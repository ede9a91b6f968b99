import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventSettingsPut, eventSettingsResponse } from '../../../domain/schemas/competition.ts';
import { keyParams } from '../../http/params.ts';
import { organizer, routesFor } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { updateEventSettings } from './commands.ts';
import { readEventSettings } from './queries.ts';

const answer = { 200: eventSettingsResponse };

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'settings');

  route.read(endpoints.getSettingsEvents, 'public', {
    schema: { params: keyParams, response: answer },
    answer: async (req) => readEventSettings(app.db, req.competition.id),
  });

  route.command(endpoints.putSettingsEvents, organizer('change the event settings'), {
    schema: { params: keyParams, body: eventSettingsPut, response: answer },
    topics: ['settings'],
    run: (ctx, req) => updateEventSettings(ctx, req.body),
  });
};
export default routes;
