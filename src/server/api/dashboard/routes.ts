import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboard } from '../../../domain/schemas/competition.ts';
import { keyParams } from '../../http/params.ts';
import { readDashboard } from './queries.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/competitions/:key/dashboard',
    {
      config: { access: { roles: ['admin'], to: 'see the dashboard' } },
      schema: { tags: ['dashboard'], params: keyParams, response: { 200: dashboard } },
    },
    async (req) => readDashboard(app.db, req.competition),
  );
};
export default routes;
