import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noFields } from '../../../domain/schemas/common.ts';
import { panelPut } from '../../../domain/schemas/events.ts';
import {
  eventPanel,
  official,
  officialAdded,
  officialCreate,
  officialDeleted,
  officialPatch,
  officialWithNewCode,
  officialsWithNewCodes,
} from '../../../domain/schemas/officials.ts';
import { eventParams, keyParams, officialParams } from '../../http/params.ts';
import { organizer, routesFor } from '../../http/route.ts';
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

const admin = organizer('manage the officials');

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'officials');

  route.read(endpoints.getOfficials, admin, {
    schema: { params: keyParams, response: { 200: z.array(official) } },
    answer: async (req) => listOfficials(app.db, req.competition.id),
  });

  route.command(endpoints.postOfficials, admin, {
    schema: { params: keyParams, body: officialCreate, response: { 201: officialAdded } },
    topics: ['competition'],
    run: (ctx, req) =>
      addOfficial(ctx.trx, ctx.competition.id, req.body, ctx.who, ctx.entryCodes.access.hash),
  });

  route.command(endpoints.patchOfficialsOne, admin, {
    schema: { params: officialParams, body: officialPatch, response: { 200: official } },
    topics: ['competition', 'events'],
    run: (ctx, req) => updateOfficial(ctx, req.params.officialId, req.body),
  });

  route.command(endpoints.deleteOfficialsOne, admin, {
    schema: { params: officialParams, body: noFields, response: { 200: officialDeleted } },
    topics: ['competition', 'events'],
    run: (ctx, req) => deleteOfficial(ctx, req.params.officialId),
  });

  route.command(endpoints.postOfficialsCode, admin, {
    schema: { params: officialParams, body: noFields, response: { 200: officialWithNewCode } },
    topics: ['competition'],
    run: (ctx, req) => newAccessCode(ctx, req.params.officialId),
  });

  route.command(endpoints.postOfficialsCodes, admin, {
    summary:
      "New access codes for every official at once (everyone's sign-in card); old codes and sessions end",
    schema: { params: keyParams, body: noFields, response: { 200: officialsWithNewCodes } },
    topics: ['competition'],
    run: (ctx) => newAccessCodes(ctx),
  });

  route.read(endpoints.getPanels, 'public', {
    schema: { params: keyParams, response: { 200: z.array(eventPanel) } },
    answer: async (req) => readPanels(app.db, req.competition.id),
  });

  route.command(endpoints.putEventsPanel, organizer('set the judge panels'), {
    schema: { params: eventParams, body: panelPut, response: { 200: eventPanel } },
    topics: ['events', 'competition'],
    run: (ctx, req) => setPanel(ctx, req.params.eventKey, req.body),
    answer: (_, req) => readPanel(app.db, req.competition.id, req.params.eventKey),
  });
};
export default routes;
