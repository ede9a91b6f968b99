/**
 * The public results reads (GET …/results, …/results/{eventKey}, …/competitors/{id}/results):
 * shown once a round is posted.
 */
import { z } from 'zod';
import { coupleNames, eventInfo, eventRef, postedRoundRef, roundRef } from './parts.ts';
import type { MultiDanceResult } from '../scoring/types.ts';
import type { StoredAjsResult } from '../scoring/ajs.ts';
import { WITHDRAWAL_KINDS } from '../rounds/formats.ts';

/**
 * The scoring engine's whole working of a final, typed by scoring/types.ts and not restated here:
 * the engine is its one definition (and its tests check its shape).
 */
const multiDanceResult = z.unknown() as unknown as z.ZodType<MultiDanceResult>;

/** An AJS 3.0 final's result (src/domain/scoring/ajs.ts): components per dance, totals, places. */
export const ajsResult = z.unknown() as unknown as z.ZodType<StoredAjsResult>;

export const resultCouple = z.object({
  coupleNumber: z.string(),
  ...coupleNames,
  /** Set when the chairman disqualified the couple or recorded its withdrawal. */
  status: z.enum(WITHDRAWAL_KINDS).optional(),
});
export type ResultCouple = z.infer<typeof resultCouple>;

export const finalPlacing = resultCouple.extend({ place: z.number() });
export type FinalPlacing = z.infer<typeof finalPlacing>;

/** One event on /results: its posted final placings, or null while the final is not posted. */
export const resultsSummaryEvent = z.object({
  ...eventInfo,
  /** Teams of the event's couples, for the team filter. */
  teams: z.array(z.string()),
  final: z
    .object({
      ...postedRoundRef,
      placings: z.array(finalPlacing),
      /** Finalists out without a place (disqualified, or withdrew before the final started). */
      withdrawn: z.array(resultCouple),
    })
    .nullable(),
  /** How many rounds of the event are posted (recalls included). */
  postedRounds: z.number(),
  /**
   * Couples of its posted recall rounds not placed in a posted final, each with the last posted round
   * they danced and whether they were recalled from it: so a search finds every couple, not finalists only.
   */
  reached: z.array(resultCouple.extend({ roundName: z.string(), recalled: z.boolean() })),
});
export type ResultsSummaryEvent = z.infer<typeof resultsSummaryEvent>;

/** Whether the page is shown is the competition's `resultsPageShown` (one source, live on `competition`). */
export const resultsSummary = z.object({
  competition: z.object({ key: z.string(), fullName: z.string() }),
  events: z.array(resultsSummaryEvent),
});
export type ResultsSummary = z.infer<typeof resultsSummary>;

/** A posted recall round: every couple's tally, by judge and by dance, and who was recalled. */
export const postedRecallRound = z.object({
  kind: z.literal('recall'),
  ...postedRoundRef,
  /** Judge labels (letters) in panel order. */
  judges: z.array(z.string()),
  dances: z.array(z.string()),
  couples: z.array(
    resultCouple.extend({
      /** Total marks over all judges and dances (sumRecalls). */
      marks: z.number(),
      /** Marks per judge over all dances. */
      byJudge: z.record(z.string(), z.number()),
      /** dance → judges who marked this couple in it. */
      byDance: z.record(z.string(), z.array(z.string())),
      recalled: z.boolean(),
    }),
  ),
  /** An AJS round: component scores and totals (each couple's `marks` is then its total). */
  ajs: ajsResult.nullable().optional(),
});
export type PostedRecallRound = z.infer<typeof postedRecallRound>;

/** A posted final: placings with names and the scoring engine's whole working. */
export const postedFinalRound = z.object({
  kind: z.literal('final'),
  ...postedRoundRef,
  placings: z.array(finalPlacing),
  /** Finalists out without a place (disqualified, or withdrew before the final started). */
  withdrawn: z.array(resultCouple),
  finalTable: multiDanceResult.nullable(),
  /** The AJS result when the final was scored under AJS 3.0 (finalTable is then null). */
  ajs: ajsResult.nullable().optional(),
});
export type PostedFinalRound = z.infer<typeof postedFinalRound>;

export const postedRound = z.discriminatedUnion('kind', [postedRecallRound, postedFinalRound]);
export type PostedRound = z.infer<typeof postedRound>;

export const eventResults = z.object({
  event: z.object(eventInfo),
  /** Posted rounds in the order danced; empty when nothing is posted yet. */
  rounds: z.array(postedRound),
  /** Rounds not posted yet (names only: nothing of their marks). */
  pending: z.array(z.object(roundRef)),
});
export type EventResults = z.infer<typeof eventResults>;

/** One event of a competitor, as their page shows it once anything of the event is posted. */
export const competitorResult = z.object({
  ...eventRef,
  coupleNumber: z.string(),
  partner: z.string(),
  /** Place in the posted final, or null. */
  place: z.number().nullable(),
  /** The last round the couple danced in (or were recalled to), or null. */
  roundReached: z.string().nullable(),
  /** True when the couple's event ended for them in a posted recall round. */
  out: z.boolean(),
  finalPosted: z.boolean(),
});
export type CompetitorResult = z.infer<typeof competitorResult>;
