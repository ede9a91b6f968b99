/**
 * The reads of round results: the stored result as the API shows it, a round's results (public once
 * posted; the scrutineer, chairman and administrators any time) and an event's saved final placings.
 */
import type { Selectable } from 'kysely';
import type { RoundResultsTable } from '../../../db/schema.ts';
import { HttpError } from '../../../errors.ts';
import type { Db } from '../../../http/db.ts';
import { fromJson } from '../../../http/json.ts';
import { findEvent } from '../../events/queries.ts';
import { RoundState } from '../../../../domain/rounds/index.ts';
import { loadRound, type RoundAddress, type RoundContext } from '../context.ts';
import { roundChecksum } from '../../../../domain/marking/receipt.ts';
import { readStoredAjs, splitFinalTable } from '../../../../domain/scoring/ajs.ts';
import type { z } from 'zod';
import type {
  eventFinalResults as eventFinalSchema,
  RecallResultsView,
  resultsView,
  TieDecision,
} from '../../../../domain/schemas/marks.ts';

type ResultsView = z.infer<typeof resultsView>;
type EventFinalResults = z.infer<typeof eventFinalSchema>;
type RecallWorking = Pick<
  RecallResultsView,
  'byJudge' | 'cutoffMarks' | 'tiedAtCutoff' | 'options' | 'markCountProblems' | 'ajs'
>;

export type ResultRow = Selectable<RoundResultsTable>;

/** The stored result as the API shows it. `full` adds what only staff need (cut-off, options…). */
export function resultView(row: ResultRow, full: boolean): ResultsView {
  const posted = {
    posted: row.posted_at !== null,
    postedAt: row.posted_at,
    chainHead: row.posted_at !== null ? (row.chain_head ?? null) : null,
  };
  const approval = { approvedAt: row.approved_at, approvedBy: row.approved_by };
  if (row.kind === 'final') {
    return {
      kind: 'final' as const,
      placements: fromJson<Record<string, number>>(row.placements, {}),
      ...splitFinalTable<unknown>(fromJson<unknown>(row.final_table, null)),
      ...posted,
      ...(full ? { computedAt: row.computed_at, version: row.version, ...approval } : {}),
    };
  }
  // The recall working saved at compute time (by judge, cut-off, tie options, count problems).
  // A recall row always stores its working; the empty fallback is never read.
  const stored = fromJson<RecallWorking>(row.final_table, {} as RecallWorking);
  const extra = stored.ajs ? { ...stored, ajs: readStoredAjs(stored.ajs) } : stored;
  return {
    kind: 'recall' as const,
    placements: fromJson<{ couple: string; marks: number }[]>(row.placements, []),
    sumRecalls: fromJson<Record<string, number>>(row.sum_recalls, {}),
    recalled: fromJson<string[]>(row.recalled, []),
    ...posted,
    ...(full
      ? {
          ...extra,
          tieDecision: row.tie_decision as TieDecision | null,
          computedAt: row.computed_at,
          version: row.version,
          ...approval,
        }
      : { byJudge: extra.byJudge, ...(extra.ajs ? { ajs: extra.ajs } : {}) }),
  };
}

export async function resultRow(db: Db, roundId: number) {
  return db.selectFrom('round_results').selectAll().where('round_id', '=', roundId).executeTakeFirst();
}

/**
 * A round's results, or null while it has none: not computed yet, or not posted (for everyone but
 * `seesUnposted`: the scrutineer, chairman and administrators). That is an expected state of every
 * round, not an error, so it answers 200 (a 404 is for a round that does not exist). Never leaks: for
 * the others (the public, judges, MC, deck captain) an unposted result does not exist. Both checks: a
 * round moved back out of Posted by a state change keeps its posted_at.
 */
export async function roundResults(
  db: Db,
  competitionId: number,
  where: RoundAddress,
  seesUnposted: boolean,
): Promise<ResultsView | null> {
  const ctx = await loadRound(db, competitionId, where.eventKey, where.n);
  const row = await resultRow(db, ctx.round.id);
  if (!row) return null;
  if (!seesUnposted && (row.posted_at === null || ctx.round.round_state !== RoundState.Posted)) return null;
  return { ...resultView(row, seesUnposted), marksChecksum: await marksChecksum(db, ctx) };
}

/** The checksum of every mark of the round as stored now (the results sheet prints it). */
async function marksChecksum(db: Db, ctx: RoundContext): Promise<string> {
  const competition = await db
    .selectFrom('competitions')
    .select('key')
    .where('id', '=', ctx.event.competition_id)
    .executeTakeFirstOrThrow();
  const marks: Record<string, Record<string, unknown>> = {};
  for (const m of ctx.marks) (marks[m.dance] ??= {})[String(m.officialId)] = m.value;
  return roundChecksum({
    competition: competition.key,
    eventKey: ctx.event.key,
    round: ctx.round.round_number,
    marks,
  });
}

/** An event's final placings, public only while their final round is Posted. */
export async function eventFinalResults(
  db: Db,
  competitionId: number,
  eventKey: string,
): Promise<EventFinalResults> {
  const event = await findEvent(db, competitionId, eventKey);
  const row = await db
    .selectFrom('final_results')
    .selectAll()
    .where('event_id', '=', event.id)
    .executeTakeFirst();
  const detail = row
    ? fromJson<Pick<EventFinalResults, 'couples' | 'finalTable' | 'roundNumber'> | null>(row.detail, null)
    : null;
  const final = await db
    .selectFrom('rounds')
    .innerJoin('round_results', 'round_results.round_id', 'rounds.id')
    .select('rounds.id')
    .where('rounds.event_id', '=', event.id)
    .where('round_results.kind', '=', 'final')
    .where('round_results.posted_at', 'is not', null)
    .where('rounds.round_state', '=', RoundState.Posted)
    .executeTakeFirst();
  if (!row || !detail || !final)
    throw new HttpError(404, 'not_found', `${event.name} has no final results yet.`);
  return {
    event: event.key,
    placements: fromJson<Record<string, number>>(row.placements, {}),
    couples: detail.couples,
    ...splitFinalTable<unknown>(detail.finalTable),
    roundNumber: detail.roundNumber,
    postedAt: row.posted_at,
  };
}
