/**
 * Print sheets. Public: letters and judges' names are on every printed sheet and on the competition
 * page anyway; never codes or marks.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keyParams } from '../../http/params.ts';
import { printPanel } from '../../../domain/schemas/events.ts';
import { readPrintPanels } from './queries.ts';
import { routesFor } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, 'print').read(endpoints.getPrintPanels, 'public', {
    summary: "Each event's judges in marking order, with letters and names (for printed sheets)",
    schema: { params: keyParams, response: { 200: z.array(printPanel) } },
    answer: async (req) => readPrintPanels(app.db, req.competition.id),
  });
};
export default routes;
