import { z } from 'zod';
import { ROUND_TYPES } from '../rounds/formats.ts';
import { longText, version } from './common.ts';
import { eventRef, roundRef } from './parts.ts';
import { ajsResult, finalPlacing } from './results.ts';
import { AJS_COMPONENTS, AJS_GROUPS } from '../scoring/ajs.ts';

/** Couple numbers travel as text (they are JSON object keys in finals). */
const coupleNumber = z.string().regex(/^\d{1,6}$/, { error: 'Couple numbers are whole numbers, e.g. "112"' });

/**
 * One dance: recall = couple numbers marked; final = couple number → place; AJS final = couple number
 * → the judge's component scores ({"TQ": 8.5, "MM": 8.75}), checked against the scale, its steps and
 * the judge's components by the domain (src/domain/marking.ts) so the message names what is wrong.
 */
export const markValue = z.union([
  z.array(coupleNumber).max(500),
  z.record(coupleNumber, z.number().int({ error: 'Places are whole numbers' }).min(1).max(500)),
  z.record(coupleNumber, z.record(z.string().max(10), z.unknown())),
]);

/** A stored mark's value as the reads show it (the three shapes above). */
const storedValue = z.union([
  z.array(z.string()),
  z.record(z.string(), z.number()),
  z.record(z.string(), z.record(z.string(), z.number())),
]);

/** PUT …/marks/{officialId}: {dance: value}, one or several dances of the round. */
export const marksBody = z
  .record(z.string().min(1).max(100), markValue)
  .refine((v) => Object.keys(v).length > 0 && Object.keys(v).length <= 20, {
    error: 'Send the marks of at least one dance',
  });
export type MarksBody = z.infer<typeof marksBody>;

export const marksQuery = z.object({
  /** A judge's wrong recall count is accepted only when they confirmed it (flagged to the scrutineer). */
  override: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /** Scrutineer entry from a judge's paper sheet. */
  source: z.enum(['paper', 'scrutineer']).optional(),
});

/** POST …/marks/{officialId}/unlock: the chairman lets a judge change submitted dances. */
export const unlockBody = z
  .object({
    dances: z.array(z.string().min(1).max(100)).min(1, { error: 'Name the dances to unlock' }).max(20),
    reason: longText('The reason', 500).min(3, { error: 'Say why the marks are unlocked' }),
  })
  .strict();

export const marksUnlocked = z.object({
  message: z.string(),
  officialId: z.number(),
  dances: z.array(z.string()),
});

/** One stored version of one judge's mark of one dance, oldest first. */
export const markHistoryEntry = z.object({
  officialId: z.number(),
  judge: z.string(),
  dance: z.string(),
  version: z.number(),
  value: storedValue,
  source: z.string(),
  /** The scrutineer changed a locked dance from the paper sheet. */
  correction: z.boolean(),
  receipt: z.string().nullable(),
  submittedAt: z.string(),
  submittedBy: z.string(),
});
export const markHistoryView = z.object({ entries: z.array(markHistoryEntry) });
export type MarkHistoryEntry = z.infer<typeof markHistoryEntry>;

export const tieDecisions = ['includeTied', 'excludeTied'] as const;
export type TieDecision = (typeof tieDecisions)[number];

export const resultsBody = z
  .object({ tieDecision: z.enum(tieDecisions).optional(), version: version.optional() })
  .strict();

/** The chairman approves the computation they saw: `version` of the result (stale → 409). */
export const approveBody = z.object({ version: version.optional() }).strict();

/**
 * POST …/rounds/{n}/post: what posting did, in English (`message`) and as data the web words in the
 * reader's language: the couples handed on to the next round, or a final's results emailed.
 */
export const roundPosted = z.object({
  message: z.string(),
  roundName: z.string(),
  eventName: z.string(),
  /** Null for a final (nothing comes after it). */
  next: z
    .object({
      roundName: z.string(),
      recalled: z.number(),
      /** Star couples joining the next round, by number. */
      stars: z.array(z.string()),
      /** The redance of the couples not recalled, when the format has one. */
      redance: z.object({ roundName: z.string(), couples: z.number() }).nullable(),
      /** The next round has couples and waits to be started. */
      toStart: z.boolean(),
    })
    .nullable(),
  /** Dancers the final's results were emailed to. */
  mailed: z.number(),
});
export type RoundPosted = z.infer<typeof roundPosted>;

export const unpostBody = z
  .object({
    reason: longText('The reason', 500).min(3, { error: 'Say why the result is un-posted' }),
  })
  .strict();

/** One judge's mark of one dance as GET marks shows it. */
export const markView = z.object({
  value: storedValue,
  version: z.number(),
  source: z.enum(['judge', 'scrutineer', 'paper']),
  countOverride: z.boolean(),
  submittedAt: z.string(),
  submittedBy: z.string(),
  /** Submitted, so a judge's change is refused until the chairman unlocks it. */
  locked: z.boolean(),
  /** The receipt of the submission that stored it (null for marks saved before receipts). */
  receipt: z.string().nullable(),
});
export type MarkView = z.infer<typeof markView>;

