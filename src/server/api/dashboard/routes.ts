import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboard } from '../../../domain/schemas/competition.ts';
import { keyParams } from '../../http/params.ts';
import { readDashboard } from './queries.ts';
import { organizer, routesTagged } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';

const route = routesTagged('dashboard');

const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(endpoints.getDashboard, organizer('see the dashboard'), {
      params: keyParams,
      response: { 200: dashboard },
    }),
    handler: async (req) => readDashboard(app.db, req.competition),
  });
};
export default routes;
