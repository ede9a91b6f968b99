import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyParams } from '../../http/params.ts';
import { runCommand } from '../../http/command.ts';
import { organizer, routesTagged } from '../../http/route.ts';
import { notFound } from '../../errors.ts';
import { adminCompetitor, competitorPatch, publicCompetitor } from '../../../domain/schemas/registration.ts';
import { publicCompetitors } from './queries.ts';
import { updateCompetitor } from './commands.ts';

const route = routesTagged('competitors');
const idParams = keyParams.extend({ id: z.coerce.number().int().positive() });
const one = '/competitions/:key/competitors/:id';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/competitions/:key/competitors',
    route('public', { params: keyParams, response: { 200: z.array(publicCompetitor) } }),
    async (req) => publicCompetitors(app.db, req.competition.id),
  );

  app.get(one, route('public', { params: idParams, response: { 200: publicCompetitor } }), async (req) => {
    const [found] = await publicCompetitors(app.db, req.competition.id, req.params.id);
    if (!found) throw notFound(`Competitor #${req.params.id}`);
    return found;
  });

  app.patch(
    one,
    route(organizer('edit competitors'), {
      params: idParams,
      body: competitorPatch,
      response: { 200: adminCompetitor },
    }),
    async (req) =>
      runCommand(app, req, {
        topics: ['events'],
        run: (ctx) => updateCompetitor(ctx, req.params.id, req.body),
      }),
  );
};
export default routes;
