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
import { organizer, routesFor } from '../../http/route.ts';
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

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'competitions');
  const site = routesFor(app, 'site');
  /** The key of the competition served at /. */
  const servedKey = async () => {
    const key = await defaultCompetitionKey(app.db, app.config.defaultCompetition);
    if (!key) throw new HttpError(404, 'not_found', 'No competition has been set up on this server yet.');
    return { competition: key };
  };

  site.read(endpoints.getSite, 'public', {
    summary: 'The competition served at /',
    schema: { response: { 200: siteResponse } },
    answer: servedKey,
  });

  route.read(endpoints.getCompetitions, 'public', {
    schema: { response: { 200: z.array(competitionSummary) } },
    answer: async () => listCompetitions(app.db),
  });

  route.command(endpoints.postCompetitions, 'siteAdmin', {
    summary:
      'Create a competition, or clone one (cloneFrom, dateOffsetDays): its set-up without people or results',
    schema: { body: competitionCreate, response: { 201: competitionCreated } },
    run: (ctx, { body }) =>
      body.cloneFrom !== undefined
        ? cloneCompetition(ctx, { ...body, cloneFrom: body.cloneFrom })
        : createCompetitionAsAdmin(ctx, body),
  });

  site.command(endpoints.putSite, 'siteAdmin', {
    summary: 'Choose the competition served at / (null: PROMENADE_COMPETITION, else the demo)',
    schema: { body: siteChoice, response: { 200: siteResponse } },
    run: (ctx, req) => chooseServedCompetition(ctx, req.body),
    answer: servedKey,
  });

  route.read(endpoints.getAdminCompetitions, 'signedIn', {
    summary: 'The competitions this account administers (all for a site administrator), archived ones too',
    schema: { response: { 200: adminCompetitionListSchema } },
    answer: async (req) =>
      adminCompetitionList(
        app.db,
        requireSignedIn(req.actor),
        app.config.defaultCompetition,
        Date.now(),
        app.config.mirrorTo?.url ?? null,
      ),
  });

  app.route({
    ...route.options(
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
        Date.now(),
        app.config.mirrorTo?.url ?? null,
      );
      return list.competitions.find((c) => c.key === req.competition.key)!;
    },
  });

  route.read(endpoints.getCompetitionsOne, 'public', {
    schema: { params: keyParams, response: { 200: competitionResponse } },
    answer: async (req) => competitionView(app.db, req.competition),
  });

  route.command(endpoints.patchCompetitionsOne, organizer('edit this competition'), {
    schema: { params: keyParams, body: competitionPatch, response: { 200: competitionResponse } },
    topics: ['competition'],
    run: (ctx, req) => updateCompetition(ctx, req.body),
  });
};

export default routes;
