/**
 * The public results reads. Privacy rule: a round's result is public only when the round is Posted
 * AND its saved result carries a posted time — both, so a round moved back out of Posted (by un-post or
 * by a state change) never shows what it had.
 */
import type { EventRow } from '../../../db/schema.ts';
import { findOwned, type Db } from '../../../http/db.ts';
import { fromJson } from '../../../http/json.ts';
import { competitionEvents } from '../../events/queries.ts';
import { coupleNames, coupleOf, type CoupleNames } from '../queries.ts';
import { toCsv } from '../../../../domain/csv.ts';
import { isScheduleItem } from '../../../../domain/schemas/events.ts';
import {
  formatAjsTotal,
  readStoredAjs,
  splitFinalTable,
  type StoredAjsResult,
} from '../../../../domain/scoring/ajs.ts';
import { loadRound } from '../context.ts';
import { coupleStanding, RoundState, type PostedRoundOutcome } from '../../../../domain/rounds/index.ts';
import type { MultiDanceResult } from '../../../../domain/scoring/types.ts';
import type {
  CompetitorResult,
  EventResults,
  FinalPlacing,
  PostedRound,
  ResultsSummaryEvent,
} from '../../../../domain/schemas/results.ts';
import { entriesWithEvent, roundEntriesWithEntry, roundEntriesWithRound } from '../../joins.ts';

interface PostedRow {
  round_id: number;
  event_id: number;
  round_number: number;
  round_name: string;
  kind: 'recall' | 'final';
  placements: string;
  sum_recalls: string | null;
  final_table: string | null;
  recalled: string | null;
  posted_at: string;
}

/**
 * Round results the public may see, with their round: only once posted (the round Posted AND a
 * posted time). Every public read of results starts here (people/persons.ts too).
 */
export function publicRoundResults(db: Db) {
  return db
    .selectFrom('round_results')
    .innerJoin('rounds', 'rounds.id', 'round_results.round_id')
    .where('rounds.round_state', '=', RoundState.Posted)
    .where('round_results.posted_at', 'is not', null);
}

/** The columns of a dancer's entry that its result needs: its standing (entryStanding) and the partner. */
export const dancerEntryColumns = [
  'entries.id',
  'entries.event_id',
  'entries.lead_id',
  'entries.lead_number',
  'entries.lead_name',
  'entries.follow_name',
] as const;

/** A stored posted result as the standing rules read it (domain/rounds/standing.ts). */
const postedOutcome = (row: {
  round_number: number;
  kind: 'recall' | 'final';
  placements: string;
  recalled: string | null;
}): PostedRoundOutcome =>
  row.kind === 'final'
    ? { roundNumber: row.round_number, kind: 'final', places: fromJson(row.placements, {}) }
    : { roundNumber: row.round_number, kind: 'recall', recalled: fromJson<string[]>(row.recalled, []) };

/**
 * An entry's standing in its event (final place, round reached), from the posted results and the
 * round entries read for several entries at once; null while nothing of the event is posted.
 */
export function entryStanding(
  entry: { id: number; event_id: number; lead_number: number },
  posted: readonly (Parameters<typeof postedOutcome>[0] & { event_id: number })[],
  danced: readonly { entry_id: number; round_number: number; round_name: string }[],
) {
  return coupleStanding(
    String(entry.lead_number),
    posted.filter((p) => p.event_id === entry.event_id).map(postedOutcome),
    danced
      .filter((d) => d.entry_id === entry.id)
      .map((d) => ({ roundNumber: d.round_number, roundName: d.round_name })),
  );
}

/** Every posted round result of a competition (optionally of one event), in round order. */
async function postedRows(db: Db, competitionId: number, eventId?: number): Promise<PostedRow[]> {
  const rows = await publicRoundResults(db)
    .select([
      'round_results.round_id',
      'rounds.event_id',
      'rounds.round_number',
      'rounds.round_name',
      'round_results.kind',
      'round_results.placements',
      'round_results.sum_recalls',
      'round_results.final_table',
      'round_results.recalled',
      'round_results.posted_at',
    ])
    .where('round_results.competition_id', '=', competitionId)
    .$if(eventId !== undefined, (q) => q.where('rounds.event_id', '=', eventId!))
    .orderBy('rounds.round_number')
    .execute();
  return rows as PostedRow[];
}

function placingsOf(row: PostedRow, names: CoupleNames | undefined): FinalPlacing[] {
  const placements = fromJson<Record<string, number>>(row.placements, {});
  return Object.entries(placements)
    .map(([n, place]) => ({ ...coupleOf(names, n), place }))
    .sort((a, b) => a.place - b.place || Number(a.coupleNumber) - Number(b.coupleNumber));
}

