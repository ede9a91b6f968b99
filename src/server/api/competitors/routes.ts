import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyParams } from '../../http/params.ts';
import { organizer, routesFor } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { notFound } from '../../errors.ts';
import { adminCompetitor, competitorPatch, publicCompetitor } from '../../../domain/schemas/registration.ts';
import { COMPETITORS_MAX_PAGE, COMPETITORS_PAGE } from '../../../domain/registration.ts';
import { competitorCount, publicCompetitors } from './queries.ts';
import { updateCompetitor } from './commands.ts';

const idParams = keyParams.extend({ id: z.coerce.number().int().positive() });

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'competitors');

  // Paged so that no caller builds the whole list of a large competition (9 MB at 7,453
  // couples); the default page holds every competitor of an ordinary competition.
  route.read(endpoints.getCompetitors, 'public', {
    schema: {
      params: keyParams,
      querystring: z
        .object({
          limit: z.coerce.number().int().min(1).max(COMPETITORS_MAX_PAGE).default(COMPETITORS_PAGE),
          offset: z.coerce.number().int().min(0).default(0),
        })
        .strict(),
      response: { 200: z.array(publicCompetitor) },
    },
    answer: async (req, reply) => {
      const page = req.query;
      const [list, total] = await Promise.all([
        publicCompetitors(app.db, req.competition.id, undefined, page),
        competitorCount(app.db, req.competition.id),
      ]);
      reply.header('x-total-count', String(total));
      return list;
    },
  });

  route.read(endpoints.getCompetitorsOne, 'public', {
    schema: { params: idParams, response: { 200: publicCompetitor } },
    answer: async (req) => {
      const [found] = await publicCompetitors(app.db, req.competition.id, req.params.id);
      if (!found) throw notFound(`Competitor #${req.params.id}`);
      return found;
    },
  });

  route.command(endpoints.patchCompetitorsOne, organizer('edit competitors'), {
    schema: { params: idParams, body: competitorPatch, response: { 200: adminCompetitor } },
    topics: ['events'],
    run: (ctx, req) => updateCompetitor(ctx, req.params.id, req.body),
  });
};
export default routes;
