/**
 * Reads the print sheets need that the other public reads do not give: each event's judge panel in
 * marking order with letters and names (a judge's sheet says whose it is). Public: letters and judges'
 * names are on every printed sheet and on the competition page anyway; never codes or marks.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCompetition } from '../competitions/repo.ts';
import { keyParams } from '../competitions/routes.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database> | Transaction<Database>;

export interface PrintPanelJudge {
  id: number;
  name: string;
  letter: string;
  /** As the scrutineer's screens show a judge: the letter, or the name when no letter is set. */
  label: string;
}

export interface PrintPanel {
  eventKey: string;
  eventName: string;
  /** No panel set: every judge of the competition marks the event. */
  isDefault: boolean;
  judges: PrintPanelJudge[];
}

/**
 * Every event's panel in the order the marks API uses (`loadRound`: sort order, then id), so a
 * printed sheet lists judges as the scrutineer's paper-entry form does. No panel set: every judge.
 */
export async function readPrintPanels(db: Q, competitionId: number): Promise<PrintPanel[]> {
  const [events, judges, rows] = await Promise.all([
    db
      .selectFrom('events')
      .select(['id', 'key', 'name'])
      .where('competition_id', '=', competitionId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('officials')
      .select(['id', 'name', 'letter'])
      .where('competition_id', '=', competitionId)
      .where('role', '=', 'Judge')
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('event_panels')
      .innerJoin('events', 'events.id', 'event_panels.event_id')
      .select(['event_panels.event_id', 'event_panels.official_id'])
      .where('events.competition_id', '=', competitionId)
      .execute(),
  ]);
  const panelOf = new Map<number, Set<number>>();
  for (const r of rows) {
    const set = panelOf.get(r.event_id) ?? new Set<number>();
    set.add(r.official_id);
    panelOf.set(r.event_id, set);
  }
  return events.map((e) => {
    const own = panelOf.get(e.id);
    const panel = own && own.size ? judges.filter((j) => own.has(j.id)) : judges;
    return {
      eventKey: e.key,
      eventName: e.name,
      isDefault: !(own && own.size),
      judges: panel.map((j) => ({ id: j.id, name: j.name, letter: j.letter, label: j.letter || j.name })),
    };
  });
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/competitions/:key/print/panels',
    {
      schema: {
        tags: ['print'],
        summary: "Each event's judges in marking order, with letters and names (for printed sheets)",
        params: keyParams,
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      return readPrintPanels(app.db, c.id);
    },
  );
};
export default routes;
