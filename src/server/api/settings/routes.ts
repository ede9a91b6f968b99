import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventSettingsPut, eventSettingsResponse } from '../../../domain/schemas/competition.ts';
import { runCommand } from '../../http/command.ts';
import { keyParams } from '../../http/params.ts';
import { updateEventSettings } from './commands.ts';
import { readEventSettings } from './queries.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/competitions/:key/settings/events',
    {
      config: { access: 'public' },
      schema: { tags: ['settings'], params: keyParams, response: { 200: eventSettingsResponse } },
    },
    async (req) => readEventSettings(app.db, req.competition.id),
  );

  app.put(
    '/competitions/:key/settings/events',
    {
      config: { access: { roles: ['admin'], to: 'change the event settings' } },
      schema: {
        tags: ['settings'],
        params: keyParams,
        body: eventSettingsPut,
        response: { 200: eventSettingsResponse },
      },
    },
    async (req) =>
      runCommand(app, req, { topics: ['settings'], run: (ctx) => updateEventSettings(ctx, req.body) }),
  );
};
export default routes;
