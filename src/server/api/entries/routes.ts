import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventParams, keyParams, rowId } from '../../http/params.ts';
import { runCommand } from '../../http/command.ts';
import { csvReply } from '../../http/csv.ts';
import { csvFile, noFields } from '../../../domain/schemas/common.ts';
import { organizer, routesTagged, staff } from '../../http/route.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import {
  adhocEntryCreate,
  adhocEntryCreated,
  checkIn,
  entryCheckedIn,
  entryPatch,
  entryScratched,
  entryUpdated,
  eventEntryCreate,
} from '../../../domain/schemas/registration.ts';
import { eventEntryCreated, eventEntryView } from '../../../domain/schemas/events.ts';
import { scratchBody } from '../../../domain/schemas/floor.ts';
import {
  checkInEntry,
  createAdhocEntry,
  createEventEntry,
  deleteEntry,
  scratchEntry,
  updateEntry,
} from './commands.ts';
import { entriesCsv, eventEntries } from './queries.ts';

const entryParams = keyParams.extend({ entryId: rowId });
const eventEntryParams = eventParams.extend({ entryId: rowId });

const route = routesTagged('entries');
const deck = (to: string) => staff(['admin', 'Deck Captain'], to);
const noContent = { 204: z.null().describe('Deleted') };
const edit = { body: entryPatch, response: { 200: entryUpdated } };

const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(endpoints.postEntriesAdhoc, organizer('add ad hoc entries'), {
      params: keyParams,
      body: adhocEntryCreate,
      response: { 201: adhocEntryCreated },
    }),
    handler: async (req, reply) => {
      const created = await runCommand(app, req, {
        topics: ['events'],
        run: (ctx) => createAdhocEntry(ctx, req.body),
      });
      return reply.status(201).send(created);
    },
  });

  app.route({
    ...route(endpoints.patchEntriesOne, organizer('edit entries'), { params: entryParams, ...edit }),
    handler: async (req) =>
      runCommand(app, req, {
        topics: ['events'],
        run: (ctx) => updateEntry(ctx, req.params.entryId, req.body),
      }),
  });
  app.route({
    ...route(endpoints.patchEventsEntriesOne, organizer('edit entries'), {
      params: eventEntryParams,
      ...edit,
    }),
    handler: async (req) =>
      runCommand(app, req, {
        topics: ['events'],
        run: (ctx) => updateEntry(ctx, req.params.entryId, req.body, req.params.eventKey),
      }),
  });

  app.route({
    ...route(endpoints.deleteEntriesOne, organizer('delete entries'), {
      params: entryParams,
      body: noFields,
      response: noContent,
    }),
    handler: async (req, reply) => {
      await runCommand(app, req, { topics: ['events'], run: (ctx) => deleteEntry(ctx, req.params.entryId) });
      return reply.status(204).send(null);
    },
  });
  app.route({
    ...route(endpoints.deleteEventsEntriesOne, organizer('delete entries'), {
      params: eventEntryParams,
      body: noFields,
      response: noContent,
    }),
    handler: async (req, reply) => {
      await runCommand(app, req, {
        topics: ['events'],
        run: (ctx) => deleteEntry(ctx, req.params.entryId, req.params.eventKey),
      });
      return reply.status(204).send(null);
    },
  });

  /** Every entry, one row per couple per event, for spreadsheets and the desk. */
  app.route({
    ...route(endpoints.getEntriesCsv, organizer('download the entries'), {
      params: keyParams,
      produces: ['text/csv'],
      response: { 200: csvFile },
    }),
    handler: async (req, reply) =>
      csvReply(reply, `${req.competition.key}-entries.csv`, await entriesCsv(app.db, req.competition.id)),
  });

  app.route({
    ...route(endpoints.getEventsEntries, 'public', {
      params: eventParams,
      response: { 200: z.array(eventEntryView) },
    }),
    handler: async (req) => eventEntries(app.db, req.competition.id, req.params.eventKey),
  });

  app.route({
    ...route(endpoints.postEventsEntries, organizer('enter couples'), {
      params: eventParams,
      body: eventEntryCreate,
      response: { 201: eventEntryCreated },
    }),
    handler: async (req, reply) => {
      const created = await runCommand(app, req, {
        topics: ['events'],
        run: (ctx) => createEventEntry(ctx, req.params.eventKey, req.body),
      });
      return reply.status(201).send(created);
    },
  });

  app.route({
    ...route(endpoints.postEventsEntriesCheckIn, deck('check couples in'), {
      params: eventEntryParams,
      body: checkIn,
      response: { 200: entryCheckedIn },
    }),
    handler: async (req) =>
      runCommand(app, req, {
        topics: ['events'],
        run: (ctx) => checkInEntry(ctx, req.params.eventKey, req.params.entryId, req.body.checkedIn),
      }),
  });

  app.route({
    ...route(endpoints.postEventsEntriesScratch, deck('scratch couples'), {
      params: eventEntryParams,
      body: scratchBody,
      response: { 200: entryScratched },
    }),
    handler: async (req) =>
      runCommand(app, req, {
        topics: ['events', 'schedule'],
        run: (ctx) => scratchEntry(ctx, req.params.eventKey, req.params.entryId, req.body.scratched),
      }),
  });
};
export default routes;
