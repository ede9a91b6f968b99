import { z } from 'zod';
import { ROUND_TYPES, WITHDRAWAL_KINDS } from '../rounds/formats.ts';
import { coupleNames, eventInfo, eventRef, roundSlot } from './parts.ts';
import { LEVELS } from '../levels.ts';
import { ROUND_NAMINGS } from '../rounds/names.ts';
import { DANCES_BY_STYLE, STYLES } from '../styles.ts';
import { money, requiredText, type RuleProblem, shortText, version } from './common.ts';
import {
  AJS_COMPONENTS,
  AJS_TOLERANCE_MAX,
  AJS_TOLERANCE_MIN,
  AJS_TOLERANCE_STEP,
  ajsToleranceProblem,
} from '../scoring/ajs.ts';

/** Awards and Break are schedule items, not dances: an event made of one of them has no couples. */
export const SCHEDULE_ITEMS = ['Awards', 'Break'] as const;

/** An event made only of schedule items (Awards, Break): it has one slot in the day and no couples. */
export const isScheduleItem = (dances: readonly string[]): boolean =>
  dances.length > 0 && dances.every((d) => (SCHEDULE_ITEMS as readonly string[]).includes(d));

const style = z.enum(STYLES, { error: `Style must be one of: ${STYLES.join(', ')}` });
const level = z.enum(LEVELS, { error: `Level must be one of: ${LEVELS.join(', ')}` });
const dances = z
  .array(shortText('Dance'), { error: 'Choose the dances' })
  .min(1, { error: 'Choose at least one dance' })
  .max(12, { error: 'At most 12 dances' });

function checkDances(v: { style?: string; dances?: string[] }, ctx: z.RefinementCtx): void {
  if (!v.dances || !v.style) return;
  const allowed = [...(DANCES_BY_STYLE[v.style as keyof typeof DANCES_BY_STYLE] ?? []), ...SCHEDULE_ITEMS];
  v.dances.forEach((d, i) => {
    if (!allowed.includes(d))
      ctx.addIssue({
        code: 'custom',
        path: ['dances', i],
        message: `${d} is not a ${v.style} dance`,
        params: { reason: 'danceNotOfStyle', dance: d, style: v.style! } satisfies RuleProblem,
      });
  });
  if (new Set(v.dances).size !== v.dances.length)
    ctx.addIssue({
      code: 'custom',
      path: ['dances'],
      message: 'A dance is listed twice',
      params: { reason: 'danceTwice' } satisfies RuleProblem,
    });
}

/** How rounds before the quarter-final are named: 1/8 Final … (default) or 1st Round … */
const roundNaming = z.enum(ROUND_NAMINGS, {
  error: `Round naming must be one of: ${ROUND_NAMINGS.join(', ')}`,
});

/** How the final is scored: the Skating System (default) or WDSF AJS 3.0 (docs/ajs.md). */
export const SCORING_SYSTEMS = ['skating', 'ajs'] as const;
export type ScoringSystem = (typeof SCORING_SYSTEMS)[number];
const scoringSystem = z.enum(SCORING_SYSTEMS, {
  error: `Scoring system must be one of: ${SCORING_SYSTEMS.join(', ')}`,
});

/** AJS: official id → the components that judge scores; null takes the default split of the panel. */
export const ajsComponents = z
  .record(
    z.string().regex(/^\d{1,9}$/, { error: 'Name each judge by their official id, e.g. "12"' }),
    z
      .array(z.enum(AJS_COMPONENTS, { error: `Components are ${AJS_COMPONENTS.join(', ')}` }))
      .min(1, { error: 'Give each judge at least one component' })
      .max(4),
  )
  .nullable();

const ajsRounds = z
  .number({ error: 'AJS rounds must be a number' })
  .int({ error: 'AJS rounds must be a whole number' })
  .min(1, { error: 'AJS scores at least the final (1)' })
  .max(10, { error: 'At most 10 AJS rounds' });

/** AJS: how far from its median a score may lie and still count (0.5–3 in steps of 0.05; docs/ajs.md). */
export const ajsTolerance = z.number({ error: 'Tolerance must be a number' }).superRefine((v, ctx) => {
  const problem = ajsToleranceProblem(v);
  const params: RuleProblem = {
    reason: 'ajsTolerance',
    min: AJS_TOLERANCE_MIN,
    max: AJS_TOLERANCE_MAX,
    step: AJS_TOLERANCE_STEP,
  };
  if (problem) ctx.addIssue({ code: 'custom', message: problem, params });
});

