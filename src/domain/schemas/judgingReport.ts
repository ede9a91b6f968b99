/**
 * The chairman's report on the judging (GET …/judging-report): per judge and posted round, how far
 * the judge's marks were from the panel's result, and whether they stand out (docs/judging-report.md).
 */
import { z } from 'zod';

/** The couple and the dance a judge's mark is about (a shape spread in place, as in parts.ts). */
const coupleInDance = { dance: z.string(), couple: z.string() };

/** A couple the judge placed, against the place the dance's official working gave it. */
export const placingAway = z.object({
  ...coupleInDance,
  /** The judge's own place for the couple in this dance. */
  own: z.number(),
  /** The couple's official place in this dance (a shared place is a mean, 2.5). */
  official: z.number(),
  /** |own − official|. */
  away: z.number(),
});
export type PlacingAway = z.infer<typeof placingAway>;

/** A Skating System final: the judge's places against the official places, dance by dance. */
export const skatingFinalDetails = z.object({
  system: z.literal('skating-final'),
  /** Places away summed over every couple and dance. */
  sum: z.number(),
  /** How many places the judge gave (couples × dances). */
  marks: z.number().int(),
  /** The couples placed 2 or more places from their official place, dance by dance. */
  farAway: z.array(placingAway),
  dances: z.array(z.object({ dance: z.string(), sum: z.number(), couples: z.array(placingAway) })),
});

/** Crosses counted against a round's recall, with the couples they concern (by number). */
const crossCount = z.object({ count: z.number().int(), couples: z.array(z.string()) });

/** A Skating System recall round (heat, quarter-final, semi-final). */
export const skatingRecallDetails = z.object({
  system: z.literal('skating-recall'),
  /** Every cross the judge gave, over all dances. */
  crossesGiven: z.number().int(),
  /** Crosses given to couples who were not recalled. */
  toNotRecalled: crossCount,
  /** Crosses the judge could have given to recalled couples and did not (one per couple and dance). */
  withheldFromRecalled: crossCount,
});

/** A score of the judge the tolerance left out of the component score. */
export const droppedScore = z.object({
  ...coupleInDance,
  score: z.number(),
  median: z.number(),
});
export type DroppedScore = z.infer<typeof droppedScore>;

/** An AJS 3.0 round: per component the judge scored, the distance from the component's median. */
export const ajsDetails = z.object({
  system: z.literal('ajs'),
  components: z.array(
    z.object({
      component: z.enum(['TQ', 'MM', 'PS', 'CP']),
      /** How many scores the judge gave in this component (couples × dances). */
      scores: z.number().int(),
      /** Mean of |score − median| over those scores, in points. */
      meanFromMedian: z.number(),
      /** The median of that mean over the judges who scored this component. */
      panelMeanFromMedian: z.number(),
      /** Scores the tolerance left out. */
      dropped: z.array(droppedScore),
    }),
  ),
});

export const judgingDetails = z.discriminatedUnion('system', [
  skatingFinalDetails,
  skatingRecallDetails,
  ajsDetails,
]);
export type JudgingDetails = z.infer<typeof judgingDetails>;
export type JudgingSystem = JudgingDetails['system'];

/**
 * Why a judge is flagged in a round, as data (the reader's screen words it; `reasons` is its English).
 * - farAway: `count` placings (couples, when the final had one dance) `places`+ places from the official place;
 * - finalDeviation / recallShare: the judge's deviation against the panel's median (recall: shares 0–1);
 * - ajsMean: a component's mean distance from the median; ajsDropped: scores the tolerance left out.
 */
export const judgeFlag = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('farAway'),
    count: z.number().int(),
    places: z.number(),
    dances: z.number().int(),
  }),
  z.object({ kind: z.literal('finalDeviation'), deviation: z.number(), panel: z.number() }),
  z.object({
    kind: z.literal('recallShare'),
    count: z.number().int(),
    crosses: z.number().int(),
    share: z.number(),
    panel: z.number(),
  }),
  z.object({
    kind: z.literal('ajsMean'),
    component: z.enum(['TQ', 'MM', 'PS', 'CP']),
    mean: z.number(),
    panel: z.number(),
  }),
  z.object({
    kind: z.literal('ajsDropped'),
    component: z.enum(['TQ', 'MM', 'PS', 'CP']),
    dropped: z.number().int(),
    scores: z.number().int(),
  }),
]);
export type JudgeFlag = z.infer<typeof judgeFlag>;

/** One judge in one posted round. */
export const judgeRoundReport = z.object({
  eventKey: z.string(),
  eventName: z.string(),
  roundNumber: z.number().int(),
  roundName: z.string(),
  system: z.enum(['skating-final', 'skating-recall', 'ajs']),
  /**
   * How far the judge was from the result, in the system's own unit (docs/judging-report.md):
   * a final, mean places away per couple and dance; a recall, the share (0–1) of the judge's crosses
   * given to couples not recalled; AJS, mean points from the median over all the judge's scores.
   */
  deviation: z.number(),
  /** The median of `deviation` over the round's panel, to compare with. */
  panelDeviation: z.number(),
  flagged: z.boolean(),
  /** Why the judge is flagged, in words a chairman reads out; empty when not flagged. */
  reasons: z.array(z.string()),
  /** The same reasons as data, one for one, for wording them in the reader's language. */
  why: z.array(judgeFlag),
  details: judgingDetails,
});
export type JudgeRoundReport = z.infer<typeof judgeRoundReport>;

export const judgingReport = z.object({
  judges: z.array(
    z.object({
      /** Null only for a judge no longer among the competition's officials (found by letter). */
      officialId: z.number().int().nullable(),
      name: z.string(),
      /** The judge's letter on the sheets ("A"), or their name when they have none. */
      label: z.string(),
      rounds: z.array(judgeRoundReport),
    }),
  ),
});
export type JudgingReport = z.infer<typeof judgingReport>;

/** `?event=` restricts the report to one event (400 when the competition has no such event). */
export const judgingReportQuery = z
  .object({ event: z.string().min(1, { error: 'event must name an event' }).max(100).optional() })
  .strict();
