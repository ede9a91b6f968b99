import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse, noFields } from '../../../domain/schemas/common.ts';
import { panelPut } from '../../../domain/schemas/events.ts';
import {
  eventPanel,
  official,
  officialAdded,
  officialCreate,
  officialPatch,
  officialWithNewCode,
  officialsWithNewCodes,
} from '../../../domain/schemas/officials.ts';
import { runCommand } from '../../http/command.ts';
import { eventParams, keyParams, officialParams } from '../../http/params.ts';
import { organizer, routesTagged } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import {
  addOfficial,
  deleteOfficial,
  newAccessCode,
  newAccessCodes,
  setPanel,
  updateOfficial,
} from './commands.ts';
import { listOfficials, readPanel, readPanels } from './queries.ts';

const route = routesTagged('officials');
const admin = organizer('manage the officials');

const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(endpoints.getOfficials, admin, { params: keyParams, response: { 200: z.array(official) } }),
    handler: async (req) => listOfficials(app.db, req.competition.id),
  });

  app.route({
    ...route(endpoints.postOfficials, admin, {
      params: keyParams,
      body: officialCreate,
      response: { 201: officialAdded },
    }),
    handler: async (req, reply) => {
      const added = await runCommand(app, req, {
        topics: ['competition'],
        run: (ctx) => addOfficial(ctx.trx, ctx.competition.id, req.body, ctx.who, ctx.entryCodes.access.hash),
      });
      return reply.status(201).send(added);
    },
  });

  app.route({
    ...route(endpoints.patchOfficialsOne, admin, {
      params: officialParams,
      body: officialPatch,
      response: { 200: official },
    }),
    handler: async (req) =>
      runCommand(app, req, {
        topics: ['competition', 'events'],
        run: (ctx) => updateOfficial(ctx, req.params.officialId, req.body),
      }),
  });

  app.route({
    ...route(endpoints.deleteOfficialsOne, admin, {
      params: officialParams,
      body: noFields,
      response: { 200: messageResponse },
    }),
    handler: async (req) =>
      runCommand(app, req, {
        topics: ['competition', 'events'],
        run: (ctx) => deleteOfficial(ctx, req.params.officialId),
      }),
  });

  app.route({
    ...route(endpoints.postOfficialsCode, admin, {
      params: officialParams,
      body: noFields,
      response: { 200: officialWithNewCode },
    }),
    handler: async (req) =>
      runCommand(app, req, {
        topics: ['competition'],
        run: (ctx) => newAccessCode(ctx, req.params.officialId),
      }),
  });

  app.route({
    ...route(endpoints.postOfficialsCodes, admin, {
      summary:
        "New access codes for every official at once (everyone's sign-in card); old codes and sessions end",
      params: keyParams,
      body: noFields,
      response: { 200: officialsWithNewCodes },
    }),
    handler: async (req) =>
      runCommand(app, req, {
        topics: ['competition'],
        run: (ctx) => newAccessCodes(ctx),
      }),
  });

  app.route({
    ...route(endpoints.getPanels, 'public', { params: keyParams, response: { 200: z.array(eventPanel) } }),
    handler: async (req) => readPanels(app.db, req.competition.id),
  });

  app.route({
    ...route(endpoints.putEventsPanel, organizer('set the judge panels'), {
      params: eventParams,
      body: panelPut,
      response: { 200: eventPanel },
    }),
    handler: async (req) => {
      await runCommand(app, req, {
        topics: ['events', 'competition'],
        run: (ctx) => setPanel(ctx, req.params.eventKey, req.body),
      });
      return readPanel(app.db, req.competition.id, req.params.eventKey);
    },
  });
};
export default routes;