/** dance → official id → mark. */
const marksByDance = z.record(z.string(), z.record(z.string(), markView));

/** A panel group: the two components one judge scores (docs/ajs.md, "Panel split"). */
const ajsGroup = z.enum(AJS_GROUPS, { error: 'A group is "TQ+PS" or "MM+CP"' });

/** The dances with separate scores: dances of the round, each once. */
const separateDances = z
  .array(
    z
      .string({ error: 'A dance is its name, e.g. "Samba"' })
      .max(40, { error: 'No dance has so long a name' }),
    {
      error: 'separateDances must be a list of dances',
    },
  )
  .max(20, { error: 'A round has at most 20 dances' });

/** PUT …/rounds/{n}/ajs-panel: each judge's group, set by hand, and the dances with separate scores. */
export const ajsPanelBody = z
  .object({
    version,
    groups: z.record(
      z.string().regex(/^\d{1,9}$/, { error: 'Judges are named by their official id, e.g. "12"' }),
      ajsGroup,
      {
        error: 'groups must map each judge (official id) to "TQ+PS" or "MM+CP"',
      },
    ),
    separateDances,
  })
  .strict();
export type AjsPanelBody = z.infer<typeof ajsPanelBody>;

/** POST …/rounds/{n}/ajs-panel/draw: the groups drawn at random; the dances with separate scores kept unless given. */
export const ajsPanelDrawBody = z.object({ version, separateDances: separateDances.optional() }).strict();
export type AjsPanelDrawBody = z.infer<typeof ajsPanelDrawBody>;

/** A round's own AJS panel as stored (rounds.ajs_panel) and exported. */
export const roundAjsPanel = z
  .object({
    groups: z.record(
      z.string().regex(/^\d{1,9}$/, { error: 'Judges are named by their official id' }),
      ajsGroup,
    ),
    separateDances,
    how: z.enum(['drawn', 'set']),
    seed: z.number().int().optional(),
  })
  .strict();

/** A round's AJS panel as the scrutineer's and the judges' screens read it (with `ajsComponents`). */
export const ajsPanelView = z.object({
  /**
   * Where the split comes from: 'drawn' or 'set' for this round by the scrutineer; otherwise the
   * organizer's split for the event ('event') or the default by panel position ('default').
   */
  source: z.enum(['default', 'event', 'drawn', 'set']),
  /** Dances where each component gets its own score; in the others one score counts for both. */
  separateDances: z.array(z.string()),
  /** The round has marks: its panel can no longer change. */
  fixed: z.boolean(),
  /** The round's version, for PUT …/ajs-panel and the draw. */
  version: z.number(),
  /** The draw's seed (the same seed draws the same groups from the same panel), null when not drawn. */
  seed: z.number().nullable(),
});
export type AjsPanelView = z.infer<typeof ajsPanelView>;

/** GET …/rounds/{n}/ajs-panel: an AJS round's split (official id → components) and its panel. */
export const roundAjsPanelView = z.object({
  ajsComponents: z.record(z.string(), z.array(z.enum(AJS_COMPONENTS))),
  ajsPanel: ajsPanelView,
});
export type RoundAjsPanelView = z.infer<typeof roundAjsPanelView>;

/** PUT …/ajs-panel and its draw: the round's split and panel after the change. */
export const ajsPanelSaved = roundAjsPanelView.extend({ message: z.string() });

/** A round as a marking screen sees it. */
export const markingRound = z.object({
  ...roundRef,
  roundState: z.number(),
  /** 'ajs': a final scored under WDSF AJS 3.0, each judge scoring their components (docs/ajs.md). */
  kind: z.enum(['recall', 'final', 'ajs']),
  recallSize: z.number(),
  /** AJS: official id → the components that judge scores (absent otherwise). */
  ajsComponents: z.record(z.string(), z.array(z.enum(AJS_COMPONENTS))).optional(),
  /** Couples each judge marks per dance in a recall round. */
  marksPerDance: z.number().nullable(),
  couples: z.array(z.string()),
  /** The couples among them who are star couples joining at this round (shown with ★). */
  stars: z.array(z.string()),
  /** 'redance': the couples not recalled from the round before dance again. */
  type: z.enum(ROUND_TYPES),
  dances: z.array(z.string()),
});

const missingMark = z.object({ officialId: z.number(), judge: z.string(), dance: z.string() });

const roundSummary = z.object({
  round: markingRound,
  missing: z.array(missingMark),
  /** Every panel judge has submitted every dance: the round can be computed. */
  complete: z.boolean(),
});

/** GET …/rounds/{n}/marks. */
export const roundMarksView = roundSummary.extend({
  /** The panel in order; `label` is the letter, or the name when no letter is set. */
  judges: z.array(z.object({ id: z.number(), name: z.string(), letter: z.string(), label: z.string() })),
  marks: marksByDance,
});
export type RoundMarksView = z.infer<typeof roundMarksView>;

