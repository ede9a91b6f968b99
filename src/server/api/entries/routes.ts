import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventParams, keyParams, rowId } from '../../http/params.ts';
import { csvReply } from '../../http/csv.ts';
import { csvFile, noFields } from '../../../domain/schemas/common.ts';
import { organizer, routesFor, staff } from '../../http/route.ts';
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
import { siteOrigin } from '../../mail/links.ts';

const entryParams = keyParams.extend({ entryId: rowId });
const eventEntryParams = eventParams.extend({ entryId: rowId });

const deck = (to: string) => staff(['admin', 'Deck Captain'], to);
const noContent = { 204: z.null().describe('Deleted') };
const edit = { body: entryPatch, response: { 200: entryUpdated } };

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'entries');

  route.command(endpoints.postEntriesAdhoc, organizer('add ad hoc entries'), {
    schema: { params: keyParams, body: adhocEntryCreate, response: { 201: adhocEntryCreated } },
    topics: ['events'],
    run: (ctx, req) => createAdhocEntry(ctx, req.body),
  });

  route.command(endpoints.patchEntriesOne, organizer('edit entries'), {
    schema: { params: entryParams, ...edit },
    topics: ['events'],
    run: (ctx, req) => updateEntry(ctx, req.params.entryId, req.body, siteOrigin(req)),
  });
  route.command(endpoints.patchEventsEntriesOne, organizer('edit entries'), {
    schema: { params: eventEntryParams, ...edit },
    topics: ['events'],
    run: (ctx, req) => updateEntry(ctx, req.params.entryId, req.body, siteOrigin(req), req.params.eventKey),
  });

  route.command(endpoints.deleteEntriesOne, organizer('delete entries'), {
    schema: { params: entryParams, body: noFields, response: noContent },
    topics: ['events'],
    run: (ctx, req) => deleteEntry(ctx, req.params.entryId, siteOrigin(req)),
  });
  route.command(endpoints.deleteEventsEntriesOne, organizer('delete entries'), {
    schema: { params: eventEntryParams, body: noFields, response: noContent },
    topics: ['events'],
    run: (ctx, req) => deleteEntry(ctx, req.params.entryId, siteOrigin(req), req.params.eventKey),
  });

  /** Every entry, one row per couple per event, for spreadsheets and the desk. */
  route.read(endpoints.getEntriesCsv, organizer('download the entries'), {
    schema: { params: keyParams, produces: ['text/csv'], response: { 200: csvFile } },
    answer: async (req, reply) =>
      csvReply(reply, `${req.competition.key}-entries.csv`, await entriesCsv(app.db, req.competition.id)),
  });

  route.read(endpoints.getEventsEntries, 'public', {
    schema: { params: eventParams, response: { 200: z.array(eventEntryView) } },
    answer: async (req) => eventEntries(app.db, req.competition.id, req.params.eventKey),
  });

  route.command(endpoints.postEventsEntries, organizer('enter couples'), {
    schema: { params: eventParams, body: eventEntryCreate, response: { 201: eventEntryCreated } },
    topics: ['events'],
    run: (ctx, req) => createEventEntry(ctx, req.params.eventKey, req.body),
  });

  route.command(endpoints.postEventsEntriesCheckIn, deck('check couples in'), {
    schema: { params: eventEntryParams, body: checkIn, response: { 200: entryCheckedIn } },
    topics: ['events'],
    run: (ctx, req) => checkInEntry(ctx, req.params.eventKey, req.params.entryId, req.body.checkedIn),
  });

  route.command(endpoints.postEventsEntriesScratch, deck('scratch couples'), {
    schema: { params: eventEntryParams, body: scratchBody, response: { 200: entryScratched } },
    topics: ['events', 'schedule'],
    run: (ctx, req) =>
      scratchEntry(ctx, req.params.eventKey, req.params.entryId, req.body.scratched, siteOrigin(req)),
  });
};
export default routes;
