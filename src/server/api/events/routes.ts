import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCompetition } from '../competitions/repo.ts';
import { keyParams } from '../competitions/routes.ts';
import { eventsView } from './view.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/competitions/:key/events', { schema: { tags: ['events'], params: keyParams } }, async (req) => {
    const c = await findCompetition(app.db, req.params.key);
    return eventsView(app.db, c.id);
  });
};
export default routes;