export const eventFields = z.object({
  name: requiredText('Event name'),
  style,
  level,
  dances,
  /** Default 'fraction' for a new event; changing it renames the rounds named by position. */
  roundNaming: roundNaming.optional(),
  /** Default 'skating'. */
  scoringSystem: scoringSystem.optional(),
  ajsComponents: ajsComponents.optional(),
  /** AJS: rounds scored under AJS counted back from the final (default 1, the final only). */
  ajsRounds: ajsRounds.optional(),
  /** AJS: the tolerance (default 1.5, Opens and other competitions; 1.2 Grand Slam / championship). */
  ajsTolerance: ajsTolerance.optional(),
  /** The fee per dancer of this event whatever the tier (a team match, a solo); null: the tier's fee. */
  fee: money('Event fee').nullable().optional(),
});

export const eventCreate = eventFields.strict().superRefine(checkDances);
export type EventCreate = z.infer<typeof eventCreate>;

export const eventPatch = eventFields
  .partial()
  .extend({ version: version.optional() })
  .strict()
  .superRefine(checkDances);
export type EventPatch = z.infer<typeof eventPatch>;

export const eventGridCreate = z
  .object({
    cells: z
      .array(z.object({ style, level }).strict())
      .min(1, { error: 'Tick at least one style × level cell' })
      .max(60, { error: 'At most 60 events at once' }),
    /** Added to every name, e.g. " – Day 2", to tell a second set apart. */
    suffix: shortText('Name suffix').default(''),
  })
  .strict();
export type EventGridCreate = z.infer<typeof eventGridCreate>;

export const eventDeleteQuery = z.object({
  /** Needed when the event has marks: its data is then archived in the audit trail. */
  confirm: z.enum(['true', 'false']).optional(),
});

export const roundAdd = z
  .object({
    after: z.number({ error: 'after must be a round number' }).int().min(0),
    name: shortText('Round name').optional(),
    recallSize: z.number().int().min(0).max(10_000).optional(),
  })
  .strict();

export const roundPatch = z
  .object({
    scheduleIndex: z.number({ error: 'Schedule index must be a number' }).min(0).max(100_000),
    roundStartTime: z.iso
      .datetime({ offset: true, error: 'Start time must be a date and time like 2026-11-21T09:00:00Z' })
      .nullable(),
    recallSize: z.number({ error: 'Recall size must be a number' }).int().min(0).max(10_000),
    roundState: z.number().int().min(0).max(5),
    roundName: requiredText('Round name'),
    /** One of the competition's floors. */
    floor: requiredText('Floor'),
    version,
  })
  .partial()
  .strict();
export type RoundPatch = z.infer<typeof roundPatch>;

export const roundGenerate = z
  .object({
    /** Recall sizes to use instead of the defaults, first round first (the Final's is ignored). */
    recallSizes: z.array(z.number().int().min(0).max(10_000)).max(20).optional(),
    /** The event version the organizer last saw. */
    version: version.optional(),
  })
  .strict();

/** The longest waiting time before a round, minutes (the longest minimum rest). */
export const MAX_WAIT_MINUTES = 240;

/** The whole running order in its new order: one entry per round id. */
export const scheduleReorder = z
  .object({
    order: z.array(z.string().max(200)).min(1).max(2_000),
    /**
     * Rounds to move to another floor, by round id: applied with the order, e.g. an
     * accepted POST …/schedule/suggest. Rounds not listed stay on their floor.
     */
    floors: z.record(z.string().max(200), z.string().max(200)).optional(),
    /**
     * Waiting time before rounds, minutes (0–240; 0 takes it away), by round id: applied with the
     * order, e.g. the waits of an accepted suggestion. Rounds not listed keep theirs.
     */
    waits: z.record(z.string().max(200), z.number().int().min(0).max(MAX_WAIT_MINUTES)).optional(),
    /** The schedule version the client last saw. */
    version: z.string().max(200).optional(),
  })
  .strict();
export type ScheduleReorder = z.infer<typeof scheduleReorder>;

