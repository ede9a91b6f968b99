/**
 * An event's rounds as the organizer edits them: generate, clear, add, skip, delete, and one
 * round's settings or state by hand. The commands are in commands.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { findCompetition } from '../competitions/repo.ts';
import { actorLabel, requireCompetitionAdmin } from '../../auth/sessions.ts';
import { roundAdd, roundGenerate, roundPatch } from '../../../domain/schemas/events.ts';
import { checkEventVersion, eventRounds, eventView, findEvent } from '../events/repo.ts';
import { eventParams, requireRole, roundParams } from './context.ts';
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

const versionQuery = z.object({ version: z.coerce.number().int().min(0).optional() });
const versionBody = z.object({ version: z.number().int().min(0).optional() }).strict();

const routes: FastifyPluginAsyncZod = async (app) => {
  /** Runs one command on an event's rounds in one transaction and publishes after the commit. */
  async function roundCommand(
    req: FastifyRequest<{ Params: { key: string; eventKey: string } }>,
    version: number | undefined,
    work: (ctx: EventRoundsCtx) => Promise<string>,
  ) {
    const c = await findCompetition(app.db, req.params.key);
    const actor = requireCompetitionAdmin(req, c.id);
    const message = await app.db.transaction().execute(async (trx) => {
      const event = await findEvent(trx, c.id, req.params.eventKey);
      await checkEventVersion(trx, event, version);
      const rounds = await eventRounds(trx, event.id);
      try {
        return await work({ trx, event, rounds, competitionId: c.id, actor: actorLabel(actor) });
      } catch (err) {
        throw roundRuleHttp(err);
      }
    });
    await app.feed.publish(c.id, 'events', 'schedule');
    return { message, event: await eventView(app.db, c.id, req.params.eventKey) };
  }

  app.post(
    '/competitions/:key/events/:eventKey/rounds/generate',
    { schema: { tags: ['rounds'], params: eventParams, body: roundGenerate.optional() } },
    async (req) =>
      roundCommand(req, req.body?.version, (ctx) => generateEventRounds(ctx, req.body?.recallSizes)),
  );

  app.delete(
    '/competitions/:key/events/:eventKey/rounds',
    { schema: { tags: ['rounds'], params: eventParams, querystring: versionQuery } },
    async (req) => roundCommand(req, req.query.version, clearEventRounds),
  );

  app.post(
    '/competitions/:key/events/:eventKey/rounds',
    {
      schema: {
        tags: ['rounds'],
        params: eventParams,
        body: roundAdd.extend({ version: z.number().int().min(0).optional() }),
      },
    },
    async (req, reply) => {
      const { version, ...request } = req.body;
      const out = await roundCommand(req, version, (ctx) => addEventRound(ctx, request));
      reply.status(201);
      return out;
    },
  );

  app.post(
    '/competitions/:key/events/:eventKey/rounds/:n/skip',
    { schema: { tags: ['rounds'], params: roundParams, body: versionBody.optional() } },
    async (req) => roundCommand(req, req.body?.version, (ctx) => skipEventRound(ctx, req.params.n)),
  );

  app.delete(
    '/competitions/:key/events/:eventKey/rounds/:n',
    { schema: { tags: ['rounds'], params: roundParams, querystring: versionQuery } },
    async (req) => roundCommand(req, req.query.version, (ctx) => deleteEventRound(ctx, req.params.n)),
  );

  app.patch(
    '/competitions/:key/events/:eventKey/rounds/:n',
    { schema: { tags: ['rounds'], params: roundParams, body: roundPatch } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      // api.md: an administrator or the competition's scrutineer.
      const { actor } = requireRole(req, c.id, ['admin', 'Scrutineer'], 'change a round');
      const cmd = { competitionId: c.id, actor: actorLabel(actor), ...req.params };
      const message = await app.db.transaction().execute((trx) => patchRound(trx, cmd, req.body));
      await app.feed.publish(c.id, 'events', 'schedule');
      return { message, event: await eventView(app.db, c.id, req.params.eventKey) };
    },
  );
};
export default routes;
