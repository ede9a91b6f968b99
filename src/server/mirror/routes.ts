/** A competition's mirror as its readers see it: run here, or live from a venue (docs/mirror.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyParams } from '../http/params.ts';
import { routesFor } from '../http/route.ts';
import * as endpoints from '../../domain/schemas/endpoints.ts';
import { mirrorStatus } from '../../domain/schemas/mirror.ts';
import { mirrorStatusOf } from './cloud.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, 'competitions').read(endpoints.getMirror, 'public', {
    summary: 'Whether the competition is run here or mirrored from a venue, and how live the mirror is',
    schema: { params: keyParams, response: { 200: mirrorStatus } },
    answer: (req) => mirrorStatusOf(app, req.competition.id),
  });
};
export default routes;
