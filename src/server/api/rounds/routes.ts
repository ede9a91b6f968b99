/**
 * An event's rounds as the organizer edits them: generate, clear, add, skip, delete, and one
 * round's settings or state by hand. The commands are in commands.ts.
 */
import { noFields } from '../../../domain/schemas/common.ts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { CommandContext } from '../../http/command.ts';
import { eventParams, roundParams, versionBody, versionQuery } from '../../http/params.ts';
import { organizer, routesFor, staff } from '../../http/route.ts';
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
/** A DELETE of rounds: no body, the event's version in the query. */
const removal = { body: noFields, querystring: versionQuery, response: { 200: eventRoundsEdited } };

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'rounds');

  /** Runs one change of an event's rounds after checking the event's version. */
  async function inEventRounds(
    cmd: CommandContext,
    eventKey: string,
    version: number | undefined,
    work: (ctx: EventRoundsCtx) => Promise<string>,
  ) {
    const event = await findEvent(cmd.trx, cmd.competition.id, eventKey);
    await checkEventVersion(cmd.trx, event, version);
    const rounds = await eventRounds(cmd.trx, event.id);
    try {
      return await work({ ...cmd, event, rounds });
    } catch (err) {
      throw roundRuleHttp(err);
    }
  }
  /** A change of an event's rounds answers with its message and the event as it is now. */
  const onEventRounds = {
    topics: ['events', 'schedule'],
    answer: async (message: string, req: FastifyRequest<{ Params: { key: string; eventKey: string } }>) => ({
      message,
      event: await eventView(app.db, req.competition.id, req.params.eventKey),
    }),
  } as const;

  route.command(endpoints.postEventsRoundsGenerate, editRounds, {
    schema: { params: eventParams, body: roundGenerate.optional(), response: { 200: eventRoundsEdited } },
    ...onEventRounds,
    run: (cmd, req) =>
      inEventRounds(cmd, req.params.eventKey, req.body?.version, (ctx) =>
        generateEventRounds(ctx, req.body?.recallSizes),
      ),
  });

  route.command(endpoints.deleteEventsRounds, editRounds, {
    schema: { params: eventParams, ...removal },
    ...onEventRounds,
    run: (cmd, req) => inEventRounds(cmd, req.params.eventKey, req.query.version, clearEventRounds),
  });

  route.command(endpoints.postEventsRounds, editRounds, {
    schema: {
      params: eventParams,
      response: { 201: eventRoundsEdited },
      body: roundAdd.extend({ version: z.number().int().min(0).optional() }),
    },
    ...onEventRounds,
    run: (cmd, req) => {
      const { version, ...request } = req.body;
      return inEventRounds(cmd, req.params.eventKey, version, (ctx) => addEventRound(ctx, request));
    },
  });

  route.command(endpoints.postEventsRoundsSkip, editRounds, {
    schema: { params: roundParams, body: versionBody.optional(), response: { 200: eventRoundsEdited } },
    ...onEventRounds,
    run: (cmd, req) =>
      inEventRounds(cmd, req.params.eventKey, req.body?.version, (ctx) => skipEventRound(ctx, req.params.n)),
  });

  route.command(endpoints.postEventsRoundsRedance, editRounds, {
    summary:
      'Add a redance after round n: its couples not recalled dance again and recallSize of them rejoin the next round',
    schema: { params: roundParams, body: redanceBody, response: { 200: eventRoundsEdited } },
    ...onEventRounds,
    run: (cmd, req) =>
      inEventRounds(cmd, req.params.eventKey, req.body.version, (ctx) =>
        addRedance(ctx, req.params.n, req.body),
      ),
  });

  route.command(endpoints.deleteEventsRoundsOne, editRounds, {
    schema: { params: roundParams, ...removal },
    ...onEventRounds,
    run: (cmd, req) =>
      inEventRounds(cmd, req.params.eventKey, req.query.version, (ctx) =>
        deleteEventRound(ctx, req.params.n),
      ),
  });

  // api.md: an administrator or the competition's scrutineer.
  route.command(endpoints.patchEventsRoundsOne, staff(['admin', 'Scrutineer'], 'change a round'), {
    schema: { params: roundParams, body: roundPatch, response: { 200: eventRoundsEdited } },
    ...onEventRounds,
    run: (cmd, req) => patchRound(cmd, req.params, req.body),
  });
};
export default routes;
