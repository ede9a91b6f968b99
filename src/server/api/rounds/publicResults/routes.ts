/**
 * Public results: the /results summary, one event's posted rounds with their working, a competitor's
 * results, and the CSV downloads. Everything here shows Posted rounds only (see read.ts).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findEvent } from '../../events/queries.ts';
import { isScheduleItem } from '../../../../domain/schemas/events.ts';
import { csvReply } from '../../../http/csv.ts';
import { eventParams, keyParams } from '../../../http/params.ts';
import { HttpError, notFound } from '../../../errors.ts';
import { toCsv } from '../../../../domain/csv.ts';
import { competitorResults, eventResults, resultsSummary } from './queries.ts';
import type { EventResults, ResultsSummary } from '../../../../domain/schemas/results.ts';
import {
  competitorResult,
  csvFile,
  eventResults as eventResultsAnswer,
  resultsSummary as resultsSummaryAnswer,
} from '../../../../domain/schemas/results.ts';

const CSV_HEADER = [
  'Event',
  'Style',
  'Level',
  'Round',
  'Couple',
  'Lead',
  'Follow',
  'Team',
  'Place',
  'Recall marks',
  'Recalled',
  'Places by dance',
  'Total',
];

type Cell = string | number | null;

/** One row per couple per posted round, the final's placings first in the order danced. */
function csvRows(r: EventResults): Cell[][] {
  const rows: Cell[][] = [];
  const { event } = r;
  for (const round of r.rounds) {
    const base = (c: { coupleNumber: string; leadName: string; followName: string; affiliation: string }) => [
      event.name,
      event.style,
      event.level,
      round.roundName,
      c.coupleNumber,
      c.leadName,
      c.followName,
      c.affiliation,
    ];
    if (round.kind === 'final') {
      const t = round.finalTable;
      const dances = t ? Object.keys(t.perDance) : [];
      for (const p of round.placings) {
        const byDance = dances.map((d) => `${d} ${t?.perDance[d]?.[p.coupleNumber] ?? ''}`).join('; ');
        rows.push([...base(p), p.place, null, null, byDance, t?.totals[p.coupleNumber] ?? null]);
      }
    } else {
      for (const c of round.couples) {
        rows.push([...base(c), null, c.marks, c.recalled ? 'yes' : 'no', null, null]);
      }
    }
  }
  return rows;
}

const competitorParams = keyParams.extend({ id: z.coerce.number().int().positive() });

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/competitions/:key/results',
    {
      schema: {
        tags: ['results'],
        summary: 'Every event with its posted final placings (the /results page), in one read',
        params: keyParams,
        response: { 200: resultsSummaryAnswer },
      },
      config: { access: 'public' },
    },
    async (req): Promise<ResultsSummary> => {
      const c = req.competition;
      return {
        competition: { key: c.key, fullName: c.full_name },
        resultsPageShown: c.results_page_shown === 1,
        events: await resultsSummary(app.db, c.id),
      };
    },
  );

  app.get(
    '/competitions/:key/results/:eventKey',
    {
      schema: {
        tags: ['results'],
        summary:
          "One event's posted rounds: recall tallies by judge and dance, the final's Skating System working",
        params: eventParams,
        response: { 200: eventResultsAnswer },
      },
      config: { access: 'public' },
    },
    async (req) => {
      const c = req.competition;
      const event = await findEvent(app.db, c.id, req.params.eventKey);
      const r = await eventResults(app.db, c.id, event);
      if (r.rounds.length === 0) req.log.info({ event: event.key }, 'no results found');
      return r;
    },
  );

  app.get(
    '/competitions/:key/competitors/:id/results',
    {
      schema: {
        tags: ['results'],
        summary: "A competitor's posted results: final place, or the round reached",
        params: competitorParams,
        response: { 200: z.array(competitorResult) },
      },
      config: { access: 'public' },
    },
    async (req) => {
      const c = req.competition;
      const person = await app.db
        .selectFrom('competitors')
        .select('id')
        .where('competition_id', '=', c.id)
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!person) throw notFound('That competitor');
      return competitorResults(app.db, c.id, person.id);
    },
  );

  app.get(
    '/competitions/:key/events/:eventKey/results.csv',
    {
      schema: {
        tags: ['results'],
        summary: "One event's posted results as CSV",
        params: eventParams,
        response: { 200: csvFile },
      },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const c = req.competition;
      const event = await findEvent(app.db, c.id, req.params.eventKey);
      const r = await eventResults(app.db, c.id, event);
      if (r.rounds.length === 0) {
        req.log.info({ event: event.key }, 'no results found');
        throw new HttpError(404, 'not_found', `${event.name} has no published results yet.`);
      }
      return csvReply(reply, `${c.key}-${event.key}-results.csv`, toCsv([CSV_HEADER, ...csvRows(r)]));
    },
  );

  app.get(
    '/competitions/:key/results.csv',
    {
      schema: {
        tags: ['results'],
        summary: "The whole competition's posted results as one CSV",
        params: keyParams,
        response: { 200: csvFile },
      },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const c = req.competition;
      const events = await app.db
        .selectFrom('events')
        .selectAll()
        .where('competition_id', '=', c.id)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      const rows: Cell[][] = [];
      for (const e of events) {
        if (isScheduleItem(JSON.parse(e.dances) as string[])) continue;
        rows.push(...csvRows(await eventResults(app.db, c.id, e)));
      }
      return csvReply(reply, `${c.key}-results.csv`, toCsv([CSV_HEADER, ...rows]));
    },
  );
};

export default routes;
