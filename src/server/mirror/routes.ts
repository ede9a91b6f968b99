/**
 * A competition's mirror as its readers see it: run here, or live from a venue; and, at a venue, taking
 * a competition over from the public site and handing it back (docs/mirror.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyParams } from '../http/params.ts';
import { routesFor } from '../http/route.ts';
import * as endpoints from '../../domain/schemas/endpoints.ts';
import { competitionResponse } from '../../domain/schemas/competition.ts';
import { noFields } from '../../domain/schemas/common.ts';
import { handBackAnswer, mirrorStatus, takeBackBody, takeOverBody } from '../../domain/schemas/mirror.ts';
import { mirrorStatusOf } from './cloud.ts';
import { handBack, takeBack, takeOver } from './handover.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'competitions');
  route.read(endpoints.getMirror, 'public', {
    summary: 'Whether the competition is run here or mirrored from a venue, and how live the mirror is',
    schema: { params: keyParams, response: { 200: mirrorStatus } },
    answer: (req) => mirrorStatusOf(app, req.competition.id),
  });

  app.route({
    ...route.options(endpoints.postCompetitionsTakeOver, 'siteAdmin', {
      summary:
        'At a venue: take a competition over from the public site (it stops writing it), import it under the same key and mirror it',
      body: takeOverBody,
      response: { 200: competitionResponse },
    }),
    handler: async (req) => takeOver(app, req, req.body.key),
  });

  app.route({
    ...route.options(
      endpoints.postCompetitionsHandBack,
      'siteAdmin',
      {
        summary:
          "At a venue: hand a competition back to the public site (its export replaces the public site's rows); it is changed there from then on",
        params: keyParams,
        body: noFields,
        response: { 200: handBackAnswer },
      },
      { whileHandedOver: true },
    ),
    handler: async (req) => handBack(app, req),
  });

  app.route({
    ...route.options(
      endpoints.postCompetitionsTakeBack,
      'siteAdmin',
      {
        summary:
          'Take back a competition this server handed over, without its hand-back (a venue whose import failed, or a venue lost)',
        params: keyParams,
        body: takeBackBody,
        response: { 200: competitionResponse },
      },
      { whileHandedOver: true },
    ),
    handler: async (req) => takeBack(app, req, req.body.force === true),
  });
};
export default routes;
