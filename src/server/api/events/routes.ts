import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventParams, keyParams, versionQuery } from '../../http/params.ts';
import { runCommand } from '../../http/command.ts';
import {
  eventCreate,
  eventDeleted,
  eventDeleteQuery,
  eventGridCreate,
  eventGridCreated,
  eventPatch,
  eventsView as eventsViewSchema,
  eventView as eventViewSchema,
} from '../../../domain/schemas/events.ts';
import { eventsView, eventView } from './queries.ts';
import { createEvent, createEventGrid, deleteEvent, updateEvent } from './commands.ts';

const organizer = (to: string) => ({ access: { roles: ['admin'] as const, to } });

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/competitions/:key/events',
    {
      config: { access: 'public' },
      schema: { tags: ['events'], params: keyParams, response: { 200: eventsViewSchema } },
    },
    async (req) => eventsView(app.db, req.competition.id),
  );

  app.post(
    '/competitions/:key/events',
    {
      config: organizer('create events'),
      schema: { tags: ['events'], params: keyParams, body: eventCreate, response: { 201: eventViewSchema } },
    },
    async (req, reply) => {
      const key = await runCommand(app, req, {
        topics: ['events', 'schedule'],
        run: (ctx) => createEvent(ctx, req.body),
      });
      return reply.status(201).send(await eventView(app.db, req.competition.id, key));
    },
  );

  app.post(
    '/competitions/:key/events/grid',
    {
      config: organizer('create events'),
      schema: {
        tags: ['events'],
        params: keyParams,
        body: eventGridCreate,
        response: { 201: eventGridCreated },
      },
    },
    async (req, reply) => {
      const result = await runCommand(app, req, { run: (ctx) => createEventGrid(ctx, req.body) });
      const all = await eventsView(app.db, req.competition.id);
      return reply.status(201).send({
        created: all.filter((e) => result.created.includes(e.key)),
        skipped: result.skipped,
      });
    },
  );

  app.patch(
    '/competitions/:key/events/:eventKey',
    {
      config: organizer('edit events'),
      schema: { tags: ['events'], params: eventParams, body: eventPatch, response: { 200: eventViewSchema } },
    },
    async (req) => {
      const key = await runCommand(app, req, {
        topics: ['events', 'schedule'],
        run: (ctx) => updateEvent(ctx, req.params.eventKey, req.body),
      });
      return eventView(app.db, req.competition.id, key);
    },
  );

  app.delete(
    '/competitions/:key/events/:eventKey',
    {
      config: organizer('delete events'),
      schema: {
        tags: ['events'],
        params: eventParams,
        querystring: eventDeleteQuery.extend(versionQuery.shape),
        response: { 200: eventDeleted },
      },
    },
    async (req) =>
      runCommand(app, req, {
        topics: ['events', 'schedule', 'results'],
        run: (ctx) => deleteEvent(ctx, req.params.eventKey, req.query),
      }),
  );
};
export default routes;
