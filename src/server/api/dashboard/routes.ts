import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboard } from '../../../domain/schemas/competition.ts';
import { keyParams } from '../../http/params.ts';
import { readDashboard } from './queries.ts';
import { organizer, routesFor } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, 'dashboard').read(endpoints.getDashboard, organizer('see the dashboard'), {
    schema: { params: keyParams, response: { 200: dashboard } },
    answer: async (req) => readDashboard(app.db, req.competition),
  });
};
export default routes;