/** Finalists out without a place: in the final's couples, disqualified or withdrawn, not placed. */
async function withdrawnFromFinal(db: Db, row: PostedRow, names: CoupleNames | undefined) {
  const placed = fromJson<Record<string, number>>(row.placements, {});
  const rows = await roundEntriesWithEntry(db)
    .select('entries.lead_number')
    .where('round_entries.round_id', '=', row.round_id)
    .where('entries.withdrawal', 'is not', null)
    .execute();
  return rows
    .map((r) => String(r.lead_number))
    .filter((n) => placed[n] === undefined)
    .map((n) => coupleOf(names, n))
    .sort((a, b) => Number(a.coupleNumber) - Number(b.coupleNumber));
}

/** /results: every event (schedule items left out) with its posted final placings. */
export async function resultsSummary(db: Db, competitionId: number): Promise<ResultsSummaryEvent[]> {
  const [events, posted, names] = await Promise.all([
    competitionEvents(db, competitionId),
    postedRows(db, competitionId),
    coupleNames(db, competitionId),
  ]);
  const finals = posted.filter((p) => p.kind === 'final');
  const withdrawn = new Map(
    await Promise.all(
      finals.map(async (f) => [f.round_id, await withdrawnFromFinal(db, f, names.get(f.event_id))] as const),
    ),
  );
  return events
    .map((e) => ({ e, dances: fromJson<string[]>(e.dances, []) }))
    .filter(({ dances }) => !isScheduleItem(dances))
    .map(({ e, dances }) => {
      const mine = posted.filter((p) => p.event_id === e.id);
      const final = mine.find((p) => p.kind === 'final');
      const eventNames = names.get(e.id);
      const placings = final ? placingsOf(final, eventNames) : [];
      return {
        key: e.key,
        name: e.name,
        style: e.style,
        level: e.level,
        dances,
        teams: [
          ...new Set([...(eventNames?.values() ?? [])].map((c) => c.affiliation).filter(Boolean)),
        ].sort(),
        final: final
          ? {
              roundNumber: final.round_number,
              roundName: final.round_name,
              postedAt: final.posted_at,
              placings,
              withdrawn: withdrawn.get(final.round_id) ?? [],
            }
          : null,
        postedRounds: mine.length,
        reached: reachedInRecalls(mine, eventNames, new Set(placings.map((p) => p.coupleNumber))),
      };
    });
}

/** Each couple of the posted recall rounds, at the last one they danced, unless placed in the final. */
function reachedInRecalls(posted: PostedRow[], names: CoupleNames | undefined, placed: ReadonlySet<string>) {
  const last = new Map<string, { roundName: string; recalled: boolean }>();
  for (const row of posted) {
    if (row.kind !== 'recall') continue;
    const recalled = new Set(fromJson<string[]>(row.recalled, []));
    for (const { couple } of fromJson<{ couple: string }[]>(row.placements, []))
      last.set(couple, { roundName: row.round_name, recalled: recalled.has(couple) });
  }
  return [...last]
    .filter(([n]) => !placed.has(n))
    .map(([n, at]) => ({ ...coupleOf(names, n), ...at }))
    .sort((a, b) => Number(a.coupleNumber) - Number(b.coupleNumber));
}

/** /results/{event}: every posted round with its working; names only of the rounds still to come. */
export async function eventResults(db: Db, competitionId: number, event: EventRow): Promise<EventResults> {
  const [posted, names, rounds] = await Promise.all([
    postedRows(db, competitionId, event.id),
    coupleNames(db, competitionId, event.id),
    db
      .selectFrom('rounds')
      .select(['round_number', 'round_name', 'round_state'])
      .where('event_id', '=', event.id)
      .orderBy('round_number')
      .execute(),
  ]);
  const eventNames = names.get(event.id);
  const out: PostedRound[] = [];
  for (const row of posted) {
    if (row.kind === 'final') {
      out.push({
        kind: 'final',
        roundNumber: row.round_number,
        roundName: row.round_name,
        postedAt: row.posted_at,
        placings: placingsOf(row, eventNames),
        withdrawn: await withdrawnFromFinal(db, row, eventNames),
        ...splitFinalTable<MultiDanceResult>(fromJson<unknown>(row.final_table, null)),
      });
      continue;
    }
    // The round is posted, so its marks are public: who marked whom in which dance.
    const ctx = await loadRound(db, competitionId, event.key, row.round_number);
    const judges = ctx.judges.map((j) => j.label);
    const labelOf = new Map(ctx.judges.map((j) => [j.id, j.label]));
    const placements = fromJson<{ couple: string; marks: number }[]>(row.placements, []);
    const extra = fromJson<{ byJudge?: Record<string, Record<string, number>>; ajs?: StoredAjsResult }>(
      row.final_table,
      {},
    );
    const recalled = new Set(fromJson<string[]>(row.recalled, []));
    const byDance = new Map<string, Record<string, string[]>>();
    for (const m of ctx.marks) {
      const label = labelOf.get(m.officialId);
      if (!label || !Array.isArray(m.value) || !ctx.marking.dances.includes(m.dance)) continue;
      for (const n of m.value) {
        let d = byDance.get(n);
        if (!d) byDance.set(n, (d = {}));
        (d[m.dance] ??= []).push(label);
      }
    }
    const order = new Map(judges.map((j, i) => [j, i]));
    for (const d of byDance.values())
      for (const list of Object.values(d)) list.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    out.push({
      kind: 'recall',
      roundNumber: row.round_number,
      roundName: row.round_name,
      postedAt: row.posted_at,
      judges,
      dances: [...ctx.marking.dances],
      couples: placements.map((p) => ({
        ...coupleOf(eventNames, p.couple),
        marks: p.marks,
        byJudge: extra.byJudge?.[p.couple] ?? {},
        byDance: byDance.get(p.couple) ?? {},
        recalled: recalled.has(p.couple),
      })),
      ...(extra.ajs ? { ajs: readStoredAjs(extra.ajs) } : {}),
    });
  }
  const postedNumbers = new Set(posted.map((p) => p.round_number));
  return {
    event: {
      key: event.key,
      name: event.name,
      style: event.style,
      level: event.level,
      dances: fromJson<string[]>(event.dances, []),
    },
    rounds: out,
    pending: rounds
      .filter((r) => !postedNumbers.has(r.round_number) && r.round_state !== RoundState.Skipped)
      .map((r) => ({ roundNumber: r.round_number, roundName: r.round_name })),
  };
}

