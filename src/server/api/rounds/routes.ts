/**
 * An event's rounds as the organizer edits them: generate, clear, add, skip, delete, and one
 * round's settings or state by hand. The commands are in commands.ts.
 */
import { noFields } from '../../../domain/schemas/common.ts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { runCommand } from '../../http/command.ts';
import { eventParams, roundParams, versionBody, versionQuery } from '../../http/params.ts';
import { organizer, routesTagged, staff } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { roundAdd, roundGenerate, roundPatch } from '../../../domain/schemas/events.ts';
import { checkEventVersion } from '../events/commands.ts';
import { eventView, findEvent } from '../events/queries.ts';
import { eventRounds } from './queries.ts';
import {
  addEventRound,
  clearEventRounds,
  deleteEventRound,
  generateEventRounds,
  patchRound,
  skipEventRound,
  type EventRoundsCtx,
} from './commands.ts';
import { roundRuleHttp } from './transition.ts';
import { addRedance } from './formats/commands.ts';
import { redanceBody } from '../../../domain/schemas/formats.ts';
import { eventRoundsEdited } from '../../../domain/schemas/rounds.ts';

/** Editing an event's rounds is the organizer's (api.md). */
const editRounds = organizer("change an event's rounds");

const route = routesTagged('rounds');

const routes: FastifyPluginAsyncZod = async (app) => {
  /** Runs one command on an event's rounds (version-checked) and answers the event as it is now. */
  async function onEventRounds(
    req: FastifyRequest<{ Params: { key: string; eventKey: string } }>,
    version: number | undefined,
    work: (ctx: EventRoundsCtx) => Promise<string>,
  ) {
    const message = await runCommand(app, req, {
      topics: ['events', 'schedule'],
      run: async (cmd) => {
        const event = await findEvent(cmd.trx, cmd.competition.id, req.params.eventKey);
        await checkEventVersion(cmd.trx, event, version);
        const rounds = await eventRounds(cmd.trx, event.id);
        try {
          return await work({ ...cmd, event, rounds });
        } catch (err) {
          throw roundRuleHttp(err);
        }
      },
    });
    return { message, event: await eventView(app.db, req.competition.id, req.params.eventKey) };
  }

  app.route({
    ...route(endpoints.postEventsRoundsGenerate, editRounds, {
      params: eventParams,
      body: roundGenerate.optional(),
      response: { 200: eventRoundsEdited },
    }),
    handler: async (req) =>
      onEventRounds(req, req.body?.version, (ctx) => generateEventRounds(ctx, req.body?.recallSizes)),
  });

  app.route({
    ...route(endpoints.deleteEventsRounds, editRounds, {
      params: eventParams,
      body: noFields,
      querystring: versionQuery,
      response: { 200: eventRoundsEdited },
    }),
    handler: async (req) => onEventRounds(req, req.query.version, clearEventRounds),
  });

  app.route({
    ...route(endpoints.postEventsRounds, editRounds, {
      params: eventParams,
      response: { 201: eventRoundsEdited },
      body: roundAdd.extend({ version: z.number().int().min(0).optional() }),
    }),
    handler: async (req, reply) => {
      const { version, ...request } = req.body;
      const out = await onEventRounds(req, version, (ctx) => addEventRound(ctx, request));
      reply.status(201);
      return out;
    },
  });

  app.route({
    ...route(endpoints.postEventsRoundsSkip, editRounds, {
      params: roundParams,
      body: versionBody.optional(),
      response: { 200: eventRoundsEdited },
    }),
    handler: async (req) => onEventRounds(req, req.body?.version, (ctx) => skipEventRound(ctx, req.params.n)),
  });

  app.route({
    ...route(endpoints.postEventsRoundsRedance, editRounds, {
      summary:
        'Add a redance after round n: its couples not recalled dance again and recallSize of them rejoin the next round',
      params: roundParams,
      body: redanceBody,
      response: { 200: eventRoundsEdited },
    }),
    handler: async (req) =>
      onEventRounds(req, req.body.version, (ctx) => addRedance(ctx, req.params.n, req.body)),
  });

  app.route({
    ...route(endpoints.deleteEventsRoundsOne, editRounds, {
      params: roundParams,
      body: noFields,
      querystring: versionQuery,
      response: { 200: eventRoundsEdited },
    }),
    handler: async (req) =>
      onEventRounds(req, req.query.version, (ctx) => deleteEventRound(ctx, req.params.n)),
  });

  app.route({
    // api.md: an administrator or the competition's scrutineer.
    ...route(endpoints.patchEventsRoundsOne, staff(['admin', 'Scrutineer'], 'change a round'), {
      params: roundParams,
      body: roundPatch,
      response: { 200: eventRoundsEdited },
    }),
    handler: async (req) => {
      const message = await runCommand(app, req, {
        topics: ['events', 'schedule'],
        run: (cmd) => patchRound(cmd, req.params, req.body),
      });
      return { message, event: await eventView(app.db, req.competition.id, req.params.eventKey) };
    },
  });
};
export default routes;
