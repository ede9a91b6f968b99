import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyParams } from '../../http/params.ts';
import { runCommand } from '../../http/command.ts';
import { notFound } from '../../errors.ts';
import { adminCompetitor, competitorPatch, publicCompetitor } from '../../../domain/schemas/registration.ts';
import { publicCompetitors } from './queries.ts';
import { updateCompetitor } from './commands.ts';

const idParams = keyParams.extend({ id: z.coerce.number().int().positive() });

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/competitions/:key/competitors',
    {
      config: { access: 'public' },
      schema: { tags: ['competitors'], params: keyParams, response: { 200: z.array(publicCompetitor) } },
    },
    async (req) => publicCompetitors(app.db, req.competition.id),
  );

  app.get(
    '/competitions/:key/competitors/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['competitors'], params: idParams, response: { 200: publicCompetitor } },
    },
    async (req) => {
      const [one] = await publicCompetitors(app.db, req.competition.id, req.params.id);
      if (!one) throw notFound('That competitor');
      return one;
    },
  );

  app.patch(
    '/competitions/:key/competitors/:id',
    {
      config: { access: { roles: ['admin'], to: 'edit competitors' } },
      schema: {
        tags: ['competitors'],
        params: idParams,
        body: competitorPatch,
        response: { 200: adminCompetitor },
      },
    },
    async (req) =>
      runCommand(app, req, {
        topics: ['events'],
        run: (ctx) => updateCompetitor(ctx, req.params.id, req.body),
      }),
  );
};
export default routes;
