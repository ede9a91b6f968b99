import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noFields } from '../../../domain/schemas/common.ts';
import { eventParams, keyParams, versionQuery } from '../../http/params.ts';
import { runCommand } from '../../http/command.ts';
import { organizer, routesTagged } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
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
import { slices } from '../../eventLoop.ts';
import { createEvent, createEventGrid, deleteEvent, updateEvent } from './commands.ts';

const route = routesTagged('events');

const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(endpoints.getEvents, 'public', { params: keyParams, response: { 200: eventsViewSchema } }),
    // Every entry of every event (1.4 MB at 3,000 couples): read in one snapshot of its own connection,
    // a few hundred rows per turn of the event loop, so visitors' other requests are answered meanwhile.
    handler: async (req) =>
      app.snapshots === app.db
        ? eventsView(app.db, req.competition.id)
        : app.snapshots.transaction().execute((trx) => eventsView(trx, req.competition.id, slices(10))),
  });

  app.route({
    ...route(endpoints.postEvents, organizer('create events'), {
      params: keyParams,
      body: eventCreate,
      response: { 201: eventViewSchema },
    }),
    handler: async (req, reply) => {
      const key = await runCommand(app, req, {
        topics: ['events', 'schedule'],
        run: (ctx) => createEvent(ctx, req.body),
      });
      return reply.status(201).send(await eventView(app.db, req.competition.id, key));
    },
  });

  app.route({
    ...route(endpoints.postEventsGrid, organizer('create events'), {
      params: keyParams,
      body: eventGridCreate,
      response: { 201: eventGridCreated },
    }),
    handler: async (req, reply) => {
      const result = await runCommand(app, req, { run: (ctx) => createEventGrid(ctx, req.body) });
      const all = await eventsView(app.db, req.competition.id);
      return reply.status(201).send({
        created: all.filter((e) => result.created.includes(e.key)),
        skipped: result.skipped,
      });
    },
  });

  app.route({
    ...route(endpoints.patchEventsOne, organizer('edit events'), {
      params: eventParams,
      body: eventPatch,
      response: { 200: eventViewSchema },
    }),
    handler: async (req) => {
      const key = await runCommand(app, req, {
        topics: ['events', 'schedule'],
        run: (ctx) => updateEvent(ctx, req.params.eventKey, req.body),
      });
      return eventView(app.db, req.competition.id, key);
    },
  });

  app.route({
    ...route(endpoints.deleteEventsOne, organizer('delete events'), {
      params: eventParams,
      body: noFields,
      querystring: eventDeleteQuery.extend(versionQuery.shape),
      response: { 200: eventDeleted },
    }),
    handler: async (req) =>
      runCommand(app, req, {
        topics: ['events', 'schedule', 'results'],
        run: (ctx) => deleteEvent(ctx, req.params.eventKey, req.query),
      }),
  });
};
export default routes;
