/**
 * Reads one round as the marking and results commands need it: its couples, the panel, the stored
 * marks. Shared by marks/, results/ and the public reads.
 */
import type { EventRow, RoundRow } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { Db } from '../../http/db.ts';
import { fromJson } from '../../http/json.ts';
import { findEvent } from '../events/queries.ts';
import { eventRounds, regularRoundsDanced, toPlan } from './queries.ts';
import {
  heatLineUp,
  nextRegularRound,
  type FormatEntry,
  type HeatLineUp,
  type WithdrawalKind,
} from '../../../domain/rounds/index.ts';
import {
  roundAjsSplit,
  roundsUnderAjs,
  type AjsComponent,
  type RoundAjsPanel,
} from '../../../domain/scoring/ajs.ts';
import type { AjsPanelView } from '../../../domain/schemas/marks.ts';
import type { MarkingRound, MarkValue, PanelJudge, StoredMark } from '../../../domain/marking.ts';
import { roundEntriesWithEntry } from '../joins.ts';
import { judgesInMarkingOrder } from '../officials/judges.ts';

export interface RoundContext {
  event: EventRow;
  rounds: RoundRow[];
  round: RoundRow;
  /**
   * The next regular round that is not skipped, where recalled couples go (a redance in between
   * takes the others); null for the final.
   */
  next: RoundRow | null;
  /** The event's couples as the format rules see them (star couples, couples out). */
  formatEntries: FormatEntry[];
  /** Every couple put into the round, out or not (the final's list shows the couples out too). */
  entered: Set<string>;
  /** Couples out of this round (disqualified or withdrew from it or earlier), by number. */
  out: Map<string, { kind: WithdrawalKind; reason: string; fromRound: number; keepsPlace: boolean }>;
  marking: MarkingRound;
  /** AJS: where the round's split comes from, whether it is fixed, its version (absent otherwise). */
  ajsPanel?: AjsPanelView;
  /** lead number (text) → entry id, for the round's couples. */
  entryByNumber: Map<string, number>;
  /** The couples heat by heat as drawn (one heat when the round is not split). */
  heats: HeatLineUp[];
  judges: (PanelJudge & { name: string; letter: string })[];
  marks: (StoredMark & {
    id: number;
    version: number;
    source: string;
    countOverride: boolean;
    submittedAt: string;
    submittedBy: string;
    /** A judge may not change it until the chairman unlocks it. */
    locked: boolean;
    receipt: string | null;
  })[];
}

/** The round a command or read is about, as its path names it. */
export interface RoundAddress {
  eventKey: string;
  n: number;
}

export const roundLabel = (ctx: { event: EventRow; round: RoundRow }) =>
  `${ctx.round.round_name} of ${ctx.event.name}`;

/** Loads the round (404 when the event or round does not exist in this competition). */
export async function loadRound(
  db: Db,
  competitionId: number,
  eventKey: string,
  n: number,
): Promise<RoundContext> {
  const event = await findEvent(db, competitionId, eventKey);
  const rounds = await eventRounds(db, event.id);
  const round = rounds.find((r) => r.round_number === n);
  if (!round) throw new HttpError(404, 'not_found', `${event.name} has no round ${n}.`);
  const plans = rounds.map(toPlan);
  const nextPlan = nextRegularRound(plans, n);
  const next = rounds.find((r) => r.id === nextPlan?.id) ?? null;
  const eventEntries = await db
    .selectFrom('entries')
    .select([
      'lead_number',
      'joins_round',
      'withdrawal',
      'withdrawal_reason',
      'withdrawal_round',
      'withdrawal_keeps_place',
    ])
    .where('event_id', '=', event.id)
    .where('scratched', '=', 0)
    // Star couples and first-round couples are listed (and handed on) in this order.
    .orderBy('lead_number')
    .orderBy('id')
    .execute();
  const formatEntries = eventEntries.map((e) => ({
    couple: String(e.lead_number),
    joinsRound: e.joins_round,
    outFrom: e.withdrawal ? (e.withdrawal_round ?? 1) : null,
  }));
  const out = new Map(
    eventEntries
      .filter((e) => e.withdrawal && (e.withdrawal_round ?? 1) <= n)
      .map((e) => [
        String(e.lead_number),
        {
          kind: e.withdrawal as WithdrawalKind,
          reason: e.withdrawal_reason ?? '',
          fromRound: e.withdrawal_round ?? 1,
          keepsPlace: e.withdrawal_keeps_place === 1,
        },
      ]),
  );
  const inRound = await roundEntriesWithEntry(db)
    .select(['entries.id', 'entries.lead_number', 'round_entries.heat'])
    .where('round_entries.round_id', '=', round.id)
    .where('entries.scratched', '=', 0)
    .orderBy('entries.lead_number')
    .orderBy('entries.id')
    .execute();
  const couples = inRound.filter((c) => !out.has(String(c.lead_number)));
  const panel = await db
    .selectFrom('event_panels')
    .select('official_id')
    .where('event_id', '=', event.id)
    .execute();
  // No panel set for the event: every judge of the competition marks it.
  const judgeRows = await judgesInMarkingOrder(
    db,
    competitionId,
    panel.map((p) => p.official_id),
  );
  const markRows = await db
    .selectFrom('marks')
    .selectAll()
    .where('round_id', '=', round.id)
    .orderBy('id')
    .execute();
  // An AJS event scores its last rounds under AJS 3.0 (the final unless it says more); the earlier
  // ones are Skating recalls (docs/ajs.md).
  const ajs = roundsUnderAjs(regularRoundsDanced(rounds), event.scoring_system, event.ajs_rounds).includes(n);
  const dances = fromJson<string[]>(event.dances, []);
  const ownPanel = fromJson<RoundAjsPanel | null>(round.ajs_panel, null);
  const split = ajs
    ? roundAjsSplit(
        judgeRows.map((j) => String(j.id)),
        dances,
        next === null,
        ownPanel,
        fromJson<{ [officialId: string]: AjsComponent[] } | null>(event.ajs_components, null),
      )
    : null;
  return {
    event,
    rounds,
    round,
    next,
    formatEntries,
    entered: new Set(inRound.map((c) => String(c.lead_number))),
    out,
    marking: {
      kind: ajs ? 'ajs' : next ? 'recall' : 'final',
      dances,
      couples: couples.map((c) => String(c.lead_number)),
      recallSize: round.recall_size,
      ...(split ? { ajsComponents: split.assignments, ajsSeparateDances: split.separateDances } : {}),
    },
    ...(split
      ? {
          ajsPanel: {
            source: split.source,
            separateDances: split.separateDances,
            fixed: markRows.length > 0,
            version: round.version,
            seed: ownPanel?.seed ?? null,
          },
        }
      : {}),
    entryByNumber: new Map(couples.map((c) => [String(c.lead_number), c.id])),
    heats: heatLineUp(couples.map((c) => ({ couple: String(c.lead_number), heat: c.heat }))),
    judges: judgeRows.map((j) => ({ id: j.id, name: j.name, letter: j.letter, label: j.letter || j.name })),
    marks: markRows.map((m) => ({
      id: m.id,
      officialId: m.official_id,
      dance: m.dance,
      value: fromJson<MarkValue>(m.value, []),
      version: m.version,
      source: m.source,
      countOverride: m.count_override === 1,
      submittedAt: m.submitted_at,
      submittedBy: m.submitted_by,
      locked: m.unlocked !== 1,
      receipt: m.receipt,
    })),
  };
}