/** POST …/schedule/suggest: what the suggestion must keep, and how long it may search. */
export const scheduleSuggestRequest = z
  .object({
    /**
     * On each floor, between its Awards and Breaks, rounds follow these styles in this order (styles
     * not listed after them), and within a style these levels in this order.
     */
    keepOrder: z
      .object({ styles: z.array(style).max(20).optional(), levels: z.array(level).max(40).optional() })
      .strict()
      .optional(),
    /** Milliseconds the search may take (default 1,200). */
    budgetMs: z.number().int().min(50).max(2_000).optional(),
  })
  .strict();
export type ScheduleSuggestRequest = z.infer<typeof scheduleSuggestRequest>;

export const panelPut = z
  .object({
    officialIds: z.array(z.number().int().positive()).max(100),
    version: version.optional(),
  })
  .strict();

// ---- Answers -------------------------------------------------------------------------------------

/** A couple in an event as GET …/events and GET …/events/{eventKey}/entries show it. */
export const eventEntryView = z.object({
  id: z.number().int(),
  /** The same as `id` (api.md names it entryId). */
  entryId: z.number().int(),
  leadId: z.number().int().nullable(),
  followId: z.number().int().nullable(),
  ...coupleNames,
  leadNumber: z.number().int(),
  registeredTime: z.string(),
  checkedIn: z.boolean(),
  scratched: z.boolean(),
  /** Star couple: the round number the couple joins at; null for everyone else. */
  joinsRound: z.number().int().nullable(),
  /**
   * Disqualified or withdrew (the chairman's record); null while competing. The reason stays in the
   * audit trail: this list is public, and a reason may be a dancer's health.
   */
  withdrawal: z.enum(WITHDRAWAL_KINDS).nullable(),
  /** The entry's version, for the star-couple and withdrawal commands. */
  version: z.number().int(),
});
export type EventEntryView = z.infer<typeof eventEntryView>;

/** POST …/events/{eventKey}/entries (201): the new entry with its version. */
export const eventEntryCreated = eventEntryView.extend({ version: z.number().int() });
export type EventEntryCreated = z.infer<typeof eventEntryCreated>;

/** One round of an event, with the couples drawn into it (heat 1 when not split). */
export const eventRoundView = z.object({
  roundNumber: z.number().int(),
  roundName: z.string(),
  roundId: z.string(),
  eventName: z.string(),
  ...roundSlot,
  recallSize: z.number().int(),
  roundState: z.number().int(),
  /** 'redance': a redance round between two regular rounds. */
  type: z.enum(ROUND_TYPES),
  entries: z.array(
    z.object({ entryId: z.number().int(), leadNumber: z.number().int(), heat: z.number().int() }),
  ),
  version: z.number().int(),
});
export type EventRoundView = z.infer<typeof eventRoundView>;

/** GET …/events: every event with its entries and rounds (the most read answer of the day). */
export const eventView = z.object({
  ...eventInfo,
  roundNaming,
  scoringSystem,
  /** The components each judge scores under AJS as set (official id → components); null: the default split. */
  ajsComponents: z.record(z.string(), z.array(z.enum(AJS_COMPONENTS))).nullable(),
  ajsRounds: z.number().int(),
  /** AJS: the tolerance its AJS rounds are scored with. */
  ajsTolerance: z.number(),
  /** Its own fee per dancer (currency units); null: the tier's fee. */
  fee: z.number().nullable(),
  entries: z.array(eventEntryView),
  rounds: z.array(eventRoundView),
  version: z.number().int(),
});
export type EventView = z.infer<typeof eventView>;
export const eventsView = z.array(eventView);

/** POST …/events/grid: the events made and the names skipped because they already exist. */
export const eventGridCreated = z.object({ created: z.array(eventView), skipped: z.array(z.string()) });
export type EventGridCreated = z.infer<typeof eventGridCreated>;

/** DELETE …/events/{eventKey}. `archived`: it had marks, now kept in the audit trail. */
export const eventDeleted = z.object({ deleted: z.string(), name: z.string(), archived: z.boolean() });
export type EventDeleted = z.infer<typeof eventDeleted>;

