import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noFields } from '../../../domain/schemas/common.ts';
import { eventParams, keyParams, versionQuery } from '../../http/params.ts';
import type { FastifyRequest } from 'fastify';
import { organizer, routesFor } from '../../http/route.ts';
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

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'events');
  const eventNow = (key: string, req: FastifyRequest) => eventView(app.db, req.competition.id, key);

  route.read(endpoints.getEvents, 'public', {
    schema: { params: keyParams, response: { 200: eventsViewSchema } },
    // Every entry of every event (1.4 MB at 3,000 couples): read in one snapshot of its own connection,
    // a few hundred rows per turn of the event loop, so visitors' other requests are answered meanwhile.
    answer: async (req) =>
      app.snapshots === app.db
        ? eventsView(app.db, req.competition.id)
        : app.snapshots.transaction().execute((trx) => eventsView(trx, req.competition.id, slices(10))),
  });

  route.command(endpoints.postEvents, organizer('create events'), {
    schema: { params: keyParams, body: eventCreate, response: { 201: eventViewSchema } },
    topics: ['events', 'schedule'],
    run: (ctx, req) => createEvent(ctx, req.body),
    answer: eventNow,
  });

  route.command(endpoints.postEventsGrid, organizer('create events'), {
    schema: { params: keyParams, body: eventGridCreate, response: { 201: eventGridCreated } },
    run: (ctx, req) => createEventGrid(ctx, req.body),
    answer: async (result, req) => {
      const all = await eventsView(app.db, req.competition.id);
      return { created: all.filter((e) => result.created.includes(e.key)), skipped: result.skipped };
    },
  });

  route.command(endpoints.patchEventsOne, organizer('edit events'), {
    schema: { params: eventParams, body: eventPatch, response: { 200: eventViewSchema } },
    topics: ['events', 'schedule'],
    run: (ctx, req) => updateEvent(ctx, req.params.eventKey, req.body),
    answer: eventNow,
  });

  route.command(endpoints.deleteEventsOne, organizer('delete events'), {
    schema: {
      params: eventParams,
      body: noFields,
      querystring: eventDeleteQuery.extend(versionQuery.shape),
      response: { 200: eventDeleted },
    },
    topics: ['events', 'schedule', 'results'],
    run: (ctx, req) => deleteEvent(ctx, req.params.eventKey, req.query),
  });
};
export default routes;