/** A competitor's events that have anything posted: final place, or how far the couple got. */
export async function competitorResults(
  db: Db,
  competitionId: number,
  competitorId: number,
): Promise<CompetitorResult[]> {
  await findOwned(db, 'competitors', competitionId, competitorId, `Competitor #${competitorId}`);
  const entries = await entriesWithEvent(db)
    .select([...dancerEntryColumns, 'events.key', 'events.name'])
    .where('entries.competition_id', '=', competitionId)
    .where((eb) =>
      eb.or([eb('entries.lead_id', '=', competitorId), eb('entries.follow_id', '=', competitorId)]),
    )
    .orderBy('events.sort_order')
    .orderBy('events.id')
    .orderBy('entries.id')
    .execute();
  if (entries.length === 0) return [];
  const [posted, danced] = await Promise.all([
    postedRows(db, competitionId),
    roundEntriesWithRound(db)
      .select(['round_entries.entry_id', 'rounds.round_number', 'rounds.round_name', 'rounds.round_state'])
      .where(
        'round_entries.entry_id',
        'in',
        entries.map((e) => e.id),
      )
      .orderBy('rounds.round_number')
      .execute(),
  ]);
  const out: CompetitorResult[] = [];
  for (const e of entries) {
    const n = String(e.lead_number);
    const standing = entryStanding(e, posted, danced);
    if (!standing) continue;
    out.push({
      eventKey: e.key,
      eventName: e.name,
      coupleNumber: n,
      partner: e.lead_id === competitorId ? e.follow_name : e.lead_name,
      place: standing.place,
      roundReached: standing.roundReached,
      out: standing.out,
      finalPosted: standing.finalPosted,
    });
  }
  return out;
}

export const RESULTS_CSV_HEADER = [
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
  /** AJS rounds: the tolerance they were scored with; empty for the Skating System. */
  'AJS tolerance',
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
      const a = round.ajs;
      const dances = t ? Object.keys(t.perDance) : a ? Object.keys(a.dances) : [];
      for (const p of round.placings) {
        const c = p.coupleNumber;
        // AJS: each dance's score (the sum of its components) and the total score, two decimals as published.
        const ajsTotal = (x: number | undefined) => (x === undefined ? '' : formatAjsTotal(x));
        const byDance = dances
          .map((d) => `${d} ${t?.perDance[d]?.[c] ?? ajsTotal(a?.dances[d]?.[c]?.total)}`)
          .join('; ');
        const total = t
          ? (t.totals[c] ?? null)
          : a?.totals[c] !== undefined
            ? formatAjsTotal(a.totals[c])
            : null;
        rows.push([...base(p), p.place, null, null, byDance, total, a?.tolerance ?? null]);
      }
    } else {
      const a = round.ajs;
      for (const c of round.couples) {
        // Under AJS the recall "marks" are the couple's total score.
        const marks = a ? formatAjsTotal(c.marks) : c.marks;
        rows.push([...base(c), null, marks, c.recalled ? 'yes' : 'no', null, null, a?.tolerance ?? null]);
      }
    }
  }
  return rows;
}

/** One event's posted results as CSV. */
export const eventResultsCsv = (r: EventResults): string => toCsv([RESULTS_CSV_HEADER, ...csvRows(r)]);

/** The whole competition's posted results as one CSV, event by event in running order. */
export async function competitionResultsCsv(db: Db, competitionId: number): Promise<string> {
  const rows: Cell[][] = [];
  for (const e of await competitionEvents(db, competitionId)) {
    if (isScheduleItem(fromJson<string[]>(e.dances, []))) continue;
    rows.push(...csvRows(await eventResults(db, competitionId, e)));
  }
  return toCsv([RESULTS_CSV_HEADER, ...rows]);
}
