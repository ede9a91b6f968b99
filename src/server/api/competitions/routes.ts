import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCompetition,
  adminCompetitionList as adminCompetitionListSchema,
  archiveBody,
  competitionCreated,
  siteChoice,
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
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { requireSignedIn } from '../../http/access.ts';
import {
  chooseServedCompetition,
  cloneCompetition,
  createCompetitionAsAdmin,
  setArchived,
  updateCompetition,
} from './commands.ts';
import { adminCompetitionList, competitionView, defaultCompetitionKey, listCompetitions } from './queries.ts';

const route = routesTagged('competitions');

const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routesTagged('site')(endpoints.getSite, 'public', {
      summary: 'The competition served at /',
      response: { 200: siteResponse },
    }),
    handler: async () => {
      const key = await defaultCompetitionKey(app.db, app.config.defaultCompetition);
      if (!key) throw new HttpError(404, 'not_found', 'No competition has been set up on this server yet.');
      return { competition: key };
    },
  });

  app.route({
    ...route(endpoints.getCompetitions, 'public', { response: { 200: z.array(competitionSummary) } }),
    handler: async () => listCompetitions(app.db),
  });

  app.route({
    ...route(endpoints.postCompetitions, 'siteAdmin', {
      summary:
        'Create a competition, or clone one (cloneFrom, dateOffsetDays): its set-up without people or results',
      body: competitionCreate,
      response: { 201: competitionCreated },
    }),
    handler: async (req, reply) => {
      const body = req.body;
      const created = await runCommand(app, req, {
        run: (ctx) =>
          body.cloneFrom !== undefined
            ? cloneCompetition(ctx, { ...body, cloneFrom: body.cloneFrom })
            : createCompetitionAsAdmin(ctx, body),
      });
      return reply.status(201).send(created);
    },
  });

  app.route({
    ...routesTagged('site')(endpoints.putSite, 'siteAdmin', {
      summary: 'Choose the competition served at / (null: PROMENADE_COMPETITION, else the demo)',
      body: siteChoice,
      response: { 200: siteResponse },
    }),
    handler: async (req) => {
      await runCommand(app, req, { run: (ctx) => chooseServedCompetition(ctx, req.body) });
      const key = await defaultCompetitionKey(app.db, app.config.defaultCompetition);
      if (!key) throw new HttpError(404, 'not_found', 'No competition has been set up on this server yet.');
      return { competition: key };
    },
  });

  app.route({
    ...route(endpoints.getAdminCompetitions, 'signedIn', {
      summary: 'The competitions this account administers (all for a site administrator), archived ones too',
      response: { 200: adminCompetitionListSchema },
    }),
    handler: async (req) =>
      adminCompetitionList(app.db, requireSignedIn(req.actor), app.config.defaultCompetition),
  });

  app.route({
    ...route(
      endpoints.postArchive,
      'siteAdmin',
      {
        summary: 'Archive a competition (left out of lists, read-only) or bring it back',
        params: keyParams,
        body: archiveBody,
        response: { 200: adminCompetition },
      },
      { whileArchived: true },
    ),
    handler: async (req) => {
      const served = await defaultCompetitionKey(app.db, app.config.defaultCompetition);
      await runCommand(app, req, {
        topics: ['competition'],
        run: (ctx) => setArchived(ctx, req.body.archived, served),
      });
      const list = await adminCompetitionList(
        app.db,
        requireSignedIn(req.actor),
        app.config.defaultCompetition,
      );
      return list.competitions.find((c) => c.key === req.competition.key)!;
    },
  });

  app.route({
    ...route(endpoints.getCompetitionsOne, 'public', {
      params: keyParams,
      response: { 200: competitionResponse },
    }),
    handler: async (req) => competitionView(app.db, req.competition),
  });

  app.route({
    ...route(endpoints.patchCompetitionsOne, organizer('edit this competition'), {
      params: keyParams,
      body: competitionPatch,
      response: { 200: competitionResponse },
    }),
    handler: async (req) =>
      runCommand(app, req, { topics: ['competition'], run: (ctx) => updateCompetition(ctx, req.body) }),
  });
};

export default routes;
