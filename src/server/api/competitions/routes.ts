import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  competitionCreate,
  competitionPatch,
  competitionResponse,
  competitionSummary,
  siteResponse,
} from '../../../domain/schemas/competition.ts';
import { HttpError } from '../../errors.ts';
import { runCommand } from '../../http/command.ts';
import { keyParams } from '../../http/params.ts';
import { organizer, routesTagged } from '../../http/route.ts';
import { createCompetitionAsAdmin, updateCompetition } from './commands.ts';
import { competitionView, defaultCompetitionKey, listCompetitions } from './queries.ts';

const route = routesTagged('competitions');

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site',
    routesTagged('site')('public', {
      summary: 'The competition served at /',
      response: { 200: siteResponse },
    }),
    async () => {
      const key = await defaultCompetitionKey(app.db, app.config.defaultCompetition);
      if (!key) throw new HttpError(404, 'not_found', 'No competition has been set up on this server yet.');
      return { competition: key };
    },
  );

  app.get('/competitions', route('public', { response: { 200: z.array(competitionSummary) } }), async () =>
    listCompetitions(app.db),
  );

  app.post(
    '/competitions',
    route('siteAdmin', { body: competitionCreate, response: { 201: competitionResponse } }),
    async (req, reply) => {
      const created = await runCommand(app, req, { run: (ctx) => createCompetitionAsAdmin(ctx, req.body) });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/competitions/:key',
    route('public', { params: keyParams, response: { 200: competitionResponse } }),
    async (req) => competitionView(app.db, req.competition),
  );

  app.patch(
    '/competitions/:key',
    route(organizer('edit this competition'), {
      params: keyParams,
      body: competitionPatch,
      response: { 200: competitionResponse },
    }),
    async (req) =>
      runCommand(app, req, { topics: ['competition'], run: (ctx) => updateCompetition(ctx, req.body) }),
  );
};

export default routes;
