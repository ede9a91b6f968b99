import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventParams, keyParams } from '../../http/params.ts';
import { runCommand } from '../../http/command.ts';
import { csvReply } from '../../http/csv.ts';
import { csvFile } from '../../../domain/schemas/common.ts';
import type { StaffRole } from '../../http/access.ts';
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

const entryId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31);
const entryParams = keyParams.extend({ entryId });
const eventEntryParams = eventParams.extend({ entryId });

const organizer = (to: string) => ({ access: { roles: ['admin'] as const, to } });
const deck = (to: string) => ({ access: { roles: ['admin', 'Deck Captain'] as readonly StaffRole[], to } });
const noContent = { 204: z.null().describe('Deleted') };

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/competitions/:key/entries/adhoc',
    {
      config: organizer('add ad hoc entries'),
      schema: {
        tags: ['entries'],
        params: keyParams,
        body: adhocEntryCreate,
        response: { 201: adhocEntryCreated },
      },
    },
    async (req, reply) => {
      const created = await runCommand(app, req, {
        topics: ['events'],
        run: (ctx) => createAdhocEntry(ctx, req.body),
      });
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/competitions/:key/entries/:entryId',
    {
      config: organizer('edit entries'),
      schema: { tags: ['entries'], params: entryParams, body: entryPatch, response: { 200: entryUpdated } },
    },
    async (req) =>
      runCommand(app, req, {
        topics: ['events'],
        run: (ctx) => updateEntry(ctx, req.params.entryId, req.body),
      }),
  );
  app.patch(
    '/competitions/:key/events/:eventKey/entries/:entryId',
    {
      config: organizer('edit entries'),
      schema: {
        tags: ['entries'],
        params: eventEntryParams,
        body: entryPatch,
        response: { 200: entryUpdated },
      },
    },
    async (req) =>
      runCommand(app, req, {
        topics: ['events'],
        run: (ctx) => updateEntry(ctx, req.params.entryId, req.body, req.params.eventKey),
      }),
  );

  app.delete(
    '/competitions/:key/entries/:entryId',
    {
      config: organizer('delete entries'),
      schema: { tags: ['entries'], params: entryParams, response: noContent },
    },
    async (req, reply) => {
      await runCommand(app, req, { topics: ['events'], run: (ctx) => deleteEntry(ctx, req.params.entryId) });
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/competitions/:key/events/:eventKey/entries/:entryId',
    {
      config: organizer('delete entries'),
      schema: { tags: ['entries'], params: eventEntryParams, response: noContent },
    },
    async (req, reply) => {
      await runCommand(app, req, {
        topics: ['events'],
        run: (ctx) => deleteEntry(ctx, req.params.entryId, req.params.eventKey),
      });
      return reply.status(204).send(null);
    },
  );

  /** Every entry, one row per couple per event, for spreadsheets and the desk. */
  app.get(
    '/competitions/:key/entries.csv',
    {
      config: organizer('download the entries'),
      schema: { tags: ['entries'], params: keyParams, produces: ['text/csv'], response: { 200: csvFile } },
    },
    async (req, reply) =>
      csvReply(reply, `${req.competition.key}-entries.csv`, await entriesCsv(app.db, req.competition.id)),
  );

  app.get(
    '/competitions/:key/events/:eventKey/entries',
    {
      config: { access: 'public' },
      schema: { tags: ['entries'], params: eventParams, response: { 200: z.array(eventEntryView) } },
    },
    async (req) => eventEntries(app.db, req.competition.id, req.params.eventKey),
  );

  app.post(
    '/competitions/:key/events/:eventKey/entries',
    {
      config: organizer('enter couples'),
      schema: {
        tags: ['entries'],
        params: eventParams,
        body: eventEntryCreate,
        response: { 201: eventEntryCreated },
      },
    },
    async (req, reply) => {
      const created = await runCommand(app, req, {
        topics: ['events'],
        run: (ctx) => createEventEntry(ctx, req.params.eventKey, req.body),
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/competitions/:key/events/:eventKey/entries/:entryId/check-in',
    {
      config: deck('check couples in'),
      schema: {
        tags: ['entries'],
        params: eventEntryParams,
        body: checkIn,
        response: { 200: entryCheckedIn },
      },
    },
    async (req) =>
      runCommand(app, req, {
        topics: ['events'],
        run: (ctx) => checkInEntry(ctx, req.params.eventKey, req.params.entryId, req.body.checkedIn),
      }),
  );

  app.post(
    '/competitions/:key/events/:eventKey/entries/:entryId/scratch',
    {
      config: deck('scratch couples'),
      schema: {
        tags: ['entries'],
        params: eventEntryParams,
        body: scratchBody,
        response: { 200: entryScratched },
      },
    },
    async (req) =>
      runCommand(app, req, {
        topics: ['events', 'schedule'],
        run: (ctx) => scratchEntry(ctx, req.params.eventKey, req.params.entryId, req.body.scratched),
      }),
  );
};
export default routes;