/** What GET …/schedule answers: the running order with estimated times (server and web share it). */
export const scheduleItem = z.object({
  roundId: z.string(),
  ...eventRef,
  style: z.string(),
  level: z.string(),
  dances: z.array(z.string()),
  /** 'round', or 'Awards' / 'Break' for those schedule items. */
  kind: z.string(),
  roundNumber: z.number().int(),
  roundName: z.string(),
  ...roundSlot,
  /** The floor it is danced on: one of the competition's floors, the first by default. */
  floor: z.string(),
  /** Waiting time before it, minutes: it starts at least this long after the round before it ends. */
  waitMinutes: z.number().int(),
  roundState: z.number().int(),
  recallSize: z.number().int(),
  /** Couples placed in the round (0 until it is filled: started, or the round before posted). */
  couples: z.number().int(),
  /**
   * Couples it is expected to dance: `couples` once it has them ('couples'), before that the event's
   * entries for a first round ('entries') or the recall of the round before ('recall').
   */
  expectedCouples: z.number().int(),
  expectedFrom: z.enum(['couples', 'entries', 'recall']),
  /** 'redance' for a redance round; absent for a regular round. */
  type: z.enum(ROUND_TYPES).optional(),
  heats: z.number().int(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  estimatedStart: z.string().nullable(),
  estimatedEnd: z.string().nullable(),
  minutesLate: z.number().nullable(),
  version: z.number().int(),
});
export type ScheduleItem = z.infer<typeof scheduleItem>;

export const schedule = z.object({
  /** Changes whenever any round's place or version changes; send it back with a reorder. */
  version: z.string(),
  timing: z.object({
    firstStartTime: z.string().nullable(),
    perDanceSeconds: z.number(),
    transitionSeconds: z.number(),
  }),
  /**
   * The competition's floors in order, each with the pace learned from its finished rounds
   * (1: as planned; 1.25: a quarter slower) and how late its next round is, in minutes (null: no time).
   */
  floors: z.array(z.object({ name: z.string(), pace: z.number(), minutesLate: z.number().nullable() })),
  items: z.array(scheduleItem),
});
export type Schedule = z.infer<typeof schedule>;

/** GET …/schedule/conflicts: dancers in two rounds at once or with too little rest. */
export const scheduleConflicts = z.object({
  minRestMinutes: z.number(),
  conflicts: z.array(
    z.object({
      personName: z.string(),
      kind: z.enum(['overlap', 'rest']),
      /** Round ids (`eventKey-R{n}`), the earlier first. */
      rounds: z.tuple([z.string(), z.string()]),
      /** overlap: minutes both rounds run at once; rest: minutes missing from the minimum rest. */
      minutes: z.number(),
    }),
  ),
});
export type ScheduleConflicts = z.infer<typeof scheduleConflicts>;

const suggestedPlace = {
  floor: z.string(),
  scheduleIndex: z.number().int(),
  /** Waiting time before it, minutes. */
  waitMinutes: z.number().int(),
  estimatedStart: z.string().nullable(),
  estimatedEnd: z.string().nullable(),
};

/**
 * POST …/schedule/suggest: a proposed floor and order for the whole day, changing nothing.
 * Accept it with PUT …/schedule (`order` by scheduleIndex, `floors`, and this `version`).
 */
export const scheduleSuggestion = z.object({
  /** The schedule version it was computed from. */
  version: z.string(),
  /** Every round in the suggested running order, with where it is now in `before`. */
  rounds: z.array(z.object({ roundId: z.string(), ...suggestedPlace, before: z.object(suggestedPlace) })),
  /** Conflicts as GET …/schedule/conflicts counts them (one per dancer and pair of rounds). */
  conflictsBefore: z.number().int(),
  conflictsAfter: z.number().int(),
  overlapsBefore: z.number().int(),
  overlapsAfter: z.number().int(),
  /** From the first start to the latest end on any floor, minutes. */
  lengthBefore: z.number(),
  lengthAfter: z.number(),
  /** False: the current schedule is already the best found. */
  changed: z.boolean(),
  elapsedMs: z.number(),
});
export type ScheduleSuggestion = z.infer<typeof scheduleSuggestion>;

/** GET …/print/panels: each event's judges in marking order, as a printed sheet names them. */
export const printPanel = z.object({
  ...eventRef,
  /** No panel set: every judge of the competition marks the event. */
  isDefault: z.boolean(),
  judges: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      letter: z.string(),
      /** As the scrutineer's screens show a judge: the letter, or the name when no letter is set. */
      label: z.string(),
    }),
  ),
});
export type PrintPanel = z.infer<typeof printPanel>;
export type PrintPanelJudge = PrintPanel['judges'][number];