/** PUT …/marks/{officialId}: the judge's marks as saved, and the round after them. */
export const marksSaved = roundSummary.extend({
  message: z.string(),
  officialId: z.number(),
  marks: marksByDance,
  /** Wrong recall counts the judge confirmed (flagged to the scrutineer). */
  countProblems: z.array(z.string().nullable()),
  /** Checksum of exactly what is stored for the dances sent (src/domain/marking/receipt.ts). */
  receipt: z.string(),
  /** Locked dances the scrutineer changed from the paper sheet in this submission. */
  paperCorrections: z.array(z.string()),
});

/** POST …/rounds/{n}/start. */
export const roundStarted = roundSummary.extend({
  message: z.string(),
  /** It was running before this command (nothing changed): the web says so in the reader's language. */
  alreadyRunning: z.boolean(),
  round: markingRound.extend({ version: z.number() }),
});
export type RoundStarted = z.infer<typeof roundStarted>;

/** GET /judges/{officialId}/rounds: the rounds a judge marks now with their own marks. */
export const judgeRounds = z.object({
  judge: z.object({ id: z.number(), name: z.string(), letter: z.string() }),
  rounds: z.array(
    markingRound.extend({
      ...eventRef,
      scheduleIndex: z.number(),
      version: z.number(),
      /**
       * The couples heat by heat as the deck captain lines them up (heats in order, numbers ascending
       * within a heat); one heat when the round is not split. The tablet shows them this way.
       */
      heats: z.array(z.object({ heat: z.number(), couples: z.array(z.string()) })),
      marks: marksByDance,
      /** Dances the judge has still to mark. */
      missing: z.array(z.string()),
    }),
  ),
});
export type JudgeRounds = z.infer<typeof judgeRounds>;

/** Shared by both kinds: `computedAt`/`version`/approval are shown to staff only. */
const resultsMeta = {
  posted: z.boolean(),
  postedAt: z.string().nullable(),
  computedAt: z.string().optional(),
  version: z.number().optional(),
  /** The chairman's approval of this computation (staff only); null until approved. */
  approvedAt: z.string().nullable().optional(),
  approvedBy: z.string().nullable().optional(),
  /** Checksum of every mark of the round as stored (src/domain/marking/receipt.ts), for the results sheet. */
  marksChecksum: z.string().optional(),
  /**
   * The audit trail's head noted when the result was posted (null: not posted, or posted before heads
   * were noted): printed on the results sheet, so records removed after it are found by verify.
   */
  chainHead: z.string().nullable().optional(),
};

const markCountProblem = z.object({
  dance: z.string(),
  judge: z.string(),
  marked: z.number(),
  requested: z.number(),
  message: z.string(),
});

/** GET/POST round results of a recall round. The public sees placements, sumRecalls, byJudge, recalled. */
export const recallResultsView = z.object({
  kind: z.literal('recall'),
  /** Couples by tally, most marks first. */
  placements: z.array(z.object({ couple: z.string(), marks: z.number() })),
  /** Tally per couple. */
  sumRecalls: z.record(z.string(), z.number()),
  /** Tally per couple by judge letter. */
  byJudge: z.record(z.string(), z.record(z.string(), z.number())),
  recalled: z.array(z.string()),
  /** An AJS round: the component scores and totals (placements' marks are then the totals). */
  ajs: ajsResult.nullable().optional(),
  ...resultsMeta,
  /** Staff only from here on. */
  cutoffMarks: z.number().optional(),
  tiedAtCutoff: z.array(z.string()).optional(),
  tieDecision: z.enum(tieDecisions).nullable().optional(),
  /** How many couples each tie decision recalls. */
  options: z.object({ includeTied: z.number(), excludeTied: z.number() }).optional(),
  markCountProblems: z.array(markCountProblem).optional(),
});
export type RecallResultsView = z.infer<typeof recallResultsView>;

export const finalResultsView = z.object({
  kind: z.literal('final'),
  placements: z.record(z.string(), z.number()),
  /** The engine's working (per dance tables, Rule 10/11 steps, summary); null for an AJS final. */
  finalTable: z.unknown(),
  /** An AJS final's result: per dance each couple's component scores, totals, places. */
  ajs: ajsResult.nullable().optional(),
  ...resultsMeta,
});
export type FinalResultsView = z.infer<typeof finalResultsView>;

export const resultsView = z.discriminatedUnion('kind', [recallResultsView, finalResultsView]);
export type ResultsView = z.infer<typeof resultsView>;

/** GET …/events/{eventKey}/results: the saved final placings. */
export const eventFinalResults = z.object({
  event: z.string(),
  placements: z.record(z.string(), z.number()),
  couples: z.array(finalPlacing),
  finalTable: z.unknown(),
  ajs: ajsResult.nullable().optional(),
  roundNumber: z.number(),
  postedAt: z.string(),
});
