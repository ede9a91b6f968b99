import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { competitionKey, competitionResponse } from '../../../domain/schemas/competition.ts';
import { competitionExport } from '../../../domain/schemas/exchange.ts';
import { runCommand } from '../../http/command.ts';
import { keyParams } from '../../http/params.ts';
import { importAsAdmin } from './commands.ts';
import { exportCompetition } from './queries.ts';
import { organizer, routesFor } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'export');
  route.read(endpoints.getExport, organizer('export this competition'), {
    schema: { params: keyParams, response: { 200: competitionExport } },
    answer: async (req, reply) => {
      const doc = await exportCompetition(app.db, req.competition.id);
      const file = `${req.competition.key}-${doc.exportedAt.slice(0, 10)}.json`;
      return reply.header('content-disposition', `attachment; filename="${file}"`).send(doc);
    },
  });

  app.route({
    bodyLimit: 64 * 1024 * 1024,
    ...route.options(endpoints.postCompetitionsImport, 'siteAdmin', {
      querystring: z.object({ key: competitionKey.optional() }),
      body: z.unknown(),
      response: { 201: competitionResponse },
    }),
    handler: async (req, reply) => {
      const imported = await runCommand(app, req, {
        run: (ctx) => importAsAdmin(ctx, req.body, req.query.key),
      });
      return reply.status(201).send(imported);
    },
  });
};
export default routes;
