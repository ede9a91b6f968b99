/**
 * The MC's read: every posted round in posting order, with the recalled couples (or the final's
 * placings) and their names, in one request. Public: it carries only what posting made public.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyParams } from '../../../http/params.ts';
import { routesFor } from '../../../http/route.ts';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { announcements } from '../../../../domain/schemas/announcements.ts';
import { announcementsOf } from './queries.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, 'results').read(endpoints.getAnnouncements, 'public', {
    summary: "Posted rounds in posting order with the recalled couples or final placings (the MC's read)",
    schema: { params: keyParams, response: { 200: announcements } },
    answer: async (req) => announcementsOf(app.db, req.competition.id),
  });
};
export default routes;
